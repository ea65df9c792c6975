"""Which of the referee desk's penalties count in the standings, and why the others do not.

- A withdrawn penalty counts for nothing.
- Chombo counts once (EMA 3.4.6; WRC 7.1): a score sheet may carry a player's chombo too
  (the chombo column of a final-scores sheet, a chombo hand), and the sheet's result already
  holds it.  Per player and session the confirmed sheets are the source for as many chombo
  as they carry; the desk's chombo beyond those count, the others are "on the score sheet".
- Lateness in a session the player missed does not count on top of the missed session's
  charge (WRC 7.2: "not cumulative with the 10 points penalty for being late"; EMA 5.8's
  -15 and -15 uma likewise stands alone, ``absence.py``).

Pure: penalties come in as plain records, oldest first (the desk's order of entry, so that
the first chombo logged is the one the sheet covers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from scoring.rules.penalties import CHOMBO, LATE

COUNTS = ""
WITHDRAWN = "withdrawn"
ON_SHEET = "on_sheet"
MISSED_SESSION = "missed_session"


@dataclass(frozen=True)
class DeskPenalty:
    """One penalty of the desk: its kind (``CHOMBO``, ``LATE`` or another), whether it is
    still standing, and whose and which session it is (``session`` None: the whole event)."""

    kind: str
    active: bool
    player: Hashable
    session: int | None


def counted_penalties(
    penalties: Sequence[DeskPenalty],
    chombo_on_sheets: Mapping[tuple[Hashable, int | None], int],
    missed: Iterable[tuple[Hashable, int]],
) -> list[str]:
    """For each penalty (oldest first), ``COUNTS`` or why it does not count
    (``WITHDRAWN``, ``ON_SHEET``, ``MISSED_SESSION``).

    ``chombo_on_sheets``: the chombo the confirmed sheets carry per (player, session);
    ``missed``: the (player, session) pairs the player missed (substituted, or left).
    """
    on_sheet = Counter(chombo_on_sheets)
    missed_set = set(missed)
    out = []
    for p in penalties:
        key = (p.player, p.session)
        if not p.active:
            out.append(WITHDRAWN)
        elif p.kind == CHOMBO and on_sheet[key] > 0:
            on_sheet[key] -= 1
            out.append(ON_SHEET)
        elif p.kind == LATE and key in missed_set:
            out.append(MISSED_SESSION)
        else:
            out.append(COUNTS)
    return out
