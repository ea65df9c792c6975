"""Filters of the results pages: tournament points and seat letters."""

from django import template
from django.utils.translation import pgettext_lazy

from web.numbers import points

register = template.Library()


@register.filter
def pts(value) -> str:
    """Tournament points with one decimal in the page's language (web/numbers.py)."""
    return points(value)


# A seat's wind in one or two letters, in the page's language.  Not the first letter of the
# wind's name: Polish "Południe" (South) and "Północ" (North) both start with P.
SEAT_LETTERS = [
    pgettext_lazy("seat letter: East", "E"),
    pgettext_lazy("seat letter: South", "S"),
    pgettext_lazy("seat letter: West", "W"),
    pgettext_lazy("seat letter: North", "N"),
]


@register.filter
def wind_letter(value) -> str:
    """0-3 (East, South, West, North) -> "E", "S", "W", "N" in English."""
    return str(SEAT_LETTERS[int(value)]) if value not in (None, "") else ""
