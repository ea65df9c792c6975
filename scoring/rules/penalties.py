"""Penalties given by a referee: the kinds, what each costs, and what the book forbids.

Every amount comes from the ruleset (``rulesets.py``): this module says which parameter
belongs to which kind and where the book leaves the amount to the referee.  Amounts are
tournament points (1 point = 1,000 table points).  The *deduction* a referee proposes or
types is a positive number ("8" for an obstruction of 8,000 points); ``penalty_points``
answers the points the player gets, negative (or 0 for a penalty logged without points).

All point penalties are deducted after uma and do not change the ranking at the table
(EMA 3.4.6, 5.5, 5.7; WRC 7.1 "Point penalty").  The books:

- chombo: EMA 3.4.6 / WRC 7.1, 20 points after uma in a tournament (``chombo_points``);
  EMA 2012 3.4.6 (reverse mangan) and Aalto 44 (mangan) settle it at the table on the score
  sheet instead, so the desk logs it without points.
- lateness: EMA 5.7 / WRC 7.2, 1 point a minute (``late_points_per_minute``) up to 10
  minutes (``late_max_minutes``); later than that a substitute plays the session (EMA 5.8),
  which is a substitution, not a point penalty.
- obstruction: EMA 5.5, 8 or 12 points (chombo level), 12 to 48 points in serious or
  repeated cases (``obstruction_points``, ``serious_obstruction_points``); WRC 7.2 leaves it
  to the referee (both ``None``).
- mobile phone: EMA 5.6 / WRC 7.2, points at the referee's discretion (0: a warning).
- passing information: EMA 5.4 / WRC 7.2, a dead hand or points at the referee's discretion.
- dead hand: EMA 3.4.7 / WRC 7.1, no points; logged for the history.
- other: any other point penalty (EMA 5.4 / WRC 7.2 "at the referee's discretion"); the
  referee gives the amount and the reason.

Errors are ``RuleViolation``: code ``invalid_input`` for input that is not a penalty (no
minutes, a negative amount), ``not_allowed`` for an amount the book forbids (an obstruction
of 10 under EMA, 11 minutes late); ``params["field"]`` names the input to blame ("kind",
"minutes" or "amount").
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from scoring.rules.errors import INVALID_INPUT, NOT_ALLOWED, RuleViolation
from scoring.rules.i18n import N_
from scoring.rules.rulesets import Ruleset

# The kinds, as stored (``referee.models.Penalty.Kind`` uses these values).
CHOMBO = "chombo"
LATE = "late"
OBSTRUCTION = "obstruction"
PHONE = "phone"
INFORMATION = "information"
DEAD_HAND = "dead_hand"
OTHER = "other"
KINDS = (CHOMBO, LATE, OBSTRUCTION, PHONE, INFORMATION, DEAD_HAND, OTHER)


def _dec(value: float) -> Decimal:
    # Through str: Decimal(0.1) would carry the float's binary error into the points.
    return Decimal(str(value))


def _plain(points: Decimal) -> Decimal:
    """12.0 -> 12, 0.50 -> 0.5: the same number, written as a referee reads it."""
    if points == points.to_integral_value():
        return points.quantize(Decimal(1)) + 0  # + 0: no "-0"
    return points.normalize()


@dataclass(frozen=True)
class KindRule:
    """One penalty kind under one ruleset; amounts are deductions (positive)."""

    kind: str
    # The deduction proposed to the referee; None: the referee types it.
    proposed: Decimal | None
    # True: the book fixes the amount (chombo, lateness, dead hand); the referee cannot edit.
    fixed: bool
    uses_minutes: bool = False
    uses_serious: bool = False
    needs_reason: bool = False
    # Chombo settled at the table on the score sheet (EMA 2012 3.4.6, Aalto 44).
    paid_at_table: bool = False
    # Lateness: the deduction a minute, and the most minutes that are a point penalty.
    per_minute: Decimal | None = None
    max_minutes: int | None = None
    # Obstruction: the usual amounts in the book's order, and the range for serious cases.
    usual: tuple[Decimal, ...] = ()
    serious_range: tuple[Decimal, Decimal] | None = None


def kind_rules(ruleset: Ruleset) -> dict[str, KindRule]:
    """The kinds in the order of the desk's buttons, with this ruleset's amounts."""
    rules: dict[str, KindRule] = {}
    if ruleset.chombo == "points":
        # EMA 3.4.6 / WRC 7.1: 20 points after uma, in a tournament.
        rules[CHOMBO] = KindRule(CHOMBO, -_dec(ruleset.chombo_points), True)
    else:
        # EMA 2012 3.4.6 (reverse mangan), Aalto 44 (mangan): paid at the table on the
        # sheet; the desk logs it without points.
        rules[CHOMBO] = KindRule(CHOMBO, Decimal(0), True, paid_at_table=True)
    # EMA 5.7 / WRC 7.2: 1 point a minute up to 10 minutes; later: a substitute plays.
    rules[LATE] = KindRule(
        LATE,
        None,
        True,
        uses_minutes=True,
        per_minute=-_dec(ruleset.late_points_per_minute),
        max_minutes=ruleset.late_max_minutes,
    )
    if ruleset.obstruction_points:
        serious: tuple[Decimal, Decimal] | None = None
        if ruleset.serious_obstruction_points:
            low, high = sorted(-_dec(p) for p in ruleset.serious_obstruction_points)
            serious = (low, high)
        # EMA 5.5: 8,000 or 12,000 (chombo level); 12,000 to 48,000 when serious.
        rules[OBSTRUCTION] = KindRule(
            OBSTRUCTION,
            -_dec(ruleset.obstruction_points[0]),
            False,
            uses_serious=serious is not None,
            usual=tuple(-_dec(p) for p in ruleset.obstruction_points),
            serious_range=serious,
        )
    else:
        # WRC 7.2 "Obstruction: penalty at the referee discretion".
        rules[OBSTRUCTION] = KindRule(OBSTRUCTION, None, False)
    # EMA 5.6 / WRC 7.2: point penalties at the referee's discretion (0: a warning).
    rules[PHONE] = KindRule(PHONE, None, False)
    # EMA 5.4 / WRC 7.2: dead hand or point penalty at the referee's discretion.
    rules[INFORMATION] = KindRule(INFORMATION, None, False)
    # EMA 3.4.7 / WRC 7.1: a dead hand costs no points; it is logged for the history.
    rules[DEAD_HAND] = KindRule(DEAD_HAND, Decimal(0), True)
    rules[OTHER] = KindRule(OTHER, None, False, needs_reason=True)
    return rules


def _invalid(reason: str, field: str, template: str, **params: Any) -> RuleViolation:
    return RuleViolation(INVALID_INPUT, reason, template, field=field, **params)


def _not_allowed(reason: str, field: str, template: str, **params: Any) -> RuleViolation:
    return RuleViolation(NOT_ALLOWED, reason, template, field=field, **params)


def late_needs_substitute(ruleset: Ruleset, minutes: int) -> bool:
    """EMA 5.7 / WRC 7.2: later than the limit, a substitute plays instead of a point penalty."""
    return minutes > ruleset.late_max_minutes


def penalty_points(
    ruleset: Ruleset,
    kind: str,
    *,
    minutes: int | None = None,
    serious: bool = False,
    amount: Decimal | None = None,
    rule: KindRule | None = None,
) -> Decimal:
    """The points (negative, or 0) of a penalty; ``RuleViolation`` if the book forbids it.

    ``amount`` is the referee's deduction (positive); it is ignored where the book fixes the
    amount, and required where the book leaves it to the referee.  ``rule`` is the kind's
    rule when the caller has already worked it out from ``kind_rules(ruleset)`` (the desk
    does, once per request).
    """
    if rule is None or rule.kind != kind:
        rules = kind_rules(ruleset)
        if kind not in rules:
            raise _invalid("unknown_kind", "kind", N_("Unknown penalty kind {kind!r}."), kind=kind)
        rule = rules[kind]
    if kind == LATE:
        if not minutes or minutes < 1:
            raise _invalid("no_minutes", "minutes", N_("How many minutes late?"))
        if late_needs_substitute(ruleset, minutes):
            raise _not_allowed(
                "substitute",
                "minutes",
                N_(
                    "Later than {max_minutes} minutes: the player is replaced by a substitute for "
                    "the session. Record a substitution instead."
                ),
                max_minutes=ruleset.late_max_minutes,
                minutes=minutes,
            )
        return _dec(ruleset.late_points_per_minute) * minutes
    if rule.fixed:
        return -rule.proposed if rule.proposed else Decimal(0)
    if amount is None:
        raise _invalid("no_amount", "amount", N_("How many points does the player lose?"))
    if amount < 0:
        raise _invalid(
            "negative_amount",
            "amount",
            N_("Give the points the player loses as a positive number."),
            amount=amount,
        )
    if kind == OTHER and amount == 0:
        raise _invalid("no_points", "amount", N_("A point penalty needs points."))
    if kind == OBSTRUCTION and rule.usual:
        if serious and rule.serious_range:
            low, high = rule.serious_range
            if not low <= amount <= high:
                # EMA 5.5: "between 12,000 and 48,000" in serious or repeated cases.
                raise _not_allowed(
                    "serious_obstruction_amount",
                    "amount",
                    N_("A serious obstruction costs {low} to {high} points."),
                    low=_plain(low),
                    high=_plain(high),
                    amount=amount,
                )
        elif amount not in rule.usual:
            # EMA 5.5: "8,000 or 12,000 points (chombo level)".
            allowed = tuple(_plain(u) for u in sorted(rule.usual))
            raise _not_allowed(
                "obstruction_amount",
                "amount",
                "An obstruction costs {amounts} points"
                + (" (tick 'serious' for more)." if rule.serious_range else "."),
                allowed=allowed,
                amounts=" or ".join(str(a) for a in allowed),
                amount=amount,
            )
    return -amount
