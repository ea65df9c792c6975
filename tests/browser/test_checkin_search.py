"""The check-in page's search filters in the browser (static/js/checkin.js) without case
and accents (issue 25.10): "lukasz", "szoke", "nunez" and "WROBEL" find their players, on a
390x844 phone and at 1366x768, in English and Polish."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import login
from tournament.models import Player, Registration, Staff

PEOPLE = [("Łukasz", "Wróbel"), ("Réka", "Szőke"), ("Iñigo", "Núñez"), ("Anna", "Smith")]


@pytest.fixture
def checkin(transactional_db, tournament):
    for first, last in PEOPLE:
        player = Player.objects.create(first_name=first, last_name=last, country="PL")
        Registration.objects.create(
            tournament=tournament, player=player, status=Registration.Status.CONFIRMED
        )
    user = get_user_model().objects.create_user("olga", password="pw-olga")
    Staff.objects.create(tournament=tournament, user=user, role=Staff.Role.ORGANISER)
    return tournament


def _shown(page) -> list[str]:
    return [
        row.inner_text().split("\t")[1].split(",")[0].strip()
        for row in page.locator("#checkin-table tbody tr:not([hidden])").all()
    ]


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
@pytest.mark.parametrize("language", ["en-gb", "pl"])
def test_typed_words_find_names_with_accents(page, checkin, size, language):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    login(page, "olga", "pw-olga")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.url}])
    page.goto(f"/t/{checkin.slug}/check-in/")
    assert len(_shown(page)) == 4
    for typed, found in [
        ("lukasz", "Wróbel"),
        ("WROBEL", "Wróbel"),
        ("szoke", "Szőke"),
        ("nunez", "Núñez"),
        ("Łukasz wróbel", "Wróbel"),
    ]:
        page.fill("#checkin-search", typed)
        assert _shown(page) == [found], typed
    page.fill("#checkin-search", "")
    assert len(_shown(page)) == 4
