"""Template helpers for laying out forms in groups of fields."""

from django import template

register = template.Library()


@register.filter
def fields_named(form, names: str):
    """The bound fields of ``form`` named in the comma-separated ``names``, in that order;
    names the form does not have are left out (e.g. "tables" when editing)."""
    return [form[name] for name in names.split(",") if name in form.fields]
