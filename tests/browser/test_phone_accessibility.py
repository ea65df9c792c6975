"""Accessibility of the day's pages, checked by axe-core (WCAG 2.1 A and AA: labels,
contrast, names of controls), a sheet entered by keyboard only, and a live page that
updates without a reload."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from demo.loader import DEMO_PASSWORD
from scoring.services import sheet_save
from tests.browser.conftest import login
from tournament.models import Session, Table

AXE = Path(__file__).parent / "vendor" / "axe.min.js"  # axe-core 4.14.1 (npm), MPL-2.0
S = "/t/demo-riichi-open"
WCAG = "{runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}}"


@pytest.fixture
def demo(transactional_db):
    call_command("load_demo", "--allow-production", stdout=io.StringIO())


def _violations(page) -> list[tuple[str, str]]:
    # The page as its scripts leave it: loaded, their first fetches answered.
    page.wait_for_load_state("networkidle")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(f"axe.run(document, {WCAG})")
    return [(v["id"], v["nodes"][0]["target"][0]) for v in result["violations"]]


@pytest.mark.parametrize(
    ("user", "urls"),
    [
        (None, ["/", "/standings/", "/sessions/1/", "/results/1/", "/clock/", "/players/"]),
        ("player", ["/", "/seating/mine/", "/my-table/"]),
        # The organiser's pages: the dashboard's step links (contrast: done steps faded
        # below 4.5:1) and the players list's Edit buttons (their accessible name must
        # contain the visible "Edit", WCAG 2.5.3).
        (
            "organiser",
            ["/dashboard/", "/players/", "/schedule/", "/seating/quality/", "/standings/"],
        ),
        (
            "referee",
            [
                "/sessions/1/sheets/",
                "/sessions/8/sheets/1/",
                "/sessions/8/sheets/1/?mode=hands",
                "/referee/",
                "/referee/log/",
            ],
        ),
    ],
)
def test_axe_finds_nothing_on_the_days_pages(phone, demo, user, urls):
    if user:
        login(phone, user, DEMO_PASSWORD)
    found = {}
    for url in urls:
        phone.goto(S + url)
        if violations := _violations(phone):
            found[url] = violations
    assert found == {}


def test_a_hand_is_entered_by_keyboard_alone(phone, demo):
    login(phone, "referee", DEMO_PASSWORD)
    phone.goto(f"{S}/sessions/8/sheets/1/?mode=hands")
    phone.focus("#guided input[name=guided-kind]")
    phone.keyboard.press("Space")  # Ron, the first choice
    expect(phone.locator("#guided input[name=guided-kind][value=ron]")).to_be_checked()
    phone.keyboard.press("Tab")  # to the discarder's group
    phone.keyboard.press("Space")  # East dealt in
    # To the winners: East, the discarder, cannot win (disabled), so Tab lands on South.
    phone.keyboard.press("Tab")
    phone.keyboard.press("Space")
    # The han box of the new winner has the focus: type the value.
    phone.keyboard.type("2")
    phone.keyboard.press("Tab")
    phone.keyboard.type("30")
    expect(phone.locator("#id_hands-0-who")).to_have_value("E")
    expect(phone.locator("#id_hands-0-han_1")).to_have_value("2")
    expect(phone.locator("#id_hands-0-fu_1")).to_have_value("30")
    # Non-dealer 2 han 30 fu: 2,000 (EMA 3.5.2 table).
    phone.wait_for_function(
        "Array.from(document.querySelectorAll('.guided-totals b'), b => b.textContent).join('|')"
        " === '28,000|32,000|30,000|30,000'"
    )
    assert _violations(phone) == []


def test_the_sheet_board_shows_a_new_sheet_without_a_reload(phone, demo):
    login(phone, "referee", DEMO_PASSWORD)
    phone.goto(f"{S}/sessions/5/sheets/")
    row = phone.locator(".sheets-table tbody tr").first
    expect(row.locator(".badge")).to_have_text("Missing")
    phone.evaluate("window.sameDocument = true")
    # Another referee saves table 1's sheet meanwhile.
    session = Session.objects.get(tournament__slug="demo-riichi-open", number=5)
    table = Table.objects.get(tournament=session.tournament, number=1)
    sheet_save(
        session=session,
        table=table,
        mode="final",
        entry={"points": [41000, 27000, 30000, 22000], "riichi_left": 0, "chombo": [0] * 4},
        expected_version=0,
        user=None,
    )
    # The poller runs every 15 s, and at once when the page is shown again.
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    phone.wait_for_function(
        "document.querySelector('.sheets-table tbody tr .badge').textContent !== 'Missing'"
    )
    expect(row).to_contain_text("v1")
    assert phone.evaluate("window.sameDocument") is True  # no reload happened
