from django import template

from tournament.flags import flag_html

register = template.Library()


@register.filter
def flag(country):
    """{{ player.country|flag }}: the country's flag image (tournament/flags.py)."""
    return flag_html(getattr(country, "code", country) or "")
