"""The rules core's labels in words on the pages: ``{{ "E1"|round_name }}`` -> "Ost 1"."""

from django import template

from scoring.wording import round_name as _round_name

register = template.Library()


@register.filter
def round_name(label: str, honba: int = 0) -> str:
    """A round label of the core ("E1") in the page's language, with its counters."""
    return _round_name(str(label or ""), int(honba or 0))
