"""The demo tournament as a visitor and an organiser see it in a real browser."""

import io

from django.core.management import call_command

from tests.browser.conftest import login
from tournament.demo import DEMO_PASSWORD


def _demo():
    # The test settings run with DEBUG off, like production: the flag says we mean it.
    call_command("load_demo", "--allow-production", stdout=io.StringIO())


def test_visitor_finds_the_demo_tournament_and_its_players(page, transactional_db):
    _demo()
    page.goto("/")
    page.click("text=Demo Riichi Open")
    assert page.locator("h1").inner_text() == "Demo Riichi Open"
    assert "Session 8" in page.locator("table").inner_text()
    page.click("nav >> text=Players")
    rows = page.locator("table.data-table tbody tr")
    assert rows.count() == 42  # 40 players and 2 reserves
    assert page.locator("text=Schmidt, Anna").count() == 1


def test_phone_menu_opens_and_leads_to_the_player_list(phone, transactional_db):
    _demo()
    phone.goto("/t/demo-riichi-open/")
    nav = phone.locator("#main-nav")
    assert not nav.is_visible()
    phone.click("text=Menu")
    assert nav.is_visible()
    nav.locator("text=Players").click()
    phone.wait_for_url("**/players/")
    # The table scrolls sideways instead of pushing the page wider than the phone.
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 400


def test_demo_login_works(page, transactional_db):
    _demo()
    login(page, "organiser", DEMO_PASSWORD)
    assert "organiser" in page.locator(".account").inner_text()
