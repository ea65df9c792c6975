"""The language switch in every page's footer (issue 19), on a phone (390x844): Polish and
back to English, with JavaScript (the select sends itself) and without (its button). The
choice stays for the next pages (Django's language cookie), and the header and the switch
fit the screen in every language."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.browser.conftest import PHONE
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
    assert offscreen(page) == []
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


def _header(page) -> str:
    return page.inner_text("header.topbar")


def test_switch_to_polish_and_back_on_a_phone(phone, cup):
    phone.goto(f"/t/{cup.slug}/standings/")
    assert phone.get_attribute("html", "lang") == "en-gb"
    assert "Log in" in _header(phone)
    assert phone.inner_text("h1").startswith("Standings")
    # With JavaScript the button is hidden: choosing a language sends the form.
    assert not phone.is_visible(".language-switch button")
    _fits(phone)

    with phone.expect_navigation():
        phone.select_option("#language-switch", "pl")
    assert phone.url.endswith(f"/t/{cup.slug}/standings/")
    assert phone.get_attribute("html", "lang") == "pl"
    assert "Zaloguj się" in _header(phone)
    assert phone.inner_text("h1").startswith("Klasyfikacja")
    assert phone.input_value("#language-switch") == "pl"
    # The scripts (static/js) get their text from the JavaScript catalogue in the same language.
    assert phone.evaluate("window.gettext('Next hand →')") == "Następne rozdanie →"
    _fits(phone)

    # The menu in Polish fits the phone; the choice stays on the next page, and the data
    # (the tournament's name) is not translated.
    phone.click(".nav-toggle")
    assert phone.is_visible("#main-nav >> text=Rozsadzenie")
    _fits(phone)
    with phone.expect_navigation():
        phone.click("#main-nav >> text=Gracze")
    assert phone.get_attribute("html", "lang") == "pl"
    assert cup.name in phone.title()
    _fits(phone)

    phone.goto(f"/t/{cup.slug}/standings/")
    assert phone.inner_text("h1").startswith("Klasyfikacja")
    with phone.expect_navigation():
        phone.select_option("#language-switch", "en-gb")
    assert phone.get_attribute("html", "lang") == "en-gb"
    assert "Log in" in _header(phone)
    assert phone.inner_text("h1").startswith("Standings")
    _fits(phone)


def test_the_switch_works_without_javascript(browser, live_server, cup):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False, **PHONE)
    page = context.new_page()
    try:
        page.goto(f"/t/{cup.slug}/")
        page.select_option("#language-switch", "pl")
        page.click(".language-switch button")
        page.wait_for_load_state()
        assert page.get_attribute("html", "lang") == "pl"
        assert "Zaloguj się" in page.inner_text("header.topbar")
        _fits(page)
        page.select_option("#language-switch", "de")
        page.click(".language-switch button")
        page.wait_for_load_state()
        assert "Anmelden" in page.inner_text("header.topbar")
    finally:
        context.close()
