"""The EMA results file: what an organiser sends to the EMA's ranking manager.

One row per ranked player, best first, in the columns of shared/design/ema-events.md:
position, EMA number, last name, first name, nationality, points, table points; plus the
EMA base rank (N - position) / (N - 1) * 1000, rounded half up, as a last column.  Who is in
it follows the ruleset through ``tournament.standings``: substitutes whose results do not count are
left out; disqualified players are at the bottom (EMA 2016 §5.8) or left out (WRC 2015
§7.1).  CSV is UTF-8 with a byte-order mark so spreadsheet programs read accents right.
"""

from __future__ import annotations

import csv
import io
from decimal import ROUND_HALF_UP, Decimal

from openpyxl import Workbook

from tournament.models import Tournament
from tournament.standings.selectors import standings
from web.spreadsheets import safe_row

COLUMNS = [
    "position",
    "EMA number",
    "last name",
    "first name",
    "nationality",
    "points",
    "table points",
    "EMA base rank",
]


def _number(value: Decimal) -> int | float:
    """Whole numbers stay whole; a split uma keeps two decimals."""
    rounded = round(value, 2)
    return int(rounded) if rounded == rounded.to_integral_value() else float(rounded)


def ema_base_rank(n: int, position: int) -> int:
    """The EMA's base rank of ``position`` among ``n`` ranked players.

    EMA ranking rules, base rank: (N - position) / (N - 1) x 1000, rounded once to a whole
    number with halves going up (812.5 -> 813, 687.5 -> 688), as a ranking manager counts
    by hand.  Exact arithmetic, so a half is a half: Python's round() would send 812.5 to
    812 (half to even) and a float quotient could land a hair under the half.
    """
    if n <= 1:
        return 1000
    exact = Decimal((n - position) * 1000) / Decimal(n - 1)
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def ema_rows(tournament: Tournament) -> list[list]:
    rows = [row for row in standings(tournament).rows if row.rank is not None]
    n = len(rows)
    out = []
    for row in rows:
        player = row.player
        out.append(
            [
                row.rank,
                player.ema_number,
                player.last_name,
                player.first_name,
                player.country.code,
                _number(row.total),
                # A point is 1,000 table points (rulesets.md): the file carries table points.
                round(row.table_points * 1000),
                ema_base_rank(n, row.rank),
            ]
        )
    return out


def ema_csv(tournament: Tournament) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(COLUMNS)
    # Names come from self sign-up: a "=..." name must not reach the EMA's machine live.
    writer.writerows(safe_row(row) for row in ema_rows(tournament))
    return buffer.getvalue().encode("utf-8-sig")


def ema_xlsx(tournament: Tournament) -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.title = "Results"
    sheet.append(COLUMNS)
    for row in ema_rows(tournament):
        sheet.append(safe_row(row))
    # EMA numbers are ids with leading zeros ("01000001"), never numbers.
    for cell in sheet["B"][1:]:
        cell.number_format = "@"
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
