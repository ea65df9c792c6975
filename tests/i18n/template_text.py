"""Finds the user-visible text of a Django template that no translation tag holds.

The template is cut into Django's own tokens (the lexer's ``tag_re``: ``{{ }}``, ``{% %}``,
``{# #}``), and the HTML between them is read with a small state machine: text between
elements, and the values of the attributes a person reads or hears (``title``, ``alt``,
``aria-label``, ``placeholder``, ``label``, ``data-label``, ``data-offline-label``). A *run* is
such text together with the ``{{ variables }}`` inside it; a run with a letter in its text is
untranslated unless it stands inside ``{% blocktranslate %}`` (or a ``{% comment %}``).
``<script>`` and ``<style>`` bodies, HTML comments and Django comments are not text.

The same reader marked the templates once (``runs()`` gives positions); the test
``test_templates_have_no_literal_text`` keeps them marked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.template.base import tag_re

# Attributes whose value a person reads (tooltips, alternative text, labels a screen reader
# says, the labels of a phone's stacked table cells and of the offline queue).
TEXT_ATTRIBUTES = {
    "title",
    "alt",
    "aria-label",
    "placeholder",
    "label",
    "data-label",
    "data-offline-label",
    "data-confirm",
}

# Text that is the same in every language. Kept tiny, each with its reason:
ALLOWED = {
    "Riichi TM",  # the site's brand beside the logo
    "CSV",  # file formats named by their file extension
    "XLSX",
    "JSON",
}

_LETTER = re.compile(r"[^\W\d_]")
_ENTITY = re.compile(r"&(#\d+|#x[0-9a-fA-F]+|[A-Za-z]+\d*);")


@dataclass
class Run:
    """Text a person reads, from ``start`` to ``end`` in the template's source."""

    start: int
    end: int
    parts: list[tuple[str, str]] = field(default_factory=list)  # ("text"|"var", content)
    in_attribute: bool = False

    def text(self) -> str:
        return "".join(c for kind, c in self.parts if kind == "text")

    def has_letters(self) -> bool:
        return bool(_LETTER.search(_ENTITY.sub(" ", self.text())))

    def plain(self) -> str:
        words = " ".join(self.text().split())
        return words


def _block_name(token: str) -> str:
    inner = token[2:-2].strip()
    return inner.split()[0] if inner else ""


def runs(source: str) -> list[Run]:
    """Every run of readable text outside translation tags, with its position."""
    found: list[Run] = []
    pieces: list[tuple[int, str]] = []
    pos = 0
    for match in tag_re.finditer(source):
        if match.start() > pos:
            pieces.append((pos, source[pos : match.start()]))
        pieces.append((match.start(), match.group(0)))
        pos = match.end()
    if pos < len(source):
        pieces.append((pos, source[pos:]))

    mode = "data"  # data | tag | value | raw (script/style) | htmlcomment
    skip_until: str | None = None  # a Django end tag that closes a skipped block
    raw_end = ""
    quote = ""
    attribute = ""
    run: Run | None = None
    tag_buffer = ""

    def close() -> None:
        nonlocal run
        if run is not None and run.parts:
            found.append(run)
        run = None

    def add(kind: str, content: str, start: int, end: int, in_attribute: bool) -> None:
        nonlocal run
        if run is None:
            run = Run(start=start, end=end, in_attribute=in_attribute)
        run.parts.append((kind, content))
        run.end = end

    for start, piece in pieces:
        is_tag = piece[:2] in ("{{", "{%", "{#") and tag_re.fullmatch(piece)
        if skip_until is not None:
            if is_tag and piece.startswith("{%") and _block_name(piece) in skip_until.split("|"):
                skip_until = None
            continue
        if is_tag:
            if piece.startswith("{#"):
                continue
            if piece.startswith("{{"):
                if mode == "data" or (mode == "value" and attribute in TEXT_ATTRIBUTES):
                    add("var", piece[2:-2].strip(), start, start + len(piece), mode == "value")
                continue
            name = _block_name(piece)
            if mode in ("data", "value"):
                close()
            if name in ("blocktranslate", "blocktrans"):
                skip_until = "endblocktranslate|endblocktrans"
            elif name == "comment":
                skip_until = "endcomment"
            elif name == "verbatim":
                skip_until = "endverbatim"
            elif piece[2:-2].split()[1:2] == ["body_class"]:
                skip_until = "endblock"  # CSS class names, not text
            continue
        i = 0
        while i < len(piece):
            ch = piece[i]
            at = start + i
            if mode == "raw":
                j = piece.lower().find(raw_end, i)
                if j < 0:
                    break
                i = j + len(raw_end)
                mode = "data"
                continue
            if mode == "htmlcomment":
                j = piece.find("-->", i)
                if j < 0:
                    break
                i = j + 3
                mode = "data"
                continue
            if mode == "data":
                if ch == "<" and piece.startswith("<!--", i):
                    close()
                    mode = "htmlcomment"
                    i += 4
                    continue
                if (
                    ch == "<"
                    and i + 1 < len(piece)
                    and (piece[i + 1].isalpha() or piece[i + 1] in "/!")
                ):
                    close()
                    mode = "tag"
                    tag_buffer = ""
                    attribute = ""
                    i += 1
                    continue
                add("text", ch, at, at + 1, False)
                i += 1
                continue
            if mode == "tag":
                if ch == ">":
                    tag_name = re.match(r"\s*/?([A-Za-z0-9-]*)", tag_buffer).group(1).lower()
                    mode = "data"
                    if tag_name in ("script", "style") and not tag_buffer.startswith("/"):
                        mode = "raw"
                        raw_end = f"</{tag_name}"
                elif ch in "\"'" and tag_buffer.rstrip().endswith("="):
                    attribute = re.search(r"([A-Za-z_:-]+)\s*=\s*$", tag_buffer)
                    attribute = attribute.group(1).lower() if attribute else ""
                    quote = ch
                    mode = "value"
                else:
                    tag_buffer += ch
                i += 1
                continue
            if mode == "value":
                if ch == quote:
                    close()
                    mode = "tag"
                    tag_buffer += "''"
                    attribute = ""
                elif attribute in TEXT_ATTRIBUTES:
                    add("text", ch, at, at + 1, True)
                i += 1
                continue
    close()
    return [r for r in found if r.has_letters() and r.plain() not in ALLOWED]


def untranslated(source: str) -> list[tuple[int, str]]:
    """(line, text) of each run of literal text outside translation tags."""
    return [(source.count("\n", 0, r.start) + 1, r.plain()) for r in runs(source)]
