"""The catalogues are complete, translated, and compiled.

``makemessages`` is run into a temporary directory and its messages compared with each
committed ``locale/<lang>/LC_MESSAGES/django.po``: a message marked in a template or in code
but missing from a catalogue fails, as does one the catalogue keeps after the code dropped it.
Every entry has a translation that is neither empty nor fuzzy and keeps the placeholders of
its original; ``msgfmt --check`` agrees; the committed ``.mo`` holds exactly the ``.po``.
The rules core's sentences are marked with its own ``N_`` where it writes them, and the
project's ``makemessages`` collects them.
"""

from __future__ import annotations

import ast
import gettext
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from tests.i18n.po import messages

LANGUAGES = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
LOCALE = Path(settings.BASE_DIR) / "locale"
# What makemessages does not read: tests, tools, and the catalogues themselves.
SKIP = {"locale", "tests", "benchmarks", "staticfiles", "docs", "deploy", "scripts"}


# django: templates and Python; djangojs: the scripts of static/js (JavaScriptCatalog).
DOMAINS = ["django", "djangojs"]


def _po(lang: str, domain: str = "django") -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def _key(entry) -> tuple:
    return (entry.msgctxt, entry.msgid, entry.msgid_plural)


@pytest.fixture(scope="module", params=DOMAINS)
def extracted(request, tmp_path_factory) -> tuple[str, set[tuple]]:
    """The messages the code and templates mark today, as makemessages finds them.

    makemessages writes beside the code it reads when a ``locale`` folder is there: it runs
    in a temporary folder of links to the project's sources, so that it writes only there.
    """
    if not shutil.which("xgettext"):
        pytest.fail("gettext is not installed: scripts/system-deps.sh installs it")
    work = tmp_path_factory.mktemp("sources")
    base = Path(settings.BASE_DIR)
    for item in base.iterdir():
        if item.name not in SKIP and not item.name.startswith("."):
            (work / item.name).symlink_to(item)
    out = work / "out"
    out.mkdir()
    previous = os.getcwd()
    os.chdir(work)
    try:
        with override_settings(LOCALE_PATHS=[str(out)]):
            call_command(
                "makemessages",
                locale=["de"],
                domain=request.param,
                symlinks=True,
                verbosity=0,
                no_obsolete=True,
            )
    finally:
        os.chdir(previous)
    fresh = out / "de" / "LC_MESSAGES" / f"{request.param}.po"
    assert fresh.exists(), "makemessages wrote nothing"
    return request.param, {_key(e) for e in messages(fresh)}


def test_there_is_a_catalogue_per_language():
    assert LANGUAGES == ["de", "fr", "it", "nl", "pl"]
    for lang in LANGUAGES:
        for domain in DOMAINS:
            assert _po(lang, domain).exists(), f"no {domain} catalogue for {lang}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_holds_every_marked_message(extracted, lang):
    domain, extracted = extracted
    committed = {_key(e) for e in messages(_po(lang, domain))}
    missing = sorted(str(k[1])[:70] for k in extracted - committed)
    stale = sorted(str(k[1])[:70] for k in committed - extracted)
    assert not missing, (
        f"{lang} {domain}: run make messages and translate {len(missing)}: {missing[:10]}"
    )
    assert not stale, f"{lang} {domain}: messages no longer in the code: {stale[:10]}"


_PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%|\{[A-Za-z_][^{}]*\}")


def _placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_and_keeps_its_placeholders(lang, domain):
    problems = []
    for entry in messages(_po(lang, domain)):
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy: {entry.msgid[:60]}")
        if not entry.msgstr or any(not text.strip() for text in entry.msgstr.values()):
            problems.append(f"untranslated: {entry.msgid[:60]}")
            continue
        for index, text in entry.msgstr.items():
            original = entry.msgid_plural if entry.msgid_plural and index else entry.msgid
            if _placeholders(text) != _placeholders(original):
                problems.append(f"placeholders differ: {entry.msgid[:50]!r} -> {text[:50]!r}")
    assert not problems, f"{lang}:\n" + "\n".join(problems[:20])


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_msgfmt_check_passes(lang, domain):
    if not shutil.which("msgfmt"):
        pytest.fail("gettext is not installed: scripts/system-deps.sh installs it")
    result = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(_po(lang, domain))],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_committed_mo_matches_the_po(lang, domain):
    """``make run`` uses the committed .mo without gettext: it must be compiled from the .po."""
    mo = _po(lang, domain).with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing: run manage.py compilemessages"
    with mo.open("rb") as f:
        catalog = dict(gettext.GNUTranslations(f)._catalog)
    catalog.pop("", None)
    expected = {}
    for entry in messages(_po(lang, domain)):
        # gettext keys a message with a context as "context\x04message".
        msgid = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
        if entry.msgid_plural:
            for index, text in entry.msgstr.items():
                expected[(msgid, index)] = text
        else:
            expected[msgid] = entry.msgstr[0]
    assert catalog == expected, f"{mo} is stale: run manage.py compilemessages"


def _core_sentences() -> tuple[set[str], set[str]]:
    """The English sentences the rules core puts in its RuleViolations: those marked with
    ``N_`` and those left bare (a constant with a space given to RuleViolation or to one of
    the core's helpers that make one)."""
    marked, bare = set(), set()
    for path in (Path(settings.BASE_DIR) / "scoring" / "rules").glob("*.py"):
        if path.name == "cli.py":  # the command line's own English, never shown on a page
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name == "N_":
                marked.add(node.args[0].value)
                continue
            if name != "RuleViolation" and not name.startswith("_") and name != "invalid":
                continue
            if name == "_player":  # its third argument names a player's role, not a sentence
                continue
            arguments = [*node.args, *(k.value for k in node.keywords if k.arg == "template")]
            for argument in arguments:
                if isinstance(argument, ast.Constant) and " " in str(argument.value):
                    bare.add(argument.value)
                    break
    return marked, bare


def test_every_rules_core_sentence_is_marked_where_it_is_written():
    marked, bare = _core_sentences()
    assert len(marked) > 80, "the scan of the rules core found too little"
    assert not bare, f"mark with N_ (scoring/rules/i18n.py): {sorted(bare)[:5]}"


def test_makemessages_collects_the_rules_core_sentences(extracted):
    domain, found = extracted
    if domain != "django":
        pytest.skip("the core's sentences are Python")
    marked, _ = _core_sentences()
    missing = sorted(m for m in marked if (None, m, None) not in found)
    assert not missing, f"makemessages misses the core's N_ sentences: {missing[:5]}"
