"""Form fields with bounds whose messages name the field.

Every number a user types has a bound: a number beyond what the game allows is a
typing slip, and one beyond what a column holds is a 500 on PostgreSQL.  Django's own
messages ("Ensure this value is less than or equal to 4.") do not say which of the sixteen
boxes of a score sheet is wrong on a phone where the message may sit under the next box, so
these say it: "Chombo by Anna Schmidt: at most 4."
"""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy


def _messages(label, *, whole: bool) -> dict:
    # Lazy: the label and the sentence are read in the language of the request that shows them.
    def message(template):
        return format_lazy(template, label=label)

    return {
        "required": message(gettext_lazy("{label}: this field is required.")),
        "invalid": message(
            gettext_lazy("{label}: enter a whole number.")
            if whole
            else gettext_lazy("{label}: enter a number.")
        ),
        "min_value": message(gettext_lazy("{label}: at least %(limit_value)s.")),
        "max_value": message(gettext_lazy("{label}: at most %(limit_value)s.")),
        "max_digits": message(gettext_lazy("{label}: at most %(max)s digits.")),
        "max_decimal_places": message(gettext_lazy("{label}: at most %(max)s decimal place(s).")),
        "max_whole_digits": message(
            gettext_lazy("{label}: at most %(max)s digits before the decimal point.")
        ),
    }


def bounded_integer(label: str, *, min_value: int, max_value: int, **kwargs) -> forms.IntegerField:
    """An IntegerField between ``min_value`` and ``max_value`` whose messages name it."""
    return forms.IntegerField(
        label=label,
        min_value=min_value,
        max_value=max_value,
        error_messages=_messages(label, whole=True),
        **kwargs,
    )


def bounded_float(label: str, *, min_value: float, max_value: float, **kwargs) -> forms.FloatField:
    """A FloatField (finite: Django refuses NaN and infinity) between the bounds."""
    return forms.FloatField(
        label=label,
        min_value=min_value,
        max_value=max_value,
        error_messages=_messages(label, whole=False),
        **kwargs,
    )


def bounded_decimal(
    label: str, *, min_value: Decimal | int, max_value: Decimal | int, **kwargs
) -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        min_value=min_value,
        max_value=max_value,
        error_messages=_messages(label, whole=False),
        **kwargs,
    )


# Free text: a reason, a note, a correction is a few sentences; a 100,000-character
# one was accepted and stored. Every text field has a bound, and its message names the field.
REASON_MAX = 2000


def bounded_text(*, label, max_length: int = REASON_MAX, **kwargs) -> forms.CharField:
    """A text field of at most ``max_length`` characters: "Note: at most 2000 characters
    (it has 100000)." """
    messages = kwargs.pop("error_messages", {})
    messages.setdefault(
        "max_length",
        format_lazy(
            gettext_lazy("{label}: at most %(limit_value)d characters (it has %(show_value)d)."),
            label=label,
        ),
    )
    return forms.CharField(label=label, max_length=max_length, error_messages=messages, **kwargs)
