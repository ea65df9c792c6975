"""The clock's arithmetic: pure Python, no Django, the current time passed in.

A clock is the stored state of a session (``ClockState``); ``read_clock(state, now)`` says
what it shows at ``now`` (``ClockReading``). Playing time only runs between a start or a
resume and the next pause or the end, so a paused clock shows the same time for ever.
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass

from scoring.rules.i18n import N_

ZERO = dt.timedelta(0)


class Phase(enum.StrEnum):
    PLANNED = "planned"  # not started yet
    PLAYING = "playing"  # running, before the signal
    PAUSED = "paused"
    SIGNAL = "signal"  # the signal has been given; the last hands are played
    OVER = "over"  # the time has run out; tables finish as the ruleset says
    FINISHED = "finished"  # the organiser has ended the session


# English, marked for the catalogues with the cores' no-op marker and translated at the edge
# (clock/selectors.py, clock/views.py): German and Polish pages showed "PLAYING".
PHASE_LABELS = {
    Phase.PLANNED: N_("Not started"),
    Phase.PLAYING: N_("Playing"),
    Phase.PAUSED: N_("Paused"),
    Phase.SIGNAL: N_("Signal given"),
    Phase.OVER: N_("Time is up"),
    Phase.FINISHED: N_("Session over"),
}

# What the tables do after the signal, in the words of the rulebooks.
AFTER_SIGNAL_TEXT = {
    # EMA 5.9, Aalto 48
    "one_more_hand": N_("Finish the current hand, then play one more hand."),
    # WRC 8.2
    "finish_hand": N_("Finish the current hand. No dice may be thrown after the gong."),
}


@dataclass(frozen=True)
class ClockState:
    """A session's clock as stored. ``started_at`` is None until the clock starts."""

    length: dt.timedelta  # playing time including extensions
    signal_before: dt.timedelta  # the signal sounds when this much time is left
    started_at: dt.datetime | None = None
    running_since: dt.datetime | None = None  # None while paused (or not running)
    elapsed: dt.timedelta = ZERO  # playing time before ``running_since``
    ended_at: dt.datetime | None = None
    signal_fired_at: dt.datetime | None = None

    @property
    def is_running(self) -> bool:
        return self.running_since is not None and self.ended_at is None

    def elapsed_at(self, now: dt.datetime) -> dt.timedelta:
        if self.is_running:
            assert self.running_since is not None
            return self.elapsed + max(ZERO, now - self.running_since)
        return self.elapsed

    @property
    def signal_elapsed(self) -> dt.timedelta:
        """Playing time at which the signal is due (at once if the offset exceeds the length)."""
        return max(ZERO, self.length - self.signal_before)

    def signal_due(self, now: dt.datetime) -> bool:
        """The signal should have sounded by ``now`` and has not yet (EMA 5.9, WRC 8.2)."""
        return (
            self.started_at is not None
            and self.ended_at is None
            and self.signal_fired_at is None
            and self.elapsed_at(now) >= self.signal_elapsed
        )


@dataclass(frozen=True)
class ClockReading:
    phase: Phase
    elapsed: dt.timedelta
    remaining: dt.timedelta  # never negative: an over clock shows 0:00
    overtime: dt.timedelta  # playing time past the limit (tables finishing their hands)
    signal_given: bool  # the signal has sounded (or is due now)
    ends_at: dt.datetime | None  # while running: when the time runs out
    signal_at: dt.datetime | None  # while running and before the signal: when it sounds

    @property
    def label(self) -> str:
        return PHASE_LABELS[self.phase]


def read_clock(state: ClockState, now: dt.datetime) -> ClockReading:
    """What the clock shows at ``now``."""
    elapsed = state.elapsed_at(now)
    remaining = max(ZERO, state.length - elapsed)
    overtime = max(ZERO, elapsed - state.length)
    started = state.started_at is not None
    # Once given, the signal stays given: an extension after it does not ring it again.
    signal_given = state.signal_fired_at is not None or (
        started and elapsed >= state.signal_elapsed
    )
    if not started:
        phase = Phase.PLANNED
    elif state.ended_at is not None:
        phase = Phase.FINISHED
    elif not state.is_running:
        phase = Phase.PAUSED
    elif remaining == ZERO:
        phase = Phase.OVER
    elif signal_given:
        phase = Phase.SIGNAL
    else:
        phase = Phase.PLAYING
    running = state.is_running
    signal_at = now + (state.signal_elapsed - elapsed) if running and not signal_given else None
    return ClockReading(
        phase=phase,
        elapsed=elapsed,
        remaining=remaining,
        overtime=overtime,
        signal_given=signal_given,
        ends_at=now + remaining if running else None,
        signal_at=signal_at,
    )


def format_remaining(remaining: dt.timedelta) -> str:
    """``90:00`` or ``14:59``: minutes and seconds, as sessions are counted in minutes
    (EMA 5.9: "90 minutes"), rounded up so that 00:00 means the time is up."""
    total = int(-(-remaining.total_seconds() // 1))
    minutes, seconds = divmod(total, 60)
    return f"{minutes:02d}:{seconds:02d}"
