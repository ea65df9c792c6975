"""What the rules core says, in the reader's language.

The core (scoring/rules/) stays free of Django and of translations: a ``RuleViolation``
carries a code, a reason, an English ``template`` and its ``params``, and, when it happened
at a hand, a meld or a field of the request, that ``place`` with its own parameters; a
played hand carries its round as a label ("E1") and its kind as a key ("draw").  Here, at
the edge, they are worded from those parameters, never from the English sentence: the
template is looked up in the catalogues (``gettext``) and filled with the same parameters,
the way ``RuleViolation.message`` fills the English one, and the place is worded on its
own.  The core marks each template where it writes it with its no-op ``N_``
(scoring/rules/i18n.py), which the project's ``makemessages`` collects.  A template a
catalogue lacks gives the English template back (gettext's own fallback); a translation
that names a parameter the sentence does not have gives the core's English sentence, so a
wrong catalogue never fails a page.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from scoring.rules.errors import RuleViolation, _shown


def _where(violation: RuleViolation) -> str:
    """The place of a located violation in the active language."""
    where = violation.where
    if violation.place == "hand":
        return gettext("hand {number} ({label})").format(
            number=where["number"], label=where["label"]
        )
    if violation.place == "meld":
        return gettext("meld {number}").format(number=where["number"])
    return str(_shown(where.get("name", "")))  # a field of the JSON request, as it is named


# The sheet's form has no JSON fields: where the core names one, the form names its own
# control.  By the violation's reason, the same parameters as the core's sentence.
SHEET_FORM_SENTENCES: dict[str, Promise] = {
    "game_not_over": gettext_lazy(
        "hand {number} ({label}): the sheet stops before the end of the game (after South 4); "
        "tick “The time limit ended the game” if the time limit ended it"
    ),
}


def violation_message(violation: RuleViolation, sentences: dict[str, Promise] | None = None) -> str:
    """The violation's sentence in the active language; ``sentences`` words some reasons
    the way a page names its controls (``SHEET_FORM_SENTENCES``)."""
    params = {k: _shown(v) for k, v in violation.params.items()}
    located = violation.place is not None
    template = violation.bare if located else violation.template
    try:
        if sentences and violation.reason in sentences:
            text = str(sentences[violation.reason]).format(**params)
        else:
            text = gettext(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return violation.message
    if not located:
        return text
    return gettext("{where}: {message}").format(where=_where(violation), message=text)


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
