"""What a hand of given han, fu and yakuman is worth, and which han/fu pairs can exist.

API used by sheet.py (the score-sheet half calls these for han/fu entered on sheets):

- ``base_points(ruleset, han, fu, yakuman=0) -> int``: the base value of EMA 4.1.2 /
  WRC 6.1, i.e. ``fu * 2 ** (han + 2)`` capped at a mangan (2,000), or the limit value
  (mangan 2,000, haneman 3,000, baiman 4,000, sanbaiman 6,000, yakuman 8,000 per yakuman).
  ``fu`` is ignored for 5+ han and for yakuman; kiriage mangan (1,920 -> 2,000) and the
  counted yakuman (13+ han) apply only where the ruleset says so.  No validation: call
  ``check_han_fu`` first for user input (0 han without a yakuman is a caller's bug and
  raises ``ValueError``).
- ``limit_name(ruleset, han, fu, yakuman=0) -> str | None``: ``"mangan"``, ``"haneman"``,
  ``"baiman"``, ``"sanbaiman"``, ``"yakuman"`` or ``None`` for a hand below the limits.
- ``hand_cost(ruleset, han, fu, yakuman, dealer, tsumo) -> dict[str, int]``: what is paid,
  rounded up to 100, without counters or riichi sticks, in the form of the JSON interface:
  ``{"ron": N}`` (the discarder pays N), ``{"dealer": N, "non_dealer": M}`` (non-dealer
  tsumo: the dealer pays N, each other player M), ``{"non_dealer": N}`` (dealer tsumo: each
  player pays N).
- ``cost_total(cost) -> int``: what the winner receives for a ``hand_cost`` answer;
  ``total_points(ruleset, han, fu, yakuman, dealer, tsumo)`` is the same number directly.
- ``check_han_fu(ruleset, han, fu, tsumo, closed=None)``: raises
  ``RuleViolation("impossible_value", ...)`` for a han/fu pair no winning hand can have;
  returns ``None`` otherwise.  ``fu`` may be ``None`` for 5+ han (minipoints are
  irrelevant there, EMA 4.1).  ``closed`` (``None``: unknown) sharpens the check.

Nothing here imports Django; all functions are pure and cheap.
"""

from __future__ import annotations

from functools import lru_cache

from scoring.rules.errors import IMPOSSIBLE_VALUE, RuleViolation
from scoring.rules.i18n import N_
from scoring.rules.rulesets import Ruleset

MANGAN_BASE = 2000
YAKUMAN_BASE = 8000

# EMA 4.1.3 / section 6 "Limit hand" table: han from which each limit starts, highest first.
_LIMITS: tuple[tuple[int, str, int], ...] = (
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", MANGAN_BASE),
)

# The same table by han (index 5..11; 11 and more is a sanbaiman): one look-up on the hot
# path instead of a walk down _LIMITS.
_LIMIT_BASE: tuple[int, ...] = tuple(
    next((value for first, _name, value in _LIMITS if han >= first), 0) for han in range(12)
)

# Hands below five han never reach more than 110 minipoints: four sets can only get there
# with kongs, and three or four kongs are themselves 2 han / a yakuman (EMA 4.2.2, 4.2.5).
MAX_FU_BELOW_LIMIT = 110
# The largest minipoint count any hand has: 30 + four concealed honour kongs + double
# wind pair + pair wait = 164, rounded to 170.
MAX_FU = 170


def _round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def _counted_yakuman(ruleset: Ruleset, han: int) -> bool:
    limit = ruleset.counted_yakuman_han
    return limit is not None and han >= limit


def base_points(ruleset: Ruleset, han: int, fu: int | None, yakuman: int = 0) -> int:
    """The base value paid by each non-dealer on a tsumo (EMA 4.1.2)."""
    return _base(han, fu, yakuman, ruleset.kiriage_mangan, ruleset.counted_yakuman_han)


def _base(han: int, fu: int | None, yakuman: int, kiriage: bool, counted_han: int | None) -> int:
    """``base_points`` given the only two ruleset parameters it reads."""
    if yakuman > 0:
        return YAKUMAN_BASE * yakuman
    if counted_han is not None and han >= counted_han:
        return YAKUMAN_BASE
    if han >= 5:
        return _LIMIT_BASE[han] if han < 11 else _LIMIT_BASE[11]
    if han < 1:
        # A bug of the caller (check_han_fu refuses such input), not a referee's error.
        raise ValueError(f"base_points needs 1+ han or a yakuman, got {han} han")
    base: int = (fu or 0) << (han + 2)
    # WRC 6.1: "A base value of 1920 points, being close to mangan, is rounded up".
    if kiriage and base == 1920:
        return MANGAN_BASE
    # EMA 4.1.2: "never exceeding the value of a mangan".
    return min(base, MANGAN_BASE)


