"""The bounds on the numbers a request may carry, in one place, and why each is where it is.

Every number of a request is checked against these before any work is done with it, so
that an absurd value (``"chombo": 10**30``, points of ``1e400``, a million hands) is refused
with ``invalid_input`` and a message naming the field instead of making a worker spin.
The bounds are far beyond anything a real table produces: they are there to stop abuse and
typing accidents, not to judge a game.
"""

from __future__ import annotations

import math
from typing import Any

from scoring.rules.errors import INVALID_INPUT, RuleViolation
from scoring.rules.i18n import N_

# Ruleset parameters given as overrides (start points, stick values, uma, penalties...): no
# preset has a number above 30,000 (EMA 3.6: the start points), so a million table points
# or tournament points leaves any organiser a lot of room.
MAX_PARAMETER = 1_000_000

# Table points a player may end a game with, either side of the start points.  A table
# holds 4 x the start points (EMA 3.6: 120,000); points only move between the four players
# and the riichi sticks, so a player holds more than that only while others are below zero
# (EMA 3.6: no bankruptcy).  1,200,000 is ten EMA tables' worth: to lose that much one
# player would pay 25 dealer yakuman (48,000 each, EMA 4.1.3) in one game.  It does not
# scale with the start points, which may be 0 (Aalto 3).
MAX_SWING = 25 * 48_000

# Hands recorded on one sheet.  A hand takes a few minutes and a session lasts 90 minutes
# (EMA 5.1); a long game has some 20 hands.  200 is ten such games, and it also bounds the
# counters (honba: one more per hand at most, EMA 3.4.10), which the sheet works out
# itself and never reads from the request.
MAX_HANDS = 200

# Riichi sticks left on the table at the end of a game.  Sticks stay on the table only
# through drawn hands (EMA 3.4.4), at most four a hand; 99 sticks would need 25 drawn hands
# in a row with all four players in riichi.
MAX_RIICHI_STICKS = 99

# Chombo per player in one game.  A chombo costs 20 points after uma (EMA 3.4.6); a player
# with more than a handful in one game would have been disqualified long before.
MAX_CHOMBOS_PER_PLAYER = 9

# Han of one hand on a score sheet.  The yaku of a hand that is not a yakuman add up to
# less than 30 han, and dora less than 50 (five indicators and five ura indicators pointing
# at four tiles each, red fives): 100 is beyond any hand.  Minipoints are bounded by
# payments.MAX_FU (170), yakuman by the ruleset (sheet._max_yakuman).
MAX_HAN = 100


def _invalid(template: str, **params: Any) -> RuleViolation:
    return RuleViolation(INVALID_INPUT, "out_of_range", template, **params)


def whole_number(value: Any, field: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``; RuleViolation naming ``field``
    otherwise (JSON true and false are not numbers)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _invalid(
            N_("{field} must be a whole number, not {value!r}"), field=field, value=value
        )
    if not low <= value <= high:
        raise _invalid(
            N_("{field} must be from {low} to {high}, not {value}"),
            field=field,
            low=low,
            high=high,
            value=value,
        )
    return value


def finite_number(value: Any, field: str, bound: float) -> int | float:
    """``value`` as a number no further than ``bound`` from zero (NaN and infinities are
    no numbers); RuleViolation naming ``field`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _invalid(N_("{field} must be a number, not {value!r}"), field=field, value=value)
    if isinstance(value, float) and not math.isfinite(value):
        raise _invalid(N_("{field} must be a number, not {value}"), field=field, value=value)
    if abs(value) > bound:
        raise _invalid(
            N_("{field} must be from {low} to {high}, not {value}"),
            field=field,
            low=-bound,
            high=bound,
            value=value,
        )
    return value


def max_points(start_points: int) -> int:
    """The most table points, either way, a player may hold on a sheet (MAX_SWING)."""
    return abs(start_points) + MAX_SWING


def check_chombos(offenders: list[str], players: list[str], field: str) -> None:
    """At most MAX_CHOMBOS_PER_PLAYER chombo for each player."""
    most = MAX_CHOMBOS_PER_PLAYER * len(players)
    if len(offenders) > most:
        # Refused before counting: the list may be huge.
        raise _invalid(
            N_("{field} lists {count} chombo; at most {most} at a table ({each} per player)"),
            field=field,
            count=len(offenders),
            most=most,
            each=MAX_CHOMBOS_PER_PLAYER,
        )
    for name in players:
        count = offenders.count(name)
        if count > MAX_CHOMBOS_PER_PLAYER:
            raise _invalid(
                N_("{field}: {count} chombo for {name}; at most {most} per player in a game"),
                field=field,
                count=count,
                name=name,
                most=MAX_CHOMBOS_PER_PLAYER,
            )
