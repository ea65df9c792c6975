"""The session clock in a real browser: it counts, two browsers and a reload agree, the
signal phase appears with its colour and its sound, and a device's wrong clock is corrected."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import TIMEOUT_MS, login, new_context
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
    """The seconds the digits show now (callers first wait for the state they read)."""
    minutes, secs = page.locator("#clock-digits").inner_text().split(":")
    return int(minutes) * 60 + int(secs)


def polled(page) -> None:
    """Wait until the page has had its first answer from the server (its offset is measured)."""
    page.wait_for_function("document.getElementById('clock')?.dataset.offsetMs !== undefined")


def agree(page, other) -> None:
    """Two running clocks show the same time: ``other`` is read between two readings of
    ``page``, so it lies between them (give or take the second each display rounds to)."""
    before = seconds(page)
    between = seconds(other)
    after = seconds(page)
    assert after - 1 <= between <= before + 1, (before, between, after)


def next_poll(page):
    """The answer to the next poll of the clock page that is sent from now on."""
    state_url = page.locator("#clock").get_attribute("data-state-url")
    with page.expect_request(lambda request: state_url in request.url) as request:
        pass
    return request.value.response()


def started_ago(session, user, ago: dt.timedelta) -> Session:
    return services.session_clock_start(session=session, by=user, now=timezone.now() - ago)


def test_the_organiser_runs_the_clock_and_a_second_browser_follows(
    transactional_db, page, browser, live_server, tournament, organiser
):
    Session.objects.create(tournament=tournament, number=1)
    login(page, "olga_organiser", "pw-olga_organiser")
    page.goto(CLOCK)
    expect(page.locator("#clock-digits")).to_have_text("90:00")
    with page.expect_navigation():  # the control posts its form; the page comes back
        page.click("button[value=start]")
    expect(page.locator("#clock")).to_have_attribute("data-phase", "playing")
    first = seconds(page)
    assert 89 * 60 + 55 <= first <= 90 * 60
    counted_below(page, first)
    expect(page.locator("#clock")).to_have_attribute("data-phase", "playing")

    # A second browser (a phone in the hall, not logged in) and a reload show the same time.
    # bypass_csp: wait_for_function evaluates with eval() (see tests/browser/conftest.py).
    other = new_context(browser, live_server.url, bypass_csp=True).new_page()
    other.goto(CLOCK)
    polled(page)
    polled(other)
    agree(page, other)
    page.reload()
    polled(page)
    agree(page, other)
    expect(other.locator("button[value=pause]")).to_have_count(0)  # no controls for the public

    # The organiser pauses; the other browser sees it at its next poll.
    with page.expect_navigation():  # the control posts its form; the page comes back
        page.click("button[value=pause]")
    other.wait_for_function("document.getElementById('clock')?.dataset.phase === 'paused'")
    frozen = seconds(other)
    # Stopped, not slowed: after the server's next answer (and the renders of the seconds
    # between) the digits still show the same time, on both screens.
    assert next_poll(other).ok
    expect(other.locator("#clock-digits")).to_have_text(mmss(frozen))
    expect(page.locator("#clock-digits")).to_have_text(mmss(frozen))

    # Resumed, it counts on from where it stood; ended, every screen says so.
    with page.expect_navigation():
        page.click("button[value=resume]")
    counted_below(page, frozen)
    page.once("dialog", lambda dialog: dialog.accept())  # "End Session 1 for every table?"
    with page.expect_navigation():
        page.click("button[value=end]")
    page.wait_for_function("document.getElementById('clock')?.dataset.phase === 'finished'")
    other.wait_for_function("document.getElementById('clock')?.dataset.phase === 'finished'")
    expect(other.locator("#clock-phase")).to_have_text("Session over")
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
    expect(clock).to_have_attribute("data-phase", "playing")
    expect(clock).not_to_have_attribute("data-signal-sounded", re.compile(".*"))
    expect(page.locator("#clock-after")).to_be_hidden()
    # The colour of the "playing" phase, read once the page shows that phase.
    playing_colour = clock.evaluate("e => getComputedStyle(e).backgroundColor")
    page.click("#clock-sound")  # the tap a browser wants before it plays a sound
    page.wait_for_function("document.getElementById('clock-sound').textContent === 'Sound: on'")

    # The phase comes with the page's clock, up to 6 s after loading: the default wait
    # plus those seconds.
    page.wait_for_function(
        f"document.getElementById('clock')?.dataset.phase === '{phase}'",
        timeout=TIMEOUT_MS + 6_000,
    )
    expect(clock).to_have_attribute("data-signal-sounded", re.compile(r"^\d+$"))
    page.wait_for_function(
        f"getComputedStyle(document.getElementById('clock')).backgroundColor !== '{playing_colour}'"
    )
    expect(page.locator("#clock-after")).to_be_visible()
    expected = "Finish the current hand" if ruleset == "ema2016" else "No dice may be thrown"
    expect(page.locator("#clock-after")).to_contain_text(expected)
    expect(page.locator("#clock-phase")).to_have_text(
        "Signal given" if phase == "signal" else "Time is up"
    )

    # The page's next poll gives the signal on the server too (no worker in this setup): the
    # poll's view fires it before it answers.
    assert next_poll(page).ok
    session.refresh_from_db()
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
    polled(page)
    offset = int(page.locator("#clock").get_attribute("data-offset-ms"))
    assert abs(offset + 7 * 60 * 1000) < 2000
    assert 79 * 60 + 55 <= seconds(page) <= 80 * 60


def test_a_phone_shows_the_whole_clock(transactional_db, phone, tournament, organiser):
    started_ago(
        Session.objects.create(tournament=tournament, number=1), organiser, dt.timedelta(minutes=1)
    )
    phone.goto(CLOCK)
    # Measured once the script has drawn the running clock (the layout is settled then).
    expect(phone.locator("#clock")).to_have_attribute("data-phase", "playing")
    expect(phone.locator("#clock-digits")).to_have_text(re.compile(r"^\d\d:\d\d$"))
    # The digits fit their box (they overflowed it while hours were shown as 1:29:59).
    digits = phone.locator("#clock-digits")
    assert digits.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert digits.bounding_box()["height"] > 80  # still big: readable at arm's length
    assert phone.evaluate("document.documentElement.scrollWidth") <= 400
    expect(phone.locator("#clock-phase")).to_be_visible()
