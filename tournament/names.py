"""People's names: how they are stored and compared, and how they are sorted.

Stored and compared (``clean_name``), one function for every way in (sign-up, the
organiser's form, the import, the admin through the model's save): "Zoë" typed on a Mac
keyboard can arrive as "Zoe" + a combining diaeresis (NFD) and from a phone as one "ë" (NFC):
the same person, two different strings, two players in the standings. Invisible characters
pasted from a web page or a chat (zero-width spaces, joiners, left-to-right and right-to-left
marks and overrides) make two equal-looking names differ and can reverse how a name shows in
a list. So: NFC, no format characters, single spaces.

Sorted (``name_sort_key``) the way people sort them: "de Vries" under V,
"Mäkinen" before "Moreau", "van der Berg" under B, whatever the case. A collation library
(PyICU) would need a C build; a normalised key in one function does what a player list
needs: accents and case ignored, the particles of Dutch, German, French, Italian, Spanish and
Portuguese surnames set behind the name they precede.
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


# Lower-case particles that are not sorted on when they begin a surname.
PARTICLES = frozenset(
    {
        "af",
        "av",
        "d'",
        "da",
        "das",
        "de",
        "degli",
        "dei",
        "del",
        "della",
        "dem",
        "den",
        "der",
        "des",
        "di",
        "do",
        "dos",
        "du",
        "la",
        "le",
        "lo",
        "op",
        "te",
        "ten",
        "ter",
        "van",
        "von",
        "zu",
        "zum",
        "zur",
    }
)


# Letters that Unicode does not decompose into a base letter and an accent, written as
# people type them on a keyboard without them: "Łukasz" is found by "lukasz",
# "Søren" by "soren", "Weiß" by "weiss".  Keys are lower case: they apply after casefold().
UNDECOMPOSED = str.maketrans(
    {
        "ł": "l",
        "ø": "o",
        "đ": "d",
        "ð": "d",
        "ħ": "h",
        "ı": "i",
        "ŀ": "l",
        "ŧ": "t",
        "þ": "th",
        "æ": "ae",
        "œ": "oe",
    }
)


def fold(text: str) -> str:
    """Case-folded and without accents, for sorting and searching: "Mäkinen" -> "makinen",
    "Øster" -> "oster", "ŁUKASZ" -> "lukasz", "Szőke" -> "szoke", "Weiß" -> "weiss"."""
    # casefold() first: it turns "ß" into "ss" and "Ł" into "ł", which the table then maps.
    decomposed = unicodedata.normalize("NFKD", (text or "").casefold().translate(UNDECOMPOSED))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def search_key(first_name: str, last_name: str) -> str:
    """What a name search compares with (``Player.search_name``): both names folded, so that
    every word a person types (folded the same way) is looked for in one column."""
    return fold(f"{first_name} {last_name}")[:200]


_plain = fold


def surname_core(last_name: str) -> str:
    """The surname without its leading particles: "van der Berg" -> "Berg"."""
    words = last_name.split()
    while len(words) > 1 and _plain(words[0]) in PARTICLES:
        words = words[1:]
    return " ".join(words)


def name_sort_key(first_name: str, last_name: str) -> str:
    """One string that sorts people by surname (particles and accents ignored), then first
    name, then the full surname (so "de Vries" and "Vries" keep a stable order).

    The parts are joined by U+0001, which sorts before every letter: PostgreSQL refuses
    U+0000 in a text column."""
    return "\x01".join((_plain(surname_core(last_name)), _plain(first_name), _plain(last_name)))[
        :200
    ]
