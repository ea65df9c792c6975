"""Country flags as the small GIF images django-countries ships (static/flags/), not emoji:
many phones and the Windows desktops at a venue draw flag emoji as two letters or empty
boxes. The country's name always stands beside the flag, so the image is decoration."""

from __future__ import annotations

from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString


def flag_html(code: str) -> SafeString | str:
    """An <img> of the country's flag, or nothing for an unknown country."""
    if not code:
        return ""
    return format_html(
        '<img class="flag" src="{}" alt="" width="16" height="11">',
        static(f"flags/{code.lower()}.gif"),
    )
