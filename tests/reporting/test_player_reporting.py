"""Players report their table's result, table-mates confirm, referees settle disputes."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from results.standings.selectors import confirmed_results
from scoring.models import PersonalCode, ReportingSettings, ScoreSheet, SheetResponse
from scoring.reporting.selectors import desk_alerts
from scoring.reporting.services import (
    CodeNotAccepted,
    ReportError,
    ensure_personal_codes,
    respond_with_code,
    sheet_respond,
)
from tests.scoring_app.test_hands_sheet import hands_post, ron
from tournament.models import Player, Session
from tournament.slip_codes import ALPHABET as CODE_ALPHABET

POINTS = [41000, 27000, 30000, 22000]


def final_post(points, version=0, **extra):
    data = {"mode": "final", "version": version, "riichi_left": 0, "action": "save"}
    for i, p in enumerate(points):
        data[f"points_{i}"] = p
        data[f"chombo_{i}"] = 0
        data[f"substitute_{i}"] = ""
    data.update(extra)
    return data


def enter(client, user, points=POINTS, version=0):
    client.force_login(user)
    return client.post(reverse("reporting:enter", args=["test-open"]), final_post(points, version))


def answer(client, user, kind="confirmed", version=1, reason=""):
    client.force_login(user)
    return client.post(
        reverse("reporting:answer", args=["test-open"]),
        {"version": version, "kind": kind, "reason": reason},
    )


def sheet1(running) -> ScoreSheet:
    return ScoreSheet.objects.get(session=running, table__number=1)


def test_referees_only_by_default_players_cannot_enter(client, accounts, running):
    ReportingSettings.objects.filter(tournament=running.tournament).update(
        entry=ReportingSettings.Entry.REFEREES
    )
    assert enter(client, accounts[0]).status_code == 403
    assert not ScoreSheet.objects.exists()


def test_a_player_enters_and_the_sheet_counts_only_when_all_four_confirmed(
    client, accounts, running
):
    response = enter(client, accounts[1])  # South of table 1
    assert response.status_code == 302
    sheet = sheet1(running)
    assert sheet.status == "entered" and sheet.version == 1 and sheet.updated_by == accounts[1]
    # The same rules core result as a referee's sheet: East 41,000 is first, +11 +15 uma.
    assert sheet.result["seats"]["E"]["score"] == 26.0
    # Not confirmed: the standings do not count it.
    assert not confirmed_results(running.tournament).exists()
    page = client.get(reverse("reporting:my_table", args=["test-open"])).content.decode()
    assert "Waiting for confirmation" in page
    assert answer(client, accounts[0]).status_code == 302
    assert answer(client, accounts[2]).status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == "entered"  # three of four
    assert not confirmed_results(running.tournament).exists()
    assert answer(client, accounts[3]).status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == "confirmed" and sheet.confirmed_by == accounts[3]
    assert confirmed_results(running.tournament).count() == 4
    # The history: the versions as for a referee, and every player's answer.
    assert list(sheet.versions.values_list("number", "action", "user__username")) == [
        (1, "entered", "p1"),
        (2, "confirmed", "p3"),
    ]
    assert list(sheet.responses.values_list("player__user__username", "kind", "version")) == [
        ("p1", "entered", 1),
        ("p0", "confirmed", 1),
        ("p2", "confirmed", 1),
        ("p3", "confirmed", 1),
    ]
    client.force_login(accounts[0])
    page = client.get(reverse("reporting:my_table", args=["test-open"])).content.decode()
    assert "Confirmed" in page and "Is this sheet right?" not in page
    # Once confirmed, only a referee corrects it.
    assert enter(client, accounts[2], version=2).status_code == 302
    sheet.refresh_from_db()
    assert sheet.version == 2 and sheet.entry["points"] == POINTS


def test_a_player_of_another_table_can_neither_enter_nor_confirm(client, accounts, running):
    enter(client, accounts[0])
    sheet = sheet1(running)
    stranger_player = Player.objects.get(user=accounts[4])  # East of table 2
    with pytest.raises(ReportError, match="own table"):
        sheet_respond(
            sheet=sheet, version=1, player=stranger_player, user=accounts[4], kind="confirmed"
        )
    # His "my table" page is table 2's, with no sheet: his answer cannot reach table 1.
    response = answer(client, accounts[4])
    assert response.status_code == 302
    assert not sheet.responses.filter(player=stranger_player).exists()
    # His entry goes to table 2, never to table 1.
    enter(client, accounts[4], points=[30000, 30000, 30000, 30000])
    assert sheet1(running).entry["points"] == POINTS
    assert ScoreSheet.objects.get(table__number=2).entry["points"] == [30000] * 4


def test_only_the_session_being_played(client, accounts, running):
    """A sheet of an earlier session is the referees' once the next one is running."""
    enter(client, accounts[0])
    sheet = sheet1(running)
    running.state = Session.State.FINISHED
    running.save(update_fields=["state"])
    later = Session.objects.create(
        tournament=running.tournament, number=2, state=Session.State.RUNNING
    )
    for seat in running.seats.all():
        later.seats.create(table=seat.table, wind=(seat.wind + 1) % 4, player=seat.player)
    with pytest.raises(ReportError, match="session being played"):
        sheet_respond(
            sheet=sheet,
            version=1,
            player=Player.objects.get(user=accounts[1]),
            user=accounts[1],
            kind="confirmed",
        )


