"""The clock's arithmetic (tournament/clock/timing.py): pure, no database, ``now`` passed in.
Timings come from the rulesets' presets, so a change in a preset shows here."""

from __future__ import annotations

import datetime as dt

import pytest

from scoring.rules.rulesets import get_ruleset
from tournament.clock.timing import ClockState, Phase, format_remaining, read_clock

T0 = dt.datetime(2026, 5, 2, 10, 0, tzinfo=dt.UTC)
MIN = dt.timedelta(minutes=1)
SEC = dt.timedelta(seconds=1)


def started(ruleset: str, minutes: int | None = None, **changes) -> ClockState:
    rules = get_ruleset(ruleset)
    fields = dict(
        length=(minutes or rules.session_minutes) * MIN,
        signal_before=rules.signal_minutes_before_end * MIN,
        started_at=T0,
        running_since=T0,
    )
    fields.update(changes)
    return ClockState(**fields)


def test_a_clock_not_started_shows_its_full_length():
    state = ClockState(length=90 * MIN, signal_before=15 * MIN)
    reading = read_clock(state, T0)
    assert reading.phase == Phase.PLANNED
    assert reading.remaining == 90 * MIN
    assert reading.ends_at is None and reading.signal_at is None
    assert not reading.signal_given


@pytest.mark.parametrize(
    ("ruleset", "after", "phase", "signal_given"),
    [
        # EMA 5.9: 90 minutes, a clear sound when 15 minutes remain, no sound at 90.
        ("ema2016", 74 * MIN + 59 * SEC, Phase.PLAYING, False),
        ("ema2016", 75 * MIN, Phase.SIGNAL, True),
        ("ema2016", 89 * MIN, Phase.SIGNAL, True),
        ("ema2016", 90 * MIN, Phase.OVER, True),
        # WRC 8.2: the gong sounds when the time's limit is over.
        ("wrc2015", 89 * MIN + 59 * SEC, Phase.PLAYING, False),
        ("wrc2015", 90 * MIN, Phase.OVER, True),
        # Aalto 48: 75 minutes; "notified when the time is up".
        ("aalto", 74 * MIN + 59 * SEC, Phase.PLAYING, False),
        ("aalto", 75 * MIN, Phase.OVER, True),
        # EMA 2012 is silent on the clock: EMA 2016's timing (rulesets.md).
        ("ema2012", 75 * MIN, Phase.SIGNAL, True),
    ],
)
def test_phase_and_signal_by_ruleset(ruleset, after, phase, signal_given):
    reading = read_clock(started(ruleset), T0 + after)
    assert reading.phase == phase
    assert reading.signal_given is signal_given


@pytest.mark.parametrize(
    ("ruleset", "signal_after"),
    [("ema2016", 75 * MIN), ("wrc2015", 90 * MIN), ("aalto", 75 * MIN)],
)
def test_signal_and_end_times_are_announced_while_running(ruleset, signal_after):
    state = started(ruleset)
    reading = read_clock(state, T0 + 10 * MIN)
    assert reading.signal_at == T0 + signal_after
    assert reading.ends_at == T0 + state.length
    assert reading.remaining == state.length - 10 * MIN


def test_the_signal_is_due_once_its_time_has_come_and_until_it_is_recorded():
    state = started("ema2016")
    assert not state.signal_due(T0 + 75 * MIN - SEC)
    assert state.signal_due(T0 + 75 * MIN)
    fired = ClockState(**{**state.__dict__, "signal_fired_at": T0 + 75 * MIN})
    assert not fired.signal_due(T0 + 80 * MIN)


def test_a_paused_clock_stands_still():
    # Paused after 30 minutes of play, an hour ago.
    state = started("ema2016", running_since=None, elapsed=30 * MIN)
    for later in (T0, T0 + 60 * MIN, T0 + 600 * MIN):
        reading = read_clock(state, later)
        assert reading.phase == Phase.PAUSED
        assert reading.remaining == 60 * MIN
        assert reading.ends_at is None and reading.signal_at is None
    assert not state.signal_due(T0 + 600 * MIN)


def test_a_resumed_clock_adds_the_new_stretch_to_the_time_played_before():
    resumed = T0 + 50 * MIN
    state = started("ema2016", running_since=resumed, elapsed=30 * MIN)
    reading = read_clock(state, resumed + 10 * MIN)
    assert reading.elapsed == 40 * MIN
    assert reading.remaining == 50 * MIN
    # The signal moves by the length of the pause: 45 minutes after the resume.
    assert reading.signal_at == resumed + 45 * MIN


def test_an_extension_after_the_signal_does_not_take_the_signal_back():
    # Signal given at 75 minutes, then 10 minutes added: 25 minutes left, still "signal".
    state = started("ema2016", length=100 * MIN, signal_fired_at=T0 + 75 * MIN)
    reading = read_clock(state, T0 + 75 * MIN)
    assert reading.remaining == 25 * MIN
    assert reading.phase == Phase.SIGNAL
    assert reading.signal_at is None


def test_a_signal_offset_longer_than_the_session_is_due_at_the_start():
    state = started("ema2016", minutes=10)  # a 10-minute session with EMA's 15-minute signal
    assert state.signal_due(T0)
    assert read_clock(state, T0).phase == Phase.SIGNAL


def test_an_ended_clock_is_finished_and_shows_the_time_left_when_it_ended():
    state = started("ema2016", running_since=None, elapsed=88 * MIN, ended_at=T0 + 88 * MIN)
    reading = read_clock(state, T0 + 300 * MIN)
    assert reading.phase == Phase.FINISHED
    assert reading.remaining == 2 * MIN
    assert not state.signal_due(T0 + 300 * MIN)


def test_over_time_is_counted_but_the_clock_shows_zero():
    reading = read_clock(started("ema2016"), T0 + 93 * MIN)
    assert reading.remaining == dt.timedelta(0)
    assert reading.overtime == 3 * MIN


@pytest.mark.parametrize(
    ("remaining", "text"),
    [
        (90 * MIN, "90:00"),
        (15 * MIN, "15:00"),
        (14 * MIN + 59.2 * SEC, "15:00"),  # rounded up: 00:00 only when the time is up
        (59 * SEC, "00:59"),
        (dt.timedelta(milliseconds=1), "00:01"),
        (dt.timedelta(0), "00:00"),
        (120 * MIN, "120:00"),
    ],
)
def test_format_remaining(remaining, text):
    assert format_remaining(remaining) == text


def test_the_arithmetic_imports_nothing_from_django():
    import ast
    import pathlib

    import tournament.clock.timing as timing

    modules = set()
    for node in ast.walk(ast.parse(pathlib.Path(timing.__file__).read_text())):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            modules.add(node.module or "")
    assert modules, "the parse found no imports at all"
    assert not any(m.split(".")[0] == "django" for m in modules)
