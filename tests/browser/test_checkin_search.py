"""The check-in page's search filters in the browser (static/js/checkin.js) without case
and accents: "lukasz", "szoke", "nunez" and "WROBEL" find their players, on a
390x844 phone and at 1366x768, in English and Polish."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

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


def _shown(page):
    """The rows the search leaves showing."""
    return page.locator("#checkin-table tbody tr:not([hidden])")


def _expect_only(page, last_name: str) -> None:
    """The search shows one row: the player of that last name (second cell "Last, First")."""
    names = _shown(page).locator(":scope > :nth-child(2)")
    expect(names).to_have_text([re.compile(rf"^\s*{re.escape(last_name)},")])


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
@pytest.mark.parametrize("language", ["en-gb", "pl"])
def test_typed_words_find_names_with_accents(page, checkin, size, language):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    login(page, "olga", "pw-olga")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.url}])
    page.goto(f"/t/{checkin.slug}/check-in/")
    expect(_shown(page)).to_have_count(4)
    for typed, found in [
        ("lukasz", "Wróbel"),
        ("WROBEL", "Wróbel"),
        ("szoke", "Szőke"),
        ("nunez", "Núñez"),
        ("Łukasz wróbel", "Wróbel"),
    ]:
        page.fill("#checkin-search", typed)
        _expect_only(page, found)
    page.fill("#checkin-search", "")
    expect(_shown(page)).to_have_count(4)
