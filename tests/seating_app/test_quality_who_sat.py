"""The seating's quality figures count who actually sat, the desk's substitutes included
(EMA 5.8): the figure on /seating/, /seating/quality/ and the session pages is the count of
the tables as they were played and are seated.

16 players (0..15) at 4 tables, 2 sessions:

    session 1: T1 0 1 2 3 | T2 4 5 6 7  | T3 8 9 10 11 | T4 12 13 14 15
    session 2: T1 0 1 8 12 | T2 4 5 9 13 | T3 2 6 10 14 | T4 3 7 11 15

Pairs at one table in both sessions: (0, 1) at T1 and (4, 5) at T2; every other player of
session 2 sits with three he did not meet in session 1.  Repeated meetings: 2.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from django.urls import reverse

from referee.services import substitution_create
from tests.conftest import make_players
from tests.scoring_app.conftest import seat_sessions
from tournament.models import Player, Registration, Session
from tournament.seating.grid import quality_now

ROUNDS = [
    [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]],
    [[0, 1, 8, 12], [4, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]],
]


def _repeats(rounds) -> int:
    """Repeated meetings worked out by hand's rule: pairs at one table more than once."""
    met: dict[tuple, int] = {}
    for rnd in rounds:
        for table in rnd:
            for pair in combinations(sorted(table), 2):
                met[pair] = met.get(pair, 0) + 1
    return sum(n - 1 for n in met.values() if n > 1)


@pytest.fixture
def event(tournament):
    players = make_players(tournament, 16)
    sessions, _ = seat_sessions(tournament, players, ROUNDS)
    rita = Player.objects.create(first_name="Rita", last_name="Reserve", country="NL")
    Registration.objects.create(
        tournament=tournament,
        player=rita,
        status=Registration.Status.CONFIRMED,
        is_reserve=True,
        checked_in=True,
    )
    Session.objects.filter(pk=sessions[0].pk).update(state=Session.State.RUNNING)
    sessions[0].refresh_from_db()
    return players, sessions, rita


def test_the_hand_worked_count_as_seated(tournament, event):
    assert _repeats(ROUNDS) == 2  # (0, 1) and (4, 5)
    assert quality_now(tournament)["repeated_meetings"] == 2


def test_a_player_who_left_during_a_session_met_his_table(tournament, event, referee, client):
    """Player 2 leaves table 1 during session 1; Rita joins (EMA 5.8 "during"): both sat
    with 0, 1 and 3.  In session 2 players 2 and 8 swap seats, so 2 sits with 0, 1, 12 and
    8 with 6, 10, 14.  Who sat: (0, 1), (4, 5), (8, 10), and 2 meets 0 and 1 again: 5
    repeated meetings.  The seats alone (Rita in his session-1 seat) give 3."""
    players, sessions, rita = event
    substitution_create(
        tournament=tournament,
        session=sessions[0],
        player=players[2],
        substitute=rita,
        timing="during",
        user=referee,
    )
    # Session 2: players 2 and 8 swap seats (T1 0 1 2 12, T3 8 6 10 14).
    second = sessions[1]
    second.seats.filter(player=players[2]).update(player=rita)
    second.seats.filter(player=players[8]).update(player=players[2])
    second.seats.filter(player=rita).update(player=players[8])
    figures = quality_now(tournament)
    # Rita is 16; "during": player 2 and Rita both sat at session 1's table 1.
    sat = [
        [[0, 1, 2, 3, 16], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]],
        [[0, 1, 2, 12], [4, 5, 9, 13], [8, 6, 10, 14], [3, 7, 11, 15]],
    ]
    seated = [[[0, 1, 16, 3], *sat[0][1:]], sat[1]]
    assert (_repeats(sat), _repeats(seated)) == (5, 3)
    assert figures["repeated_meetings"] == 5
    page = client.get(reverse("tournament:seating_quality", args=[tournament.slug]))
    assert 'id="q-meetings">5<' in page.content.decode()


def test_a_substitute_from_the_start_meets_again_whom_she_met(tournament, event, referee):
    """Rita takes player 2's seat from the start of session 1 (she met 0, 1, 3); seated in
    session 2 in player 8's seat (with 0, 1, 12) she meets 0 and 1 again: (0, 1), (4, 5),
    (Rita, 0), (Rita, 1) -> 4 repeats; player 2, who did not sit, meets nobody twice."""
    players, sessions, rita = event
    substitution_create(
        tournament=tournament,
        session=sessions[0],
        player=players[2],
        substitute=rita,
        timing="start",
        user=referee,
    )
    sessions[1].seats.filter(player=players[8]).update(player=rita)
    assert quality_now(tournament)["repeated_meetings"] == 4
