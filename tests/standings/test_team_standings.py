"""Team standings: the sum or the best N of the members' totals, worked by hand."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import openpyxl
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from results.standings.team_reads import team_standings
from tests.conftest import enter_final, make_players, seat_sessions
from tournament.models import Registration
from tournament.registration.teams import team_save, team_settings_update


@pytest.fixture
def played(tournament):
    """8 players, 2 sessions, every sheet confirmed (the sheets of test_standings.py).

    Session 1: table 1 = p0..p3 [41000, 27000, 30000, 22000] -> 26, -8, 5, -23
               table 2 = p4..p7 [35000, 35000, 25000, 25000] -> 15, 15, -15, -15
    Session 2: table 1 = p0 p4 p1 p5 [30000 x 4] -> 0 each
               table 2 = p2 p6 p3 p7 [50000, 20000, 25000, 25000] -> 35, -25, -5, -5
    Totals: p0 26, p1 -8, p2 40, p3 -28, p4 15, p5 15, p6 -40, p7 -20.
    """
    players = make_players(tournament, 8)
    sessions, tables = seat_sessions(
        tournament, players, [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 4, 1, 5], [2, 6, 3, 7]]]
    )
    enter_final(sessions[0], tables[1], [41000, 27000, 30000, 22000])
    enter_final(sessions[0], tables[2], [35000, 35000, 25000, 25000])
    enter_final(sessions[1], tables[1], [30000, 30000, 30000, 30000])
    enter_final(sessions[1], tables[2], [50000, 20000, 25000, 25000])
    return players


def make_team(tournament, name, players):
    ids = [Registration.objects.get(tournament=tournament, player=p).pk for p in players]
    return team_save(tournament=tournament, name=name, members=ids, user=None)


@pytest.fixture
def teams(tournament, played):
    team_settings_update(tournament=tournament, size=4, score="sum", best=2, apart=False)
    p = played
    make_team(tournament, "East", [p[0], p[1], p[2]])
    make_team(tournament, "West", [p[4], p[5], p[7]])
    make_team(tournament, "North", [p[3], p[6]])
    make_team(tournament, "Empty", [])
    return p


def scores(tournament, **kwargs):
    return [(r.rank, r.team.name, r.score) for r in team_standings(tournament, **kwargs).rows]


def test_team_score_is_the_sum_of_the_members_totals(tournament, teams):
    tournament.refresh_from_db()
    assert scores(tournament) == [
        (1, "East", Decimal(58)),  # 26 - 8 + 40
        (2, "West", Decimal(10)),  # 15 + 15 - 20
        (3, "Empty", Decimal(0)),  # no members: 0
        (4, "North", Decimal(-68)),  # -28 - 40
    ]


def test_best_n_counts_only_the_n_best_members(tournament, teams):
    team_settings_update(tournament=tournament, size=4, score="best", best=2, apart=False)
    tournament.refresh_from_db()
    assert scores(tournament) == [
        (1, "East", Decimal(66)),  # 40 + 26; -8 not counted
        (2, "West", Decimal(30)),  # 15 + 15; -20 not counted
        (3, "Empty", Decimal(0)),
        (4, "North", Decimal(-68)),  # only two members: both count
    ]
    east = team_standings(tournament).rows[0]
    assert [(m.player.last_name, m.total, m.counted) for m in east.members] == [
        ("Last002", Decimal(40), True),
        ("Last000", Decimal(26), True),
        ("Last001", Decimal(-8), False),
    ]


def test_after_session_one_the_totals_of_session_one(tournament, teams):
    tournament.refresh_from_db()
    assert scores(tournament, after_session=1) == [
        (1, "East", Decimal(23)),  # 26 - 8 + 5
        (2, "West", Decimal(15)),  # 15 + 15 - 15
        (3, "Empty", Decimal(0)),
        (4, "North", Decimal(-38)),  # -23 - 15
    ]


def test_equal_scores_share_the_place_listed_by_name(tournament, played):
    team_settings_update(tournament=tournament, size=2, score="sum", best=1, apart=False)
    make_team(tournament, "Beta", [played[5]])  # 15
    make_team(tournament, "Alpha", [played[4]])  # 15
    make_team(tournament, "Gamma", [played[1]])  # -8
    tournament.refresh_from_db()
    assert scores(tournament) == [
        (1, "Alpha", Decimal(15)),
        (1, "Beta", Decimal(15)),
        (3, "Gamma", Decimal(-8)),
    ]


def test_a_member_who_withdrew_keeps_his_points_for_the_team(tournament, teams):
    Registration.objects.filter(player=teams[7]).update(status=Registration.Status.WITHDRAWN)
    tournament.refresh_from_db()
    west = next(r for r in team_standings(tournament).rows if r.team.name == "West")
    assert west.score == Decimal(10)  # 15 + 15 - 20, as before
    assert [m.note for m in west.members if m.player == teams[7]] == ["withdrawn"]


def test_the_page_links_exports_and_projects_the_team_standings(client, tournament, teams):
    standings_page = client.get(reverse("tournament:standings", args=[tournament.slug]))
    url = reverse("tournament:team_standings", args=[tournament.slug])
    assert url in standings_page.content.decode()
    page = client.get(url).content.decode()
    assert "East" in page and "58" in page
    rows = list(csv.reader(io.StringIO(client.get(url + "?_export=csv").content.decode())))
    assert rows[0] == ["Rank", "Team", "Score", "Members"]
    assert rows[1][:3] == ["1", "East", "58.0"]
    assert rows[1][3] == "First002 Last002 40.0; First000 Last000 26.0; First001 Last001 -8.0"
    projector = client.get(reverse("tournament:team_standings_projector", args=[tournament.slug]))
    assert projector.status_code == 200
    rows_url = reverse("tournament:team_standings_projector_rows", args=[tournament.slug])
    assert "North" in client.get(rows_url).content.decode()


def test_the_export_escapes_a_team_name_that_would_be_a_formula(client, tournament, played):
    team_settings_update(tournament=tournament, size=4, score="sum", best=1, apart=False)
    make_team(tournament, "=HYPERLINK(1)", [played[0]])
    url = reverse("tournament:team_standings", args=[tournament.slug])
    rows = list(csv.reader(io.StringIO(client.get(url + "?_export=csv").content.decode())))
    assert rows[1][1] == "'=HYPERLINK(1)"
    book = openpyxl.load_workbook(io.BytesIO(client.get(url + "?_export=xlsx").content))
    assert book.active["B2"].value == "'=HYPERLINK(1)"


def test_no_teams_no_team_standings(client, tournament):
    url = reverse("tournament:team_standings", args=[tournament.slug])
    assert client.get(url).status_code == 404


def test_the_page_runs_as_many_queries_after_two_sheets_as_after_four(client, tournament, teams):
    url = reverse("tournament:team_standings", args=[tournament.slug])
    counts = []
    for after in ("1", "2"):  # two confirmed sheets, then four
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url, {"after": after}).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
