"""The organiser's players list on a laptop (1280x900): a reserve's five buttons (Edit,
Withdraw, Results count, Not counted, Make player) stay on the screen.

A walk through a whole tournament found "Not counted" cut and "Make player" beyond
the table's edge: the buttons of a row did not wrap.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.conftest import login, new_context
from tests.browser.layout import offscreen
from tests.conftest import make_players
from tournament.models import Player, Registration, Staff, Tournament


def test_a_reserves_buttons_fit_a_laptop_screen(browser, live_server, transactional_db):
    tournament = Tournament.objects.create(
        name="Laptop Cup",
        slug="laptop-cup",
        start_date="2026-05-02",
        end_date="2026-05-02",
        visibility=Tournament.Visibility.PUBLISHED,
    )
    make_players(tournament, 4)
    rita = Player.objects.create(first_name="Rita", last_name="Reserve", country="DE")
    Registration.objects.create(
        tournament=tournament, player=rita, status="confirmed", is_reserve=True
    )
    user = get_user_model().objects.create_user("olga", password="olga-pass-1")
    Staff.objects.create(tournament=tournament, user=user, role=Staff.Role.ORGANISER)
    context = new_context(browser, live_server.url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    login(page, "olga", "olga-pass-1")
    page.goto("/t/laptop-cup/players/")
    expect(page.locator("button:has-text('Make player')")).to_be_visible()
    assert offscreen(page) == []
    context.close()
