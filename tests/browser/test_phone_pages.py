"""Every page a referee or a player uses on the day, on a phone (390x844): no table cell,
link or form control lies beyond the right edge of the screen. The hall screen's pages at
1920x1080 with a long name in the first rows: inside the screen, whole rows only. And what a
logged-in player sees first on the event page."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.db.models import F, Value
from django.db.models.functions import Concat
from playwright.sync_api import expect

from demo.loader import DEMO_PASSWORD
from tests.browser.conftest import login, new_context
from tests.browser.layout import clipped_rows, offscreen
from tournament.models import Player, Session

S = "/t/demo-riichi-open"
PUBLIC = [
    f"{S}/",
    f"{S}/players/",
    f"{S}/seating/",
    f"{S}/sessions/1/",
    f"{S}/sessions/8/",
    f"{S}/clock/",
    f"{S}/standings/",
    f"{S}/results/",
    f"{S}/results/1/",
]
PLAYER = [f"{S}/", f"{S}/seating/mine/", "{player_page}"]
REFEREE = [
    f"{S}/sessions/1/sheets/",
    f"{S}/sessions/1/sheets/1/",
    f"{S}/sessions/1/sheets/1/?mode=hands",
    f"{S}/sessions/8/sheets/2/",
    f"{S}/sessions/8/sheets/2/?mode=hands",
    f"{S}/referee/",
    f"{S}/referee/log/",
    f"{S}/calculator/?tiles=234m567p22s345678s&win_tile=8s&riichi=on",
]
LONG_SUFFIX = "-Wolkenstein-Trostburg-Rodenegg von Maximiliane-Charlotte"


@pytest.fixture
def demo(transactional_db):
    call_command("load_demo", "--allow-production", stdout=io.StringIO())


def _sweep(page, urls: list[str]) -> dict[str, list[str]]:
    found = {}
    for url in urls:
        # goto waits for the load event: the page and its deferred scripts are in place.
        response = page.goto(url)
        assert response.status == 200, url
        bad = offscreen(page)
        if bad:
            found[url] = bad[:5]
    return found


def test_public_and_player_pages_fit_a_phone(phone, demo):
    assert _sweep(phone, PUBLIC) == {}
    login(phone, "player", DEMO_PASSWORD)
    anna = Player.objects.get(user__username="player")
    pages = [u.replace("{player_page}", f"{S}/players/{anna.pk}/") for u in PLAYER]
    assert _sweep(phone, pages) == {}


def test_referee_pages_fit_a_phone(phone, demo):
    login(phone, "referee", DEMO_PASSWORD)
    assert _sweep(phone, REFEREE) == {}
    # The sheet list's Enter/Open links are on screen and open the sheet.
    phone.goto(f"{S}/sessions/8/sheets/")
    link = phone.locator(".sheets-table tbody tr").first.locator("a.button")
    box = link.bounding_box()
    assert box["x"] + box["width"] <= 390
    link.click()
    expect(phone.locator("h1")).to_contain_text("score sheet")


def test_standings_on_a_phone_show_rank_name_and_total_first(phone, demo):
    phone.goto(f"{S}/standings/")
    headers = phone.locator("table.standings thead th:visible")
    expect(headers).to_have_text(["Rank", "Player", "Total"])
    first = phone.locator("table.standings tbody tr").first
    cells = first.locator("td:visible")
    expect(cells.nth(0)).to_have_text("1")
    expect(cells.nth(2)).not_to_be_empty()
    # The details are one tap away: the name opens the player's page.
    first.locator("a").click()
    expect(phone.locator(".score-chart svg")).to_be_visible()
    expect(phone.locator("table.player-sessions tbody tr")).to_have_count(8)


def test_player_sees_where_he_sits_next_and_the_clock(phone, demo):
    login(phone, "player", DEMO_PASSWORD)
    anna = Player.objects.get(user__username="player")
    session = Session.objects.filter(tournament__slug="demo-riichi-open", state="planned").first()
    seat = session.seats.get(player=anna)
    phone.goto(f"{S}/")
    start = session.planned_start.astimezone().strftime("%H:%M")
    wind = seat.get_wind_display()
    expected = f"Session {session.number}: {seat.table}, seat {wind}, starts {start}"
    expect(phone.locator("#my-day .my-next")).to_have_text(re.compile("^" + re.escape(expected)))
    assert phone.locator("#my-day").bounding_box()["y"] < 600  # first thing after the title


@pytest.mark.parametrize(
    "url",
    [
        f"{S}/standings/projector/",
        f"{S}/results/1/projector/",
        f"{S}/sessions/1/clock/?projector=1",
    ],
)
def test_projector_pages_show_whole_rows_with_a_long_name(browser, live_server, demo, url):
    # Every name long, so the first rows of every page hold one.
    Player.objects.update(last_name=Concat(F("last_name"), Value(LONG_SUFFIX)))
    context = new_context(browser, live_server.url, viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(url)
    # Measured once the page shows what the hall sees: the projector's first page of rows
    # (fetched by static/js/projector.js), or the clock drawn by its script.
    expect(page.locator("#projector-rows tr, #clock[data-phase]").first).to_be_visible()
    assert offscreen(page) == []
    assert clipped_rows(page) == []
    context.close()
