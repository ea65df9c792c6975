"""Errors of the rules core.

A ``RuleViolation`` is something a referee or a user can fix (bad notation, a han/fu pair
no hand can have, a hand after the game is over).  It carries a machine-readable ``code``
(the ``error_code`` of the JSON interface), a finer ``reason`` and the parameters of the
message, so that the edge (CLI, Django form) decides how to word and translate it.

A bug in the core is never a RuleViolation: it is an ``AssertionError`` or another
exception, and the CLI reports it as ``internal_error``.
"""

from __future__ import annotations

import numbers
import reprlib
from typing import Any

# The error codes of the public JSON interface (shared/design/interfaces.md).
INVALID_INPUT = "invalid_input"
NOT_A_WINNING_HAND = "not_a_winning_hand"
NO_YAKU = "no_yaku"
IMPOSSIBLE_VALUE = "impossible_value"
NOT_ALLOWED = "not_allowed"
GAME_OVER = "game_over"
GAME_NOT_OVER = "game_not_over"


class RuleViolation(Exception):
    """Input that breaks a rule: ``code`` for programs, ``template`` + ``params`` for people.

    >>> str(RuleViolation("invalid_input", "fifth_copy", "five copies of {tile}", tile="5m"))
    'five copies of 5m'
    """

    # The hand of a game sheet the violation concerns (1 for the first), or None: the edge
    # marks that line of the sheet with it, whatever language the sentence is worded in.
    hand: int | None = None
    # Where a located violation happened (a key of PLACES) and that place's parameters;
    # ``bare`` is its sentence without the place.  The edge words the place itself.
    place: str | None = None
    where: dict[str, Any]
    bare: str

    def __init__(self, code: str, reason: str, template: str, /, **params: Any) -> None:
        self.code = code
        self.reason = reason
        self.template = template
        self.params = params
        self.where = {}
        self.bare = template
        # No Exception.__init__: the sentence is made when it is read (str, message), not
        # for every hand the evaluation refuses (a fifth of random hands have no yaku).

    @property
    def message(self) -> str:
        return self.template.format(**{k: _shown(v) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.message

    def located(self, place: str, **where: Any) -> RuleViolation:
        """The same violation, its sentence led by where it happened ("hand 7 (S2): ...").

        ``place`` is a key of PLACES with its parameters: ``hand`` (number, label) also
        sets ``hand``; ``meld`` (number); ``field`` (name, a field of the request).
        """
        located = RuleViolation(
            self.code,
            self.reason,
            "{where}: " + self.template,
            where=PLACES[place].format(**where),
            **self.params,
        )
        located.place, located.where, located.bare = place, where, self.template
        located.hand = where["number"] if place == "hand" else self.hand
        return located

    def at_hand(self, hand: int) -> RuleViolation:
        """This violation, marked as concerning hand ``hand`` of the sheet (1 for the first)."""
        self.hand = hand
        return self


# The places a violation is located at, as the JSON interface words them in ``error``
# ("hand 7 (S2): ...", shared/design/interfaces.md).
PLACES = {
    "hand": "hand {number} ({label})",
    "meld": "meld {number}",
    "field": "{name}",
}


# The values a message quotes come from the request, which may be anything: a string of a
# megabyte, a list nested a hundred thousand deep, an int of ten thousand digits (whose
# str() Python refuses).  A message quotes at most a short piece of them.
_MAX_SHOWN = 80
_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = _MAX_SHOWN
_REPR.maxother = _MAX_SHOWN
_REPR.maxlong = 40


class _Shown(str):
    """A shortened value: the same text for ``{x}`` and ``{x!r}``."""

    def __repr__(self) -> str:
        return str(self)


def _shown(value: Any) -> Any:
    """``value`` itself when it is short to write, else a shortened stand-in."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, numbers.Number) and not isinstance(value, int):
        return value  # floats, Decimals, Fractions: str() never fails on them
    if isinstance(value, int):
        if -(10**30) < value < 10**30:
            return value
        return _Shown(f"{'-' if value < 0 else ''}a number of {value.bit_length()} bits")
    if isinstance(value, str):
        if len(value) <= _MAX_SHOWN:
            return value
        return _Shown(repr(value[:_MAX_SHOWN]) + "...")
    try:
        return _Shown(_REPR.repr(value))
    except (ValueError, RecursionError):  # an int too long for str() inside a list
        return _Shown(f"a {type(value).__name__}")
