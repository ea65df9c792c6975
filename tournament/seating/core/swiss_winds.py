"""Swiss winds with the event's number of rounds.

Each player ends an event within 1 on each wind (every count floor or ceil of their games / 4)
only if every round leaves the rest reachable: with k rounds left a player whose counts still
lack k wind games (their floors) must take one of those winds now, and a wind already at its
ceiling is closed. The winds a player may take form a mask; a table of four can be seated
only if its players' masks have a system of distinct representatives (one wind each, all
different). In the last round each player has exactly one wind left, so its tables should
hold four players lacking four different winds; the round is priced for the players who
cannot have theirs (``swiss.WIND_BREAK_STEPS`` each), below any repeated meeting.

Why the last round alone (40 x 8, result seeds 1-5): the last round's lacks are fixed by the
rounds before, and for most standings no repeat-free last round has four different lacks at
every table. Choosing in the round before which of their two winds each player takes now
(as many of each wind as tables, players near in the standings differing) made that round
spread to 22-27 instead of 17-18, and none of ten such seatings left a last round that could
be seated; choosing only the seat orders of that round (a search of the last round and the
orders together) found one for one seating of the round before in eight. Reaching winds
within 1 needs the rounds before the last seated with the last in view.

Without the number of rounds (``SwissOptions.rounds``) the winds stay the former tie-break:
one of the least played winds where possible.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

ALL_WINDS = 0b1111
_ORDERS = list(permutations(range(4)))


def wind_counts(history: Sequence[Sequence[Sequence[int]]]) -> dict[int, list[int]]:
    """Each player's games at East, South, West and North so far (seat order = wind)."""
    counts: dict[int, list[int]] = {}
    for rnd in history:
        for table in rnd:
            for seat, p in enumerate(table):
                counts.setdefault(p, [0, 0, 0, 0])[seat] += 1
    return counts


def least_played(counts: Sequence[int]) -> int:
    """Mask of the winds a player played least so far."""
    least = min(counts)
    return sum(1 << w for w in range(4) if counts[w] == least)


def allowed_winds(counts: Sequence[int], left: int) -> int:
    """Mask of the winds a player may take this round and still end within 1 on each wind,
    playing this round and ``left - 1`` more; 0 when the played rounds already made that
    impossible (a player who joined late or sat out, seated by the former tie-break)."""
    total = sum(counts) + left
    floor_, ceil_ = total // 4, -(-total // 4)
    low = [max(0, floor_ - c) for c in counts]
    high = [ceil_ - c for c in counts]
    if min(high) < 0 or sum(low) > left:
        return 0
    mask = 0
    for w in range(4):
        # Taking w keeps the other floors reachable in the rounds after this one.
        if high[w] >= 1 and sum(low) - (low[w] >= 1) <= left - 1:
            mask |= 1 << w
    return mask


def player_masks(
    standings: Sequence[int], counts: dict[int, list[int]], left: int | None
) -> tuple[dict[int, int], dict[int, int]]:
    """Per player: the winds allowed this round and the winds played least (the tie-break).

    Only the last round (``left`` 1) restricts the winds: every player then has the wind
    counts ``allowed_winds`` leaves them. Restricting the rounds before it as well (40 x 8,
    result seeds 1-5) left 6-13 players off by 2 instead of 9-16, but it changes which
    players have met by the last round, and at one seed left no last round free of repeated
    meetings (a backtracking of a million nodes found none); the rounds before stay as they
    were."""
    hard: dict[int, int] = {}
    soft: dict[int, int] = {}
    for p in standings:
        c = counts.get(p, [0, 0, 0, 0])
        soft[p] = least_played(c)
        hard[p] = (allowed_winds(c, left) or soft[p]) if left == 1 else ALL_WINDS
    return hard, soft


def seat_order(
    table: Sequence[int], counts: dict[int, list[int]], hard: dict[int, int]
) -> list[int]:
    """The table's players East, South, West, North: the order that breaks the fewest
    allowed-wind masks, then keeps the counts most even (least sum of squares over the
    event, as ``polish_winds``), then the given order."""

    def key(order: tuple[int, ...]) -> tuple[int, int]:
        broken = sum(not hard.get(table[i], ALL_WINDS) >> seat & 1 for seat, i in enumerate(order))
        squares = sum(
            2 * counts.get(table[i], [0, 0, 0, 0])[seat] + 1 for seat, i in enumerate(order)
        )
        return broken, squares

    if len(table) != 4:
        return list(table)
    best = min(_ORDERS, key=key)
    return [table[i] for i in best]
