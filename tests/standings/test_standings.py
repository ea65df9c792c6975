"""Standings, per-session results, the player page, the projector and the exports.

Most tests read ``finished_session_2`` (tests/conftest.py): 8 players, 2 sessions, every
sheet confirmed, with the points worked by hand in FINAL_POINTS."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse

from referee.decisions import RefereeDecisions, RefereePenalty
from results.standings import selectors as standings_module
from results.standings.selectors import standings
from scoring.models import StandingsSettings
from tests.conftest import enter_final, make_players, seat_sessions
from tournament.models import Player, Registration, Tournament


def totals(result):
    return {row.player.last_name: (row.rank, row.total) for row in result.rows}


def test_standings_add_the_sessions_and_share_equal_places(tournament, finished_session_2):
    result = standings(tournament)
    got = totals(result)
    # p0: 26 + 0; p4: 15 + 0; p5: 15 + 0 -> p4 and p5 share 3rd place.
    # Session 2 table 2: p2 50000 -> 20 + 15 = 35; p3/p7 25000 tie 3rd: -5 + (-5-15)/2 = -15;
    # p6 20000 -> -10 - 15 = -25.
    assert got["Last002"] == (1, Decimal(40))  # 5 + 35
    assert got["Last000"] == (2, Decimal(26))
    assert got["Last004"] == (3, Decimal(15))
    assert got["Last005"] == (3, Decimal(15))
    assert got["Last001"] == (5, Decimal(-8))
    assert got["Last007"] == (6, Decimal(-20))  # -15 - 5
    assert got["Last003"] == (7, Decimal(-28))  # -23 - 5
    assert got["Last006"] == (8, Decimal(-40))  # -15 - 25
    assert result.session_numbers == [1, 2]
    assert sum(row.total for row in result.rows) == 0  # every table is zero-sum


def test_standings_after_an_earlier_session(tournament, finished_session_2):
    got = totals(standings(tournament, after_session=1))
    assert got["Last000"] == (1, Decimal(26))
    assert got["Last002"][1] == Decimal(5)


def test_tie_break_by_table_points_is_configurable(tournament):
    players = make_players(tournament, 8)
    sessions, tables = seat_sessions(tournament, players, [[[0, 1, 2, 3], [4, 5, 6, 7]]])
    # Table 1: p1 and p2 tie second on 35,000: 5 table points + uma (5 - 5) / 2 = 5.
    enter_final(sessions[0], tables[1], [40000, 35000, 35000, 10000])
    # Table 2: p5 second on 30,000: 0 table points + 5 uma = 5.
    enter_final(sessions[0], tables[2], [40000, 30000, 25000, 25000])
    shared = totals(standings(tournament))
    assert shared["Last001"] == shared["Last002"] == shared["Last005"] == (3, Decimal(5))
    StandingsSettings.objects.create(tournament=tournament, tie_break="table_points")
    result = standings(tournament)
    ordered = totals(result)
    assert ordered["Last001"] == ordered["Last002"] == (3, Decimal(5))
    assert ordered["Last005"] == (5, Decimal(5))
    assert result.tie_break == "table_points"


def test_tie_break_by_best_session(tournament):
    players = make_players(tournament, 4)
    sessions, tables = seat_sessions(tournament, players, [[[0, 1, 2, 3]], [[0, 1, 2, 3]]])
    # p0: 25 then -25 (best 25); p2: 0 then 0 (best 0); both total 0.
    enter_final(sessions[0], tables[1], [40000, 30000, 30000, 20000])
    enter_final(sessions[1], tables[1], [20000, 40000, 30000, 30000])
    shared = totals(standings(tournament))
    assert shared["Last000"] == shared["Last002"] == (2, Decimal(0))
    StandingsSettings.objects.create(tournament=tournament, tie_break="best_session")
    ordered = totals(standings(tournament))
    assert ordered["Last000"] == (2, Decimal(0))
    assert ordered["Last002"] == (3, Decimal(0))


def test_only_confirmed_sheets_move_the_standings(tournament, seated_session, table1):
    enter_final(seated_session, table1, [41000, 27000, 30000, 22000], confirm=False)
    assert totals(standings(tournament))["Last000"][1] == 0
    assert standings(tournament).session_numbers == []


def test_referee_desk_penalties_plug_in_after_uma(tournament, finished_session_2, monkeypatch):
    players = finished_session_2.players
    decisions = RefereeDecisions(
        penalties=(RefereePenalty(players[2].pk, 2, Decimal(-12), "obstruction, EMA 5.5"),)
    )
    monkeypatch.setattr(standings_module, "referee_decisions", lambda t: decisions)
    result = standings(tournament)
    row = next(r for r in result.rows if r.player == players[2])
    assert row.total == Decimal(28)  # 40 - 12
    assert row.penalties == Decimal(-12)
    assert row.by_session[2] == Decimal(23)
    assert row.rank == 1  # still ahead of p0's 26
    # Standings after session 1 do not see a penalty of session 2.
    early = next(r for r in standings(tournament, after_session=1).rows if r.player == players[2])
    assert early.total == Decimal(5)


def test_disqualified_player_is_ranked_last_under_ema(tournament, finished_session_2, monkeypatch):
    players = finished_session_2.players
    monkeypatch.setattr(
        standings_module,
        "referee_decisions",
        lambda t: RefereeDecisions(disqualified=frozenset({players[2].pk})),
    )
    rows = standings(tournament).rows
    assert rows[-1].player == players[2] and rows[-1].rank == 8 and rows[-1].note == "disqualified"
    assert rows[0].player == players[0]


def test_disqualified_player_is_not_ranked_under_wrc(tournament, finished_session_2, monkeypatch):
    tournament.ruleset = "wrc2015"
    tournament.save()
    players = finished_session_2.players
    monkeypatch.setattr(
        standings_module,
        "referee_decisions",
        lambda t: RefereeDecisions(disqualified=frozenset({players[2].pk})),
    )
    row = next(r for r in standings(tournament).rows if r.player == players[2])
    assert row.rank is None


def test_substitute_is_listed_but_not_ranked(tournament, seated_session, table1, reserve):
    seat = seated_session.seats.get(table=table1, wind=0)
    seat.player = reserve
    seat.save()
    enter_final(seated_session, table1, [41000, 27000, 30000, 22000], subs=["start", "", "", ""])
    rows = standings(tournament).rows
    sub = next(r for r in rows if r.player == reserve)
    assert (sub.rank, sub.total, sub.note) == (None, Decimal(-30), "substitute")
    assert rows[-1] == sub
    # A reserve who agreed that the results count is ranked (EMA requirements).
    Registration.objects.filter(player=reserve).update(results_count=True)
    sub = next(r for r in standings(tournament).rows if r.player == reserve)
    assert sub.rank is not None


def test_the_substitute_badge_speaks_the_readers_language(
    client, tournament, seated_session, table1, reserve
):
    seat = seated_session.seats.get(table=table1, wind=0)
    seat.player = reserve
    seat.save()
    enter_final(seated_session, table1, [41000, 27000, 30000, 22000], subs=["start", "", "", ""])
    url = reverse("tournament:standings", args=[tournament.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<span class="badge">Ersatzspieler</span>' in page
    assert '<span class="badge">substitute</span>' not in page
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert '<span class="badge">substitute</span>' not in page


# --- pages ----------------------------------------------------------------------------


def test_standings_page_shows_rank_country_sessions_and_penalties(
    client, tournament, finished_session_2
):
    response = client.get(reverse("tournament:standings", args=[tournament.slug]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Last002, First002" in page and "Germany" in page
    assert "S1</" in page and "S2</" in page
    table = response.context["table"]
    first = table.page.object_list.data[0]
    assert first["name"] == "Last002, First002" and first["rank"] == 1
    assert first["s1"] == Decimal(5) and first["s2"] == Decimal(35) and first["played"] == 2


def test_standings_sort_by_a_column(client, tournament, finished_session_2):
    response = client.get(reverse("tournament:standings", args=[tournament.slug]), {"sort": "name"})
    names = [r["name"] for r in response.context["table"].page.object_list.data]
    assert names == sorted(names)


def test_standings_sort_by_a_session_column(client, tournament, finished_session_2):
    url = reverse("tournament:standings", args=[tournament.slug])
    response = client.get(url, {"sort": "-s2"})
    rows = response.context["table"].page.object_list.data
    assert [r["s2"] for r in rows] == sorted((r["s2"] for r in rows), reverse=True)
    assert rows[0]["name"] == "Last002, First002" and rows[0]["s2"] == Decimal(35)


def test_standings_page_completes_only_the_rows_it_shows(
    client, tournament, monkeypatch, django_assert_max_num_queries
):
    """Flags, links and session cells for the 50 rows of the page, not for all 60; the page
    shows the desk's penalty in its session's cell."""
    people = build_event(tournament, 60, 2)
    decisions = RefereeDecisions(
        penalties=(RefereePenalty(people[59].pk, 2, Decimal(-100), "obstruction"),)
    )
    monkeypatch.setattr(standings_module, "referee_decisions", lambda t: decisions)
    url = reverse("tournament:standings", args=[tournament.slug])
    with django_assert_max_num_queries(14):
        first = client.get(url).context["table"]
    records = first.data.data
    shown = {r["player_id"] for r in first.page.object_list.data}
    assert len(shown) == 50
    assert all(("url" in r) == (r["player_id"] in shown) for r in records)
    last = client.get(url, {"page": 2})
    row = next(
        r for r in last.context["table"].page.object_list.data if r["player_id"] == people[59].pk
    )
    assert row["s2"] == row["total"] - row["s1"] and row["penalties"] == Decimal(-100)
    assert f"/players/{people[59].pk}/" in last.content.decode()


def test_standings_page_with_the_best_session_tie_break(client, tournament):
    players = make_players(tournament, 4)
    sessions, tables = seat_sessions(tournament, players, [[[0, 1, 2, 3]], [[0, 1, 2, 3]]])
    enter_final(sessions[0], tables[1], [40000, 30000, 30000, 20000])
    enter_final(sessions[1], tables[1], [20000, 40000, 30000, 30000])
    StandingsSettings.objects.create(tournament=tournament, tie_break="best_session")
    table = client.get(reverse("tournament:standings", args=[tournament.slug])).context["table"]
    ranks = {r["name"]: r["rank"] for r in table.page.object_list.data}
    assert ranks["Last000, First000"] == 2 and ranks["Last002, First002"] == 3


def test_standings_export_csv_xlsx_json(client, tournament, finished_session_2):
    url = reverse("tournament:standings", args=[tournament.slug])
    body = client.get(url, {"_export": "csv"}).content.decode("utf-8")
    rows = list(csv.reader(io.StringIO(body)))
    assert rows[0][:5] == ["Rank", "Player", "EMA number", "Country", "Total"]
    assert rows[1][:5] == ["1", "Last002, First002", "05000002", "DE", "40.0"]
    data = json.loads(client.get(url, {"_export": "json"}).content)
    assert data[0]["Player"] == "Last002, First002"
    book = openpyxl.load_workbook(io.BytesIO(client.get(url, {"_export": "xlsx"}).content))
    assert book.active["B2"].value == "Last002, First002"


def test_draft_tournament_standings_are_hidden(client, draft_tournament):
    response = client.get(reverse("tournament:standings", args=[draft_tournament.slug]))
    assert response.status_code == 404


def test_session_results_page_lists_tables(client, tournament, finished_session_2):
    response = client.get(reverse("tournament:session_results", args=[tournament.slug, 2]))
    page = response.content.decode()
    assert "Table 1" in page and "Table 2" in page
    # Table points whole and grouped in the reader's language (web/numbers.py).
    assert ">50,000<" in page
    assert response.context["missing"] == 0


def test_player_page_shows_sessions_opponents_and_chart(client, tournament, finished_session_2):
    players = finished_session_2.players
    response = client.get(reverse("tournament:player", args=[tournament.slug, players[2].pk]))
    page = response.content.decode()
    sessions = response.context["sessions"]
    assert [s.running_total for s in sessions] == [Decimal(5), Decimal(40)]
    assert [o.player.last_name for o in sessions[1].opponents] == ["Last006", "Last003", "Last007"]
    assert "<svg" in page and "<polyline" in page
    assert "after session 2: 40" in page


def test_in_german_the_seat_and_the_place_have_different_words(
    client, tournament, finished_session_2
):
    """One card of the player page names the seat (the wind) and the place at the table:
    German "Platz" for both said neither; the seat is the "Wind"."""
    players = finished_session_2.players
    url = reverse("tournament:player", args=[tournament.slug, players[2].pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    head = page[page.index("<thead>") : page.index("</thead>")]
    assert head.count(">Platz<") == 1 and ">Wind<" in head


def test_projector_pages_through_the_standings(client, tournament, finished_session_2, monkeypatch):
    from results.standings import views as views_results

    monkeypatch.setattr(views_results, "PROJECTOR_ROWS", 3)
    page = client.get(reverse("tournament:standings_projector", args=[tournament.slug]))
    assert b"projector" in page.content
    rows_url = reverse("tournament:standings_projector_rows", args=[tournament.slug])
    first = client.get(rows_url, {"page": 1}).content.decode()
    third = client.get(rows_url, {"page": 3}).content.decode()
    assert 'data-pages="3"' in first
    assert "First002 Last002" in first and "First002 Last002" not in third


def test_previous_session_results_on_the_projector(client, tournament, finished_session_2):
    url = reverse("tournament:session_results_projector_rows", args=[tournament.slug, 1])
    body = client.get(url).content.decode()
    assert body.index("First000 Last000") < body.index("First003 Last003")  # 26 before -23
    assert "Session 1" in body


def test_previous_session_results_on_the_projector_in_german(
    client, tournament, finished_session_2
):
    """The hall screen between sessions speaks the hall's language: no English word left."""
    slug = tournament.slug
    rows = client.get(
        reverse("tournament:session_results_projector_rows", args=[slug, 1]),
        HTTP_ACCEPT_LANGUAGE="de",
    ).content.decode()
    frame = client.get(
        reverse("tournament:session_results_projector", args=[slug, 1]),
        HTTP_ACCEPT_LANGUAGE="de",
    ).content.decode()
    assert "Runde 1" in rows and ">Wertung<" in rows and ">Tisch<" in rows
    assert "Tisch 1, Rang 1" in rows  # First000 won at table 1 (FINAL_POINTS)
    assert "Ergebnisse der Runde 1" in frame
    for english in ("place ", ">Score<", ">Table<", "session 1", "Results of session"):
        assert english not in rows + frame


