""" "The current session" has one home (tournament/events/current.py) with a named variant for
each page that asks, and every caller uses it."""

import inspect

from tests.conftest import make_players
from tournament.events.current import desk_session, hall_session, sheets_session
from tournament.models import Session, Table


def make_sessions(tournament, states, seated=()):
    table = Table.objects.create(tournament=tournament, number=1)
    players = make_players(tournament, 4)
    for number, state in enumerate(states, start=1):
        session = Session.objects.create(tournament=tournament, number=number, state=state)
        if number in seated:
            for wind, player in enumerate(players):
                session.seats.create(table=table, wind=wind, player=player)


P, R, F = Session.State.PLANNED, Session.State.RUNNING, Session.State.FINISHED


def test_a_running_session_is_the_current_one_for_every_page(tournament):
    make_sessions(tournament, [F, R, P, P], seated=(1, 2, 3))
    assert [hall_session(tournament).number, desk_session(tournament).number] == [2, 2]
    assert sheets_session(tournament).number == 2


def test_between_sessions_the_pages_differ_as_each_needs(tournament):
    # Session 1 played, 2 planned and not seated yet, 3 planned and seated.
    make_sessions(tournament, [F, P, P, P], seated=(1, 3))
    assert hall_session(tournament).number == 2  # the hall's next session, seated or not
    assert desk_session(tournament).number == 3  # the desk acts on seats
    assert sheets_session(tournament).number == 1  # the sheets still coming in


def test_before_the_first_session(tournament):
    make_sessions(tournament, [P, P], seated=())
    assert [hall_session(tournament).number, desk_session(tournament).number] == [1, 1]
    assert sheets_session(tournament).number == 1
    tournament.sessions.all().delete()
    assert (
        hall_session(tournament) is desk_session(tournament) is sheets_session(tournament) is None
    )


def test_every_caller_asks_the_one_home():
    import api.selectors
    import referee.views
    import scoring.views
    import tournament.clock.views

    assert "desk_session(" in inspect.getsource(referee.views._session)
    assert "sheets_session(" in inspect.getsource(scoring.views.current_sheets)
    assert "hall_session(" in inspect.getsource(tournament.clock.views)
    assert "hall_session(" in inspect.getsource(api.selectors)
    for module in (referee.views, scoring.views, tournament.clock.views, api.selectors):
        assert "sessions.filter(state=Session.State.RUNNING)" not in inspect.getsource(module)
