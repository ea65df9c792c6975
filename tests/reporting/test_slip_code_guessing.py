"""Slip codes cannot be guessed without limit (2,000 guesses in 98 s met no resistance),
every code not accepted gets one answer, and two former 500s: the slips opened twice at
once, a sheet saved again as it was.
"""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import reverse

from scoring.models import PersonalCode, SheetResponse
from scoring.reporting import services
from scoring.reporting.services import CodeNotAccepted, ensure_personal_codes
from tests.reporting.test_player_reporting import enter, sheet1
from tournament.models import Player
from web import throttle

pytestmark = pytest.mark.django_db
URL = reverse("reporting:answer_code", args=["test-open"])


@pytest.fixture(autouse=True)
def held_clock(monkeypatch):
    # A held clock: the wait the page states is exact.
    monkeypatch.setattr(throttle, "_now", lambda: 1_800_000_010.0)


def _code_post(client, user, code, *, address="10.0.0.1", forwarded=None):
    client.force_login(user)
    extra = {"REMOTE_ADDR": address}
    if forwarded:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.post(URL, {"version": 1, "kind": "confirmed", "code": code}, **extra)


def test_no_oracle_a_real_code_of_another_table_reads_like_a_wrong_one(client, accounts, running):
    codes = {c.player_id: c.code for c in ensure_personal_codes(tournament=running.tournament)}
    enter(client, accounts[0])
    other_table = Player.objects.get(user=accounts[5])
    wrong = _code_post(client, accounts[0], "ZZZZZZ")
    real = _code_post(client, accounts[0], codes[other_table.pk])
    assert wrong.status_code == real.status_code == 400
    assert (
        wrong.context["code_form"].errors["code"]
        == real.context["code_form"].errors["code"]
        == [str(CodeNotAccepted())]
    )
    assert not SheetResponse.objects.filter(player=other_table).exists()


def test_five_wrong_codes_a_minute_then_the_account_waits(client, accounts, running):
    codes = {c.player_id: c.code for c in ensure_personal_codes(tournament=running.tournament)}
    enter(client, accounts[0])
    for i in range(5):
        assert _code_post(client, accounts[0], f"WRONG{i}").status_code == 400
    # The sixth, even the right code of North, waits: the page says how long.
    north = Player.objects.get(user=accounts[3])
    response = _code_post(client, accounts[0], codes[north.pk])
    assert response.status_code == 429
    assert response["Retry-After"] == "60"  # the minute opened by the first wrong code
    assert "Try again in 1 minute(s)." in response.content.decode()
    assert not SheetResponse.objects.filter(player=north).exists()
    # Another account at another address is not held up by this one's guesses.
    assert _code_post(client, accounts[1], codes[north.pk], address="10.0.0.2").status_code == 302


def test_twenty_wrong_codes_a_minute_from_one_address_then_it_waits(client, accounts, running):
    ensure_personal_codes(tournament=running.tournament)
    enter(client, accounts[0])
    # Four accounts of one table, five wrong codes each, all from one address.
    for user in accounts[:4]:
        for i in range(5):
            assert _code_post(client, user, f"BAD{i}", address="10.0.0.9").status_code == 400
    fresh = accounts[4]  # a fifth account, at another table, same address
    assert _code_post(client, fresh, "BAD9", address="10.0.0.9").status_code == 429


@override_settings(NINJA_NUM_PROXIES=1)
def test_behind_the_proxy_the_forwarded_address_counts_not_a_forged_one(client, accounts, running):
    ensure_personal_codes(tournament=running.tournament)
    enter(client, accounts[0])
    for user in accounts[:4]:
        for i in range(5):
            # The client writes a different address into the header each time; nginx adds
            # the one it saw (the last): that one is counted.
            response = _code_post(
                client, user, f"BAD{i}", address="127.0.0.1", forwarded=f"1.2.3.{i}, 203.0.113.7"
            )
            assert response.status_code == 400
    assert (
        _code_post(
            client, accounts[4], "BAD9", address="127.0.0.1", forwarded="9.9.9.9, 203.0.113.7"
        ).status_code
        == 429
    )
    # Another client behind the same proxy is not held up (table 2 has no sheet yet: his
    # page says so).
    response = _code_post(
        client, accounts[5], "BAD9", address="127.0.0.1", forwarded="198.51.100.4"
    )
    assert response.status_code == 302


def test_slips_opened_by_two_organisers_at_once_give_each_player_one_code(running, monkeypatch):
    # The other organiser's request creates the codes between this one's read and write.
    tournament = running.tournament
    real_new_code = services._new_code
    raced = []

    def racing_new_code(taken):
        if not raced:
            raced.append(True)
            for seat in running.seats.all():
                PersonalCode.objects.create(
                    tournament=tournament, player_id=seat.player_id, code=f"R{seat.pk:05d}"[:6]
                )
        return real_new_code(taken)

    monkeypatch.setattr(services, "_new_code", racing_new_code)
    codes = ensure_personal_codes(tournament=tournament)
    assert len(codes) == 8
    assert {c.code for c in codes} == {f"R{s.pk:05d}"[:6] for s in running.seats.all()}


def test_a_player_saving_his_sheet_again_without_changes(client, accounts, running):
    assert enter(client, accounts[0]).status_code == 302
    again = enter(client, accounts[0], version=1)
    assert again.status_code == 302
    sheet = sheet1(running)
    assert sheet.version == 1
    assert sheet.responses.filter(player__user=accounts[0]).count() == 1