def test_a_planned_session_cannot_be_reported(client, accounts, running):
    running.state = Session.State.PLANNED
    running.save(update_fields=["state"])
    assert enter(client, accounts[0]).status_code == 403


def test_a_dispute_goes_to_the_desk_in_red_and_a_referee_settles_it(
    client, accounts, running, referee
):
    enter(client, accounts[0])
    answer(client, accounts[1])
    # A dispute needs a reason: the form says so, nothing is stored.
    response = answer(client, accounts[2], kind="disputed")
    assert response.status_code == 400
    assert "Say what is wrong" in response.content.decode()
    response = answer(client, accounts[2], kind="disputed", reason="North had 32,000, not 22,000")
    assert response.status_code == 302
    alerts = desk_alerts(running.tournament)
    assert [
        (a.sheet.table.number, [r.player.user.username for r in a.disputes]) for a in alerts
    ] == [(1, ["p2"])]
    client.force_login(referee)
    desk = client.get(reverse("referee:desk", args=["test-open"])).content.decode()
    assert "desk-alert-red" in desk and "North had 32,000, not 22,000" in desk
    assert reverse("scoring:sheet", args=["test-open", 1, 1]) in desk
    # The fourth player's confirmation does not confirm a disputed sheet.
    answer(client, accounts[3])
    assert sheet1(running).status == "entered"
    # The referee corrects and confirms it on the usual sheet page.
    client.force_login(referee)
    url = reverse("scoring:sheet", args=["test-open", 1, 1])
    fixed = final_post([41000, 27000, 30000, 22000], version=1, reason="North checked: 22,000")
    assert client.post(url, fixed).status_code == 302
    sheet = sheet1(running)
    client.post(reverse("scoring:confirm", args=["test-open", 1, 1]), {"version": sheet.version})
    sheet.refresh_from_db()
    assert sheet.status == "confirmed" and sheet.confirmed_by == referee
    assert desk_alerts(running.tournament) == []
    history = client.get(reverse("scoring:history", args=["test-open", 1, 1])).content.decode()
    assert "disputed version 1" in history and "North had 32,000" in history


def test_a_sheet_not_confirmed_in_time_goes_to_the_desk(client, accounts, running):
    enter(client, accounts[0])
    sheet = sheet1(running)
    now = sheet.updated_at
    assert desk_alerts(running.tournament, now + dt.timedelta(minutes=14)) == []
    late = desk_alerts(running.tournament, now + dt.timedelta(minutes=15))
    assert [(a.sheet.pk, a.overdue, a.confirmed) for a in late] == [(sheet.pk, True, 1)]