def limit_name(ruleset: Ruleset, han: int, fu: int | None, yakuman: int = 0) -> str | None:
    """The name of the limit the hand reaches, ``None`` below a mangan."""
    if yakuman > 0 or _counted_yakuman(ruleset, han):
        return "yakuman"
    return _limit_below_yakuman(han, base_points(ruleset, han, fu))


def _limit_below_yakuman(han: int, base: int) -> str | None:
    for first_han, name, _value in _LIMITS:
        if han >= first_han:
            return name
    if base >= MANGAN_BASE:
        return "mangan"
    return None


# The hand evaluation asks for the value of the same few (han, fu) pairs all the time:
# these two are memoised, keyed by plain values (a Ruleset is slow to hash), the ruleset
# given by the only two parameters that matter, kiriage_mangan and counted_yakuman_han.


@lru_cache(maxsize=4096)
def memo_total(
    han: int,
    fu: int,
    yakuman: int,
    dealer: bool,
    tsumo: bool,
    kiriage: bool,
    counted_han: int | None,
) -> int:
    """``total_points`` of a ruleset with these two parameters."""
    return _total(_base(han, fu, yakuman, kiriage, counted_han), dealer, tsumo)


def memo_limit_and_cost(
    han: int,
    fu: int,
    yakuman: int,
    dealer: bool,
    tsumo: bool,
    kiriage: bool,
    counted_han: int | None,
) -> tuple[str | None, dict[str, int]]:
    """``(limit_name(...), hand_cost(...))`` of a ruleset with these two parameters; the
    dictionary is the caller's own."""
    limit, cost = _memo_limit_and_cost(han, fu, yakuman, dealer, tsumo, kiriage, counted_han)
    return limit, dict(cost)


@lru_cache(maxsize=4096)
def memo_value(
    han: int,
    fu: int,
    yakuman: int,
    dealer: bool,
    tsumo: bool,
    kiriage: bool,
    counted_han: int | None,
) -> tuple[int, str | None, dict[str, int]]:
    """``(memo_total(...), *memo_limit_and_cost(...))`` in one look-up: the hand evaluation
    compares readings by the total and keeps the limit and payments of the one it keeps,
    so one memo serves both.  The dictionary is shared: callers copy it before handing
    it out."""
    limit, cost = _memo_limit_and_cost(han, fu, yakuman, dealer, tsumo, kiriage, counted_han)
    return memo_total(han, fu, yakuman, dealer, tsumo, kiriage, counted_han), limit, cost


class ValueTable(dict[tuple[int, int], tuple[int, int, str | None, dict[str, int]]]):
    """The values of the readings of hands of one kind (dealer or not, ron or tsumo, the
    ruleset's two parameters), by ``(han, fu)``: ``(counted yakuman 0/1, total, limit,
    payments)``, worked out on first use (memo_value) and kept.  The payments dictionary
    is shared: copy it."""

    def __init__(self, dealer: bool, tsumo: bool, kiriage: bool, counted_han: int | None):
        super().__init__()
        self.kind = (dealer, tsumo, kiriage, counted_han)

    def __missing__(self, key: tuple[int, int]) -> tuple[int, int, str | None, dict[str, int]]:
        han, fu = key
        dealer, tsumo, kiriage, counted_han = self.kind
        # EMA 2012 / Aalto: 13 han or more count as a yakuman where the ruleset says so.
        counted = 1 if counted_han is not None and han >= counted_han else 0
        total, limit, cost = memo_value(han, fu, counted, dealer, tsumo, kiriage, counted_han)
        self[key] = value = (counted, total, limit, cost)
        return value


@lru_cache(maxsize=64)
def value_table(dealer: bool, tsumo: bool, kiriage: bool, counted_han: int | None) -> ValueTable:
    """The ValueTable of hands of this kind (one per kind, kept)."""
    return ValueTable(dealer, tsumo, kiriage, counted_han)


@lru_cache(maxsize=4096)
def _memo_limit_and_cost(
    han: int,
    fu: int,
    yakuman: int,
    dealer: bool,
    tsumo: bool,
    kiriage: bool,
    counted_han: int | None,
) -> tuple[str | None, dict[str, int]]:
    base = _base(han, fu, yakuman, kiriage, counted_han)
    if yakuman > 0 or (counted_han is not None and han >= counted_han):
        limit: str | None = "yakuman"
    else:
        limit = _limit_below_yakuman(han, base)
    return limit, _cost(base, dealer, tsumo)


def hand_cost(
    ruleset: Ruleset, han: int, fu: int | None, yakuman: int, dealer: bool, tsumo: bool
) -> dict[str, int]:
    """The payments of EMA 4.1.2, each rounded up to the next 100."""
    return _cost(base_points(ruleset, han, fu, yakuman), dealer, tsumo)


