"""Numbers read from a query string (``?page=``, ``?per_page=``), each with a bound.

django-tables2 reads ``page`` and ``per_page`` with a bare ``int()``: ``?per_page=-1`` or
``?per_page=0`` then reached the paginator (a 500), and ``?per_page=100000000`` rendered
every row at once.  Every table page is configured here instead, so a typed number is
always one the page can serve (OWASP Input Validation cheat sheet: allow-list the type and
range, server side).
"""

from __future__ import annotations

from django.core.paginator import EmptyPage
from django_tables2 import RequestConfig

MAX_PER_PAGE = 200
# Far beyond any tournament's rows at one row a page; a larger number is the last page.
MAX_PAGE = 1_000_000


def bounded_int(raw, *, default: int, low: int, high: int) -> int:
    """``raw`` as an int within ``low..high`` (clamped); ``default`` when it is not a plain
    run of ASCII digits with an optional minus (``"²"`` passes ``isdigit()`` yet ``int()``
    refuses it; ``"1e9"`` and ``"٣"`` are not what a person typing a number in a URL means)."""
    text = str(raw if raw is not None else "").strip()
    digits = text[1:] if text.startswith("-") else text
    if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 18:
        return default
    return min(max(int(text), low), high)


def paginate_table(request, table, *, per_page: int) -> None:
    """Sort the table as the query asks and show the page it asks for, both bounded:
    ``per_page`` within 1..MAX_PER_PAGE (``per_page`` given is the page's own default), the
    page within 1..the last page."""
    RequestConfig(request, paginate=False).configure(table)  # the sort only
    size = bounded_int(
        request.GET.get(table.prefixed_per_page_field),
        default=per_page,
        low=1,
        high=MAX_PER_PAGE,
    )
    page = bounded_int(request.GET.get(table.prefixed_page_field), default=1, low=1, high=MAX_PAGE)
    try:
        table.paginate(page=page, per_page=size)
    except EmptyPage:
        table.page = table.paginator.page(table.paginator.num_pages)
