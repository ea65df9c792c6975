"""The penalty kinds of a ruleset: what the desk proposes and what it accepts.

Every value comes from the ruleset (``scoring.rules.rulesets``, via ``tournament.rules()``):
this module only says which parameter belongs to which kind and where the book leaves the
amount to the referee.  Amounts here are *deductions*, positive numbers of tournament points
("8" for an obstruction of 8,000 points); ``Penalty.points`` stores them negative.

All point penalties are deducted after uma and do not change the ranking at the table
(EMA 3.4.6, 5.5, 5.7; WRC 7.1 "Point penalty").
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from scoring.rules.rulesets import Ruleset

from .models import Penalty

Kind = Penalty.Kind


class PenaltyRuleError(Exception):
    """An amount the ruleset does not allow; ``field`` names the form field to blame."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def _dec(value: float) -> Decimal:
    return Decimal(str(value))


def show(points: Decimal) -> str:
    """12.0 -> "12", 0.5 -> "0.5": amounts as a referee reads them."""
    text = f"{points.normalize():f}"
    return "0" if text in {"-0", "0"} else text


@dataclass(frozen=True)
class KindRule:
    kind: str
    label: str
    # The deduction proposed to the referee (positive); None: the referee types it.
    proposed: Decimal | None
    # True: the book fixes the amount (chombo, lateness, dead hand); the referee cannot edit.
    fixed: bool
    help: str
    uses_minutes: bool = False
    uses_serious: bool = False
    needs_reason: bool = False


def kind_rules(ruleset: Ruleset) -> dict[str, KindRule]:
    """The kinds in the order of the desk's buttons, with this ruleset's amounts."""
    rules: dict[str, KindRule] = {}
    if ruleset.chombo == "points":
        # EMA 3.4.6 / WRC 7.1: 20 points after uma, in a tournament.
        chombo = KindRule(
            Kind.CHOMBO,
            "Chombo",
            -_dec(ruleset.chombo_points),
            True,
            f"{show(-_dec(ruleset.chombo_points))} points after uma; the hand is re-dealt.",
        )
    else:
        # EMA 2012 3.4.6 (reverse mangan), Aalto 44 (mangan): paid at the table on the
        # sheet; the desk logs it without points.
        chombo = KindRule(
            Kind.CHOMBO, "Chombo", Decimal(0), True, "Paid at the table; logged without points."
        )
    rules[Kind.CHOMBO] = chombo
    per_minute = -_dec(ruleset.late_points_per_minute)
    rules[Kind.LATE] = KindRule(
        Kind.LATE,
        "Late",
        None,
        True,
        # EMA 5.7 / WRC 7.2: 1 point a minute up to 10 minutes; later: a substitute plays.
        f"{show(per_minute)} point(s) a minute, up to {ruleset.late_max_minutes} minutes; "
        "later than that a substitute takes the seat.",
        uses_minutes=True,
    )
    if ruleset.obstruction_points:
        usual = " or ".join(show(-_dec(p)) for p in ruleset.obstruction_points)
        help_text = f"{usual} points"
        if ruleset.serious_obstruction_points:
            low, high = (-_dec(p) for p in ruleset.serious_obstruction_points)
            help_text += f"; serious or repeated cases {show(low)} to {show(high)} points"
        # EMA 5.5: 8,000 or 12,000 (chombo level); 12,000 to 48,000 when serious.
        rules[Kind.OBSTRUCTION] = KindRule(
            Kind.OBSTRUCTION,
            "Obstruction",
            -_dec(ruleset.obstruction_points[0]),
            False,
            help_text + ".",
            uses_serious=bool(ruleset.serious_obstruction_points),
        )
    else:
        # WRC 7.2 "Obstruction: penalty at the referee discretion".
        rules[Kind.OBSTRUCTION] = KindRule(
            Kind.OBSTRUCTION, "Obstruction", None, False, "At the referee's discretion."
        )
    # EMA 5.6 / WRC 7.2: point penalties at the referee's discretion (0: a warning).
    rules[Kind.PHONE] = KindRule(
        Kind.PHONE, "Phone", None, False, "At the referee's discretion, by the disturbance."
    )
    # EMA 5.4 / WRC 7.2: dead hand or point penalty at the referee's discretion.
    rules[Kind.INFORMATION] = KindRule(
        Kind.INFORMATION,
        "Passing information",
        None,
        False,
        "Dead hand (0 points) or points at the referee's discretion.",
    )
    # EMA 3.4.7 / WRC 7.1: a dead hand costs no points; it is logged for the history.
    rules[Kind.DEAD_HAND] = KindRule(
        Kind.DEAD_HAND, "Dead hand", Decimal(0), True, "Logged; no points."
    )
    rules[Kind.OTHER] = KindRule(
        Kind.OTHER,
        "Other",
        None,
        False,
        "Any other point penalty; say why.",
        needs_reason=True,
    )
    return rules


def penalty_points(
    ruleset: Ruleset,
    kind: str,
    *,
    minutes: int | None = None,
    serious: bool = False,
    amount: Decimal | None = None,
) -> Decimal:
    """The points (negative, or 0) of a penalty; ``PenaltyRuleError`` if the book forbids it.

    ``amount`` is the referee's deduction (positive); it is ignored where the book fixes the
    amount, and required where the book leaves it to the referee.
    """
    rules = kind_rules(ruleset)
    if kind not in rules:
        raise PenaltyRuleError(f"Unknown penalty kind {kind!r}.", "kind")
    rule = rules[kind]
    if kind == Kind.LATE:
        if not minutes or minutes < 1:
            raise PenaltyRuleError("How many minutes late?", "minutes")
        if minutes > ruleset.late_max_minutes:
            # EMA 5.7 / WRC 7.2: more than 10 minutes late is not a point penalty.
            raise PenaltyRuleError(
                f"Later than {ruleset.late_max_minutes} minutes: the player is replaced by a "
                "substitute for the session. Record a substitution instead.",
                "minutes",
            )
        return _dec(ruleset.late_points_per_minute) * minutes
    if rule.fixed:
        return -rule.proposed if rule.proposed else Decimal(0)
    if amount is None:
        raise PenaltyRuleError("How many points does the player lose?", "amount")
    if amount < 0:
        raise PenaltyRuleError("Give the points the player loses as a positive number.", "amount")
    if kind == Kind.OTHER and amount == 0:
        raise PenaltyRuleError("A point penalty needs points.", "amount")
    if kind == Kind.OBSTRUCTION and ruleset.obstruction_points:
        usual = sorted(-_dec(p) for p in ruleset.obstruction_points)
        if serious and ruleset.serious_obstruction_points:
            low, high = sorted(-_dec(p) for p in ruleset.serious_obstruction_points)
            if not low <= amount <= high:
                # EMA 5.5: "between 12,000 and 48,000" in serious or repeated cases.
                raise PenaltyRuleError(
                    f"A serious obstruction costs {show(low)} to {show(high)} points.", "amount"
                )
        elif amount not in usual:
            # EMA 5.5: "8,000 or 12,000 points (chombo level)".
            raise PenaltyRuleError(
                "An obstruction costs "
                + " or ".join(show(u) for u in usual)
                + " points"
                + (" (tick 'serious' for more)." if ruleset.serious_obstruction_points else "."),
                "amount",
            )
    return -amount
