"""Filters of the results pages: tournament points and seat letters."""

from django import template

from tournament.standings.tables import points

register = template.Library()


@register.filter
def pts(value) -> str:
    return points(value)


@register.filter
def wind_letter(value) -> str:
    return "ESWN"[int(value)] if value not in (None, "") else ""
