"""Every template's visible text stands inside a translation tag.

``template_text`` reads each template with Django's own token boundaries and a small HTML
state machine (text between elements, and the attributes a person reads or hears); a run of
text with a letter outside ``{% translate %}`` / ``{% blocktranslate %}`` fails the test with
its file and line. The allow-list (``template_text.ALLOWED``) holds the brand beside the logo
and the names of file formats, nothing else.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from tests.i18n.template_text import ALLOWED, untranslated


def _templates() -> list[Path]:
    roots = [Path(d) for d in settings.TEMPLATES[0]["DIRS"]]
    roots += [
        p
        for p in Path(settings.BASE_DIR).glob("*/templates")
        if p.is_dir() and ".venv" not in p.parts
    ]
    found = sorted({p for root in roots for p in root.rglob("*.html")})
    assert found, "no template found"
    return found


def test_templates_have_no_literal_text():
    problems = []
    for path in _templates():
        for line, text in untranslated(path.read_text(encoding="utf-8")):
            problems.append(f"{path.relative_to(settings.BASE_DIR)}:{line}: {text[:80]!r}")
    assert not problems, "text outside {% translate %}:\n" + "\n".join(problems)


def test_every_template_that_translates_loads_i18n():
    missing = [
        str(p.relative_to(settings.BASE_DIR))
        for p in _templates()
        if "translate" in (text := p.read_text(encoding="utf-8")) and "{% load i18n" not in text
    ]
    assert not missing, f"{{% load i18n %}} missing in {missing}"


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("<p>Standings</p>", ["Standings"]),
        ("<h1>Session {{ n }} of {{ total }}</h1>", ["Session of"]),
        ('<a title="Your details" href="/">{{ name }}</a>', ["Your details"]),
        ('<input placeholder="Name" aria-label="{% translate "Name" %}">', ["Name"]),
        ('<td data-label="Seat">{{ seat }}</td>', ["Seat"]),
        ("{% block title %}Log in{% endblock %}", ["Log in"]),
        ("<p>{% if a %}yes{% else %}no{% endif %}</p>", ["yes", "no"]),
        ("<p>&nbsp;&middot; 1 × 2 → 3</p>", []),
        ('<p>{% translate "Standings" %}</p>', []),
        ("<p>{% blocktranslate %}Session {{ n }}{% endblocktranslate %}</p>", []),
        ("<script>const text = 'words';</script><style>p{color:red}</style>", []),
        ("<!-- a comment --><p>{# a comment #}</p>{% comment %}words{% endcomment %}", []),
        ('<a class="brand" href="/">Riichi TM</a> <a href="?_export=csv">CSV</a>', []),
        ('<div class="table-container" id="standings-live" data-live="30"></div>', []),
        ("{% block body_class %}print-page{% endblock %}", []),
    ],
)
def test_the_checker_finds_literal_text(source, found):
    assert [text for _, text in untranslated(source)] == found


def test_the_allow_list_stays_tiny():
    # The brand beside the logo and three file formats: a longer list is a sign that text
    # is being waved through rather than translated.
    assert len(ALLOWED) <= 5
