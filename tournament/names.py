"""People's names as they are stored and compared: one function for every way in (sign-up,
the organiser's form, the import, the admin through the model's save).

"Zoë" typed on a Mac keyboard can arrive as "Zoe" + a combining diaeresis (NFD) and from a
phone as one "ë" (NFC): the same person, two different strings, two players in the standings.
Invisible characters pasted from a web page or a chat (zero-width spaces, joiners,
left-to-right and right-to-left marks and overrides) make two equal-looking names differ and
can reverse how a name shows in a list. So: NFC, no format characters, single spaces.
"""

from __future__ import annotations

import unicodedata


def clean_name(text: str) -> str:
    """``text`` in Unicode NFC, without format characters (Unicode category Cf: zero-width
    spaces and joiners, bidirectional marks, embeddings, overrides and isolates, the BOM,
    soft hyphens), with control characters and runs of white space made one space."""
    text = unicodedata.normalize("NFC", text or "")
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Cf":
            continue
        kept.append(" " if category == "Cc" else ch)
    return " ".join("".join(kept).split())
