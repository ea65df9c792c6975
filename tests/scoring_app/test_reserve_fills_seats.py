"""A reserve who takes a withdrawn player's seats on the fill page plays them as herself
(EMA 2016 5.8, WRC 2015 7.2): her sheets are her own results, ranked when her results count;
the player who left is charged once for each session he misses.

16 players at 4 tables, 5 sessions.  Session 1 is played; player 0 (table 1, East) then
withdraws and the reserve Rita takes his seats in sessions 2-5 (the fill page).  Rita's
tables end, Rita first (East):

    session 2: 55100 25000 20000 19900   Rita 1st
    session 3: 35000 40000 25000 20000   Rita 2nd
    session 4: 49900 30100 22000 18000   Rita 1st
    session 5: 35700 40000 24300 20000   Rita 2nd

Worked by hand, EMA 2016 (3.6: (final - 30,000) / 1,000, no oka; 3.6.1: uma +15/+5/-5/-15)
and WRC 2015 (the same start, return and uma):

    session 2: +25.1 + 15 = +40.1
    session 3:  +5.0 +  5 = +10.0
    session 4: +19.9 + 15 = +34.9
    session 5:  +5.7 +  5 = +10.7
    total +95.7, table points +55.7

The player who left is charged once per session missed (sessions 2-5, four of them):
EMA 5.8 -15 points and -15 uma = -30 each, -120 in all (table points -60); WRC 7.2 -30
each, -120 in all.  Before the fix, Rita was marked "substitute (from the start)" and scored
-15 -15 = -30 every session (-120), whatever she played.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from results.standings.selectors import standings
from scoring.models import TableResult
from scoring.services import sheet_confirm
from tests.conftest import make_players
from tests.scoring_app.conftest import enter_final, seat_sessions
from tournament.models import Player, Registration, Session
from tournament.registration.services import registration_withdraw
from tournament.seating.vacancies import reserve_fill

NOW = dt.datetime(2026, 5, 2, 12, 0, tzinfo=dt.UTC)
RITA = {
    2: [55100, 25000, 20000, 19900],
    3: [35000, 40000, 25000, 20000],
    4: [49900, 30100, 22000, 18000],
    5: [35700, 40000, 24300, 20000],
}


@pytest.fixture
def filled(tournament, organiser):
    players = make_players(tournament, 16)
    Registration.objects.filter(tournament=tournament).update(checked_in=True)
    # Each session: tables of players 0-3, 4-7, 8-11, 12-15 (repeats do not matter here).
    sessions, tables = seat_sessions(
        tournament, players, [[[4 * t + w for w in range(4)] for t in range(4)]] * 5
    )
    first = sessions[0]
    for table in tables.values():
        enter_final(first, table, [30000, 30000, 30000, 30000])
    Session.objects.filter(pk=first.pk).update(state=Session.State.FINISHED)
    leaver = players[0]
    registration_withdraw(registration=Registration.objects.get(player=leaver))
    rita = Player.objects.create(first_name="Rita", last_name="Reserve", country="NL")
    reserve = Registration.objects.create(
        tournament=tournament,
        player=rita,
        status=Registration.Status.CONFIRMED,
        is_reserve=True,
        checked_in=True,
        results_count=True,
    )
    return {
        "players": players,
        "sessions": sessions,
        "table1": tables[1],
        "leaver": leaver,
        "rita": rita,
        "reserve": reserve,
    }


def _enter_through_the_form(client, session, table, points):
    """The referee's sheet form, with the substitute marks it offers for a new sheet."""
    url = reverse("scoring:sheet", args=[session.tournament.slug, session.number, table.number])
    form = client.get(url).context["form"]
    data = {"mode": "final", "version": 0, "riichi_left": 0, "action": "save"}
    for i, p in enumerate(points):
        data[f"points_{i}"] = p
        data[f"chombo_{i}"] = 0
        data[f"substitute_{i}"] = form.initial.get(f"substitute_{i}", "")
    assert client.post(url, data).status_code == 302
    sheet = session.sheets.get(table=table)
    return sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)


