"""Score sheets on a phone (390x844): the guided hand-by-hand entry, the final points with
their live sum, and a sheet typed while the network is down."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.models import ScoreSheet, SheetVersion
from tests.browser.conftest import login
from tests.browser.layout import offscreen

SHEET = "/t/{slug}/sessions/1/sheets/1/"


def _choose(page, legend: str, label: str) -> None:
    choices = page.locator(f"#guided fieldset:has(> legend:text-is('{legend}')) label.choice")
    choices.filter(has_text=re.compile(f"^{label}")).click()


def _wait_totals(page, expected: list[str]) -> None:
    page.wait_for_function(
        "(want) => Array.from(document.querySelectorAll('.guided-totals b'),"
        " (b) => b.textContent).join('|') === want",
        arg="|".join(expected),
    )


def test_referee_enters_a_whole_sheet_one_hand_at_a_time(
    phone, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    login(phone, "rene_referee", "pw-rene_referee")
    phone.goto(SHEET.format(slug=slug) + "?mode=hands")
    # One hand at a time on a phone: the grid is hidden, nothing lies beyond the edge.
    expect(phone.locator("#guided")).to_be_visible()
    expect(phone.locator("#hands")).to_be_hidden()
    expect(phone.locator(".guided-round")).to_have_text("Hand 1 · East 1")
    _wait_totals(phone, ["30,000"] * 4)
    assert offscreen(phone) == []

    # Hand 1, East 1: a double ron on East's discard (EMA 3.3.1: both win). South 3 han
    # 30 fu = 3,900; West 2 han 40 fu = 2,560 -> 2,600 (EMA 3.5.2); East pays both.
    _choose(phone, "What happened", "Ron")
    _choose(phone, "Who dealt in (discarded the winning tile)", "East")
    _choose(phone, "Who won (up to 3)", "South")
    # The han box of South, the winner just chosen, has the focus.
    expect(phone.locator("[data-seat='1'][data-part='han']")).to_be_focused()
    expect(phone.locator("[data-seat='1'][data-part='han']")).to_have_attribute(
        "inputmode", "numeric"
    )
    phone.fill("[data-seat='1'][data-part='han']", "3")
    phone.fill("[data-seat='1'][data-part='fu']", "30")
    _choose(phone, "Who won (up to 3)", "West")
    phone.fill("[data-seat='2'][data-part='han']", "2")
    phone.fill("[data-seat='2'][data-part='fu']", "40")
    _wait_totals(phone, ["23,500", "33,900", "32,600", "30,000"])
    assert offscreen(phone) == []
    phone.click("#guided-next")

    # Hand 2: East 2 (the dealer lost). North declares riichi; a draw with East and North
    # tenpai: the noten pair pays 1,500 each to the two tenpai players (EMA 3.3.12).
    phone.wait_for_function(
        "document.querySelector('.guided-round').textContent === 'Hand 2 · East 2'"
    )
    _choose(phone, "What happened", "Draw")
    _choose(phone, "Tenpai at the draw", "East")
    _choose(phone, "Tenpai at the draw", "North")
    _choose(phone, "Riichi declared in this hand", "North")
    _wait_totals(phone, ["25,000", "32,400", "31,100", "30,500"])
    phone.click("#guided-next")

    # Hand 3: East 3 with one counter and North's stick on the table; West's chombo. The
    # EMA chombo is a penalty after the game (EMA 2016, 20 points), not table points.
    phone.wait_for_function(
        "document.querySelector('.guided-round').textContent.startsWith('Hand 3 · East 3')"
    )
    _choose(phone, "What happened", "Chombo")
    _choose(phone, "Who made the chombo", "West")
    _wait_totals(phone, ["25,000", "32,400", "31,100", "30,500"])
    phone.wait_for_function(
        "document.querySelector('.guided-round').textContent"
        " === 'Hand 3 · East 3, 1 honba, 1 riichi on the table'"
    )
    assert offscreen(phone) == []

    # An earlier hand can be opened again from the list of hands.
    phone.click(".guided-hands button[aria-label='Hand 1']")
    expect(phone.locator("[data-seat='2'][data-part='fu']")).to_have_value("40")
    phone.click(".guided-hands button[aria-label='Hand 3']")

    phone.check("#id_ended_by_time")
    # The sheet comes back at the same address: its message says the save is done.
    phone.click("button:has-text('Save sheet')")
    expect(phone.locator(".messages")).to_contain_text("saved (version 1)")
    sheet = ScoreSheet.objects.get(session=seated_session, table__number=1)
    assert sheet.mode == "hands"
    assert sheet.entry["hands"] == [
        {
            "ron": [{"winner": "S", "han": 3, "fu": 30}, {"winner": "W", "han": 2, "fu": 40}],
            "from": "E",
        },
        {"draw": {"tenpai": ["E", "N"]}, "riichi": ["N"]},
        {"chombo": "W"},
    ]
    # The stick left on the table goes to first place (EMA 3.3.14); West's chombo -20.
    scores = phone.locator(".result-table tbody tr")
    expect(scores.nth(1)).to_contain_text("33,400")
    expect(scores.nth(1)).to_contain_text("18.4")
    # West: table score 1.1 + uma 5 - 20 for the chombo (uma and penalty columns are
    # left out on a phone; the score holds them).
    expect(scores.nth(2)).to_contain_text("-13.9")
    assert offscreen(phone) == []


def test_final_points_show_their_sum_and_difference_while_typing(
    phone, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    login(phone, "rene_referee", "pw-rene_referee")
    phone.goto(SHEET.format(slug=slug))
    assert offscreen(phone) == []
    expect(phone.locator("#id_points_0")).to_have_attribute("inputmode", "numeric")
    for i, points in enumerate(["41000", "27000", "30000"]):
        phone.fill(f"#id_points_{i}", points)
    total = phone.locator("#final-sum")
    expect(total).to_have_text("Sum 98,000 of 120,000 (1 to type)")
    phone.fill("#id_points_3", "21000")
    expect(total).to_have_text("Sum 119,000, expected 120,000: 1,000 missing.")
    phone.fill("#id_riichi_left", "1")  # a stick on the table: 119,000 is right
    expect(total).to_have_text("Sum 119,000: adds up.")
    # Chombo and substitute sit behind a toggle per row.
    expect(phone.locator("#id_chombo_2")).to_be_hidden()
    phone.locator(".final-row").nth(2).locator("summary").click()
    phone.fill("#id_chombo_2", "1")
    assert offscreen(phone) == []
    phone.click("button:has-text('Save sheet')")
    expect(phone.locator(".messages")).to_contain_text("saved (version 1)")
    sheet = ScoreSheet.objects.get(session=seated_session, table__number=1)
    assert sheet.entry["chombo"] == [0, 0, 1, 0]


@pytest.mark.parametrize("mode", ["final"])
def test_a_sheet_typed_offline_is_kept_and_sent_once_when_the_network_is_back(
    phone, transactional_db, referee, seated_session, mode
):
    slug = seated_session.tournament.slug
    login(phone, "rene_referee", "pw-rene_referee")
    phone.goto(SHEET.format(slug=slug))
    phone.context.set_offline(True)
    for i, points in enumerate(["41000", "27000", "30000", "22000"]):
        phone.fill(f"#id_points_{i}", points)
    phone.click("button:has-text('Save sheet')")
    banner = phone.locator("#offline-banner")
    expect(banner).to_contain_text("not sent yet")
    kept = "Object.keys(localStorage).filter(k => k.startsWith('offline-form:'))"
    assert phone.evaluate(kept) == ["offline-form:sheet:test-open:1:1"]  # kept before shown
    assert not ScoreSheet.objects.exists()
    # A second tap while offline replaces the kept copy; it does not add one. The copy
    # says when it was typed ("at"): wait for the newer one, then count.
    first_at = phone.evaluate(
        "JSON.parse(localStorage.getItem('offline-form:sheet:test-open:1:1')).at"
    )
    phone.click("button:has-text('Save sheet')")
    phone.wait_for_function(
        "(before) => JSON.parse(localStorage.getItem('offline-form:sheet:test-open:1:1')).at"
        " !== before",
        arg=first_at,
    )
    assert phone.evaluate("Object.keys(localStorage).length") == 1

    phone.context.set_offline(False)
    phone.wait_for_function("!document.querySelector('#offline-banner')")
    expect(phone.locator(".messages")).to_contain_text("saved (version 1)")
    phone.wait_for_function(f"{kept}.length === 0")
    # Stored once: one sheet, one version, whatever the events that fired (every request
    # the page started has been answered).
    phone.wait_for_load_state("networkidle")
    assert ScoreSheet.objects.count() == 1
    assert SheetVersion.objects.count() == 1
    assert ScoreSheet.objects.get().entry["points"] == [41000, 27000, 30000, 22000]


def test_the_calculator_fills_in_the_winners_han_and_fu(
    phone, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    login(phone, "rene_referee", "pw-rene_referee")
    phone.goto(SHEET.format(slug=slug) + "?mode=hands")
    _choose(phone, "What happened", "Ron")
    _choose(phone, "Who dealt in (discarded the winning tile)", "East")
    _choose(phone, "Who won (up to 3)", "South")
    phone.click("#guided button:has-text('From the calculator')")
    frame = phone.frame_locator("#calc-dialog iframe")
    # Riichi, tanyao, pinfu on a discard (interfaces.md's example): 3 han 30 fu.
    frame.locator("#id_tiles").fill("234m567p22s345678s")
    frame.locator("#id_win_tile").fill("8s")
    frame.locator("#id_riichi").check()
    frame.locator("button:has-text('Calculate')").click()
    frame.locator("#calc-use").click()
    # The calculator answers the sheet by a message: wait for the dialog to close.
    expect(phone.locator("#calc-dialog")).to_be_hidden()
    expect(phone.locator("#id_hands-0-han_1")).to_have_value("3")
    expect(phone.locator("#id_hands-0-fu_1")).to_have_value("30")
    expect(phone.locator("[data-seat='1'][data-part='han']")).to_have_value("3")


def test_a_sheet_page_opened_before_opens_again_without_network(
    phone, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    login(phone, "rene_referee", "pw-rene_referee")
    url = SHEET.format(slug=slug)
    phone.goto(url)
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.goto(url)  # now through the service worker, which keeps a copy
    phone.wait_for_function("navigator.serviceWorker.controller !== null")
    phone.context.set_offline(True)
    phone.goto(url)
    expect(phone.locator("h1")).to_contain_text("score sheet")
    for i, points in enumerate(["41000", "27000", "30000", "22000"]):
        phone.fill(f"#id_points_{i}", points)
    phone.click("button:has-text('Save sheet')")
    expect(phone.locator("#offline-banner")).to_contain_text("not sent yet")
    phone.context.set_offline(False)
    expect(phone.locator(".messages")).to_contain_text("saved (version 1)")
    assert ScoreSheet.objects.get().entry["points"] == [41000, 27000, 30000, 22000]
    assert SheetVersion.objects.count() == 1


def test_a_kept_sheet_the_server_refuses_unread_goes_back_into_the_form(
    phone, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    login(phone, "rene_referee", "pw-rene_referee")
    phone.goto(SHEET.format(slug=slug))
    phone.context.set_offline(True)
    for i, points in enumerate(["41000", "27000", "30000", "22000"]):
        phone.fill(f"#id_points_{i}", points)
    phone.click("button:has-text('Save sheet')")
    phone.wait_for_function("localStorage.getItem('offline-form:sheet:test-open:1:1') !== null")
    # Meanwhile the login changed: the kept copy's csrf token is no longer valid.
    phone.evaluate(
        """() => {
        const key = 'offline-form:sheet:test-open:1:1';
        const item = JSON.parse(localStorage.getItem(key));
        item.fields = item.fields.map(([k, v]) => [k, k === 'csrfmiddlewaretoken' ? 'x' : v]);
        localStorage.setItem(key, JSON.stringify(item));
    }"""
    )
    phone.context.set_offline(False)
    phone.wait_for_function(
        "JSON.parse(localStorage.getItem('offline-form:sheet:test-open:1:1') || '{}')"
        ".stalled === 403"
    )
    assert not ScoreSheet.objects.exists()
    phone.goto(SHEET.format(slug=slug))
    expect(phone.locator("#id_points_3")).to_have_value("22000")  # nothing typed is lost
    expect(phone.locator("#offline-banner")).to_contain_text("not accepted (error 403)")
    phone.click("button:has-text('Save sheet')")
    expect(phone.locator(".messages")).to_contain_text("saved (version 1)")
    assert ScoreSheet.objects.get().entry["points"] == [41000, 27000, 30000, 22000]
    phone.wait_for_function("localStorage.length === 0")
