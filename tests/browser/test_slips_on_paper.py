"""Seating slips 24 to an A4 page, code slips 10 to a page, sorted by name
as everywhere else (accents ignored)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import login
from tests.conftest import make_players
from tournament.models import Session, Table

ACCENTED = [("Zofia", "Zielińska"), ("Björn", "Åström"), ("José", "Núñez"), ("Eva", "Černá")]


@pytest.fixture
def seated36(transactional_db, tournament, organiser):
    players = make_players(tournament, 36)
    for player, (first, last) in zip(players, ACCENTED, strict=False):
        player.first_name, player.last_name = first, last
        player.save()
    session = Session.objects.create(tournament=tournament, number=1)
    tables = [Table.objects.create(tournament=tournament, number=n) for n in range(1, 10)]
    for i, player in enumerate(players):
        session.seats.create(table=tables[i // 4], wind=i % 4, player=player)
    return tournament


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_seating_slips_fit_24_to_an_a4_page(page, seated36):
    login(page, "olga_organiser", "pw-olga_organiser")
    page.goto(f"/t/{seated36.slug}/sessions/1/print/slips/")
    expect(page.locator(".seat-slip")).to_have_count(36)
    # 36 slips: a full page of 24 and a second of 12 (slips a third of a page each needed 6
    # pages for 34).
    assert _pages(page.pdf(format="A4")) == 2


def test_code_slips_fit_ten_to_a_page_sorted_by_name(page, seated36):
    login(page, "olga_organiser", "pw-olga_organiser")
    page.goto(f"/t/{seated36.slug}/reporting/slips/")
    expect(page.locator(".slip-name")).to_have_count(36)
    names = page.locator(".slip-name").all_inner_texts()  # a print page: no script changes it
    # Accents ignored, as in every list of names (tournament/names.py).
    assert names.index("Björn Åström") < names.index("Eva Černá") < names.index("First004 Last004")
    assert names.index("José Núñez") < names.index("Zofia Zielińska") == 35
    assert _pages(page.pdf(format="A4")) <= 4
