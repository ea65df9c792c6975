"""What the stages do when something happens below them (tournament/happenings.py)."""

from __future__ import annotations

from tournament.happenings import hands_checked

from .selectors import is_stage_session
from .services import live_hands_record


def keep_live_hands(sender, *, session, table, hands, at, **kwargs) -> None:
    """A stage table's hands go to the stream page as they are checked."""
    if is_stage_session(session):
        live_hands_record(session=session, table=table, hands=hands, now=at)


def connect() -> None:
    hands_checked.connect(keep_live_hands, dispatch_uid="results-live-hands")
