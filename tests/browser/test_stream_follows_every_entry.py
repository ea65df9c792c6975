"""The stream page follows a final however its hands are entered: the referee's laptop grid
(the default view at 1366x768) and a player's phone (one hand at a time, 390x844), never
only after Save; after the last hand it says the game is over.  The figures are those of
``tests/stages/scenario.py`` (the final's table of points, hand by hand)."""

from __future__ import annotations

import os
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from results.stages.services import stage_cut, stage_session_seat
from scoring.models import ReportingSettings, ScoreSheet
from tests.browser.conftest import PHONE, login
from tests.browser.test_stages_in_browser import _choose, _semi_finals_played
from tests.stages import scenario
from tournament.models import Player, Session
from tournament.seating.jobs import seating_publish

SHOTS = os.environ.get("STAGES_SCREENSHOTS", "")


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def final_seated(transactional_db, tournament, organiser, referee):
    """The final (session 9) cut, seated and running; players report; A2 (South) has an
    account."""
    final = _semi_finals_played(tournament, referee)
    stage_cut(stage=final, user=None, now=timezone.now())
    stage_session_seat(stage=final, number=9, now=timezone.now())
    seating_publish(session=Session.objects.get(tournament=tournament, number=9), user=None)
    Session.objects.filter(tournament=tournament, number=9).update(state=Session.State.RUNNING)
    ReportingSettings.objects.create(tournament=tournament, entry=ReportingSettings.Entry.PLAYERS)
    user = get_user_model().objects.create_user("a2", password="pw-a2")
    Player.objects.filter(first_name="A2", last_name="Stage").update(user=user)
    return tournament


def _grid_ron(page, row: int, loser: str, winner: str, han: str, riichi: str = "") -> None:
    """One line of the desk's grid, typed box by box as on a laptop."""
    if page.locator(f"[name=hands-{row}-kind]").count() == 0:
        page.click("#add-hand")
    seat = "ESWN".index(winner)
    page.select_option(f"[name=hands-{row}-kind]", "ron")
    page.select_option(f"[name=hands-{row}-who]", loser)
    page.fill(f"[name=hands-{row}-han_{seat}]", han)
    page.fill(f"[name=hands-{row}-fu_{seat}]", "30")
    if riichi:
        page.check(f"[name=hands-{row}-riichi_{'ESWN'.index(riichi)}]")


def _phone_ron(phone, loser: str, winner: str, han: str, riichi: str = "") -> None:
    seat = "ESWN".index(winner[0])
    _choose(phone, "What happened", "Ron")
    _choose(phone, "Who dealt in (discarded the winning tile)", loser)
    _choose(phone, "Who won (up to 3)", winner)
    phone.fill(f"[data-seat='{seat}'][data-part='han']", han)
    phone.fill(f"[data-seat='{seat}'][data-part='fu']", "30")
    if riichi:
        _choose(phone, "Riichi declared in this hand", riichi)


