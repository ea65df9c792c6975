"""Championship stages in a real browser: the organiser cuts the final table of ``tests/stages/
scenario.py`` and seats it, the stream page (a 1920x1080 browser source) is open, and the
referee enters the final hand by hand on a phone; the stream follows every hand without a
reload or a button, then shows the final standings once the sheet is confirmed."""

from __future__ import annotations

import os
import re

from django.utils import timezone
from playwright.sync_api import expect

from results.models import Stage
from results.stages.services import stage_cut, stage_save, stage_session_seat
from scoring.models import ScoreSheet
from scoring.services import sheet_confirm
from tests.browser.conftest import login
from tests.stages import scenario
from tournament.models import Player
from web.cache import bump

# Where to keep screenshots when asked (never in the repository).
SHOTS = os.environ.get("STAGES_SCREENSHOTS", "")


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def _choose(page, legend: str, label: str) -> None:
    choices = page.locator(f"#guided fieldset:has(> legend:text-is('{legend}')) label.choice")
    choices.filter(has_text=re.compile(f"^{label}")).click()


def _ron(page, loser: str, winner: str, han: str, riichi: str = "") -> None:
    seat = "ESWN".index(winner[0])
    _choose(page, "What happened", "Ron")
    _choose(page, "Who dealt in (discarded the winning tile)", loser)
    _choose(page, "Who won (up to 3)", winner)
    page.fill(f"[data-seat='{seat}'][data-part='han']", han)
    page.fill(f"[data-seat='{seat}'][data-part='fu']", "30")
    if riichi:
        _choose(page, "Riichi declared in this hand", riichi)


def _semi_finals_played(tournament, referee) -> Stage:
    scenario.build_preliminaries(tournament, ruleset="ema2016", user=referee)
    semi = stage_save(tournament=tournament, data={**scenario.SEMI, "carry_fraction": "0.5"})
    stage_save(tournament=tournament, data=scenario.FINAL)
    semi = stage_cut(stage=semi, user=None, now=timezone.now())
    for number in (7, 8):
        stage_session_seat(stage=semi, number=number, now=timezone.now())
        scenario.enter_semi_session(tournament, number, user=referee)
    return Stage.objects.get(tournament=tournament, order=2)


def test_the_stream_follows_the_final_hand_by_hand(
    page, phone, transactional_db, tournament, organiser, referee
):
    _semi_finals_played(tournament, referee)
    slug = tournament.slug

    # The organiser cuts the final on the stages page: who is in, who is next.
    login(page, "olga_organiser", "pw-olga_organiser")
    page.goto(f"/t/{slug}/stages/")
    page.click("#stage-2 button:has-text('Make the cut')")
    final = page.locator("#stage-2")
    expect(final.locator(".stage-entries li")).to_have_text(
        [re.compile(f"^{name} Stage") for name in scenario.FINAL_TABLE]
    )
    expect(final).to_contain_text("A4 Stage")  # first in line
    page.click("#stage-2 button:has-text('Seat session 9')")
    _shot(page, "stages-desktop")
    # The final's seating is a draft until the organiser publishes it on its seating page.
    page.goto(f"/t/{slug}/sessions/9/")
    with page.expect_navigation():
        page.click("#publish-seating-9")
    expect(page.locator("#seating-draft")).to_have_count(0)

    # The stream page, as streaming software shows it: the finalists agreed to be named.
    Player.objects.filter(tournament=tournament).update(consent_stream=True)
    bump(tournament.pk)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"/t/{slug}/stream/")
    points = page.locator("#stream-seats .stream-points")
    expect(page.locator("#stream-seats .stream-name")).to_have_text(
        [f"{name} Stage" for name in scenario.FINAL_TABLE]
    )
    expect(points).to_have_text(["30,000"] * 4)
    expect(page.locator("#stream-round")).to_have_text("East 1")
    expect(page.locator("#stream-standings tr td:nth-child(3)")).to_have_text(
        ["91.5", "86.0", "84.0", "82.5"]
    )
    loaded = page.evaluate("performance.timeOrigin")

    # The referee enters the final on a phone, one hand at a time (scenario.py).
    login(phone, "rene_referee", "pw-rene_referee")
    phone.goto(f"/t/{slug}/sessions/9/sheets/1/?mode=hands")
    hands = [
        lambda: _ron(phone, "East", "South", "3"),
        lambda: _ron(phone, "South", "West", "1"),
        lambda: _ron(phone, "West", "North", "1"),
        lambda: _ron(phone, "North", "East", "1"),
        lambda: _ron(phone, "East", "South", "1", riichi="North"),
        lambda: _ron(phone, "South", "West", "1"),
        lambda: _ron(phone, "West", "North", "1"),
    ]
    for number, enter in enumerate(hands, start=1):
        enter()
        # Within a few seconds, with nothing saved: the stream polls every 2 seconds.
        expect(points).to_have_text([f"{p:,}" for p in scenario.FINAL_POINTS[number - 1]])
        phone.click("#guided-next")
        expect(phone.locator(".guided-round")).to_contain_text(f"Hand {number + 1} · ")
        if number == 4:
            expect(page.locator("#stream-round")).to_have_text("South 1")
    expect(page.locator("#stream-seats .stream-seat.dealer .stream-name")).to_have_text("A5 Stage")
    _shot(page, "stream-1920")
    _choose(phone, "What happened", "Draw")
    _choose(phone, "Tenpai at the draw", "West")
    _choose(phone, "Riichi declared in this hand", "West")
    expect(points).to_have_text([f"{p:,}" for p in scenario.FINAL_POINTS[7]])
    expect(page.locator("#stream-hands")).to_have_text("8")
    assert not ScoreSheet.objects.filter(session__number=9).exists()
    # No reload: the page is the one loaded before the first hand.
    assert page.evaluate("performance.timeOrigin") == loaded

    phone.click("button:has-text('Save sheet')")
    expect(phone.locator(".messages")).to_contain_text("saved (version 1)")
    sheet = ScoreSheet.objects.get(session__number=9)
    sheet_confirm(sheet=sheet, expected_version=sheet.version, user=organiser)
    # Confirmed: the standings they played for, as the final ranking has them.
    expect(page.locator("#stream-standings tr td:nth-child(2)")).to_have_text(
        ["A2 Stage", "A6 Stage", "A5 Stage", "A7 Stage"]
    )
    expect(page.locator("#stream-standings tr td:nth-child(3)")).to_have_text(
        ["104.9", "91.0", "76.5", "71.6"]
    )

    # Readable on a phone: the stream in 390x844, nothing off the edge.
    phone.goto(f"/t/{slug}/stream/?transparent=1")
    expect(phone.locator("#stream-seats .stream-points")).to_have_text(
        ["25,100", "32,900", "32,000", "29,000"]
    )
    from tests.browser.layout import offscreen

    assert offscreen(phone) == []
    _shot(phone, "stream-phone")
