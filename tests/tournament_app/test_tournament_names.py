"""A tournament's name, venue and city are cleaned like people's names
(tests/tournament_app/test_names.py): no bidirectional overrides or control characters, and a
name of invisible signs only is refused."""

from __future__ import annotations

import datetime as dt

from tournament.models import Tournament


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
