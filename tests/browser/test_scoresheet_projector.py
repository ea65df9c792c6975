"""The projector pages through the standings by itself and shows new results without a
reload; the hand calculator opens from the hand-by-hand sheet."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from results.standings import views as views_results
from tests.browser.conftest import login
from tests.scoring_app.conftest import enter_final
from tournament.models import Table


def test_projector_pages_and_refreshes_without_reload(
    page, transactional_db, seated_session, monkeypatch
):
    monkeypatch.setattr(views_results, "PROJECTOR_ROWS", 3)
    monkeypatch.setattr(views_results, "PROJECTOR_SECONDS", 1)
    slug = seated_session.tournament.slug
    page.goto(f"/t/{slug}/standings/projector/")
    label = page.locator("#projector-page")
    page.wait_for_function(
        "document.getElementById('projector-page').textContent.includes('1 of 3')"
    )
    page.evaluate("window.notReloaded = true")
    expect(label).to_contain_text("2 of 3")
    # A sheet confirmed now shows up on the screen at the next turn to page 1.
    enter_final(seated_session, Table.objects.get(number=1), [41000, 27000, 30000, 22000])
    # Both on the first row of one page shown (the pages turn every second).
    first = page.locator("#projector-rows tbody tr").first
    expect(first).to_have_text(re.compile(r"^(?=[\s\S]*First000 Last000)(?=[\s\S]*26)"))
    assert page.evaluate("window.notReloaded") is True


def test_hand_calculator_opens_from_the_hand_sheet(page, transactional_db, referee, seated_session):
    login(page, "rene_referee", "pw-rene_referee")
    page.goto(f"/t/{seated_session.tournament.slug}/sessions/1/sheets/1/?mode=hands")
    page.click("button:has-text('Hand calculator')")
    frame = page.frame_locator("#calc-dialog iframe")
    frame.locator("#id_tiles").fill("234m567p22s345678s")
    frame.locator("#id_win_tile").fill("8s")
    frame.locator("#id_riichi").check()
    frame.locator("#id_seat_wind").select_option("S")
    frame.locator("button:has-text('Calculate')").click()
    expect(frame.locator(".calc-answer")).to_contain_text("3 han 30 fu")
