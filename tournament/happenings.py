"""What happens in a tournament that somebody may want to be told about.

The services lower in the house (the seating, the clock, the sheets, the desk, the stages)
announce these; the companion (notifications to phones and e-mail) listens. A signal keeps
every arrow pointing down: the service that publishes a seating does not know who is told,
and nothing here imports the companion.

Each is sent only after the transaction that made it true has committed (``announce``), so a
rolled-back write tells nobody anything. The keyword arguments each one carries are listed
beside it; receivers take ``**kwargs`` so that a new argument breaks nobody.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.dispatch import Signal

# session: the Session whose seating the organiser published (players may see their seats).
seating_published = Signal()
# session: its results are public (every sheet confirmed, or not held back at all).
session_results_published = Signal()
# session, phase: "soon" (10 minutes before the start), "signal", "time_up".
session_clock = Signal()
# sheet: a TableResult (or the sheet row) that waits for the confirmation of its players;
# state: "awaiting", "disputed", "corrected", "settled".
sheet_changed = Signal()
# decision: a penalty or another decision of the desk about one entry.
desk_decision = Signal()
# call: a call to the referee from a table; state: "open", "taken", "closed".
referee_call = Signal()
# stage, entries: a stage's players are known (the cut made, a semi-final's tables seated,
# the final's result).
stage_decided = Signal()
# session, table, hands, at: a table's hands as just checked at the desk or on a phone,
# before the sheet is saved (sent at once: a check writes nothing of its own). The results
# keep a stage table's for the stream page.
hands_checked = Signal()


def announce(signal: Signal, sender: Any, **kwargs: Any) -> None:
    """Send ``signal`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: signal.send(sender=sender, **kwargs))
