"""Every number of a score sheet has a bound from the rules, its
message names the field, and a forged hidden value gives a message, never a 500."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from scoring.forms import FinalScoresForm, HandForm, HandFormSet
from scoring.models import ScoreSheet, TableResult

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def final_form(tournament, **values):
    data = {
        "version": "0",
        "points_0": "41000",
        "points_1": "27000",
        "points_2": "30000",
        "points_3": "22000",
        "riichi_left": "0",
    }
    data.update({k: str(v) for k, v in values.items()})
    return FinalScoresForm(data, tournament=tournament, names=NAMES)


@pytest.mark.parametrize("value", [10**30, 5000, 6, -1])
def test_chombo_counts_are_a_handful(tournament, value):
    started = time.monotonic()
    form = final_form(tournament, chombo_0=value)
    assert not form.is_valid()
    # 10**30 chombo used to build a list of 10**30 names in the core: minutes and gigabytes.
    assert time.monotonic() - started < 1
    assert form.errors["chombo_0"][0].startswith("Chombo by Ann: at")


def test_five_chombo_are_still_accepted(tournament):
    form = final_form(tournament, chombo_0=5)
    assert form.is_valid(), form.errors


@pytest.mark.parametrize("value", [10**9, -(10**9), 10**30, -(10**30), 120_100, -120_100])
def test_points_are_bounded_by_the_points_in_play(tournament, value):
    # EMA 2016 starts at 30,000 (EMA 3.6): 120,000 points are in play at a table.
    form = final_form(tournament, points_0=value)
    assert not form.is_valid()
    message = form.errors["points_0"][0]
    assert message.startswith("East: Ann: at")
    assert "120000" in message


def test_all_points_in_play_in_one_hand_is_accepted(tournament):
    form = final_form(tournament, points_0=120_000, points_1=0, points_2=0, points_3=0)
    assert form.is_valid(), form.errors
    assert form.answer["seats"]["E"]["points"] == 120_000


def test_riichi_sticks_cannot_be_more_than_the_points_in_play(tournament):
    form = final_form(tournament, riichi_left=121)  # 121 x 1,000 > 120,000 (EMA 3.3.14)
    assert not form.is_valid()
    assert form.errors["riichi_left"][0] == "Riichi sticks left on the table: at most 120."


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("han_0", 10**30, "East han: at most 99."),
        ("fu_1", 10**6, "South fu: at most 170."),
        ("yakuman_2", 7, "West yakuman: at most 6."),
        ("han_3", -1, "North han: at least 0."),
    ],
)
def test_han_fu_and_yakuman_are_bounded(tournament, field, value, message):
    form = HandForm({"kind": "tsumo", field: str(value)}, names=NAMES, ruleset=tournament.rules())
    assert not form.is_valid()
    assert form.errors[field] == [message]


def test_the_number_of_hands_is_bounded(tournament):
    data = {"hands-TOTAL_FORMS": str(10**9), "hands-INITIAL_FORMS": "0"}
    formset = HandFormSet(
        data, prefix="hands", form_kwargs={"names": NAMES, "ruleset": tournament.rules()}
    )
    assert len(formset.forms) == 100  # not 10**9 forms made
    assert not formset.is_valid()
    assert "100" in str(formset.non_form_errors())


@pytest.fixture
def org_client(client, organiser):
    client.force_login(organiser)
    return client


def sheet_url(tournament, session=1, table=1):
    return reverse("scoring:sheet", args=[tournament.slug, session, table])


def post_final(client, tournament, **values):
    data = {
        "mode": "final",
        "version": "0",
        "points_0": "41000",
        "points_1": "27000",
        "points_2": "30000",
        "points_3": "22000",
        "riichi_left": "0",
    }
    data.update({k: str(v) for k, v in values.items()})
    return client.post(sheet_url(tournament), data)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"chombo_0": 10**30}, "Chombo by First000 Last000: at most 5."),
        ({"points_0": 10**30}, "East: First000 Last000: at most 120000."),
        ({"points_0": -(10**9)}, "East: First000 Last000: at least -120000."),
        ({"version": "abc"}, "Version of the sheet (hidden): enter a whole number."),
        ({"version": 10**30}, "Version of the sheet (hidden): at most 2147483647."),
        ({"substitute_0": "bogus"}, "is a substitute: choose one of the listed answers."),
        # A version for a sheet that was never entered: nothing to correct (it was a 500).
        ({"version": 5}, "has no score sheet for"),
    ],
)
def test_hostile_sheet_posts_get_a_message(org_client, tournament, seated_session, values, message):
    response = post_final(org_client, tournament, **values)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not ScoreSheet.objects.exists()
    assert not TableResult.objects.exists()


def test_confirm_with_a_forged_version_is_a_message(org_client, tournament, seated_session):
    assert post_final(org_client, tournament).status_code == 302
    url = reverse("scoring:confirm", args=[tournament.slug, 1, 1])
    response = org_client.post(url, {"version": "9" * 30}, follow=True)
    assert response.status_code == 200
    assert "Not confirmed" in response.content.decode()
    assert not ScoreSheet.objects.get().is_confirmed


def test_minutes_late_are_bounded_even_where_the_ruleset_allows_any_lateness(tournament):
    from referee.forms import PenaltyForm
    from scoring.rules.rulesets import get_ruleset

    # An organiser may lift the lateness limit (late_max_minutes); the column still holds
    # a small integer, and no session lasts 40,000 minutes.
    ruleset = get_ruleset("ema2016", late_max_minutes=100_000)
    form = PenaltyForm({"minutes": "40000"}, ruleset=ruleset, kind="late")
    assert not form.is_valid()
    assert form.errors["minutes"] == ["Minutes late: at most 600, the longest session."]
