"""Players report their table's result on their phones: four phone-sized
browsers, one per player of table 1; then a dispute that a referee settles."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.models import ReportingSettings
from scoring.reporting.services import ensure_personal_codes
from tests.browser.conftest import login, new_context
from tournament.models import Player, Session

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def table1(transactional_db, seated_session):
    """Session 1 running, players reporting; the four players of table 1 have accounts."""
    seated_session.state = Session.State.RUNNING
    seated_session.save(update_fields=["state"])
    ReportingSettings.objects.create(
        tournament=seated_session.tournament, entry=ReportingSettings.Entry.PLAYERS
    )
    names = []
    for seat in seated_session.seats.filter(table__number=1).order_by("wind"):
        name = f"p{seat.wind}"
        user = get_user_model().objects.create_user(name, password="pw-" + name)
        Player.objects.filter(pk=seat.player_id).update(user=user)
        names.append(name)
    return seated_session, names


@pytest.fixture
def phones(browser, live_server, table1):
    """One logged-in phone per player of table 1, East first."""
    _, names = table1
    contexts, pages = [], []
    for name in names:
        context = new_context(browser, live_server.url, **PHONE)
        page = context.new_page()
        login(page, name, "pw-" + name)
        contexts.append(context)
        pages.append(page)
    yield pages
    for context in contexts:
        context.close()


def enter_points(phone, points):
    phone.goto("/t/test-open/")
    phone.click("text=Menu")
    phone.click("nav >> text=My table")
    phone.click("#enter-final")
    expect(phone.locator("#id_points_0")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # fits the phone
    for i, value in enumerate(points):
        phone.fill(f"#id_points_{i}", value)
    phone.click("button:has-text('Save sheet')")
    expect(phone.locator(".messages")).to_contain_text("Your table-mates now confirm it")


def test_four_phones_enter_and_confirm_the_table_result(phones):
    east, south, west, north = phones
    enter_points(south, ["41000", "27000", "30000", "22000"])
    expect(south.locator("#report-status")).to_contain_text("Waiting for confirmation")
    for phone in (east, west, north):
        phone.goto("/t/test-open/my-table/")
        expect(phone.locator(".result-table")).to_contain_text("41,000")
        expect(phone.locator(".result-table")).to_contain_text("26")
        phone.click("#answer-form >> button:has-text('Confirm')")
        expect(phone.locator(".messages")).to_contain_text("Confirmed. Thank you.")
    expect(north.locator("#report-status")).to_have_text("Confirmed")
    # It counts now: East leads the standings with 41,000 - 30,000 + 15 uma = 26.
    east.goto("/t/test-open/standings/")
    first = east.locator("table.standings tbody tr").first
    expect(first).to_contain_text("Last000, First000")
    expect(first).to_contain_text("26")
    # The page fits the phone: nothing wider than the screen.
    south.goto("/t/test-open/my-table/")
    expect(south.locator("#report-status")).to_be_visible()
    assert south.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_dispute_goes_to_the_desk_and_a_referee_settles_it(
    phones, browser, live_server, referee, table1
):
    session, _ = table1
    codes = {c.player.pk: c.code for c in ensure_personal_codes(tournament=session.tournament)}
    north_code = codes[session.seats.get(table__number=1, wind=3).player_id]
    east, south, west, _ = phones  # North's phone stays in his pocket
    # East types North's 32,000 as 22,000 and 30,000 for West's 20,000: it still adds up.
    enter_points(east, ["41000", "27000", "30000", "22000"])
    south.goto("/t/test-open/my-table/")
    south.click("#answer-form >> button:has-text('Confirm')")
    expect(south.locator(".messages")).to_contain_text("Confirmed. Thank you.")
    west.goto("/t/test-open/my-table/")
    west.fill("#id_reason", "West had 20,000 and North 32,000")
    west.click("#answer-form >> button:has-text('Dispute')")
    expect(west.locator(".messages")).to_contain_text("A referee is on the way")
    # North has no phone: he confirms on East's with the code of his slip.
    east.goto("/t/test-open/my-table/")
    east.fill("#code_code", north_code)
    east.click("#code-form >> button:has-text('Confirm with code')")
    answers = east.locator(".report-answers")
    expect(answers).to_contain_text("(with code)")
    expect(answers).to_contain_text("disputed")
    expect(east.locator("#report-status")).to_contain_text("Disputed")

    desk = new_context(browser, live_server.url, **PHONE).new_page()
    login(desk, "rene_referee", "pw-rene_referee")
    desk.goto("/t/test-open/referee/")
    alert = desk.locator("#sheet-alerts .desk-alert-red")
    expect(alert).to_contain_text("Table 1")
    expect(alert).to_contain_text("West had 20,000")
    expect(alert).to_have_css("color", "rgb(179, 38, 30)")  # --bad: red
    alert.locator("a:has-text('Table 1')").click()
    desk.fill("#id_points_2", "20000")
    desk.fill("#id_points_3", "32000")
    # The sheet shows the dispute, and a correction of a disputed sheet says why (25.7).
    expect(desk.locator("main")).to_contain_text("West had 20,000")
    desk.fill("#id_reason", "Corrected as West disputed: 20,000 and 32,000")
    desk.click("button:has-text('Save sheet')")
    expect(desk.locator(".messages")).to_contain_text("saved (version 2)")
    desk.click("button:has-text('Confirm sheet')")
    expect(desk.locator(".messages")).to_contain_text("confirmed")
    desk.goto("/t/test-open/referee/")
    expect(desk.locator("#sheet-alerts")).to_have_count(0)
    west.goto("/t/test-open/my-table/")
    expect(west.locator("#report-status")).to_have_text("Confirmed")
    expect(west.locator(".result-table")).to_contain_text("32,000")
    desk.context.close()


def test_a_waiting_phone_shows_the_sheet_when_a_table_mate_enters_it(phones):
    east, south, _, _ = phones
    east.clock.install()
    east.goto("/t/test-open/my-table/")
    expect(east.locator("body")).to_contain_text("Nobody has entered your table's sheet yet")
    enter_points(south, ["41000", "27000", "30000", "22000"])
    east.clock.run_for(21_000)  # the page reads itself again every 20 seconds (site.js)
    expect(east.locator("#report-status")).to_contain_text("Waiting for confirmation")


def test_a_player_adds_hand_lines_on_his_phone(phones):
    east = phones[0]
    east.goto("/t/test-open/my-table/sheet/?mode=hands")
    # A phone starts with one hand at a time (sheet_hands.js); the grid is one tap away.
    east.click("#guided-switch")
    expect(east.locator("#add-hand")).to_be_visible()  # the grid is shown
    before = east.locator("#hands .hand-row").count()
    east.click("#add-hand")
    expect(east.locator("#hands .hand-row")).to_have_count(before + 1)
    expect(east.locator("#id_hands-TOTAL_FORMS")).to_have_value(str(before + 1))
