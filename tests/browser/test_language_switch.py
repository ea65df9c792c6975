"""The language switch in every page's footer, on a phone (390x844): Polish and
back to English, with JavaScript (the select sends itself) and without (its button). The
choice stays for the next pages (Django's language cookie), and the header and the switch
fit the screen in every language."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, new_context
from tests.browser.layout import offscreen
from tournament.models import Tournament


@pytest.fixture
def cup(transactional_db):
    return Tournament.objects.create(
        name="Wrocław Riichi Cup",
        slug="wroclaw-cup",
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        visibility=Tournament.Visibility.PUBLISHED,
        session_count=4,
    )


def _fits(page) -> None:
    """Nothing beyond the screen's edges (measured once the page has loaded: callers first
    wait for the text they expect)."""
    page.wait_for_load_state("load")
    assert offscreen(page) == []
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


def _in(page, lang: str, header: str, h1: str) -> None:
    """The page is in ``lang``: its ``lang`` attribute, its header and its heading."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("header.topbar")).to_contain_text(header)
    expect(page.locator("h1")).to_have_text(re.compile("^" + re.escape(h1)))


def test_switch_to_polish_and_back_on_a_phone(phone, cup):
    phone.goto(f"/t/{cup.slug}/standings/")
    _in(phone, "en-gb", "Log in", "Standings")
    # With JavaScript the button is hidden: choosing a language sends the form.
    expect(phone.locator(".language-switch button")).to_be_hidden()
    _fits(phone)

    with phone.expect_navigation():
        phone.select_option("#language-switch", "pl")
    expect(phone).to_have_url(re.compile(re.escape(f"/t/{cup.slug}/standings/") + "$"))
    _in(phone, "pl", "Zaloguj się", "Klasyfikacja")
    expect(phone.locator("#language-switch")).to_have_value("pl")
    # The scripts (static/js) get their text from the JavaScript catalogue in the same language
    # (the catalogue is a script of the page: loaded once the page's load event has fired).
    phone.wait_for_load_state("load")
    assert phone.evaluate("window.gettext('Next hand →')") == "Następne rozdanie →"
    _fits(phone)

    # The menu in Polish fits the phone; the choice stays on the next page, and the data
    # (the tournament's name) is not translated.
    phone.click(".nav-toggle")
    expect(phone.locator("#main-nav >> text=Rozsadzenie")).to_be_visible()
    _fits(phone)
    with phone.expect_navigation():
        phone.click("#main-nav >> text=Gracze")
    expect(phone.locator("html")).to_have_attribute("lang", "pl")
    expect(phone).to_have_title(re.compile(re.escape(cup.name)))
    _fits(phone)

    phone.goto(f"/t/{cup.slug}/standings/")
    expect(phone.locator("h1")).to_have_text(re.compile("^Klasyfikacja"))
    with phone.expect_navigation():
        phone.select_option("#language-switch", "en-gb")
    _in(phone, "en-gb", "Log in", "Standings")
    _fits(phone)


def test_the_switch_works_without_javascript(browser, live_server, cup):
    context = new_context(browser, live_server.url, java_script_enabled=False, **PHONE)
    page = context.new_page()
    try:
        page.goto(f"/t/{cup.slug}/")
        page.select_option("#language-switch", "pl")
        with page.expect_navigation():
            page.click(".language-switch button")
        expect(page.locator("html")).to_have_attribute("lang", "pl")
        expect(page.locator("header.topbar")).to_contain_text("Zaloguj się")
        _fits(page)
        page.select_option("#language-switch", "de")
        with page.expect_navigation():
            page.click(".language-switch button")
        expect(page.locator("header.topbar")).to_contain_text("Anmelden")
    finally:
        context.close()
