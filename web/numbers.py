"""How a number is shown: the one home of every page's, export's and file's number format.

Two kinds of numbers reach a reader:

- **tournament points** (a session's score, a total, uma, a penalty): table points / 1,000
  plus uma (EMA 2016 §3.6.1; 1 point = 1,000 table points, rulesets.md), so a tenth is the
  finest step a table score of hundreds gives; they are always shown with exactly one
  decimal ("95.7", "-30.0", "6.0"), so a column of them lines up and "6" beside "30.30"
  never happens.  A split uma that falls between tenths (a three-way
  tie under a ruleset with odd uma) is rounded half away from zero, once, here.
- **table points** (the 30,000 a player starts with, a hand's running total): whole numbers,
  grouped by thousands.

Pages write both in the reader's language with Django's own locale formats ("153,8" and
"30.000" in German, "30 000" in Polish, with a no-break space), never with a hand-made
separator.  The scripts that draw numbers (``static/js/numbers.js``) read the same separators
from the page's ``<meta name="numbers">`` (``templates/base.html``), so a number drawn by JavaScript
looks exactly like one drawn here.

Files are data, the same in every language: CSV writes points with "." and one decimal
("-120.0"), XLSX keeps them numbers with the number format ``0.0`` (``XLSX_POINTS_FORMAT``);
table points are whole numbers.  The API's JSON keeps plain numbers.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.utils.formats import get_format, number_format

TENTH = Decimal("0.1")
# What a page shows where there is no number (a session not played).
NONE = "—"
# The number format of a points cell in an XLSX file: the value stays a number.
XLSX_POINTS_FORMAT = "0.0"


def _decimal(value) -> Decimal | None:
    if value is None or value == "" or isinstance(value, bool):
        return None
    try:
        number = value if isinstance(value, Decimal) else Decimal(str(value))
    except (InvalidOperation, ValueError, TypeError):
        return None
    return number if number.is_finite() else None


def tenths(value) -> Decimal | None:
    """Tournament points rounded to one decimal, half away from zero; -0.0 becomes 0.0."""
    number = _decimal(value)
    if number is None:
        return None
    rounded = number.quantize(TENTH, rounding=ROUND_HALF_UP)
    return rounded.copy_abs() if rounded.is_zero() else rounded


def points(value) -> str:
    """Tournament points in the active language: "95.7", "-30.0" (en), "153,8" (de, pl)."""
    rounded = tenths(value)
    if rounded is None:
        return NONE
    return number_format(rounded, decimal_pos=1, use_l10n=True)


def table_points(value) -> str:
    """Table points, whole and grouped in the active language: "30,000" (en), "30.000"
    (de), "30 000" (pl, with a no-break space)."""
    number = _decimal(value)
    if number is None:
        return NONE
    whole = number.quantize(Decimal(1), rounding=ROUND_HALF_UP)
    if whole.is_zero():
        whole = whole.copy_abs()
    return number_format(whole, decimal_pos=0, use_l10n=True, force_grouping=True)


def file_points(value) -> float | str:
    """Tournament points as a file's cell: a number with one decimal (CSV writes
    "-120.0", XLSX keeps the number and shows it with ``XLSX_POINTS_FORMAT``); "" for none."""
    rounded = tenths(value)
    return "" if rounded is None else float(rounded)


def separators() -> dict[str, str]:
    """The active language's decimal and group separators, for the page's scripts."""
    return {
        "decimal": str(get_format("DECIMAL_SEPARATOR")),
        "group": str(get_format("THOUSAND_SEPARATOR")),
        "grouping": str(get_format("NUMBER_GROUPING")),
    }
