"""The EMA results file: what an organiser sends to the EMA's ranking manager.

One row per ranked player, best first, in the columns of shared/design/ema-events.md:
position, EMA number, last name, first name, nationality, points, table points; plus the
EMA base rank (N - position) / (N - 1) * 1000, rounded half up (tied players: the
average of their places), as a last column.  Who is in
it follows the ruleset through ``results.standings``: substitutes whose results do not count are
left out; disqualified players are at the bottom (EMA 2016 §5.8) or left out (WRC 2015
§7.1).  CSV is UTF-8 with a byte-order mark so spreadsheet programs read accents right.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from decimal import ROUND_HALF_UP, Decimal

from openpyxl import Workbook

from results.standings.selectors import standings
from tournament.models import Tournament
from web.numbers import file_points
from web.spreadsheets import points_format, safe_row

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


def ema_base_rank(n: int, position: int, tied: int = 1) -> int:
    """The EMA's base rank of ``position`` among ``n`` ranked players, ``tied`` of them
    (this one included) sharing that place.

    EMA ranking rules, base rank ("Basics for ranking system", mahjong-europe.org/ranking/
    Basicsranking.html): the number of players you have beaten (N - position), divided by
    N - 1, times 1000.  Players tied at a place beat the same players and none of each other,
    so they share the places they fill, as EMA 2016 §3.6 splits the uma of tied places:
    each gets the base rank of the average of those places (two tied at 29th of 37 fill 29
    and 30: (37 - 29.5) / 36 x 1000 = 208.3 -> 208, not the better place's 222 for both).
    Rounded once to a whole number with halves going up (812.5 -> 813, 687.5 -> 688), as a
    ranking manager counts by hand.  Exact arithmetic, so a half is a half: Python's round()
    would send 812.5 to 812 (half to even) and a float quotient could land a hair under the
    half.
    """
    if n <= 1:
        return 1000
    # The average of the places position .. position + tied - 1, doubled to stay whole.
    twice_place = 2 * position + tied - 1
    exact = Decimal((2 * n - twice_place) * 1000) / Decimal(2 * (n - 1))
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def ema_rows(tournament: Tournament) -> list[list]:
    rows = [row for row in standings(tournament).rows if row.rank is not None]
    n = len(rows)
    sharing = Counter(row.rank for row in rows)
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
                file_points(row.total),  # "-120.0": one decimal, as every file
                # A point is 1,000 table points (rulesets.md): the file carries table points.
                round(row.table_points * 1000),
                ema_base_rank(n, row.rank, sharing[row.rank]),
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
    rows = [safe_row(row) for row in ema_rows(tournament)]
    for row in rows:
        sheet.append(row)
    points_format(sheet, rows)
    # EMA numbers are ids with leading zeros ("01000001"), never numbers.
    for cell in sheet["B"][1:]:
        cell.number_format = "@"
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
