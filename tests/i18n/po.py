"""A small reader of gettext .po files, enough for the catalogue tests (no extra package)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

_LINE = re.compile(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$')


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False


def read(path: Path) -> list[Entry]:
    """The entries of ``path``, the header (msgid "") included."""
    entries: list[Entry] = []
    entry: Entry | None = None
    last: tuple[str, int] | None = None
    flags: set[str] = set()

    def close() -> None:
        nonlocal entry
        if entry is not None:
            entries.append(entry)
        entry = None

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            close()
            continue
        if line.startswith("#~"):
            close()
            entries.append(Entry(msgid=line, obsolete=True))
            continue
        if line.startswith("#,"):
            close()
            flags = {f.strip() for f in line[2:].split(",") if f.strip()}
            continue
        if line.startswith("#"):
            continue
        match = _LINE.match(line)
        if match:
            key, index, value = match.group(1), match.group(2), ast.literal_eval(match.group(3))
            if key in ("msgctxt", "msgid") and entry is not None and entry.msgstr:
                close()  # an entry not followed by a blank line
            if entry is None:
                entry = Entry(flags=flags)
                flags = set()
            if key.startswith("msgstr"):
                last = ("msgstr", int(index or 0))
                entry.msgstr[last[1]] = value
            else:
                last = (key, 0)
                setattr(entry, key, value)
        elif line.startswith('"') and entry is not None and last is not None:
            value = ast.literal_eval(line)
            if last[0] == "msgstr":
                entry.msgstr[last[1]] += value
            else:
                setattr(entry, last[0], (getattr(entry, last[0]) or "") + value)
    close()
    return entries


def messages(path: Path) -> list[Entry]:
    """The translatable entries: without the header and obsolete ones."""
    return [e for e in read(path) if e.msgid and not e.obsolete]
