"""Missed sessions: what a player is charged for a session he does not play.

Two ways to miss a session, one charge per session missed:

- **substituted** for a session (a reserve in his seat, ``referee.Substitution``);
- **left the event** after session *k* (withdrawn after playing): he misses every session
  after *k* that the others play.

The charge is the ruleset's (``rulesets.py``), in tournament points:

- EMA 2016 5.8: "A player who was substituted will receive -15,000 points plus an uma of
  -15,000 points for each session missed": ``missed_session_points = -15`` (table points)
  and ``missed_session_uma = -15``, -30 in all.
- WRC 2015 7.2 ("Missing a hanchan"): "The player missing the hanchan doesn't get any point
  and will have a 30 points penalty": no table points, no uma, a 30-point penalty; stored as
  ``missed_session_points = -30``, ``missed_session_uma = 0``.  Not cumulative with the
  lateness penalty of the same session (the standings' reader of the desk drops it).

EMA 5.8's last sentence lets the head referee and the organisers remove such a player from
the final results (illness); that choice is the desk's, the standings leave him unranked.

Pure: no Django; numbers are ``Decimal`` (exact, as the standings add them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from scoring.rules.rulesets import Ruleset

SUBSTITUTED = "substituted"  # a reserve played his seat
LEFT = "left"  # he left the event after an earlier session


@dataclass(frozen=True)
class MissedSession:
    """One session a player missed and what it costs him (tournament points, negative)."""

    session: int
    why: str  # SUBSTITUTED or LEFT
    table_points: Decimal  # the part the EMA file carries as table points (x 1,000)
    uma: Decimal

    @property
    def score(self) -> Decimal:
        return self.table_points + self.uma


def _dec(value: float) -> Decimal:
    return Decimal(str(value))  # through str: no binary float error in the points


def missed_session(ruleset: Ruleset, session: int, why: str) -> MissedSession:
    """The charge for one missed session (EMA 5.8: -15 and -15 uma; WRC 7.2: -30)."""
    return MissedSession(
        session=session,
        why=why,
        table_points=_dec(ruleset.missed_session_points),
        uma=_dec(ruleset.missed_session_uma),
    )


def may_be_removed(*, substituted: bool, left: bool) -> bool:
    """Whether the head referee may take a player out of the final results (EMA 2016 5.8,
    last sentence): only one who missed sessions, substituted by a reserve or gone from
    the event."""
    return substituted or left


def left_after(played: Iterable[int]) -> int | None:
    """The last session a player took part in (played or was substituted in); None when he
    never took part, so has nothing to be charged for having left."""
    return max(played, default=None)


def missed_sessions(
    ruleset: Ruleset,
    *,
    substituted: Iterable[int],
    left_after_session: int | None,
    sessions_played: Iterable[int],
    sessions_taken_part: Iterable[int] = (),
) -> list[MissedSession]:
    """Every session a player missed with its charge, in session order.

    ``substituted``: the sessions a reserve played in his seat.  ``left_after_session``: the
    last session before he left the event (None: he did not leave).  ``sessions_played``:
    the sessions the field has played (results in), so that a session still to come costs
    nothing yet.  ``sessions_taken_part``: the sessions where he has a result of his own;
    never charged, whatever the other arguments say.

    A session counts once, whichever way it was missed (EMA 5.8 "for each session missed").
    """
    played = set(sessions_played)
    own = set(sessions_taken_part)
    charged: dict[int, MissedSession] = {}
    for number in sorted(set(substituted) - own):
        charged[number] = missed_session(ruleset, number, SUBSTITUTED)
    if left_after_session is not None:
        for number in sorted(played):
            if number > left_after_session and number not in own and number not in charged:
                charged[number] = missed_session(ruleset, number, LEFT)
    return [charged[n] for n in sorted(charged)]
