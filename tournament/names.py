"""Names sorted the way people sort them (issue 14): "de Vries" under V, "Mäkinen" before
"Moreau", "van der Berg" under B, whatever the case.

A collation library (PyICU) would need a C build; a normalised key in one function does what
a player list needs: accents and case ignored, the particles of Dutch, German, French,
Italian, Spanish and Portuguese surnames set behind the name they precede.
"""

from __future__ import annotations

import unicodedata

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


def _plain(text: str) -> str:
    """Without accents, case-folded: "Mäkinen" -> "makinen", "Øster" -> "oster"."""
    text = text.replace("ø", "o").replace("Ø", "O").replace("ß", "ss").replace("ł", "l")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def surname_core(last_name: str) -> str:
    """The surname without its leading particles: "van der Berg" -> "Berg"."""
    words = last_name.split()
    while len(words) > 1 and _plain(words[0]) in PARTICLES:
        words = words[1:]
    return " ".join(words)


def name_sort_key(first_name: str, last_name: str) -> str:
    """One string that sorts people by surname (particles and accents ignored), then first
    name, then the full surname (so "de Vries" and "Vries" keep a stable order)."""
    return "\x00".join((_plain(surname_core(last_name)), _plain(first_name), _plain(last_name)))[
        :200
    ]
