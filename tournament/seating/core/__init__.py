"""The seating core: who sits where in every round of a riichi tournament.

Pure Python, no Django (a test checks the imports). Vocabulary:

* a *round* (session, hanchan) seats every active player once; it is a list of *physical
  tables* indexed by table number; a table holds four players in seat order East, South,
  West, North, or nobody ([]) when that table is unused in the round;
* a *repeated meeting* is a pair of players at one table in more than one round (counted
  meetings - 1 per pair); a *repeated table visit* a player back at a physical table they used
  before (WRC 8.1; counted rounds - distinct tables per player);
* *standings* list the players best first; a table's *rank spread* is its worst standing index
  minus its best.

Entry points: :func:`plan` (whole event or re-planning of the rest), :func:`swiss` (next round
by standings), the options objects that validate their input, :mod:`.metrics`.
"""

from .errors import SeatingError
from .metrics import SeatingQuality, quality
from .options import PlanOptions, SwissOptions
from .planner import PlanResult, plan
from .swiss import SwissResult, swiss

__all__ = [
    "PlanOptions",
    "PlanResult",
    "SeatingError",
    "SeatingQuality",
    "SwissOptions",
    "SwissResult",
    "plan",
    "quality",
    "swiss",
]
