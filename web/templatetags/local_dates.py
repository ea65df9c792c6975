"""Dates in the reader's order: ``{{ start|local_date:"j M Y" }}``.

Django's ``date`` filter writes a format string as given, so "j M Y, H:i" stays English in
order and grammar on a German or Polish page ("27 Nov" instead of "27. Nov.", "27 listopad"
instead of "27 listopada").  Each format the pages use is a message of its own here, and a
catalogue gives the language's order (German "j. M Y", Polish "j E Y" with the genitive month).
"""

from django import template
from django.template.defaultfilters import date as date_filter
from django.utils.translation import pgettext_lazy

register = template.Library()

# Every format a page asks for, with its message; a format not listed is used as it is.
FORMATS = {
    "j M Y": pgettext_lazy("date format", "j M Y"),
    "j M Y, H:i": pgettext_lazy("date format", "j M Y, H:i"),
    "j M Y H:i": pgettext_lazy("date format", "j M Y H:i"),
    "j M H:i": pgettext_lazy("date format", "j M H:i"),
    "l j F Y": pgettext_lazy("date format", "l j F Y"),
    "l j F": pgettext_lazy("date format", "l j F"),
    "D j M, H:i": pgettext_lazy("date format", "D j M, H:i"),
    "D j M, H:i:s": pgettext_lazy("date format", "D j M, H:i:s"),
    "D j M Y, H:i": pgettext_lazy("date format", "D j M Y, H:i"),
    "D j M Y, H:i:s": pgettext_lazy("date format", "D j M Y, H:i:s"),
}


@register.filter(expects_localtime=True, is_safe=False)
def local_date(value, fmt: str) -> str:
    """``value`` written with ``fmt`` as the active language orders it."""
    return date_filter(value, str(FORMATS.get(fmt, fmt)))
