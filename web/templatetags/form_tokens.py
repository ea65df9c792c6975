"""``{% form_token %}``: the hidden field that makes a form count once (web/idempotency.py).

A builtin (config/settings.py), so that every template can put it beside ``{% csrf_token %}``
without loading it."""

from django import template
from django.utils.html import format_html

from web.idempotency import FIELD, new_token

register = template.Library()


@register.simple_tag
def form_token() -> str:
    return format_html('<input type="hidden" name="{}" value="{}">', FIELD, new_token())
