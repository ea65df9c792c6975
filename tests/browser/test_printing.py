"""Issue 14, printing: paper score sheets, one PDF page per table from chromium's print."""

from __future__ import annotations

import re

from tests.browser.conftest import login


def test_paper_score_sheets_print_one_page_per_table(
    page, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    login(page, "rene_referee", "pw-rene_referee")
    page.goto(f"/t/{slug}/sessions/1/print/sheets/")
    assert page.locator(".paper-sheet").count() == 2
    first = page.locator(".paper-sheet").first.inner_text()
    assert "East" in first and "First000 Last000" in first and "Signature" in first
    pdf = page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 2
