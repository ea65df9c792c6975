"""The hand-by-hand grid on a laptop (1280x900): every seat's inputs are on the screen.

A walk through a whole tournament found North's yakuman and tenpai boxes cut off at
the page's edge: the four seat columns (14rem each) did not fit the page's 1,168 pixels.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import login, new_context
from tests.browser.layout import offscreen


def test_the_hand_grid_fits_a_laptop_screen(browser, live_server, referee, seated_session):
    context = new_context(browser, live_server.url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    login(page, "rene_referee", "pw-rene_referee")
    page.goto(f"/t/{seated_session.tournament.slug}/sessions/1/sheets/1/?mode=hands")
    expect(page.locator("#hands")).to_be_visible()
    assert offscreen(page) == []
    tenpai = page.locator("[name=hands-0-tenpai_3]").bounding_box()
    assert tenpai["x"] + tenpai["width"] <= 1280 - 16
    context.close()
