"""Comments and docstrings of the product say why in words, never "(issue 27)".

A reader of the repository cannot open the project's issue tracker: a comment that says
"issue 25.8" instead of "a withdrawal is asked first, with its reason" tells him nothing, and
a rule's home is cited by its rulebook section (EMA 2016 / WRC 2015), which he can open.
The product's code is every module, template, script, style sheet and deployment file
outside tests/ and the migrations (a migration's name is its history and stays).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# The product's folders and the top-level files; tests/ and every migrations/ folder are not.
PRODUCT_DIRS = [
    "api",
    "benchmarks",
    "companion",
    "config",
    "demo",
    "deploy",
    "referee",
    "results",
    "scoring",
    "scripts",
    "static",
    "templates",
    "tournament",
    "web",
]
PRODUCT_FILES = ["manage.py", "Makefile"]
SUFFIXES = {".py", ".html", ".txt", ".js", ".css", ".sh", ".template", ".service"}

# "issue 27", "issues 19 and 26", "issue #4", "Issue 25.8", "issue-12", "(#12)".
CITATION = re.compile(r"\bissues?[ _-]?#?\d+|\(#\d+\)", re.IGNORECASE)


def product_files() -> list[Path]:
    found = [ROOT / name for name in PRODUCT_FILES]
    for folder in PRODUCT_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if (
                path.is_file()
                and path.suffix in SUFFIXES
                and "migrations" not in path.parts
                and "__pycache__" not in path.parts
            ):
                found.append(path)
    return found


def _python_comments(source: str) -> list[tuple[int, str]]:
    """The ``#`` comments and the docstrings (module, class, function) of a module."""
    found = [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    ]
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(
            node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        ) and ast.get_docstring(node, clean=False):
            first = node.body[0]
            found.append((first.lineno, ast.get_docstring(node, clean=False) or ""))
    return found


_BLOCKS = {
    # Django templates: {# one line #}, {% comment %} ... {% endcomment %}, <!-- ... -->.
    ".html": re.compile(
        r"\{#.*?#\}|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}|<!--.*?-->", re.DOTALL
    ),
    ".txt": re.compile(r"\{#.*?#\}|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.DOTALL),
    ".js": re.compile(r"/\*.*?\*/|(?<![:\\\"'])//[^\n]*", re.DOTALL),
    ".css": re.compile(r"/\*.*?\*/", re.DOTALL),
}
_HASH_LINE = re.compile(r"(?:^|(?<=\s))#[^\n]*", re.MULTILINE)


def comments(path: Path, source: str) -> list[tuple[int, str]]:
    """Every comment of ``source`` with the line it starts on, by the file's kind."""
    if path.suffix == ".py":
        return _python_comments(source)
    pattern = _BLOCKS.get(path.suffix, _HASH_LINE)
    return [
        (source.count("\n", 0, match.start()) + 1, match.group())
        for match in pattern.finditer(source)
    ]


def citations(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    return [
        f"{path.relative_to(ROOT)}:{line}: {CITATION.search(text).group()!r}"  # type: ignore[union-attr]
        for line, text in comments(path, source)
        if CITATION.search(text)
    ]


def test_no_comment_of_the_product_cites_an_issue_number():
    cited = [found for path in product_files() for found in citations(path)]
    assert not cited, (
        "Say the why in words (what a user saw, what would break) or cite the rulebook "
        "section, not an issue number a reader cannot open:\n" + "\n".join(cited)
    )


@pytest.mark.parametrize(
    "name, source, expected",
    [
        ("a.py", "x = 1  # the seats are kept (issue 25.8)\n", ["issue 25"]),
        ("a.py", '"""Teams of a tournament (Issue 19)."""\n', ["Issue 19"]),
        ("a.py", 'def f():\n    """The clock (issue #4)."""\n', ["issue #4"]),
        ("a.py", "class A:\n    '''Both (issues 19 and 26).'''\n", ["issues 19"]),
        ("a.py", "# see (#12)\n", ["(#12)"]),
        # A string the program uses is no comment, nor is "#" inside one.
        ("a.py", 'LABEL = "issue 3 of the newsletter"\nCOLOUR = "#123"\n', []),
        ("a.py", "# WRC 2015 7.2: lateness is not charged on top of a missed session\n", []),
        ("t.html", "{# Issue 25.18: nine columns #}\n<p>issue 4</p>\n", ["Issue 25"]),
        ("t.html", "{% comment %}\nteams (issue 19)\n{% endcomment %}\n", ["issue 19"]),
        ("s.js", "// Phones first (issue 15)\nconst u = 'http://x/issue-2';\n", ["issue 15"]),
        ("s.js", "/* sheet version\n   (issue 24.6) */\n", ["issue 24"]),
        ("s.css", "/* issue 25.17: a number never breaks */\na { color: #123; }\n", ["issue 25"]),
        ("Makefile", "# The catalogues (issue 19)\nall:\n\techo issue 3\n", ["issue 19"]),
    ],
)
def test_the_scan_finds_citations_in_comments_only(name, source, expected):
    found = [
        match.group()
        for _line, text in comments(Path(name), source)
        for match in [CITATION.search(text)]
        if match
    ]
    assert found == expected
