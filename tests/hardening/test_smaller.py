"""Issue 24, "Smaller": tournament names cleaned like people's, every free text bounded with
a message, a second identical penalty within a minute asked about first."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from referee.models import Penalty
from tournament.models import Tournament
from web.fields import REASON_MAX

pytestmark = pytest.mark.django_db


# --- tournament name, venue, city ----------------------------------------------------------


def test_tournament_name_venue_and_city_lose_bidi_overrides_and_control_characters(db):
    tournament = Tournament.objects.create(
        name="Riichi\u202e nepO\u202c\x00 Cup",
        slug="riichi-cup",
        venue="Hall\u200b 3\r\n",
        city="K\u00f6ln\u2066\x1b",
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 2),
    )
    tournament.refresh_from_db()
    assert (tournament.name, tournament.venue, tournament.city) == (
        "Riichi nepO Cup",
        "Hall 3",
        "Köln",
    )


def test_the_settings_form_refuses_a_name_of_invisible_signs_only(client, organiser, tournament):
    client.force_login(organiser)
    response = client.post(
        f"/t/{tournament.slug}/settings/",
        {
            "name": "\u202e\u200b",
            "start_date": "2026-05-02",
            "end_date": "2026-05-03",
            "ruleset": "ema2016",
            "session_count": "4",
            "visibility": "published",
            "start_points": "30000",
            "chombo_points": "-20",
            "other_overrides": "{}",
        },
    )
    assert response.status_code in (200, 400)
    assert "Give the tournament a name in letters" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.name == "Test Open"


# --- free text bounded ---------------------------------------------------------------------


def _penalty_url(tournament, player, kind):
    return f"/t/{tournament.slug}/referee/players/{player.pk}/penalty/{kind}/"


def test_a_100000_character_penalty_reason_is_refused_with_a_message(
    client, referee, tournament, seated_session
):
    client.force_login(referee)
    player = seated_session.seats.first().player
    response = client.post(
        _penalty_url(tournament, player, "other"),
        {"session": "1", "amount": "2", "reason": "x" * 100_000},
    )
    assert response.status_code == 200
    assert f"Note: at most {REASON_MAX} characters (it has 100000)." in response.content.decode()
    assert not Penalty.objects.exists()


@pytest.mark.parametrize(
    ("module", "form", "field"),
    [
        ("referee.forms", "PenaltyForm", "reason"),
        ("referee.forms", "CorrectionForm", "correction"),
        ("referee.forms", "SubstitutionForm", "reason"),
        ("referee.forms", "ReasonForm", "reason"),
        ("scoring.forms", "SheetMetaForm", "reason"),
        ("scoring.forms", "CalculatorForm", "tiles"),
        ("scoring.forms", "CalculatorForm", "melds"),
        ("scoring.forms", "CalculatorForm", "dora_indicators"),
        ("tournament.events.forms", "TablesForm", "names"),
        ("tournament.events.forms", "TournamentForm", "uma"),
    ],
)
def test_every_free_text_field_has_a_bound(module, form, field):
    import importlib

    cls = getattr(importlib.import_module(module), form)
    bound = cls.base_fields[field].max_length
    assert bound is not None and bound <= 40_000


# --- a penalty sent twice ------------------------------------------------------------------


def test_a_second_identical_penalty_within_a_minute_is_asked_about_first(
    client, referee, tournament, seated_session
):
    client.force_login(referee)
    player = seated_session.seats.first().player
    url = _penalty_url(tournament, player, "chombo")
    data = {"session": "1", "hand": "E2", "reason": ""}
    assert client.post(url, data).status_code == 302
    # The same form loaded on a second phone, sent again (its own form token).
    again = Client()
    again.force_login(referee)
    response = again.post(url, data)
    assert response.status_code == 409
    page = response.content.decode()
    assert "Log a second, identical penalty?" in page
    assert 'name="repeat"' in page
    assert Penalty.objects.count() == 1
    # Ticked: the referee means a second one.
    assert again.post(url, {**data, "repeat": "on"}).status_code == 302
    assert Penalty.objects.count() == 2


def test_the_same_penalty_a_minute_later_is_not_asked(client, referee, tournament, seated_session):
    client.force_login(referee)
    player = seated_session.seats.first().player
    data = {"session": "1", "hand": "E2", "reason": ""}
    client.post(_penalty_url(tournament, player, "chombo"), data)
    Penalty.objects.update(created_at=Penalty.objects.get().created_at - dt.timedelta(seconds=61))
    assert client.post(_penalty_url(tournament, player, "chombo"), data).status_code == 302
    assert Penalty.objects.count() == 2
