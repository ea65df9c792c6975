"""The organiser's own plan from a file, in a real browser: the organiser uploads a plan with bad
rows (each is named with its line, nothing is seated), then a good one, which seats the
sessions and shows the quality figures of a generated plan; at 1366x768 in English and on a
390x844 phone in German and Polish."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, login, new_context
from tests.browser.layout import offscreen
from tests.seating_app.test_plan_import import GOOD
from tournament.models import Seat

from .test_seating_in_browser import SLUG, _event

BAD = GOOD.replace("1;2;5;6;7;8", "1;2;5;6;7;99").replace("2;3;3;7;11;15", "2;9;3;7;11;15")


def _fits(page) -> None:
    assert offscreen(page) == []
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


def _upload(page, name: str, text: str) -> None:
    page.set_input_files(
        "#id_plan_file", files=[{"name": name, "mimeType": "text/csv", "buffer": text.encode()}]
    )
    page.select_option("#id_order", "registration")
    with page.expect_navigation():
        page.click("#plan-import-form button[type=submit]")


def _context(browser, live_server, language: str, **options):
    context = new_context(browser, live_server.url, **options)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    return context, context.new_page()


@pytest.mark.parametrize(
    ("language", "options"),
    [
        ("en", {"viewport": {"width": 1366, "height": 768}}),
        ("de", PHONE),
        ("pl", PHONE),
    ],
)
def test_a_bad_plan_is_named_row_by_row_and_a_good_one_is_used(
    transactional_db, browser, live_server, tournament, organiser, language, options
):
    _event(tournament)
    context, page = _context(browser, live_server, language, **options)
    try:
        login(page, "olga_organiser", "pw-olga_organiser")
        page.goto(f"/t/{SLUG}/seating/manage/")
        page.click("#import-link a")
        page.wait_for_url(f"**/t/{SLUG}/seating/import/")
        _fits(page)

        _upload(page, "plan.csv", BAD)
        expect(page.locator("#plan-errors li")).to_have_count(4)  # 2 rows, 2 sessions short
        errors = page.inner_text("#plan-errors")  # the page the upload answered, complete
        # Line 3 names 99 (out of range), line 8 table 9; whatever the language.
        assert "3" in errors and "99" in errors and "8" in errors and "9" in errors
        if language == "en":
            expect(page.locator("#plan-errors")).to_contain_text(
                "Line 3: player number 99 is out of range (1 to 16)."
            )
            expect(page.locator("#plan-errors")).to_contain_text(
                "Line 8: the tournament has no table 9."
            )
        assert not Seat.objects.exists()
        _fits(page)

        _upload(page, "plan.csv", GOOD)
        page.wait_for_url(f"**/t/{SLUG}/seating/jobs/*/")
        # 0 repeated meetings, 11 repeated table visits, wind imbalance 3 (worked by hand).
        expect(page.locator(".quality-now")).to_have_text(re.compile(r"^\D*0\D+11\D+3\D*$"))
        assert Seat.objects.count() == 48
        _fits(page)
        page.screenshot(path=f"/tmp/seatapp-import-{language}.png", full_page=True)
    finally:
        context.close()
