"""The demo tournament is seated by the seating core, once, with the record of the draw."""

from __future__ import annotations

import datetime as dt

from demo.loader import load_demo
from tournament.models import Seat, SeatingJob

TODAY = dt.date(2026, 5, 3)


def test_demo_seats_every_session_from_its_seed_once(db):
    tournament = load_demo(today=TODAY).tournament
    job = SeatingJob.objects.get(tournament=tournament)
    assert job.state == SeatingJob.State.DONE and job.seed == tournament.seating_seed
    assert job.sessions == list(range(1, 9))
    assert job.result["repeated_meetings"] == 0
    for session in tournament.sessions.all():
        assert Seat.objects.filter(session=session).count() == 40
    seats = set(Seat.objects.values_list("session_id", "table_id", "wind", "player_id"))
    load_demo(today=TODAY)
    assert SeatingJob.objects.count() == 1
    assert set(Seat.objects.values_list("session_id", "table_id", "wind", "player_id")) == seats