def test_desk_alerts_read_in_a_fixed_number_of_queries(
    client, accounts, running, django_assert_num_queries
):
    enter(client, accounts[0])
    enter(client, accounts[4], points=[30000] * 4)
    later = timezone.now() + dt.timedelta(hours=1)
    with django_assert_num_queries(3):
        assert len(desk_alerts(running.tournament, later)) == 2


def test_a_new_version_needs_everyone_again(client, accounts, running):
    enter(client, accounts[0])
    answer(client, accounts[1])
    answer(client, accounts[2])
    # West sees a mistake and enters the corrected points: version 2.
    assert (
        enter(client, accounts[2], points=[40000, 28000, 30000, 22000], version=1).status_code
        == 302
    )
    answer(client, accounts[3], version=2)
    sheet = sheet1(running)
    assert sheet.status == "entered"  # East and South confirmed version 1 only
    # An answer to the old version is refused: the sheet changed.
    response = answer(client, accounts[1], version=1)
    assert response.status_code == 400 and "changed since you read it" in response.content.decode()
    answer(client, accounts[0], version=2)
    answer(client, accounts[1], version=2)
    sheet.refresh_from_db()
    assert sheet.status == "confirmed" and sheet.entry["points"][0] == 40000


def test_personal_codes_are_six_characters_unique_and_stable(running):
    first = {c.player_id: c.code for c in ensure_personal_codes(tournament=running.tournament)}
    assert len(first) == 8 and len(set(first.values())) == 8
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in first.values())
    again = {c.player_id: c.code for c in ensure_personal_codes(tournament=running.tournament)}
    assert again == first


def test_the_personal_code_confirms_once_per_sheet_version(client, accounts, running):
    codes = {c.player_id: c.code for c in ensure_personal_codes(tournament=running.tournament)}
    north = Player.objects.get(user=accounts[3])
    enter(client, accounts[0])
    url = reverse("reporting:answer_code", args=["test-open"])
    client.force_login(accounts[0])  # North has no phone: he uses East's
    data = {"version": 1, "kind": "confirmed", "code": codes[north.pk].lower(), "reason": ""}
    assert client.post(url, data).status_code == 302
    response = sheet1(running).responses.get(player=north)
    assert response.by_code and response.user == accounts[0]
    again = client.post(url, data)
    assert again.status_code == 400
    # The same answer as for any code not accepted (no oracle for a guesser).
    assert again.context["code_form"].errors["code"] == [str(CodeNotAccepted())]
    # A wrong code names the field.
    wrong = client.post(url, {**data, "code": "AAAAAA"})
    assert "code" in wrong.context["code_form"].errors
    # A new version: the same code works again, once.
    enter(client, accounts[1], points=[40000, 28000, 30000, 22000], version=1)
    client.force_login(accounts[0])
    assert client.post(url, {**data, "version": 2}).status_code == 302
    assert client.post(url, {**data, "version": 2}).status_code == 400


def test_the_code_of_a_player_of_another_table_is_refused(client, accounts, running):
    codes = {c.player_id: c.code for c in ensure_personal_codes(tournament=running.tournament)}
    enter(client, accounts[0])
    other = Player.objects.get(user=accounts[5])
    with pytest.raises(CodeNotAccepted):
        respond_with_code(
            sheet=sheet1(running),
            version=1,
            code=codes[other.pk],
            user=accounts[0],
            kind="confirmed",
        )
    assert not SheetResponse.objects.filter(player=other).exists()


def test_a_bad_entry_is_refused_by_the_rules_core(client, accounts, running):
    response = enter(client, accounts[0], points=[41000, 27000, 30000, 21000])
    assert response.status_code == 200
    assert "the points add up to 119000" in response.content.decode()
    assert not ScoreSheet.objects.exists()