def _cost(base: int, dealer: bool, tsumo: bool) -> dict[str, int]:
    if not tsumo:
        # EMA 4.1.2: the discarder pays for all: 6x base to East, 4x base otherwise.
        return {"ron": _round_up_100(base * (6 if dealer else 4))}
    if dealer:
        return {"non_dealer": _round_up_100(base * 2)}
    return {"dealer": _round_up_100(base * 2), "non_dealer": _round_up_100(base)}


def total_points(
    ruleset: Ruleset, han: int, fu: int | None, yakuman: int, dealer: bool, tsumo: bool
) -> int:
    """``cost_total(hand_cost(...))`` without building the dictionary (hot path)."""
    return _total(base_points(ruleset, han, fu, yakuman), dealer, tsumo)


def _total(base: int, dealer: bool, tsumo: bool) -> int:
    if not tsumo:
        return -(-base * (6 if dealer else 4) // 100) * 100
    if dealer:
        return 3 * (-(-base * 2 // 100) * 100)
    return -(-base * 2 // 100) * 100 + 2 * (-(-base // 100) * 100)


def cost_total(cost: dict[str, int]) -> int:
    """What the winner receives for a ``hand_cost`` answer (three payers on a tsumo)."""
    if "ron" in cost:
        return cost["ron"]
    if "dealer" in cost:
        return cost["dealer"] + 2 * cost["non_dealer"]
    return 3 * cost["non_dealer"]


def _impossible(reason: str, template: str, **params: object) -> RuleViolation:
    return RuleViolation(IMPOSSIBLE_VALUE, reason, template, **params)


def check_han_fu(
    ruleset: Ruleset, han: int, fu: int | None, tsumo: bool, closed: bool | None = None
) -> None:
    """Raise ``RuleViolation("impossible_value")`` if no winning hand has this han and fu.

    The minipoint rules (EMA 4.1.1) allow exactly these values:

    - 25 fu only for Seven Pairs, a concealed 2-han yaku; on a self-draw it also scores
      Fully Concealed Hand, so 3+ han.
    - 20 fu only for a concealed pinfu won by self-draw (pinfu + menzen tsumo, 2+ han):
      a concealed hand won on a discard has 30 fu at least, and an open hand without any
      minipoints gets the 2 for open pinfu, i.e. 30 after rounding.
    - otherwise a multiple of 10 from 30; below a limit at most 110.
    """
    del ruleset  # the minipoint rules are the same in every supported ruleset
    if isinstance(han, bool) or not isinstance(han, int) or han < 1:
        raise _impossible(
            "han_below_one", N_("{han} han: a winning hand has at least one han"), han=han
        )
    if fu is None:
        if han >= 5:
            return
        raise _impossible(
            "fu_missing", N_("{han} han needs its minipoints (fu); only 5+ han need none"), han=han
        )
    if isinstance(fu, bool) or not isinstance(fu, int):
        raise _impossible("fu_not_a_number", N_("fu must be a whole number, not {fu!r}"), fu=fu)
    win = "self-draw" if tsumo else "discard"
    if fu == 25:
        if closed is False:
            raise _impossible("fu25_open", N_("25 fu is Seven Pairs, which cannot be an open hand"))
        need = 3 if tsumo else 2
        if han < need:
            raise _impossible(
                "fu25_han",
                N_(
                    "{han} han 25 fu on a {win}: Seven Pairs alone is 2 han"
                    "{extra}, so 25 fu needs at least {need} han"
                ),
                han=han,
                win=win,
                need=need,
                extra=" plus 1 for Fully Concealed Hand" if tsumo else "",
            )
        return
    if fu == 20:
        if not tsumo:
            raise _impossible(
                "fu20_ron",
                N_(
                    "{han} han 20 fu on a discard: a concealed hand won on a discard has at "
                    "least 30 fu and an open hand is rounded up to 30 fu"
                ),
                han=han,
            )
        if closed is False:
            raise _impossible(
                "fu20_open",
                N_("20 fu is only a concealed pinfu self-draw; an open hand has at least 30 fu"),
            )
        if han < 2:
            raise _impossible(
                "fu20_han",
                N_(
                    "{han} han 20 fu: 20 fu is a pinfu self-draw, worth pinfu and Fully "
                    "Concealed Hand, so at least 2 han"
                ),
                han=han,
            )
        return
    if fu % 10 != 0 or fu < 20:
        raise _impossible(
            "fu_not_rounded",
            N_("{fu} fu: minipoints are rounded up to 10 (only Seven Pairs has 25)"),
            fu=fu,
        )
    limit = MAX_FU if han >= 5 else MAX_FU_BELOW_LIMIT
    if fu > limit:
        raise _impossible(
            "fu_too_high",
            N_("{han} han {fu} fu: no such hand has more than {limit} fu"),
            han=han,
            fu=fu,
            limit=limit,
        )
