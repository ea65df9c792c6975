"""The hand calculator's han and fu go into the sheet's line in one tap."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import login


def test_the_calculator_fills_the_winner_s_han_and_fu(
    page, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    login(page, "rene_referee", "pw-rene_referee")
    page.goto(f"/t/{slug}/sessions/1/sheets/1/?mode=hands")
    page.click("[name='hands-0-han_1']")  # South won the first hand
    page.click("button:has-text('Hand calculator')")
    frame = page.frame_locator("#calc-dialog iframe")
    expect(frame.locator("#id_tiles")).to_be_visible()  # the calculator has loaded
    expect(frame.locator("text=This field is required")).to_have_count(0)
    frame.locator("#id_tiles").fill("234m567p22s345678s")
    frame.locator("#id_win_tile").fill("8s")
    frame.locator("#id_riichi").check()
    frame.locator("#id_seat_wind").select_option("S")
    frame.locator("button:has-text('Calculate')").click()
    frame.locator("#calc-use").click()
    # The answer crosses the frame as a message: wait for it to land.
    expect(page.locator("[name='hands-0-han_1']")).to_have_value("3")
    expect(page.locator("[name='hands-0-fu_1']")).to_have_value("30")
    expect(page.locator("#calc-dialog")).not_to_have_attribute("open", re.compile(".*"))