def test_the_stream_follows_the_laptop_grid_and_a_players_phone(browser, live_server, final_seated):
    slug = final_seated.slug
    screen = browser.new_context(base_url=live_server.url, viewport={"width": 1920, "height": 1080})
    laptop = browser.new_context(base_url=live_server.url, viewport={"width": 1366, "height": 768})
    mobile = browser.new_context(base_url=live_server.url, **PHONE)
    try:
        stream = screen.new_page()
        stream.goto(f"/t/{slug}/stream/")
        points = stream.locator("#stream-seats .stream-points")
        expect(points).to_have_text(["30,000"] * 4)
        loaded = stream.evaluate("performance.timeOrigin")

        # The referee's laptop: the grid is the default view there, not one hand at a time.
        desk = laptop.new_page()
        login(desk, "rene_referee", "pw-rene_referee")
        desk.goto(f"/t/{slug}/sessions/9/sheets/1/?mode=hands")
        expect(desk.locator("#hands")).to_be_visible()
        expect(desk.locator("#guided")).to_be_hidden()
        grid_hands = [("E", "S", "3", ""), ("S", "W", "1", ""), ("W", "N", "1", "")]
        for row, (loser, winner, han, riichi) in enumerate(grid_hands):
            _grid_ron(desk, row, loser, winner, han, riichi)
            # Nothing saved: the stream polls the hands the grid's check recorded.
            grouped = [f"{p:,}" for p in scenario.FINAL_POINTS[row]]
            expect(points).to_have_text(grouped, timeout=8000)
            expect(stream.locator("#stream-hands")).to_have_text(str(row + 1))
        assert not ScoreSheet.objects.filter(session__number=9).exists()
        desk.close()

        # A2, South, enters the final again on his phone, one hand at a time with the
        # running totals, as the referee's phone has it; the stream follows him as well.
        phone = mobile.new_page()
        phone.set_default_timeout(10_000)
        login(phone, "a2", "pw-a2")
        phone.goto(f"/t/{slug}/my-table/sheet/?mode=hands")
        expect(phone.locator("#guided")).to_be_visible()
        expect(phone.locator("#hands")).to_be_hidden()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        expect(phone.locator(".guided-round")).to_contain_text("Hand 1 · East 1")
        expect(phone.locator(".guided-totals b")).to_have_text(["30,000"] * 4)
        phone_hands = [
            lambda: _phone_ron(phone, "East", "South", "3"),
            lambda: _phone_ron(phone, "South", "West", "1"),
            lambda: _phone_ron(phone, "West", "North", "1"),
            lambda: _phone_ron(phone, "North", "East", "1"),
            lambda: _phone_ron(phone, "East", "South", "1", riichi="North"),
            lambda: _phone_ron(phone, "South", "West", "1"),
            lambda: _phone_ron(phone, "West", "North", "1"),
        ]
        for number, enter in enumerate(phone_hands, start=1):
            enter()
            expected = [f"{p:,}" for p in scenario.FINAL_POINTS[number - 1]]
            expect(phone.locator(".guided-totals b")).to_have_text(expected)
            expect(points).to_have_text(expected, timeout=8000)
            phone.click("#guided-next")
            expect(phone.locator(".guided-round")).to_contain_text(f"Hand {number + 1} · ")
        expect(stream.locator("#stream-over")).to_be_hidden()
        _choose(phone, "What happened", "Draw")
        _choose(phone, "Tenpai at the draw", "West")
        _choose(phone, "Riichi declared in this hand", "West")
        expect(points).to_have_text([f"{p:,}" for p in scenario.FINAL_POINTS[7]], timeout=8000)
        # The last hand: the stream says the game is over instead of a round to come.
        expect(stream.locator("#stream-over")).to_have_text("The game is over")
        expect(stream.locator("#stream-round")).to_be_hidden()
        expect(phone.locator(".guided-status")).to_contain_text("The game is over")
        assert stream.evaluate("performance.timeOrigin") == loaded  # never reloaded
        _shot(phone, "player-hands-390")
        _shot(stream, "stream-over-1920")

        # The stream fills its 1920x1080 and no name wraps onto a second line.
        names = stream.locator("#stream-seats .stream-name")
        for i in range(4):
            box = names.nth(i).bounding_box()
            line = stream.evaluate(
                "el => parseFloat(getComputedStyle(el).lineHeight)", names.nth(i).element_handle()
            )
            assert box["height"] < 1.5 * line
        used = stream.evaluate(
            "() => { const r = document.getElementById('stream').getBoundingClientRect();"
            " return [r.width, r.height]; }"
        )
        assert used == [1920, 1080]

        phone.click("button:has-text('Save sheet')")
        expect(phone.locator(".messages")).to_contain_text("Your table-mates now confirm it")
        sheet = ScoreSheet.objects.get(session__number=9)
        assert sheet.version == 1 and len(sheet.entry["hands"]) == 8
    finally:
        for context in (screen, laptop, mobile):
            context.close()


def test_a_players_final_points_show_their_running_sum(browser, live_server, final_seated):
    mobile = browser.new_context(base_url=live_server.url, **PHONE)
    try:
        phone = mobile.new_page()
        login(phone, "a2", "pw-a2")
        phone.goto(f"/t/{final_seated.slug}/my-table/sheet/?mode=final")
        phone.fill("#id_points_0", "41000")
        phone.fill("#id_points_1", "27000")
        # As on the referee's sheet (static/js/sheet_final.js): the sum of what is typed.
        expect(phone.locator("#final-sum")).to_have_text(
            re.compile(r"^Sum 68,000 of 120,000 \(2 to type\)$")
        )
        phone.fill("#id_points_2", "30000")
        phone.fill("#id_points_3", "21000")
        expect(phone.locator("#final-sum")).to_have_text(
            "Sum 119,000, expected 120,000: 1,000 missing."
        )
        _shot(phone, "player-final-390")
    finally:
        mobile.close()
