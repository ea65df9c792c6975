"""The session clock in a real browser: it counts, two browsers and a reload agree, the
signal phase appears with its colour and its sound, and a device's wrong clock is corrected."""

from __future__ import annotations

import datetime as dt
import time

import pytest
from django.utils import timezone

from tests.browser.conftest import login
from tournament.clock import services
from tournament.models import Session

CLOCK = "/t/test-open/sessions/1/clock/"


def mmss(total: int) -> str:
    return f"{total // 60:02d}:{total % 60:02d}"


def counted_below(page, total: int) -> None:
    """Wait until the digits show less than ``total`` seconds (same-width mm:ss compare)."""
    # ``?.``: while a control's form reloads the page there is a moment without the digits.
    page.wait_for_function(
        f"document.getElementById('clock-digits')?.textContent < '{mmss(total)}'"
    )


def seconds(page) -> int:
    minutes, secs = page.locator("#clock-digits").inner_text().split(":")
    return int(minutes) * 60 + int(secs)


def started_ago(session, user, ago: dt.timedelta) -> Session:
    return services.session_clock_start(session=session, by=user, now=timezone.now() - ago)


def test_the_organiser_runs_the_clock_and_a_second_browser_follows(
    transactional_db, page, browser, live_server, tournament, organiser
):
    Session.objects.create(tournament=tournament, number=1)
    login(page, "olga_organiser", "pw-olga_organiser")
    page.goto(CLOCK)
    assert page.locator("#clock-digits").inner_text() == "90:00"
    page.click("button[value=start]")
    page.wait_for_url(f"**{CLOCK}")
    first = seconds(page)
    assert 89 * 60 + 55 <= first <= 90 * 60
    counted_below(page, first)
    assert page.locator("#clock").get_attribute("data-phase") == "playing"

    # A second browser (a phone in the hall, not logged in) and a reload show the same time.
    # bypass_csp: wait_for_function evaluates with eval() (see tests/browser/conftest.py).
    other = browser.new_context(base_url=live_server.url, bypass_csp=True).new_page()
    other.goto(CLOCK)
    assert abs(seconds(other) - seconds(page)) <= 1
    page.reload()
    assert abs(seconds(other) - seconds(page)) <= 1
    assert other.locator("button[value=pause]").count() == 0  # no controls for the public

    # The organiser pauses; the other browser sees it at its next poll.
    with page.expect_navigation():  # the control posts its form; the page comes back
        page.click("button[value=pause]")
    other.wait_for_function(
        "document.getElementById('clock')?.dataset.phase === 'paused'", timeout=8_000
    )
    frozen = seconds(other)
    time.sleep(1.5)
    assert seconds(other) == frozen == seconds(page)

    # Resumed, it counts on from where it stood; ended, every screen says so.
    with page.expect_navigation():
        page.click("button[value=resume]")
    counted_below(page, frozen)
    page.once("dialog", lambda dialog: dialog.accept())  # "End Session 1 for every table?"
    with page.expect_navigation():
        page.click("button[value=end]")
    page.wait_for_function("document.getElementById('clock')?.dataset.phase === 'finished'")
    other.wait_for_function(
        "document.getElementById('clock')?.dataset.phase === 'finished'", timeout=8_000
    )
    assert other.locator("#clock-phase").text_content() == "Session over"
    assert Session.objects.get().state == Session.State.FINISHED
    other.context.close()


@pytest.mark.parametrize(
    ("ruleset", "ago", "phase"),
    [
        # EMA 5.9: the signal when 15 minutes remain; then "finish the hand, one more".
        ("ema2016", dt.timedelta(minutes=75), "signal"),
        # WRC 8.2: the gong when the time is over.
        ("wrc2015", dt.timedelta(minutes=90), "over"),
    ],
)
def test_the_signal_phase_appears_with_its_colour_and_sound(
    transactional_db, page, tournament, organiser, ruleset, ago, phase
):
    tournament.ruleset = ruleset
    tournament.save()
    session = started_ago(
        Session.objects.create(tournament=tournament, number=1),
        organiser,
        # Long enough for the page to load and show "playing" on a slow machine.
        ago - dt.timedelta(seconds=6),
    )
    page.goto(CLOCK)
    clock = page.locator("#clock")
    assert clock.get_attribute("data-phase") == "playing"
    assert clock.get_attribute("data-signal-sounded") is None
    playing_colour = clock.evaluate("e => getComputedStyle(e).backgroundColor")
    page.click("#clock-sound")  # the tap a browser wants before it plays a sound
    page.wait_for_function("document.getElementById('clock-sound').textContent === 'Sound: on'")

    page.wait_for_function(
        f"document.getElementById('clock')?.dataset.phase === '{phase}'", timeout=15_000
    )
    assert clock.get_attribute("data-signal-sounded") is not None
    page.wait_for_function(
        f"getComputedStyle(document.getElementById('clock')).backgroundColor !== '{playing_colour}'"
    )
    assert page.locator("#clock-after").is_visible()
    expected = "Finish the current hand" if ruleset == "ema2016" else "No dice may be thrown"
    assert expected in page.locator("#clock-after").inner_text()
    assert page.locator("#clock-phase").text_content() == (
        "Signal given" if phase == "signal" else "Time is up"
    )

    # The page's next poll gives the signal on the server too (no worker in this setup).
    deadline = time.monotonic() + 8
    while time.monotonic() < deadline:
        session.refresh_from_db()
        if session.signal_fired_at:
            break
        time.sleep(0.2)
    assert session.signal_fired_at is not None
    assert session.clock_events.filter(kind="signal").count() == 1


def test_a_device_with_a_wrong_clock_shows_the_servers_time(
    transactional_db, page, tournament, organiser
):
    # This device's clock is 7 minutes fast.
    page.add_init_script(
        "(() => { const now = Date.now; Date.now = () => now.call(Date) + 7 * 60 * 1000; })()"
    )
    started_ago(
        Session.objects.create(tournament=tournament, number=1), organiser, dt.timedelta(minutes=10)
    )
    page.goto(CLOCK)
    page.wait_for_function("document.getElementById('clock')?.dataset.offsetMs !== undefined")
    offset = int(page.locator("#clock").get_attribute("data-offset-ms"))
    assert abs(offset + 7 * 60 * 1000) < 2000
    assert 79 * 60 + 55 <= seconds(page) <= 80 * 60


def test_a_phone_shows_the_whole_clock(transactional_db, phone, tournament, organiser):
    started_ago(
        Session.objects.create(tournament=tournament, number=1), organiser, dt.timedelta(minutes=1)
    )
    phone.goto(CLOCK)
    # The digits fit their box (they overflowed it while hours were shown as 1:29:59).
    digits = phone.locator("#clock-digits")
    assert digits.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert digits.bounding_box()["height"] > 80  # still big: readable at arm's length
    assert phone.evaluate("document.documentElement.scrollWidth") <= 400
    assert phone.locator("#clock-phase").is_visible()
