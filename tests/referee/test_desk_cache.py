"""The desk's lists of players and tables are rendered once and cached (referee.views.
_desk_lists): each change they show makes the next desk show it, and the desk's queries do
not grow with the players, tables or sheets."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from referee.services import disqualification_create, penalty_create
from tournament.models import Player, Registration, Session, Table
from tournament.seating.by_hand import seat_change_apply

from .conftest import final_sheet


@pytest.fixture
def ref_client(client, referee):
    client.force_login(referee)
    return client


def desk(client, tournament) -> str:
    response = client.get(reverse("referee:desk", args=[tournament.slug]))
    assert response.status_code == 200
    return response.content.decode()


def line_of(page: str, player) -> str:
    """The player's line in the list of everyone."""
    start = page.index(f'data-name="{player.first_name.lower()} {player.last_name.lower()}"')
    return page[start : page.index("</li>", start)]


def test_a_penalty_shows_on_the_next_desk(ref_client, tournament, running, players, referee):
    assert "penalt" not in line_of(desk(ref_client, tournament), players[2])
    penalty_create(
        tournament=tournament,
        player=players[2],
        session=running,
        kind="late",
        user=referee,
        minutes=3,
    )
    assert "1 penalty" in line_of(desk(ref_client, tournament), players[2])


def test_a_disqualification_shows_on_the_next_desk(
    ref_client, tournament, running, players, referee
):
    desk(ref_client, tournament)
    disqualification_create(tournament=tournament, player=players[5], user=referee, reason="x")
    assert "disqualified" in line_of(desk(ref_client, tournament), players[5])


def test_a_seat_change_shows_on_the_next_desk(
    ref_client, tournament, seated_session, players, organiser
):
    assert "Table 1 · East" in line_of(desk(ref_client, tournament), players[0])
    seat_change_apply(
        session=seated_session,
        player=players[0],
        other=players[4],
        user=organiser,
        now=timezone.now(),
    )
    page = desk(ref_client, tournament)
    assert "Table 2 · East" in line_of(page, players[0])
    assert "Table 1 · East" in line_of(page, players[4])


def test_a_renamed_player_shows_on_the_next_desk(ref_client, tournament, seated_session, players):
    desk(ref_client, tournament)
    players[1].last_name = "Nakamura"
    players[1].save()
    page = desk(ref_client, tournament)
    assert "Nakamura, First001" in page and "South: First001 Nakamura" in page


def test_a_registration_change_shows_on_the_next_desk(
    ref_client, tournament, seated_session, players
):
    desk(ref_client, tournament)
    registration = Registration.objects.get(tournament=tournament, player=players[3])
    registration.is_reserve = True
    registration.save()
    assert "reserve" in line_of(desk(ref_client, tournament), players[3])


def test_a_renamed_table_shows_on_the_next_desk(ref_client, tournament, seated_session):
    assert "Table 2" in desk(ref_client, tournament)
    table = Table.objects.get(tournament=tournament, number=2)
    table.name = "The window table"
    table.save()
    assert "The window table" in desk(ref_client, tournament)


def test_confirmed_sheets_leave_the_cached_lists_alone(
    ref_client, tournament, running, table1, monkeypatch
):
    from referee import selectors

    first = desk(ref_client, tournament)
    final_sheet(running, table1, [40000, 30000, 28000, 22000])

    def not_again(*args, **kwargs):
        raise AssertionError("the lists were rendered again")

    monkeypatch.setattr(selectors, "desk_players", not_again)
    again = desk(ref_client, tournament)
    lists = slice(first.index('id="desk-everyone"'), first.index("</main>"))
    assert again[lists] == first[lists]


def test_desk_queries_do_not_grow(client, referee, tournament):
    """The same queries with 8 players at 2 tables as with 40 at 10, all sheets entered;
    and fewer once the lists are cached."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    session = Session.objects.create(tournament=tournament, number=1)
    client.force_login(referee)

    def grow(players: int) -> list[int]:
        first = session.seats.count() // 4
        tables = [
            Table.objects.create(tournament=tournament, number=first + n + 1)
            for n in range(players // 4)
        ]
        for i in range(players):
            player = Player.objects.create(
                first_name=f"First{4 * first + i:03d}", last_name="Last", country="DE"
            )
            # A registration bumps the cache version: the next desk renders its lists anew.
            Registration.objects.create(
                tournament=tournament, player=player, status=Registration.Status.CONFIRMED
            )
            session.seats.create(table=tables[i // 4], wind=i % 4, player=player)
        for table in tables:
            final_sheet(session, table, [40000, 30000, 28000, 22000])
        counts = []
        for _ in range(2):  # a miss, then a hit
            with CaptureQueriesContext(connection) as queries:
                desk(client, tournament)
            counts.append(len(queries))
        return counts

    small = grow(8)
    assert grow(32) == small
    assert small[1] < small[0]
