"""Places in the standings: who is ranked, where the disqualified go, and equal totals.

- Ranked: players, and substitutes only when the ruleset ranks them or the substitute agreed
  beforehand that the results count (EMA 5.8; WRC 7.1 leaves them out).
- Disqualified players: ranked at the bottom under EMA 2016 5.8 (``disqualified == "bottom"``),
  not ranked at all under WRC 2015 7.1 (``"excluded"``).
- Removed from the results (EMA 2016 5.8, last sentence, the head referee's choice for a
  player who left, e.g. ill): listed without a place, whatever else applies.
- Equal totals: a shared place (``"shared"``), or ordered by ``"table_points"`` or the
  ``"best_session"`` (the tournament's choice); within a shared place by name.

Rows are any objects with ``total``, ``table_points`` and ``best_session`` (None when the
player has no session yet); the caller gives each row's name key for the order of equals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Generic, Protocol, TypeVar

from .rulesets import Ruleset

DISQUALIFIED = "disqualified"
SUBSTITUTE = "substitute"
# Taken out of the final results by the head referee (EMA 2016 5.8, last sentence: "remove
# the player's name from the final results, so that it will not count for the player's EMA
# ranking"): listed without a place.
REMOVED = "removed"


def substitute_ranked(ruleset: Ruleset, results_count: bool) -> bool:
    """Whether a substitute's results put them in the ranking (EMA 5.8 / WRC 7.1)."""
    return bool(ruleset.substitute_ranked or results_count)


class Rankable(Protocol):
    """What a row of the standings gives the ranking (read only)."""

    @property
    def total(self) -> Decimal: ...

    @property
    def table_points(self) -> Decimal: ...

    @property
    def best_session(self) -> Decimal | None: ...


Row = TypeVar("Row", bound=Rankable)
# The order of equals within a shared place: the caller's name key, e.g. (sort name,).
NameKey = tuple[str, ...]


def shared_places(keys: Sequence[object], start: int = 1) -> list[int]:
    """The places of rows already in order, best first: equal keys share the place of the
    first of them and the next key takes its own position (1, 2, 2, 4), as the standings
    of players, teams and stages all place equal totals.  ``start`` is the first place."""
    out: list[int] = []
    for i, key in enumerate(keys):
        out.append(out[-1] if i and keys[i - 1] == key else start + i)
    return out


@dataclass(frozen=True)
class Place(Generic[Row]):
    row: Row
    rank: int | None  # None: listed below the ranking, without a place
    note: str  # "", DISQUALIFIED or SUBSTITUTE


def _tie_key(row: Rankable, tie_break: str) -> tuple[Decimal, ...]:
    if tie_break == "table_points":
        return (-row.total, -row.table_points)
    if tie_break == "best_session":
        best = row.best_session if row.best_session is not None else Decimal(0)
        return (-row.total, -best)
    return (-row.total,)


def places(
    rows: Iterable[Row],
    *,
    ruleset: Ruleset,
    tie_break: str,
    disqualified: Callable[[Row], bool],
    ranked: Callable[[Row], bool],
    name: Callable[[Row], NameKey],
    removed: Callable[[Row], bool] = lambda row: False,
) -> list[Place[Row]]:
    """Every row with its place: the ranked first, then (EMA) the disqualified at the bottom,
    then the rows without a place (substitutes not ranked, WRC's disqualified, the players
    removed from the results under EMA 5.8)."""
    regular: list[Row] = []
    bottom: list[Row] = []
    unranked: list[tuple[Row, str]] = []
    for row in rows:
        if removed(row):
            unranked.append((row, REMOVED))
        elif disqualified(row):
            if ruleset.disqualified == "bottom":
                bottom.append(row)
            else:
                unranked.append((row, DISQUALIFIED))
        elif ranked(row):
            regular.append(row)
        else:
            unranked.append((row, SUBSTITUTE))

    out: list[Place[Row]] = []
    for group, note in ((regular, ""), (bottom, DISQUALIFIED)):
        group.sort(key=lambda r: (_tie_key(r, tie_break), name(r)))
        ranks = shared_places([_tie_key(r, tie_break) for r in group], start=len(out) + 1)
        out.extend(Place(row, rank, note) for row, rank in zip(group, ranks, strict=True))
    unranked.sort(key=lambda pair: (-pair[0].total, name(pair[0])))
    out.extend(Place(row, None, note) for row, note in unranked)
    return out
