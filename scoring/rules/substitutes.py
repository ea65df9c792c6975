"""Substitute players (EMA 2016 §5.8, WRC 2015 §7.2): what their table result becomes.

The ``game`` and ``final`` requests may carry ``"substitutes": {"<player>": "start" |
"during"}``: the players at the table who are substitutes, seated from the start of the
session or joined during it (the absent player's seat).  The ruleset says what follows
through three parameters (rulesets.py):

- ``substitute_score`` / ``substitute_uma``: the substitute's table score and uma in the
  tournament score keeping, whatever was played; ``None`` for either: as played.  EMA 5.8:
  "Substitute players' session results will always be entered in the tournament score
  keeping as -15,000 points and -15,000 uma, i.e. a total of -30,000."
- ``substitute_counts_for_opponents_uma``: whether the place of a substitute seated from the
  start counts for the opponents' uma.  EMA 5.8: it does "if the substitute played from the
  beginning of the session" (the substitute wins the table: the others get 5, -5 and -15); a
  substitute who joined during the session "will always receive the -15,000 uma, meaning
  that the other three players will get the 15,000, 5,000 and -5,000 uma even if the
  substitute scored the most point at the table".

A ruleset with neither a fixed score nor a fixed uma (WRC 7.2: substitutes "are scored
normally and then not included in the ranking") scores a substitute like anyone else; the
"not included in the ranking" part is the standings' (``results.standings``).

What the answer's fields mean with substitutes:

- ``final``, ``riichi_left``, ``rank`` and ``log`` are the table as it was played: the
  substitute's table points and the table's actual ranking by points, unchanged.
- ``uma``: the tournament uma.  The substitute's is ``substitute_uma`` where the ruleset
  fixes it; the opponents' counts the substitute's place only when the substitute played
  from the start (and the ruleset counts it), otherwise the substitute is placed below the
  other three, who share the first three places' uma (ties among them still split).
- ``table_score``: ``(final - return points) / 1000``, or ``substitute_score`` for a
  substitute whose score the ruleset fixes.
- ``score``: ``table_score + uma + penalty``; a substitute's own penalties (chombo) still
  count (EMA 3.4.6: deducted after uma).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.rules.errors import INVALID_INPUT, RuleViolation
from scoring.rules.i18n import N_
from scoring.rules.rulesets import Ruleset
from scoring.rules.uma import hanchan_scores, table_scores, uma_by_seat

FROM_START = "start"  # seated from the beginning of the session (EMA 5.8)
DURING = "during"  # took the seat after play had begun (EMA 5.8)
TIMINGS = (FROM_START, DURING)


def _invalid(template: str, **params: Any) -> RuleViolation:
    return RuleViolation(INVALID_INPUT, "bad_substitutes", template, **params)


def parse_substitutes(data: Any, players: Sequence[str]) -> list[str]:
    """The request's ``substitutes`` per first seat: "" (not a substitute), "start", "during"."""
    if data is None:
        return [""] * len(players)
    if not isinstance(data, dict):
        raise _invalid(
            N_('substitutes must be an object mapping players\' names to "start" or "during"')
        )
    for name, timing in data.items():
        if name not in players:
            raise _invalid(
                N_("substitutes: {player!r} is not one of the players {players}"),
                player=name,
                players=", ".join(players),
            )
        if timing not in TIMINGS:
            raise _invalid(
                N_(
                    'substitutes: {player} must be marked "start" (seated from the start of the '
                    'session) or "during" (joined during the session), not {value!r}'
                ),
                player=name,
                value=timing,
            )
    return [data.get(name, "") for name in players]


@dataclass(frozen=True)
class Scored:
    """Per first seat, in tournament points: ``table_score + uma + penalty == score``."""

    table_score: list[Fraction]
    uma: list[Fraction]
    score: list[Fraction]


def _amount(value: float) -> Fraction:
    return Fraction(str(value))


def fixes_result(ruleset: Ruleset) -> bool:
    """Whether the ruleset enters a substitute's result as fixed amounts (EMA 5.8), rather
    than scoring it normally (WRC 7.2)."""
    return ruleset.substitute_score is not None or ruleset.substitute_uma is not None


def apply_substitutes(
    ruleset: Ruleset,
    points: Sequence[int],
    final: Sequence[int],
    penalty: Sequence[Fraction],
    substitutes: Sequence[str],
) -> Scored:
    """Table score, uma and score of each first seat, with the substitute rule applied.

    ``points`` are the table points the ranks and uma come from (before the leftover riichi
    sticks are settled, as ``final.settle_game``); ``final`` the settled ones; ``substitutes``
    per first seat "", ``FROM_START`` or ``DURING``.  With no substitute (or a ruleset that
    scores them normally) this is the plain hanchan score of uma.py.
    """
    table_score = table_scores(final, ruleset)
    fixed = fixes_result(ruleset)
    # EMA 5.8: a substitute who joined during the session, or any substitute where the
    # ruleset never counts their place, is placed below the other three for their uma.
    unplaced = {
        seat
        for seat, timing in enumerate(substitutes)
        if fixed
        and (timing == DURING or (timing and not ruleset.substitute_counts_for_opponents_uma))
    }
    floor = min(points) - 100
    placed = [floor if seat in unplaced else p for seat, p in enumerate(points)]
    uma = uma_by_seat(placed, ruleset)
    if fixed:
        for seat, timing in enumerate(substitutes):
            if not timing:
                continue
            # EMA 5.8: "entered in the tournament score keeping as -15,000 points and
            # -15,000 uma", whatever was played.
            if ruleset.substitute_score is not None:
                table_score[seat] = _amount(ruleset.substitute_score)
            if ruleset.substitute_uma is not None:
                uma[seat] = _amount(ruleset.substitute_uma)
    return Scored(table_score, uma, hanchan_scores(table_score, uma, penalty))
