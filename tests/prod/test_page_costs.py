"""No page's cost grows with the number of sheets entered: the queries of the public pages
are the same with one session scored as with two (a logged-in visitor, who is never served
a cached page, so that every page is computed)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.services import sheet_confirm, sheet_save
from tournament.seating.locks import sessions_with_locks


def confirm(session, table, points):
    sheet = sheet_save(
        session=session,
        table=table,
        mode="final",
        entry={"points": points, "riichi_left": 0, "chombo": [0] * 4, "substitutes": [""] * 4},
        expected_version=0,
        user=None,
    )
    sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)


def pages(tournament, player_id):
    slug = tournament.slug
    return [
        reverse("tournament:standings", args=[slug]),
        reverse("tournament:player", args=[slug, player_id]),
        reverse("tournament:seating", args=[slug]),
        reverse("tournament:session", args=[slug, 1]),
        reverse("tournament:session_results", args=[slug, 1]),
        reverse("tournament:player_schedule", args=[slug, player_id]),
        reverse("tournament:standings_projector_rows", args=[slug]),
    ]


def costs(client, urls):
    out = []
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, url
        out.append(len(queries))
    return out


def test_page_queries_do_not_grow_with_the_sheets(client, stranger, tournament, two_sessions):
    first, second = two_sessions.sessions  # tests/conftest.py
    tables = {t.number: t for t in tournament.tables.all()}
    player_id = first.seats.get(table=tables[1], wind=0).player_id
    client.force_login(stranger)
    urls = pages(tournament, player_id)
    confirm(first, tables[1], [40000, 30000, 28000, 22000])
    one_sheet = costs(client, urls)
    confirm(first, tables[2], [35000, 33000, 27000, 25000])
    confirm(second, tables[1], [31000, 30000, 30000, 29000])
    confirm(second, tables[2], [50000, 30000, 20000, 20000])
    # None grows; one may shrink: the player page reads the seats of the sessions not yet
    # fully scored (his pending tables), a query that is gone once every sheet is in.
    all_sheets = costs(client, urls)
    assert [min(a, b) for a, b in zip(all_sheets, one_sheet, strict=True)] == all_sheets


def test_the_seating_index_counts_seats_and_sheets_apart(tournament, two_sessions):
    """The sessions' seat counts and locks without joining every sheet with every seat."""
    first, _ = two_sessions.sessions
    confirm(first, tournament.tables.get(number=1), [40000, 30000, 28000, 22000])
    sessions = {s.number: s for s in sessions_with_locks(tournament)}
    assert sessions[1].seated == 8 and sessions[2].seated == 8
    assert sessions[1].lock and not sessions[2].lock
