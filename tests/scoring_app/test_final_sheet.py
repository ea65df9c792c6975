"""Final-score sheets: the EMA sheet's values worked from the EMA 2016 rulebook (3.6, 3.6.1,
3.4.6, 5.8) and WRC 2015 (7.2), entered through the services and the referee's form."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from scoring.models import ScoreSheet, TableResult
from tests.scoring_app.conftest import enter_final


def scores(sheet) -> dict[int, tuple]:
    return {
        r.wind: (r.points, r.rank, r.uma, r.penalty, r.score)
        for r in TableResult.objects.filter(sheet=sheet)
    }


def test_uma_follows_the_places(seated_session, table1):
    # EMA 3.6 / 3.6.1: (final - 30,000) / 1,000 plus +15/+5/-5/-15.
    sheet = enter_final(seated_session, table1, [41000, 27000, 30000, 22000])
    got = scores(sheet)
    assert got[0][1:] == (1, Decimal(15), Decimal(0), Decimal(26))
    assert got[2][1:] == (2, Decimal(5), Decimal(0), Decimal(5))
    assert got[1][1:] == (3, Decimal(-5), Decimal(0), Decimal(-8))
    assert got[3][1:] == (4, Decimal(-15), Decimal(0), Decimal(-23))


def test_tied_players_split_the_uma_of_their_places(seated_session, table1):
    # EMA 3.6.1: two players tied first each get (15 + 5) / 2 = 10.
    got = scores(enter_final(seated_session, table1, [35000, 25000, 35000, 25000]))
    assert [got[w][1] for w in range(4)] == [1, 3, 1, 3]
    assert [got[w][2] for w in range(4)] == [Decimal(10), Decimal(-10), Decimal(10), Decimal(-10)]
    assert [got[w][4] for w in range(4)] == [Decimal(15), Decimal(-15), Decimal(15), Decimal(-15)]


def test_leftover_riichi_sticks_go_to_the_winner(seated_session, table1):
    # EMA 3.6: sticks left on the table are collected by the winner.
    got = scores(enter_final(seated_session, table1, [40000, 30000, 25000, 24000], riichi_left=1))
    assert got[0][0] == 41000
    assert got[0][4] == Decimal(26)  # 11 + 15


def test_wrc_leaves_the_sticks_on_the_table(seated_session, table1):
    # WRC 5.9: riichi sticks left at the end stay on the table; nobody collects them.
    seated_session.tournament.ruleset = "wrc2015"
    seated_session.tournament.save()
    sheet = enter_final(seated_session, table1, [40000, 30000, 25000, 24000], riichi_left=1)
    got = scores(sheet)
    assert got[0][0] == 40000
    assert got[0][4] == Decimal(25)  # 10 + 15
    assert sheet.result["riichi_left"] == 1


def test_chombo_is_deducted_after_uma_without_changing_the_places(seated_session, table1):
    # EMA 3.4.6: 20,000 points deducted after uma; the table ranking is untouched.
    got = scores(
        enter_final(seated_session, table1, [41000, 27000, 30000, 22000], chombo=[1, 0, 0, 0])
    )
    assert got[0][1:] == (1, Decimal(15), Decimal(-20), Decimal(6))


def test_substitute_from_the_start_counts_for_the_opponents_uma(seated_session, table1):
    # EMA 5.8: the substitute wins the table: entered as -15 and -15 uma; the others get
    # 5, -5 and -15 ("no one will have the winner uma of 15,000").
    sheet = enter_final(
        seated_session, table1, [41000, 27000, 30000, 22000], subs=["start", "", "", ""]
    )
    got = scores(sheet)
    assert got[0][2:] == (Decimal(-15), Decimal(0), Decimal(-30))
    assert got[2][2] == Decimal(5)
    assert got[1][2] == Decimal(-5)
    assert got[3][2] == Decimal(-15)
    assert TableResult.objects.get(sheet=sheet, wind=0).substitute == "start"


def test_substitute_who_joined_during_the_session_leaves_15_5_minus5_to_the_others(
    seated_session, table1
):
    # EMA 5.8: "the other three players will get the 15,000, 5,000 and -5,000 uma even if
    # the substitute scored the most points at the table".
    got = scores(
        enter_final(
            seated_session, table1, [41000, 27000, 30000, 22000], subs=["during", "", "", ""]
        )
    )
    assert got[0][4] == Decimal(-30)
    assert (got[2][2], got[2][4]) == (Decimal(15), Decimal(15))  # 30000: 0 + 15
    assert (got[1][2], got[1][4]) == (Decimal(5), Decimal(2))  # 27000: -3 + 5
    assert (got[3][2], got[3][4]) == (Decimal(-5), Decimal(-13))  # 22000: -8 - 5


def test_wrc_substitute_is_scored_normally(seated_session, table1):
    # WRC 2015 7.2: substitutes "are scored normally".
    seated_session.tournament.ruleset = "wrc2015"
    seated_session.tournament.save()
    got = scores(
        enter_final(
            seated_session, table1, [41000, 27000, 30000, 22000], subs=["start", "", "", ""]
        )
    )
    assert got[0][4] == Decimal(26)


def test_organiser_uma_override_is_applied(seated_session, table1):
    tournament = seated_session.tournament
    tournament.rule_overrides = {"uma": [20, 10, -10, -20]}
    tournament.save()
    got = scores(enter_final(seated_session, table1, [41000, 27000, 30000, 22000]))
    assert got[0][4] == Decimal(31)


# --- the referee's form -----------------------------------------------------------------


def sheet_url(session, table, mode="final"):
    url = reverse("scoring:sheet", args=[session.tournament.slug, session.number, table.number])
    return f"{url}?mode={mode}"


def final_post(points, version=0, riichi_left=0, **extra):
    data = {"mode": "final", "version": version, "riichi_left": riichi_left, "action": "save"}
    for i, p in enumerate(points):
        data[f"points_{i}"] = p
        data[f"chombo_{i}"] = 0
        data[f"substitute_{i}"] = ""
    data.update(extra)
    return data


def test_referee_enters_a_sheet_and_sees_the_result(client, referee, seated_session, table1):
    client.force_login(referee)
    response = client.post(
        sheet_url(seated_session, table1), final_post([41000, 27000, 30000, 22000])
    )
    assert response.status_code == 302
    sheet = ScoreSheet.objects.get(session=seated_session, table=table1)
    assert sheet.version == 1 and sheet.status == "entered"
    page = client.get(sheet_url(seated_session, table1)).content.decode()
    assert "Confirm sheet" in page
    assert "26" in page


def test_points_not_in_hundreds_come_back_at_the_field_and_nothing_is_lost(
    client, referee, seated_session, table1
):
    client.force_login(referee)
    response = client.post(
        sheet_url(seated_session, table1), final_post([41050, 26950, 30000, 22000])
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert "not whole hundreds" in " ".join(form.errors["points_0"])
    assert "First000 Last000" in " ".join(form.errors["points_0"])
    page = response.content.decode()
    assert 'value="41050"' in page and 'value="26950"' in page
    assert not ScoreSheet.objects.exists()


def test_points_that_do_not_add_up_name_the_totals(client, referee, seated_session, table1):
    client.force_login(referee)
    response = client.post(
        sheet_url(seated_session, table1), final_post([41000, 27000, 30000, 21000])
    )
    errors = " ".join(response.context["form"].errors["riichi_left"])
    assert "119000" in errors and "120000" in errors
    assert not ScoreSheet.objects.exists()


def test_a_seated_reserve_is_offered_as_substitute_from_the_start(
    client, referee, seated_session, table1, reserve
):
    seat = seated_session.seats.get(table=table1, wind=1)
    seat.player = reserve
    seat.save()
    client.force_login(referee)
    form = client.get(sheet_url(seated_session, table1)).context["form"]
    assert form.initial["substitute_1"] == "start"
    assert form.initial["substitute_0"] == ""


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_only_staff_enter_sheets(client, who, stranger, seated_session, table1):
    if who == "stranger":
        client.force_login(stranger)
    response = client.post(
        sheet_url(seated_session, table1), final_post([41000, 27000, 30000, 22000])
    )
    assert response.status_code in (302, 403)
    if who == "stranger":
        assert response.status_code == 403
    assert not ScoreSheet.objects.exists()
