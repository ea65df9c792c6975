"""Printing: paper score sheets, one PDF page per table from chromium's print."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import login


def test_paper_score_sheets_print_one_page_per_table(
    page, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    login(page, "rene_referee", "pw-rene_referee")
    page.goto(f"/t/{slug}/sessions/1/print/sheets/")
    expect(page.locator(".paper-sheet")).to_have_count(2)
    first = page.locator(".paper-sheet").first
    for text in ("East", "First000 Last000", "Signature"):
        expect(first).to_contain_text(text)
    pdf = page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 2
