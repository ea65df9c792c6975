"""The ``final`` command: a table's result from its four final table scores only.

Most EMA score sheets carry only the four final scores.  ``evaluate_final`` checks them,
settles the riichi sticks left on the table per the ruleset and computes ranks, uma,
penalties and hanchan scores.  ``settle_game`` is that second half, shared with the
hand-by-hand sheet (sheet.py), so both commands answer alike.

Fields added to the interface (never required): in the request ``overrides`` (ruleset
parameters) and ``substitutes`` (``{"<player>": "start" | "during"}``, EMA 5.8 / WRC 7.2);
in the answer ``table_score`` (``(final - start) / 1000``, or the fixed table score of a
substitute).  With substitutes, ``final`` and ``rank`` stay the table as it was played,
while ``uma``, ``table_score`` and ``score`` are the tournament's entries under the
ruleset's substitute rule (substitutes.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from scoring.rules.errors import INVALID_INPUT, RuleViolation
from scoring.rules.i18n import N_
from scoring.rules.limits import (
    MAX_RIICHI_STICKS,
    check_chombos,
    finite_number,
    max_points,
    whole_number,
)
from scoring.rules.request import check_keys, parse_players, ruleset_of
from scoring.rules.rulesets import Ruleset
from scoring.rules.substitutes import apply_substitutes, parse_substitutes
from scoring.rules.uma import as_number, settle_leftover_sticks, table_ranks


def settle_game(
    ruleset: Ruleset,
    players: Sequence[str],
    points: Sequence[int],
    riichi_on_table: int,
    penalty: Sequence[Fraction],
    substitutes: Sequence[str],
) -> dict[str, Any]:
    """The answer fields shared by ``game`` and ``final`` (all but ``log``).

    ``points`` are the table points at the end of the last hand, before the sticks still on
    the table are settled; ranks come from them (the winner who collects the sticks is the
    player with the most points, EMA 3.6), uma from the ranks, the score from the settled
    points.  ``substitutes`` per first seat: "", "start" or "during" (substitutes.py says
    what ``uma``, ``table_score`` and ``score`` then mean; ``final`` and ``rank`` stay the
    table as it was played).
    """
    final, left = settle_leftover_sticks(points, riichi_on_table, ruleset)
    ranks = table_ranks(points, ruleset)
    scored = apply_substitutes(ruleset, points, final, penalty, substitutes)
    return {
        "ok": True,
        "final": dict(zip(players, final, strict=True)),
        "riichi_left": left,
        "rank": dict(zip(players, ranks, strict=True)),
        "uma": {p: as_number(u) for p, u in zip(players, scored.uma, strict=True)},
        "penalty": {p: as_number(f) for p, f in zip(players, penalty, strict=True)},
        "table_score": {p: as_number(t) for p, t in zip(players, scored.table_score, strict=True)},
        "score": {p: as_number(s) for p, s in zip(players, scored.score, strict=True)},
    }


def chombo_penalties(
    ruleset: Ruleset, players: Sequence[str], offenders: Sequence[str]
) -> list[Fraction]:
    """Tournament points deducted after uma for each chombo (EMA 3.4.6; WRC 7.1).

    Rulesets that settle a chombo at the table (EMA 2012, Aalto) have ``chombo_points`` 0.
    """
    fine = Fraction(ruleset.chombo_points).limit_denominator(1000)
    if ruleset.chombo != "points":
        fine = Fraction(0)
    return [fine * sum(1 for o in offenders if o == p) for p in players]


def chombo_counts(players: Sequence[str], offenders: Sequence[str]) -> dict[str, int]:
    """How many chombo each player made at the table (EMA 3.4.6): the answer's ``chombo``,
    which the web app stores with the sheet so that every reader counts them from it."""
    return {p: sum(1 for o in offenders if o == p) for p in players}


def _invalid(template: str, **params: Any) -> RuleViolation:
    return RuleViolation(INVALID_INPUT, "bad_final", template, **params)


def evaluate_final(request: dict[str, Any]) -> dict[str, Any]:
    """Answer of ``python -m scoring.rules final`` (shared/design/interfaces.md).

    Input: ``ruleset``, ``points`` (name -> final table points, in the players' first
    seats East, South, West, North), ``riichi_left`` (sticks on the table at the end),
    optionally ``chombo`` (a list naming the offender of each chombo), ``substitutes``
    (name -> "start" or "during", see substitutes.py) and ``overrides`` (ruleset
    parameters).
    """
    check_keys(
        request,
        {"ruleset", "points", "riichi_left", "chombo", "substitutes", "overrides"},
        "request",
    )
    ruleset = ruleset_of(request)
    points_in = request.get("points")
    if not isinstance(points_in, dict):
        raise _invalid(N_("points must be an object mapping the four players to their points"))
    try:
        players = parse_players(list(points_in))
    except RuleViolation as exc:
        raise exc.located("field", name="points") from None  # the names are the keys of points
    points: list[int] = []
    bound = max_points(ruleset.start_points)
    for name in players:
        value = points_in[name]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _invalid(
                N_("{name}'s points must be a number, not {value!r}"), name=name, value=value
            )
        finite_number(value, f"points of {name}", bound)
        if value != int(value) or int(value) % 100 != 0:
            raise _invalid(
                N_("{name}'s points {value} are not whole hundreds"), name=name, value=value
            )
        points.append(int(value))
    sticks = request.get("riichi_left", 0)
    if isinstance(sticks, bool) or not isinstance(sticks, int) or sticks < 0:
        raise _invalid(N_("riichi_left must be a whole number of sticks, 0 or more"))
    whole_number(sticks, "riichi_left", 0, MAX_RIICHI_STICKS)
    expected = ruleset.table_total - ruleset.riichi_stick * sticks
    if sum(points) != expected:
        raise _invalid(
            N_(
                "the points add up to {total}, but four players starting with {start} and "
                "{sticks} riichi stick(s) left on the table make {expected}"
            ),
            total=sum(points),
            start=ruleset.start_points,
            sticks=sticks,
            expected=expected,
        )
    offenders = request.get("chombo", [])
    if not isinstance(offenders, list):
        raise _invalid(N_("chombo must be a list of the players' names, one entry per chombo"))
    check_chombos(offenders, players, "chombo")
    if not all(isinstance(o, str) and o in players for o in offenders):
        raise _invalid(N_("chombo must be a list of the players' names, one entry per chombo"))
    substitutes = parse_substitutes(request.get("substitutes"), players)
    answer = settle_game(
        ruleset,
        players,
        points,
        sticks,
        chombo_penalties(ruleset, players, offenders),
        substitutes,
    )
    answer["chombo"] = chombo_counts(players, offenders)
    return answer
