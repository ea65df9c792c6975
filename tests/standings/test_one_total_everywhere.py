"""One truth for every total: the standings row of a player is the figure his
page, its chart, the API, the team standings and the EMA file show.

Session 1 (EMA 2016), table 1 ends 40000 / 35000 / 25000 / 20000 (seats E, S, W, N =
players 0..3): West gets -5 table points and -5 uma, -10 on the sheet.  The desk gives West
a chombo (EMA 3.4.6: 20 points after uma) and a lateness of 5 minutes (EMA 5.7: 5 points):
-10 - 20 - 5 = -35.  At table 2 (all 30000, 0 each) a reserve plays player 5's seat from
the start (EMA 5.8: player 5 gets -15 points and -15 uma, -30) and player 5 then withdraws:
he has no table result of his own, and still has his row of -30.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from referee import services
from referee.models import Penalty
from results.standings.exports import COLUMNS, ema_rows
from results.standings.player_reads import player_event
from results.standings.selectors import standings
from results.standings.team_reads import team_standings
from tests.referee.conftest import final_sheet
from tournament.models import Registration, Team
from tournament.registration.services import registration_withdraw

TABLE1 = [40000, 35000, 25000, 20000]
EVEN = [30000, 30000, 30000, 30000]


@pytest.fixture
def desk_decided(tournament, running, table1, players, reserve, referee):
    """The shared running session with the desk's decisions of the docstring above."""
    west, absent = players[2], players[5]
    services.penalty_create(
        tournament=tournament, player=west, session=running, kind=Penalty.Kind.CHOMBO, user=referee
    )
    services.penalty_create(
        tournament=tournament,
        player=west,
        session=running,
        kind=Penalty.Kind.LATE,
        minutes=5,
        user=referee,
    )
    services.substitution_create(
        tournament=tournament,
        session=running,
        player=absent,
        substitute=reserve,
        timing="start",
        user=referee,
        reason="ill",
    )
    final_sheet(running, table1, TABLE1)
    final_sheet(running, tournament.tables.get(number=2), EVEN, subs=["", "start", "", ""])
    registration_withdraw(registration=Registration.objects.get(player=absent))
    team = Team.objects.create(tournament=tournament, name="Dragons")
    Registration.objects.filter(player__in=[west, absent]).update(team=team)
    return west, absent


def _row(tournament, player):
    return next(r for r in standings(tournament).rows if r.player.pk == player.pk)


def test_the_standings_row_has_every_component(tournament, desk_decided):
    west, absent = desk_decided
    row = _row(tournament, west)
    assert (row.sheet_score, row.desk_penalties, row.missed_score) == (-10, -25, 0)
    assert (row.total, row.table_points, row.penalties) == (-35, -5, -25)
    assert row.by_session == {1: Decimal(-35)}
    gone = _row(tournament, absent)
    assert [(m.session, m.why, m.table_points, m.uma) for m in gone.missed] == [
        (1, "substituted", -15, -15)
    ]
    assert (gone.total, gone.table_points, gone.played, gone.by_session) == (-30, -15, 0, {1: -30})
    assert gone.rank is not None  # EMA 5.8: the absent player is ranked with his -30


@pytest.mark.parametrize("which", [0, 1])
def test_page_chart_api_team_and_ema_file_show_the_standings_total(
    client, tournament, desk_decided, which
):
    player = desk_decided[which]
    row = _row(tournament, player)
    expected = {0: Decimal(-35), 1: Decimal(-30)}[which]
    assert row.total == expected

    mine = player_event(tournament, player)
    assert mine.total == expected
    assert [s.running_total for s in mine.sessions][-1] == expected

    page = client.get(reverse("tournament:player", args=[tournament.slug, player.pk]))
    assert page.status_code == 200
    assert page.context["row"].total == expected
    assert page.context["sessions"][-1].running_total == expected
    assert page.context["chart"]["dots"][-1]["v"] == expected

    detail = client.get(f"/api/v1/tournaments/{tournament.slug}/players/{player.pk}").json()
    assert Decimal(str(detail["total"])) == expected
    assert Decimal(str(detail["sessions"][-1]["running_total"])) == expected
    api_rows = client.get(f"/api/v1/tournaments/{tournament.slug}/standings?limit=100").json()
    api_row = next(i for i in api_rows["items"] if i["player"]["id"] == player.pk)
    assert Decimal(str(api_row["total"])) == expected
    assert (detail["rank"], api_row["rank"]) == (row.rank, row.rank)

    team = team_standings(tournament).rows[0]
    assert {m.player.pk: m.total for m in team.members}[player.pk] == expected
    assert team.score == Decimal(-65)

    ema = {r[1]: dict(zip(COLUMNS, r, strict=True)) for r in ema_rows(tournament)}
    assert ema[player.ema_number]["points"] == expected
    assert ema[player.ema_number]["position"] == row.rank


def test_the_substituted_session_shows_as_missed_on_the_page(client, tournament, desk_decided):
    _, absent = desk_decided
    page = client.get(reverse("tournament:player", args=[tournament.slug, absent.pk]))
    (session,) = page.context["sessions"]
    assert (session.number, session.seat, session.score) == (1, None, Decimal(-30))
    assert session.missed.why == "substituted"
    assert "missed: a substitute played (EMA 5.8)" in page.content.decode()
