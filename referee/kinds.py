"""The penalty kinds as the desk shows them: the rules core's kinds with button words.

The rules of the penalties (which kinds there are, what each costs, what the book forbids)
live in the rules core, ``scoring.rules.penalties``; every amount and limit comes from there.
This module adds only the presentation (labels and help texts of the desk's buttons, amounts
written as a referee reads them) and turns the core's ``RuleViolation`` into a
``PenaltyRuleError`` that names the form field to blame.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext, gettext_lazy

from scoring.rules import penalties as core
from scoring.rules.errors import RuleViolation
from scoring.rules.penalties import KindRule
from scoring.rules.rulesets import Ruleset
from scoring.wording import violation_message


class PenaltyRuleError(Exception):
    """An amount the ruleset does not allow; ``field`` names the form field to blame."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def show(points: Decimal) -> str:
    """12.0 -> "12", 0.5 -> "0.5": amounts as a referee reads them."""
    text = f"{points.normalize():f}"
    return "0" if text in {"-0", "0"} else text


# The words of the desk's buttons, as the EMA book names the offences, and of the button
# that logs one ("Log late").  A sentence of its own per kind, because languages do not
# build it from the label alike (German "Verspätung erfassen", Polish "Zapisz spóźnienie").
LABELS = {
    core.CHOMBO: gettext_lazy("Chombo"),
    core.LATE: gettext_lazy("Late"),
    core.OBSTRUCTION: gettext_lazy("Obstruction"),
    core.PHONE: gettext_lazy("Phone"),
    core.INFORMATION: gettext_lazy("Passing information"),
    core.DEAD_HAND: gettext_lazy("Dead hand"),
    core.OTHER: gettext_lazy("Other"),
}
LOG_BUTTONS = {
    core.CHOMBO: gettext_lazy("Log chombo"),
    core.LATE: gettext_lazy("Log late"),
    core.OBSTRUCTION: gettext_lazy("Log obstruction"),
    core.PHONE: gettext_lazy("Log phone"),
    core.INFORMATION: gettext_lazy("Log passing information"),
    core.DEAD_HAND: gettext_lazy("Log dead hand"),
    core.OTHER: gettext_lazy("Log other"),
}


def _help(rule: KindRule) -> str:
    """What the button says of the amount: the core's numbers, in words."""
    if rule.kind == core.CHOMBO:
        if rule.paid_at_table:
            return gettext("Paid at the table; logged without points.")
        # EMA 3.4.6: the chombo penalty is applied after uma.
        return gettext("{points} points after uma; the hand is re-dealt.").format(
            points=show(rule.proposed or Decimal(0))
        )
    if rule.kind == core.LATE:
        # EMA 5.7: points a minute up to the limit, then a substitute.
        return gettext(
            "{points} point(s) a minute, up to {minutes} minutes; later than that a "
            "substitute takes the seat."
        ).format(points=show(rule.per_minute or Decimal(0)), minutes=rule.max_minutes)
    if rule.kind == core.OBSTRUCTION:
        if not rule.usual:
            return gettext("At the referee's discretion.")
        # EMA 5.5: the usual amounts, and a range for serious or repeated cases.
        amounts = gettext(" or ").join(show(u) for u in rule.usual)
        if rule.serious_range:
            low, high = rule.serious_range
            return gettext(
                "{amounts} points; serious or repeated cases {low} to {high} points."
            ).format(amounts=amounts, low=show(low), high=show(high))
        return gettext("{amounts} points.").format(amounts=amounts)
    return {
        core.PHONE: gettext("At the referee's discretion, by the disturbance."),
        core.INFORMATION: gettext("Dead hand (0 points) or points at the referee's discretion."),
        core.DEAD_HAND: gettext("Logged; no points."),
        core.OTHER: gettext("Any other point penalty; say why."),
    }[rule.kind]


@dataclass(frozen=True)
class DeskKind:
    """One button of the desk: the core's rule, its label and its help text."""

    rule: KindRule
    label: str
    help: str

    @property
    def kind(self) -> str:
        return self.rule.kind

    @property
    def log_button(self) -> str:
        return str(LOG_BUTTONS[self.rule.kind])

    @property
    def proposed(self) -> Decimal | None:
        return self.rule.proposed

    @property
    def fixed(self) -> bool:
        return self.rule.fixed

    @property
    def uses_minutes(self) -> bool:
        return self.rule.uses_minutes

    @property
    def uses_serious(self) -> bool:
        return self.rule.uses_serious

    @property
    def needs_reason(self) -> bool:
        return self.rule.needs_reason


def kind_rules(ruleset: Ruleset) -> dict[str, DeskKind]:
    """The kinds in the order of the desk's buttons, with this ruleset's amounts."""
    return {
        kind: DeskKind(rule, LABELS[kind], _help(rule))
        for kind, rule in core.kind_rules(ruleset).items()
    }


def penalty_points(
    ruleset: Ruleset,
    kind: str,
    *,
    minutes: int | None = None,
    serious: bool = False,
    amount: Decimal | None = None,
    rule: DeskKind | None = None,
) -> Decimal:
    """The core's ``penalty_points``; a violation becomes a ``PenaltyRuleError``.  ``rule``:
    the kind's rule already worked out for this request, so the core need not again."""
    try:
        return core.penalty_points(
            ruleset,
            kind,
            minutes=minutes,
            serious=serious,
            amount=amount,
            rule=rule.rule if rule is not None else None,
        )
    except RuleViolation as violation:
        raise PenaltyRuleError(
            violation_message(violation), violation.params.get("field")
        ) from None
