"""What the score sheets tell the ground below them (tournament/asked_above.py) and which of
their rows refresh the public pages (tournament/page_versions.py); connected at start-up."""

from __future__ import annotations

from tournament import asked_above
from tournament.page_versions import watch
from web.cache import RESULTS

from .models import ScoreSheet, StandingsSettings
from .wording import violation_message


def connect() -> None:
    asked_above.answer(violation_message=violation_message)
    # Only the results pages show a sheet or the standings' settings.
    watch(ScoreSheet, (RESULTS,))
    watch(StandingsSettings, (RESULTS,))