@pytest.mark.parametrize("ruleset", ["ema2016", "wrc2015"])
def test_a_reserve_who_fills_the_seats_plays_them_as_herself(
    client, tournament, organiser, referee, filled, ruleset
):
    tournament.ruleset = ruleset
    tournament.save(update_fields=["ruleset"])
    taken = reserve_fill(
        tournament=tournament, registration=filled["reserve"], user=organiser, now=NOW
    )
    assert [(v.session.number, v.table.number, v.wind) for v in taken] == [
        (n, 1, 0) for n in (2, 3, 4, 5)
    ]
    client.force_login(referee)
    for session in filled["sessions"][1:]:
        _enter_through_the_form(client, session, filled["table1"], RITA[session.number])

    results = TableResult.objects.filter(player=filled["rita"]).order_by("session__number")
    assert [r.substitute for r in results] == ["", "", "", ""]
    assert [r.score for r in results] == [
        Decimal("40.1"),
        Decimal("10"),
        Decimal("34.9"),
        Decimal("10.7"),
    ]

    rows = {row.player.pk: row for row in standings(tournament).rows}
    rita = rows[filled["rita"].pk]
    assert (rita.total, rita.table_points, rita.missed) == (Decimal("95.7"), Decimal("55.7"), [])
    # Ranked (her results count): first of the field, ahead of everyone at 0 or less.
    assert (rita.rank, rita.note) == (1, "")

    leaver = rows[filled["leaver"].pk]
    assert [m.session for m in leaver.missed] == [2, 3, 4, 5]  # once per session missed
    assert leaver.total == Decimal(-120)
    if ruleset == "ema2016":  # EMA 5.8: -15,000 points and -15 uma each
        assert [(m.table_points, m.uma) for m in leaver.missed] == [
            (Decimal(-15), Decimal(-15))
        ] * 4
    else:  # WRC 7.2: a 30-point penalty, no points, no uma
        assert [m.score for m in leaver.missed] == [Decimal(-30)] * 4


def test_a_reserve_whose_results_do_not_count_is_listed_without_a_place(
    client, tournament, organiser, referee, filled
):
    Registration.objects.filter(pk=filled["reserve"].pk).update(results_count=False)
    reserve_fill(tournament=tournament, registration=filled["reserve"], user=organiser, now=NOW)
    client.force_login(referee)
    session = filled["sessions"][1]
    _enter_through_the_form(client, session, filled["table1"], RITA[2])
    row = next(r for r in standings(tournament).rows if r.player == filled["rita"])
    # Her own sheet (+40.1), not a substitute's -30; not ranked (EMA 5.8).
    assert (row.total, row.rank, row.note) == (Decimal("40.1"), None, "substitute")


def test_a_seated_reserve_who_does_not_fill_in_is_still_offered_as_substitute(
    client, tournament, referee, filled
):
    """A reserve put in a seat for one session (not filling in) stands in for the absent
    player: the sheet offers "substitute from the start" (EMA 5.8)."""
    session = filled["sessions"][1]
    session.seats.filter(table__number=2, wind=1).update(player=filled["rita"])
    client.force_login(referee)
    url = reverse("scoring:sheet", args=[tournament.slug, 2, 2])
    form = client.get(url).context["form"]
    assert form.initial["substitute_1"] == "start"
    Registration.objects.filter(pk=filled["reserve"].pk).update(fills_in=True)
    form = client.get(url).context["form"]
    assert form.initial["substitute_1"] == ""


@pytest.mark.parametrize(
    ("ruleset", "charge"),
    [("ema2016", "-30.0 (-15.0 points, -15.0 uma)"), ("wrc2015", "-30.0 (-30.0 points, 0.0 uma)")],
)
def test_the_fill_page_says_what_the_reserve_and_the_leaver_get(
    client, tournament, organiser, filled, ruleset, charge
):
    tournament.ruleset = ruleset
    tournament.save(update_fields=["ruleset"])
    client.force_login(organiser)
    url = reverse("tournament:seating_fill", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert (
        f"{filled['leaver']} left the event: charged {charge} once for each session missed" in page
    )
    assert "As played; they count for the ranking" in page
    Registration.objects.filter(pk=filled["reserve"].pk).update(results_count=False)
    page = client.get(url).content.decode()
    assert "As played; not counted for the ranking (listed without a place)" in page
