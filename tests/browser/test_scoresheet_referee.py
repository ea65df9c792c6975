"""A referee enters a sheet with a mistake, reads the explanation, corrects it, confirms it,
and the standings change: in a real browser."""

from __future__ import annotations

from tests.browser.conftest import login


def test_referee_corrects_and_confirms_a_sheet_and_the_standings_move(
    page, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    page.goto(f"/t/{slug}/standings/")
    before = page.locator("tr:has-text('Last000, First000')").inner_text().split("\t")
    assert before[4:6] == ["0", "0"]  # total 0, no session played

    login(page, "rene_referee", "pw-rene_referee")
    page.goto(f"/t/{slug}/")
    page.click("nav >> text=Score sheets")
    page.click("tr:has-text('Table 1') >> text=Enter")
    # North's 22,000 typed as 21,000: the points do not add up.
    for i, points in enumerate(["41000", "27000", "30000", "21000"]):
        page.fill(f"#id_points_{i}", points)
    page.click("button:has-text('Save sheet')")
    error = page.locator("#id_riichi_left ~ .errorlist, .errorlist").first.inner_text()
    assert "add up to 119000" in error and "120000" in error
    assert page.input_value("#id_points_0") == "41000"  # nothing typed is lost
    assert page.input_value("#id_points_3") == "21000"

    page.fill("#id_points_3", "22000")
    page.click("button:has-text('Save sheet')")
    assert "saved (version 1)" in page.locator(".messages").inner_text()
    result = page.locator(".result-table").inner_text()
    assert "26" in result and "-23" in result
    page.click("button:has-text('Confirm sheet')")
    assert "confirmed" in page.locator(".messages").inner_text()

    page.click("nav >> text=Standings")
    first = page.locator("table.standings tbody tr").first.inner_text().split("\t")
    assert first[:2] == ["1", "Last000, First000"]
    assert first[4:7] == ["26", "26", "1"]  # total, session 1, sessions played
    last = page.locator("tr:has-text('Last003, First003')").inner_text().split("\t")
    assert last[4] == "-23"


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
    line = page.locator(".hand-row[data-hand='1'] .hand-error").inner_text()
    assert line.startswith("hand 1 (E1):") and "20 fu" in line
    page.fill("#id_hands-0-fu_1", "30")
    page.click("button:has-text('Check and show totals')")
    row = page.locator(".hand-row[data-hand='1']")
    assert "E1" in row.locator(".hand-round").inner_text()
    totals = row.locator(".seat-total b").all_inner_texts()
    assert totals == ["29000", "31000", "30000", "30000"]
    assert row.locator(".seat-total small").all_inner_texts() == ["-1000", "+1000"]
    # One more line by the "add a hand" button, then save.
    before = page.locator(".hand-row").count()
    page.click("#add-hand")
    assert page.locator(".hand-row").count() == before + 1
    page.click("button:has-text('Save sheet')")
    assert "saved" in page.locator(".messages").inner_text()
