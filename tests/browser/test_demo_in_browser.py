"""The demo tournament as a visitor and an organiser see it in a real browser."""

import io

from django.core.management import call_command
from playwright.sync_api import expect

from demo.loader import DEMO_PASSWORD
from tests.browser.conftest import login


def _demo():
    # The test settings run with DEBUG off, like production: the flag says we mean it.
    call_command("load_demo", "--allow-production", stdout=io.StringIO())


def test_visitor_finds_the_demo_tournament_and_its_players(page, transactional_db):
    _demo()
    page.goto("/")
    page.click("text=Demo Riichi Open")
    expect(page.locator("h1")).to_have_text("Demo Riichi Open")
    expect(page.locator("table")).to_contain_text("Session 8")
    page.click("nav >> text=Players")
    rows = page.locator("table.data-table tbody tr")
    expect(rows).to_have_count(42)  # 40 players and 2 reserves
    expect(page.locator("text=Schmidt, Anna")).to_have_count(1)


def test_phone_menu_opens_and_leads_to_the_player_list(phone, transactional_db):
    _demo()
    phone.goto("/t/demo-riichi-open/")
    nav = phone.locator("#main-nav")
    expect(nav).to_be_hidden()
    phone.click("text=Menu")
    expect(nav).to_be_visible()
    nav.locator("text=Players").click()
    phone.wait_for_url("**/players/")
    expect(phone.locator("table.data-table")).to_be_visible()  # measured once it is there
    # The table scrolls sideways instead of pushing the page wider than the phone.
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 400


def test_demo_login_works(page, transactional_db):
    _demo()
    login(page, "organiser", DEMO_PASSWORD)
    expect(page.locator(".account")).to_contain_text("organiser")
