"""Form fields with bounds whose messages name the field.

Every number a user types has a bound (issue 13): a number beyond what the game allows is a
typing slip, and one beyond what a column holds is a 500 on PostgreSQL.  Django's own
messages ("Ensure this value is less than or equal to 4.") do not say which of the sixteen
boxes of a score sheet is wrong on a phone where the message may sit under the next box, so
these say it: "Chombo by Anna Schmidt: at most 4."
"""

from __future__ import annotations

from decimal import Decimal

from django import forms


def _messages(label: str, *, whole: bool) -> dict[str, str]:
    return {
        "required": f"{label}: this field is required.",
        "invalid": f"{label}: enter a {'whole ' if whole else ''}number.",
        "min_value": f"{label}: at least %(limit_value)s.",
        "max_value": f"{label}: at most %(limit_value)s.",
        "max_digits": f"{label}: at most %(max)s digits.",
        "max_decimal_places": f"{label}: at most %(max)s decimal place(s).",
        "max_whole_digits": f"{label}: at most %(max)s digits before the decimal point.",
    }


def bounded_integer(label: str, *, min_value: int, max_value: int, **kwargs) -> forms.IntegerField:
    """An IntegerField between ``min_value`` and ``max_value`` whose messages name it."""
    return forms.IntegerField(
        label=label,
        min_value=min_value,
        max_value=max_value,
        error_messages=_messages(str(label), whole=True),
        **kwargs,
    )


def bounded_float(label: str, *, min_value: float, max_value: float, **kwargs) -> forms.FloatField:
    """A FloatField (finite: Django refuses NaN and infinity) between the bounds."""
    return forms.FloatField(
        label=label,
        min_value=min_value,
        max_value=max_value,
        error_messages=_messages(str(label), whole=False),
        **kwargs,
    )


def bounded_decimal(
    label: str, *, min_value: Decimal | int, max_value: Decimal | int, **kwargs
) -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        min_value=min_value,
        max_value=max_value,
        error_messages=_messages(str(label), whole=False),
        **kwargs,
    )
