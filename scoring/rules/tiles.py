"""Tiles and their notation (shared/design/interfaces.md, "Tile notation").

A tile kind is an integer 0..33: 0-8 characters (``1m``-``9m``), 9-17 circles
(``1p``-``9p``), 18-26 bamboo (``1s``-``9s``), 27-33 honours (``1z``-``7z``: East, South,
West, North, White, Green, Red).  A red five (``0m``, ``0p``, ``0s``) is the kind of a five;
its redness is counted apart, per suit.  Hands are handled as count arrays: a list of 34
counts, one per kind (EMA 1: four identical tiles of each kind).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from scoring.rules.errors import INVALID_INPUT, RuleViolation
from scoring.rules.i18n import N_

SUITS = "mps"
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
DRAGONS = (WHITE, GREEN, RED)
HONOURS = range(27, 34)
FIVES = (4, 13, 22)

# EMA 1.1: ones and nines are terminals; "terminals and honours" are the orphans.
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
ORPHANS = frozenset(TERMINALS | set(HONOURS))
IS_ORPHAN = tuple(k in ORPHANS for k in range(34))
# EMA 4.2.5 All Green: green dragon and 2, 3, 4, 6, 8 of bamboo.
GREEN_TILES = frozenset({19, 20, 21, 23, 25, GREEN})


HONOUR_KINDS = frozenset(HONOURS)
WIND_KINDS = frozenset(WINDS.values())
DRAGON_KINDS = frozenset(DRAGONS)


_MAX_TEXT = 200  # longer notation is never a hand; refuse before parsing


def tile_name(kind: int) -> str:
    """``tile_name(0) == "1m"``, ``tile_name(33) == "7z"``."""
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def next_kind(kind: int) -> int:
    """The dora indicated by an indicator of this kind (EMA 2.7)."""
    if kind < 27:
        return kind - 8 if kind % 9 == 8 else kind + 1
    if kind <= NORTH:
        return EAST if kind == NORTH else kind + 1
    return WHITE if kind == RED else kind + 1


class Tiles(NamedTuple):
    """Parsed notation: tile kinds in input order and red fives per suit (m, p, s)."""

    kinds: tuple[int, ...]
    reds: tuple[int, int, int]

    def counts(self) -> list[int]:
        out = [0] * 34
        for k in self.kinds:
            out[k] += 1
        return out


def parse_tiles(text: object, field: str) -> Tiles:
    """Parse ``"123m0p7z"``; raise ``RuleViolation("invalid_input")`` on bad notation."""
    if isinstance(text, str) and len(text) <= _MAX_TEXT:
        parsed = parse_short(text) if len(text) <= SHORT_NOTATION else _parse_text(text)
        if parsed is not None:
            return parsed
    raise _notation_error(text, field)


# For each suit letter: digit -> tile kind; "0" is the red five of the suit.
_DIGITS: dict[str, dict[str, int]] = {
    letter: {str(d): base + (4 if d == 0 else d - 1) for d in range(10)}
    for letter, base in (("m", 0), ("p", 9), ("s", 18))
}
_HONOURS = {str(d): 26 + d for d in range(1, 8)}
_RED_SUIT = {"m": 0, "p": 1, "s": 2}
# One token per group of digits with its suit letter; anything else is a token of its
# own with empty groups, which marks the notation as malformed.
_TOKENS = re.compile(r"([0-9]+)([mps])|([1-7]+)z|( )|.", re.DOTALL)


# One tile per digit-letter pair ("6p6p1m3s") is how programs write hands; it is parsed
# in C: the digits and the letters go through a byte table each, giving the digit value
# (0-8; "0", the red five, is a five) and the suit base (0, 9, 18, 27), and a tile kind
# is their sum.  The sums are made all at once by reading each byte string as one big
# number and adding the two (no byte exceeds 100 + 100, so no carry crosses a byte).  Any
# other byte is worth 100, so a sum above 33 means "not this notation" (as do "8z" and
# "9z"); "0z" sums to a valid kind and is sent to the general parser by name.
_NOT_A_TILE = 100
_DIGIT_VALUE = bytes(
    (4 if b == ord("0") else b - ord("1")) if ord("0") <= b <= ord("9") else _NOT_A_TILE
    for b in range(256)
)
_SUIT_BASE = bytes(
    {ord("m"): 0, ord("p"): 9, ord("s"): 18, ord("z"): 27}.get(b, _NOT_A_TILE) for b in range(256)
)
_KINDS = bytes(range(34))
_NO_REDS = (0, 0, 0)
# A namedtuple's own constructor is Python code; tuple.__new__ builds the same object in C.
_new_tiles = tuple.__new__


def _singles(text: str) -> bytes | None:
    """The tile kinds of one-tile-per-pair notation as bytes, in input order; None if
    ``text`` is not written that way (see _DIGIT_VALUE)."""
    if len(text) & 1 or not text.isascii() or "0z" in text:
        return None
    raw = text.encode()
    digits = int.from_bytes(raw[::2].translate(_DIGIT_VALUE), "big")
    suits = int.from_bytes(raw[1::2].translate(_SUIT_BASE), "big")
    singles = (digits + suits).to_bytes(len(raw) // 2, "big")
    if singles.translate(None, _KINDS):  # some sum is not a tile kind
        return None
    return singles


def _red_fives(text: str) -> tuple[int, int, int]:
    """The red fives of one-tile-per-pair notation: a "0" can only be the digit of a pair
    there, so "0m" counts the red fives of m."""
    if "0" not in text:
        return _NO_REDS
    return (text.count("0m"), text.count("0p"), text.count("0s"))


def sorted_tiles(text: object, field: str) -> tuple[bytes, tuple[int, int, int]]:
    """``parse_tiles`` for the concealed tiles of a hand: the kinds sorted, one byte
    each (what decompose.read_sorted takes), and the red fives.  Programs write one
    tile per pair ("6p6p1m3s"), which goes from text to bytes without a tuple."""
    if type(text) is str and len(text) <= _MAX_TEXT:
        singles = _singles(text)
        if singles is not None:
            # _red_fives, written out for the usual text without a "0".
            return bytes(sorted(singles)), _red_fives(text) if "0" in text else _NO_REDS
    tiles = parse_tiles(text, field)  # the general notation, and the errors
    return bytes(sorted(tiles.kinds)), tiles.reds


def _parse_text(text: str) -> Tiles | None:
    """The tiles of well-formed notation, None if malformed (spaces are ignored)."""
    singles = _singles(text)
    if singles is not None:
        return _new_tiles(Tiles, (tuple(singles), _red_fives(text)))
    kinds: list[int] = []
    reds = [0, 0, 0]
    for digits, letter, honours, space in _TOKENS.findall(text):
        if digits:
            if len(digits) == 1:
                kinds.append(_DIGITS[letter][digits])
            else:
                kinds += map(_DIGITS[letter].__getitem__, digits)
            if "0" in digits:
                reds[_RED_SUIT[letter]] += digits.count("0")
        elif honours:
            kinds += map(_HONOURS.__getitem__, honours)
        elif not space:
            return None
    return Tiles(tuple(kinds), (reds[0], reds[1], reds[2]))


# Melds, indicators and winning tiles repeat a lot: the short ones are cached.
SHORT_NOTATION = 8  # characters
parse_short = lru_cache(maxsize=4096)(_parse_text)


def _notation_error(text: object, field: str) -> RuleViolation:
    """The most helpful sentence for notation that did not parse."""
    if not isinstance(text, str):
        return RuleViolation(
            INVALID_INPUT,
            "bad_notation",
            N_('{field} must be a string of tiles such as "123m456p77z", not {value!r}'),
            field=field,
            value=text,
        )
    if len(text) > _MAX_TEXT:
        return RuleViolation(
            INVALID_INPUT,
            "bad_notation",
            N_("{field} is {length} characters long; no hand needs so many"),
            field=field,
            length=len(text),
        )
    bad = re.search(r"[089]+z|[^0-9mpsz ]", text)
    if bad and bad.group(0)[-1] == "z":
        return RuleViolation(
            INVALID_INPUT,
            "bad_notation",
            N_(
                "{field}: honours are 1z to 7z (East, South, West, North, White, Green, Red); "
                "{bad!r} in {text!r} is not"
            ),
            field=field,
            bad=bad.group(0),
            text=text,
        )
    if bad:
        return RuleViolation(
            INVALID_INPUT,
            "bad_notation",
            N_(
                "{field}: unexpected character {char!r} in {text!r}; write tiles as digits "
                'followed by m, p, s or z, e.g. "123m456p77z"'
            ),
            field=field,
            char=bad.group(0),
            text=text,
        )
    return RuleViolation(
        INVALID_INPUT,
        "bad_notation",
        N_(
            "{field}: {text!r} is not tile notation; every group of digits needs a suit letter "
            'after it (m, p, s or z), e.g. "123m456p77z"'
        ),
        field=field,
        text=text,
    )
