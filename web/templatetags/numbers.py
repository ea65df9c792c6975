"""Numbers in the reader's language: ``{{ row.total|pts }}`` ("153,8" on a German page) and
``{{ seat.points|table_points }}`` ("30 000" on a Polish one).  The rule is web/numbers.py's."""

from django import template
from django.utils.html import format_html

from web import numbers

register = template.Library()


@register.filter
def pts(value) -> str:
    """Tournament points with one decimal in the page's language."""
    return numbers.points(value)


@register.filter
def table_points(value) -> str:
    """Table points, whole and grouped in the page's language."""
    return numbers.table_points(value)


@register.simple_tag
def number_separators() -> str:
    """``data-decimal`` and ``data-group`` for ``<meta name="numbers">``: static/js/numbers.js
    draws numbers with the separators the server writes, so both look alike in every
    language."""
    marks = numbers.separators()
    return format_html('data-decimal="{}" data-group="{}"', marks["decimal"], marks["group"])
