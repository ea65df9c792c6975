"""What the results do for the house below them: keep a stage table's checked hands for the
stream (tournament/happenings.py), and answer the seating's questions (which sessions the
stages play, the standings' order: tournament/seating/asked_above.py)."""

from __future__ import annotations

from results.standings import selectors as standings_selectors
from tournament.happenings import hands_checked
from tournament.seating.asked_above import answer

from .ranking import staged_session_numbers
from .selectors import is_stage_session
from .services import live_hands_record


def keep_live_hands(sender, *, session, table, hands, at, **kwargs) -> None:
    """A stage table's hands go to the stream page as they are checked."""
    if is_stage_session(session):
        live_hands_record(session=session, table=table, hands=hands, now=at)


def standings_order(tournament) -> list[int]:
    """Player ids best first, as the standings place them (a Swiss session seats by it)."""
    return [row.player.pk for row in standings_selectors.standings(tournament).rows]


def connect() -> None:
    hands_checked.connect(keep_live_hands, dispatch_uid="results-live-hands")
    answer(staged_sessions=staged_session_numbers, standings_order=standings_order)
