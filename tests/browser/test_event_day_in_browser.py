"""A 16-player, 4-session EMA event played from the organiser's dashboard alone.

The organiser follows what the dashboard offers next at every phase: seat, start, watch,
finish each session; after session 2 a player withdraws and a reserve takes his seats with
one click; a wrong EMA number is corrected from the EMA banner; the EMA file comes last.
The score sheets are entered by the referees' services (their pages have tests of their own).
"""

from __future__ import annotations

import datetime as dt
import io

from django.contrib.auth import get_user_model
from openpyxl import load_workbook
from playwright.sync_api import expect

from scoring.services import sheet_confirm, sheet_save
from tests.browser.conftest import login
from tournament.models import Player, Registration, Seat, Session, Staff, Table, Tournament

POINTS = [40000, 32000, 28000, 20000]


def _event():
    organiser = get_user_model().objects.create_user("olga", password="olga-pass-1")
    tournament = Tournament.objects.create(
        name="Day Open",
        slug="day-open",
        start_date=dt.date(2026, 9, 5),
        end_date=dt.date(2026, 9, 5),
        visibility=Tournament.Visibility.PUBLISHED,
        session_count=4,
    )
    Staff.objects.create(tournament=tournament, user=organiser, role=Staff.Role.ORGANISER)
    referee = get_user_model().objects.create_user("rene", password="rene-pass-1")
    Staff.objects.create(tournament=tournament, user=referee, role=Staff.Role.REFEREE)
    for n in range(1, 5):
        Table.objects.create(tournament=tournament, number=n)
        Session.objects.create(tournament=tournament, number=n)
    for i in range(16):
        player = Player.objects.create(
            first_name=f"Pat{i:02d}",
            last_name=f"Player{i:02d}",
            # One number lost a digit in the sign-up: 7 digits starting with 0.
            ema_number="0500013" if i == 13 else f"05{i:06d}",
            country="DE",
        )
        Registration.objects.create(
            tournament=tournament, player=player, status="confirmed", checked_in=True
        )
    reserve = Player.objects.create(
        first_name="Rita", last_name="Reserve", ema_number="05000099", country="DE"
    )
    Registration.objects.create(
        tournament=tournament,
        player=reserve,
        status="confirmed",
        checked_in=True,
        is_reserve=True,
        results_count=True,
    )
    return tournament, reserve


def _score(session):
    for table in Table.objects.filter(seats__session=session).distinct():
        sheet = sheet_save(
            session=session,
            table=table,
            mode="final",
            entry={"points": POINTS, "riichi_left": 0},
            expected_version=0,
            user=None,
        )
        sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)


def _next_step(page):
    """What the dashboard offers next (waited for with ``expect(...).to_have_text``)."""
    return page.locator(".step-next .step-body strong")


def test_an_event_day_from_the_dashboard(page, transactional_db):
    tournament, reserve = _event()
    login(page, "olga", "olga-pass-1")
    page.goto("/t/day-open/dashboard/")

    # Seating: the only step left before the event.
    expect(_next_step(page)).to_have_text("Seat session 1")
    page.click(".step-next a")
    page.wait_for_url("**/t/day-open/seating/manage/")
    page.click("#generate-form button[type=submit]")
    page.wait_for_url("**/t/day-open/seating/jobs/*/")
    page.wait_for_selector("#job-done:not([hidden])")
    page.goto("/t/day-open/dashboard/")

    for n in range(1, 5):
        # The generated seating is a draft: publishing it is the step before the start.
        expect(_next_step(page)).to_have_text(f"Publish session {n}'s seating")
        with page.expect_navigation(url="**/t/day-open/dashboard/"):
            page.click(f".step-next button:has-text('Publish the seating of session {n}')")
        expect(_next_step(page)).to_have_text(f"Start session {n}")
        # The form posts and the dashboard comes back at the same address: wait for the
        # navigation itself, not for a URL the page already has.
        with page.expect_navigation(url="**/t/day-open/dashboard/"):
            page.click(f".step-next button:has-text('Start session {n}')")
        expect(_next_step(page)).to_have_text(f"Watch session {n}'s tables")
        # The event runs: nothing of the set-up phase is offered.
        expect(page.locator("text=Back to draft")).to_have_count(0)
        expect(page.locator("button:has-text('Open registration')")).to_have_count(0)

        page.click(".step-next a")
        expect(page.locator("#session-board")).to_contain_text(
            "4 missing · 0 to confirm · 0 confirmed"
        )
        _score(Session.objects.get(tournament=tournament, number=n))
        page.goto("/t/day-open/dashboard/")
        # Finishing cannot be undone from the page: the dashboard asks first.
        page.click(f"summary:has-text('Finish session {n}')")
        with page.expect_navigation(url="**/t/day-open/dashboard/"):
            page.click(f"button:has-text('Yes, finish session {n}')")

        if n == 2:
            # Player 05 withdraws after session 2: the organiser withdraws him on the list.
            gone = Player.objects.get(last_name="Player05")
            page.click(".manage-links >> text=Players")
            page.click(f"[aria-label='Withdraw {gone}']")
            # Asked first: the seats it frees, and a reason.
            expect(page.locator("#seats-freed")).to_contain_text("session 3")
            page.fill("textarea[name=reason]", "ill")
            page.click(f"button:has-text('Yes, withdraw {gone}')")
            expect(page.locator(".messages")).to_contain_text(
                "Empty seats in the sessions still to play: session 3"
            )
            page.goto("/t/day-open/dashboard/")
            expect(_next_step(page)).to_have_text("Make full tables of four")
            # The step leads to the choice of the reserve, with what each would cost (25.3).
            page.click(".step-next a:has-text('Make full tables of four')")
            proposed = page.locator("#fill-choices tr.proposed")
            expect(proposed).to_contain_text(str(reserve))
            page.click("button:has-text('Seat the chosen reserve')")
            expect(page.locator(".messages")).to_contain_text("takes the empty seat(s)")
            page.goto("/t/day-open/dashboard/")
            for number in (3, 4):
                assert Seat.objects.filter(session__number=number, player=reserve).exists()
                assert not Seat.objects.filter(session__number=number, player=gone).exists()

    # Every session played and scored: the final check fails on the EMA number only.
    page.goto("/t/day-open/dashboard/")
    expect(_next_step(page)).to_have_text("Final check")
    expect(page.locator("body")).to_contain_text("1 confirmed player(s) without a valid EMA number")
    page.click("text=Correct Pat13 Player13 (0500013)")
    page.fill("#id_ema_number", "05000013")
    page.click("button:has-text('Save')")
    page.wait_for_url("**/t/day-open/dashboard/")
    expect(_next_step(page)).to_have_text("Send the EMA results file")
    with page.expect_download() as download:
        page.click(".step-next a")
    assert download.value.suggested_filename == "day-open-ema-results.xlsx"
    with open(download.value.path(), "rb") as file:
        sheet = load_workbook(io.BytesIO(file.read())).active
    numbers = {row[1] for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert "05000013" in numbers and "05000099" in numbers
    # The fifteen who stayed, the one who withdrew after playing two sessions, the reserve.
    assert sheet.max_row == 1 + 17
