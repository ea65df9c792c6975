"""The ``id`` path converter: a row id or number in a URL, bounded to what a database holds.

Django's ``int`` converter accepts any length of digits, and an id beyond 64 bits then fails
inside the database driver (SQLite: "Python int too large to convert to SQLite INTEGER";
PostgreSQL: "out of range for type bigint"), which is a 500.  Ids and numbers here are
positive and at most 2**63 - 1 (a signed 64-bit integer, the widest column Django makes); a
longer one does not match the pattern, and a larger one is refused by ``to_python``, so the
URL answers 404 like any other id that does not exist.
"""

from __future__ import annotations

MAX_ID = 2**63 - 1


class IdConverter:
    # 19 digits hold every value up to 2**63 - 1 (9223372036854775807, 19 digits).
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError("beyond 63 bits")  # Django: no match, so 404
        return number

    def to_url(self, value: int) -> str:
        return str(value)


def parse_id(raw) -> int | None:
    """An id or number typed into a query string or a form field, or None when it is not
    one (not digits, negative, or beyond 63 bits)."""
    text = str(raw or "").strip()
    if not text.isascii() or not text.isdigit() or len(text) > 19:
        return None
    number = int(text)
    return number if number <= MAX_ID else None
