"""A Swiss round's input tells the seating core the event's rounds in all, so that the winds
look ahead to the last session."""

from __future__ import annotations

from tournament.models import SeatingJob, Session
from tournament.seating.core import SwissOptions
from tournament.seating.core_input import seating_input

from .conftest import generate, setup_event


def test_the_swiss_input_counts_every_session_of_the_event(tournament):
    setup_event(tournament, players=8, tables=2, sessions=4)
    inp = seating_input(tournament, method=SeatingJob.Method.SWISS, seed=1)
    assert inp.options["rounds"] == 4
    assert inp.options["history"] == []
    job = generate(tournament, method=SeatingJob.Method.SWISS, seed=1)
    assert job.state == SeatingJob.State.DONE, job.message
    # Session 1 under way: session 2 is seated next, after one played round, of 4 still.
    Session.objects.filter(tournament=tournament, number=1).update(state=Session.State.RUNNING)
    inp = seating_input(tournament, method=SeatingJob.Method.SWISS, seed=1)
    assert len(inp.options["history"]) == 1
    assert inp.options["rounds"] == 4
    assert SwissOptions.from_mapping(inp.options).rounds == 4
