"""What the rules core says, in the reader's language (issues 19 and 26).

The core (scoring/rules/) stays free of Django and of translations: a ``RuleViolation``
carries a code, an English ``template`` and its ``params``; a played hand carries its round
as a label ("E1") and its kind as a key ("draw").  Here, at the edge, they are worded:
the template is looked up in the catalogues (``gettext``) and filled with the same
parameters, the way ``RuleViolation.message`` fills the English one.  The core marks each
template where it writes it with its no-op ``N_`` (scoring/rules/i18n.py), which the
project's ``makemessages`` collects.  A template a catalogue lacks gives the English
template back (gettext's own fallback); a translation that names a parameter the sentence
does not have gives the core's English sentence, so a wrong catalogue never fails a page.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from scoring.rules.errors import RuleViolation, _shown

PREFIX = "{where}: "

# "hand 7 (S2)", "meld 2", "points", "overrides": where a prefixed violation happened.
_HAND = re.compile(r"hand (\d+) \((.*)\)\Z")
_MELD = re.compile(r"meld (\d+)\Z")


def _where(where: str) -> str:
    if match := _HAND.match(where):
        return gettext("hand {number} ({label})").format(
            number=match.group(1), label=match.group(2)
        )
    if match := _MELD.match(where):
        return gettext("meld {number}").format(number=match.group(1))
    return where


def violation_message(violation: RuleViolation) -> str:
    """The violation's sentence in the active language."""
    template = violation.template
    params = {k: _shown(v) for k, v in violation.params.items()}
    prefixed = template.startswith(PREFIX) and "where" in params
    if prefixed:
        template = template[len(PREFIX) :]
        params["where"] = _where(str(params["where"]))
    try:
        text = gettext(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return violation.message
    return (
        gettext("{where}: {message}").format(where=params["where"], message=text)
        if prefixed
        else text
    )


# The winds of a round label ("E1": East round, first hand).  A context, because German and
# Polish word the round differently from the seat of the same wind.
_ROUND_WINDS = {"E": "East", "S": "South", "W": "West", "N": "North"}


def round_name(label: str, honba: int = 0) -> str:
    """The core's round label in words: "E1" -> "East 1"; with counters "East 1, 2 honba"
    (EMA 3.4.10 calls them counters; players say honba)."""
    wind = _ROUND_WINDS.get(label[:1])
    if wind is None:
        return label
    words = {
        "East": pgettext("round", "East {number}"),
        "South": pgettext("round", "South {number}"),
        "West": pgettext("round", "West {number}"),
        "North": pgettext("round", "North {number}"),
    }[wind].format(number=label[1:])
    if honba:
        counters = ngettext("{count} honba", "{count} honba", honba).format(count=honba)
        words = gettext("{round}, {counters}").format(round=words, counters=counters)
    return words


# The kinds of a hand as the sheet's form and its summary name them.
HAND_KINDS = {
    "ron": gettext_lazy("Ron"),
    "tsumo": gettext_lazy("Tsumo"),
    "draw": gettext_lazy("Draw"),
    "chombo": gettext_lazy("Chombo"),
    "abortive": gettext_lazy("Abortive draw"),
    "nagashi": gettext_lazy("Nagashi mangan"),
}