# --- the EMA results file -----------------------------------------------------------------


def test_ema_results_file_csv(client, organiser, tournament, finished_session_2):
    client.force_login(organiser)
    response = client.get(reverse("tournament:ema_export", args=[tournament.slug, "csv"]))
    assert response.content.startswith(b"\xef\xbb\xbf")  # a BOM for spreadsheet programs
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == [
        "position",
        "EMA number",
        "last name",
        "first name",
        "nationality",
        "points",
        "table points",
        "EMA base rank",
    ]
    # Points with "." and one decimal, table points whole: the files' one format.
    assert rows[1] == ["1", "05000002", "Last002", "First002", "DE", "40.0", "20000", "1000"]
    # p4 and p5 share third place, filling places 3 and 4: the base rank of their average
    # (EMA ranking rules, exports.ema_base_rank): round((8 - 3.5) / 7 * 1000) = 643.
    shared = [r for r in rows[1:] if r[0] == "3"]
    assert {r[2] for r in shared} == {"Last004", "Last005"}
    assert all(r[7] == "643" for r in shared)
    assert rows[-1][7] == "0"


def test_ema_results_file_xlsx_keeps_ema_numbers_as_text(
    client, organiser, tournament, finished_session_2
):
    client.force_login(organiser)
    response = client.get(reverse("tournament:ema_export", args=[tournament.slug, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet["A1"].value == "position"
    assert sheet["B2"].value == "05000002"
    assert sheet.max_row == 9


def test_ema_results_file_leaves_out_substitutes_and_wrc_disqualified(
    client, organiser, tournament, seated_session, table1, reserve, monkeypatch
):
    seat = seated_session.seats.get(table=table1, wind=0)
    seat.player = reserve
    seat.save()
    enter_final(seated_session, table1, [41000, 27000, 30000, 22000], subs=["start", "", "", ""])
    client.force_login(organiser)
    url = reverse("tournament:ema_export", args=[tournament.slug, "csv"])
    body = client.get(url).content.decode("utf-8-sig")
    assert "Reserve" not in body
    tournament.ruleset = "wrc2015"
    tournament.save()
    out = Player.objects.get(last_name="Last001")
    monkeypatch.setattr(
        standings_module,
        "referee_decisions",
        lambda t: RefereeDecisions(disqualified=frozenset({out.pk})),
    )
    assert "Last001" not in client.get(url).content.decode("utf-8-sig")


def test_ema_results_file_is_for_staff(client, stranger, tournament, finished_session_2):
    client.force_login(stranger)
    response = client.get(reverse("tournament:ema_export", args=[tournament.slug, "csv"]))
    assert response.status_code == 403


# --- queries do not grow with players or sessions ---------------------------------------


def build_event(tournament: Tournament, players: int, sessions: int):
    people = make_players(tournament, players)
    rounds = []
    for s in range(sessions):
        order = people[s:] + people[:s]  # a different seating each session
        rounds.append([[people.index(p) for p in order[t : t + 4]] for t in range(0, players, 4)])
    made, tables = seat_sessions(tournament, people, rounds)
    pattern = [41000, 27000, 30000, 22000]
    for session in made:
        for table in tables.values():
            enter_final(session, table, pattern)
    return people


@pytest.mark.parametrize(("players", "sessions"), [(8, 1), (40, 4)])
def test_result_pages_queries_do_not_grow(
    client, tournament, players, sessions, django_assert_max_num_queries
):
    people = build_event(tournament, players, sessions)
    slug = tournament.slug
    urls = [
        reverse("tournament:standings", args=[slug]),
        reverse("tournament:standings", args=[slug]) + "?_export=xlsx",
        reverse("tournament:standings_projector_rows", args=[slug]),
        reverse("tournament:session_results", args=[slug, 1]),
        reverse("tournament:session_results_projector_rows", args=[slug, 1]),
        reverse("tournament:player", args=[slug, people[0].pk]),
    ]
    for url in urls:
        # 18: the player page reads the standings' own rows, a fixed number of
        # queries more; the same bound for 8 players and 1 session as for 40 and 4.
        with django_assert_max_num_queries(18):
            assert client.get(url).status_code == 200


@pytest.mark.parametrize(("players", "sessions"), [(8, 1), (40, 4)])
def test_sheet_pages_queries_do_not_grow(
    client, referee, tournament, players, sessions, django_assert_max_num_queries
):
    build_event(tournament, players, sessions)
    client.force_login(referee)
    with django_assert_max_num_queries(12):
        assert client.get(reverse("scoring:session", args=[tournament.slug, 1])).status_code == 200
    with django_assert_max_num_queries(14):
        assert client.get(reverse("scoring:sheet", args=[tournament.slug, 1, 1])).status_code == 200


@pytest.mark.parametrize(("players", "sessions"), [(8, 1), (40, 4)])
def test_sheet_save_and_confirm_queries_do_not_grow(
    client, referee, tournament, players, sessions, django_assert_max_num_queries
):
    """Saving and confirming a sheet read the table, not the event: the same bounds with 2
    sheets as with 40 (and the confirmation writes the sheet and its version only)."""
    from tournament.models import Session

    people = build_event(tournament, players, sessions)
    extra = Session.objects.create(tournament=tournament, number=sessions + 1)
    for seat in tournament.sessions.get(number=1).seats.all():
        extra.seats.create(table=seat.table, wind=seat.wind, player=seat.player)
    assert len(people) == players
    client.force_login(referee)
    url = reverse("scoring:sheet", args=[tournament.slug, extra.number, 1])
    data = {"mode": "final", "version": "0", "riichi_left": "0", "reason": ""}
    for seat, points in enumerate([40000, 30000, 28000, 22000]):
        data |= {f"points_{seat}": points, f"chombo_{seat}": 0, f"substitute_{seat}": ""}
    with django_assert_max_num_queries(20):
        assert client.post(url, data).status_code == 302
    with django_assert_max_num_queries(11):
        assert client.post(url + "confirm/", {"version": "1"}).status_code == 302
    assert extra.sheets.get().is_confirmed


def test_organiser_sets_the_tie_break_and_others_cannot(client, organiser, referee, tournament):
    url = reverse("scoring:standings_settings", args=[tournament.slug])
    client.force_login(referee)
    assert client.post(url, {"tie_break": "table_points"}).status_code == 403
    assert not StandingsSettings.objects.exists()
    client.force_login(organiser)
    page = client.get(reverse("tournament:standings", args=[tournament.slug])).content.decode()
    assert 'name="tie_break"' in page
    assert client.post(url, {"tie_break": "table_points"}).status_code == 302
    assert StandingsSettings.objects.get(tournament=tournament).tie_break == "table_points"
    assert client.post(url, {"tie_break": "coin_toss"}).status_code == 302
    assert StandingsSettings.objects.get(tournament=tournament).tie_break == "table_points"


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_player_chart_coordinates_keep_a_decimal_point(
    client, tournament, finished_session_2, lang
):
    """German and Polish pages wrote y1="30,0", which no browser reads."""
    import re

    players = finished_session_2.players
    url = reverse("tournament:player", args=[tournament.slug, players[2].pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert re.search(r'(x|y|x1|y1|cx|cy)="\d+\.\d"', svg)
    for attrs in re.findall(r"<(?:svg|line|circle|text)[^>]*>", svg):
        assert not re.search(r'="[^"]*\d,\d', attrs), attrs
    # The polyline's points are "x,y x,y": a comma between, a point within.
    points = re.search(r'points="([^"]*)"', svg).group(1)
    assert re.fullmatch(r"-?\d+(\.\d+)?,-?\d+(\.\d+)?( -?\d+(\.\d+)?,-?\d+(\.\d+)?)*", points)
