"""A referee enters a sheet with a mistake, reads the explanation, corrects it, confirms it,
and the standings change: in a real browser."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import login


def _cells(row):
    """The cells of a table row, headings included, in order."""
    return row.locator(":scope > th, :scope > td")


def test_referee_corrects_and_confirms_a_sheet_and_the_standings_move(
    page, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    page.goto(f"/t/{slug}/standings/")
    before = _cells(page.locator("tr:has-text('Last000, First000')"))
    expect(before.nth(4)).to_have_text("0.0")  # total 0, no session played
    expect(before.nth(5)).to_have_text("0")  # sessions played

    login(page, "rene_referee", "pw-rene_referee")
    page.goto(f"/t/{slug}/")
    page.click("nav >> text=Score sheets")
    page.click("tr:has-text('Table 1') >> text=Enter")
    # North's 22,000 typed as 21,000: the points do not add up.
    for i, points in enumerate(["41000", "27000", "30000", "21000"]):
        page.fill(f"#id_points_{i}", points)
    page.click("button:has-text('Save sheet')")
    error = page.locator("#id_riichi_left ~ .errorlist, .errorlist").first
    expect(error).to_contain_text("add up to 119000")
    expect(error).to_contain_text("120000")
    expect(page.locator("#id_points_0")).to_have_value("41000")  # nothing typed is lost
    expect(page.locator("#id_points_3")).to_have_value("21000")

    page.fill("#id_points_3", "22000")
    page.click("button:has-text('Save sheet')")
    expect(page.locator(".messages")).to_contain_text("saved (version 1)")
    expect(page.locator(".result-table")).to_contain_text("26")
    expect(page.locator(".result-table")).to_contain_text("-23")
    page.click("button:has-text('Confirm sheet')")
    expect(page.locator(".messages")).to_contain_text("confirmed")

    page.click("nav >> text=Standings")
    first = _cells(page.locator("table.standings tbody tr").first)
    for column, text in {0: "1", 1: "Last000, First000", 4: "26.0", 5: "26.0", 6: "1"}.items():
        expect(first.nth(column)).to_have_text(text)  # total, session 1, sessions played
    last = _cells(page.locator("tr:has-text('Last003, First003')"))
    expect(last.nth(4)).to_have_text("-23.0")


def test_referee_sees_a_wrong_hand_explained_at_its_line(
    page, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    login(page, "rene_referee", "pw-rene_referee")
    page.goto(f"/t/{slug}/sessions/1/sheets/1/?mode=hands")
    # Hand 1: South wins 1 han 20 fu on East's discard.
    page.select_option("#id_hands-0-kind", "ron")
    page.select_option("#id_hands-0-who", "E")
    page.fill("#id_hands-0-han_1", "1")
    page.fill("#id_hands-0-fu_1", "20")
    page.check("#id_ended_by_time")
    page.click("button:has-text('Check and show totals')")
    line = page.locator(".hand-row[data-hand='1'] .hand-error")
    expect(line).to_have_text(re.compile(r"^hand 1 \(E1\):.*20 fu", re.S))
    page.fill("#id_hands-0-fu_1", "30")
    with page.expect_navigation():  # the check posts the sheet and shows it again
        page.click("button:has-text('Check and show totals')")
    row = page.locator(".hand-row[data-hand='1']")
    expect(row.locator(".hand-round")).to_contain_text("E1")
    expect(row.locator(".seat-total b")).to_have_text(["29,000", "31,000", "30,000", "30,000"])
    expect(row.locator(".seat-total small")).to_have_text(["-1,000", "+1,000"])
    # One more line by the "add a hand" button, then save.
    before = page.locator(".hand-row").count()  # the page as the server wrote it
    page.click("#add-hand")
    expect(page.locator(".hand-row")).to_have_count(before + 1)
    page.click("button:has-text('Save sheet')")
    expect(page.locator(".messages")).to_contain_text("saved")