def test_organiser_sets_who_enters_and_prints_the_slips(client, organiser, referee, running):
    client.force_login(organiser)
    url = reverse("reporting:settings", args=["test-open"])
    response = client.post(url, {"entry": "players", "confirm_minutes": 0})
    assert response.status_code == 400
    assert "confirm_minutes" in response.context["form"].errors
    assert client.post(url, {"entry": "players", "confirm_minutes": 10}).status_code == 302
    setting = ReportingSettings.objects.get(tournament=running.tournament)
    assert setting.players_report and setting.confirm_minutes == 10
    slips = client.get(reverse("reporting:slips", args=["test-open"]))
    codes = PersonalCode.objects.filter(tournament=running.tournament)
    assert codes.count() == 8
    assert all(c.code in slips.content.decode() for c in codes)
    assert "Session 1: Table 1, East" in slips.content.decode()
    client.force_login(referee)
    assert client.get(reverse("reporting:slips", args=["test-open"])).status_code == 403
    assert client.post(url, {"entry": "referees", "confirm_minutes": 10}).status_code == 403


def test_my_table_on_the_clock_and_in_the_menu(client, accounts, running):
    client.force_login(accounts[0])
    page = client.get(reverse("tournament:detail", args=["test-open"])).content.decode()
    assert reverse("reporting:my_table", args=["test-open"]) in page
    page = client.get(reverse("reporting:my_table", args=["test-open"])).content.decode()
    assert "Table 1" in page and "Enter the final points" in page


def test_a_player_enters_hand_by_hand_with_the_referees_checks(client, accounts, running):
    """The hand-by-hand sheet goes through the same forms and rules core as a referee's."""
    client.force_login(accounts[2])
    url = reverse("reporting:enter", args=["test-open"])
    # 1 han 20 fu on a ron does not exist (EMA: 20 fu only for a pinfu tsumo).
    bad = client.post(url, hands_post([ron("S", "E", 1, 20)], ended_by_time=True))
    assert bad.status_code == 200 and "20 fu" in bad.content.decode()
    assert not ScoreSheet.objects.exists()
    good = client.post(url, hands_post([ron("S", "E", 3, 30)], ended_by_time=True))
    assert good.status_code == 302
    sheet = sheet1(running)
    assert sheet.mode == "hands" and sheet.result["seats"]["S"]["points"] == 33900
    assert list(sheet.responses.values_list("player__user__username", "kind")) == [
        ("p2", "entered")
    ]


def test_the_organiser_finds_the_slips_on_the_seating_page(client, organiser, running):
    slips = reverse("reporting:slips", args=["test-open"])
    client.force_login(organiser)
    assert slips in client.get(reverse("tournament:seating", args=["test-open"])).content.decode()
    client.logout()
    assert (
        slips not in client.get(reverse("tournament:seating", args=["test-open"])).content.decode()
    )


def test_my_table_counts_the_hands_not_the_lines(client, accounts, running):
    """Three hands ended by the time limit: "The 3 hands", three items, and the time limit
    said beneath them."""
    client.force_login(accounts[2])
    hands = [ron("S", "E", 3, 30), ron("W", "S", 1, 30), ron("N", "W", 1, 30)]
    url = reverse("reporting:enter", args=["test-open"])
    assert client.post(url, hands_post(hands, ended_by_time=True)).status_code == 302
    page = client.get(reverse("reporting:my_table", args=["test-open"])).content.decode()
    assert "The 3 hands" in page and "The 4 hands" not in page
    listed = page[page.index('class="report-hands"') :]
    assert listed[: listed.index("</ol>")].count("<li>") == 3
    assert "Ended by the time limit" in page


def test_a_players_phone_checks_the_hands_of_his_own_table(client, accounts, running):
    """The one-hand-at-a-time entry's JSON check, for the player's own table: the rules
    core's totals (EMA 3.5.2: non-dealer 3 han 30 fu ron 3,900)."""
    url = reverse("reporting:check", args=["test-open"])
    data = hands_post([ron("S", "E", 3, 30)])
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.create_user("nobody"))  # not seated
    assert client.post(url, data).status_code == 403
    client.force_login(accounts[2])
    answer = client.post(url, data).json()
    assert answer["ok"] and answer["totals"] == [26100, 33900, 30000, 30000]
    client.logout()
    assert client.post(url, data).status_code == 302  # to the login page
