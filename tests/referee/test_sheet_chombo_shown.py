"""A chombo typed into a hand-by-hand sheet shows in the referee log and on the session
board's penalties, not only in the standings.

Table 1 of session 1 (players 0..3 = E, S, W, N): hand 1 East 1 is a chombo by West (EMA
3.4.6: 20 points after uma, on the sheet), then an exhaustive draw with nobody tenpai, and
the table ends by time.  West's result: -20 (everything else even)."""

from __future__ import annotations

from decimal import Decimal

from django.urls import reverse

from referee import desk_log
from results.standings.selectors import standings
from scoring.models import ScoreSheet
from scoring.services import sheet_confirm, sheet_save
from tournament.events.board import session_board


def _hands_sheet(session, table, user, *, confirm: bool):
    sheet = sheet_save(
        session=session,
        table=table,
        mode="hands",
        entry={"hands": [{"chombo": "W"}, {"draw": {"tenpai": []}}], "ended_by_time": True},
        expected_version=0,
        user=user,
    )
    if confirm:
        sheet = sheet_confirm(sheet=sheet, expected_version=sheet.version, user=user)
    return sheet


def test_a_hand_by_hand_chombo_is_in_the_log(tournament, running, table1, players, referee):
    _hands_sheet(running, table1, referee, confirm=False)
    (entry,) = desk_log.log_entries(tournament)
    assert (entry.action, entry.player, entry.session, entry.table, entry.hand) == (
        "Chombo on the score sheet",
        players[2],
        1,
        "Table 1",
        "E1",
    )
    assert (entry.points, entry.counts, entry.by) == (
        Decimal(-20),
        "when the sheet is confirmed",
        referee.username,
    )
    sheet = ScoreSheet.objects.get(session=running, table=table1)
    sheet_confirm(sheet=sheet, expected_version=sheet.version, user=referee)
    (entry,) = desk_log.log_entries(tournament, player=players[2].pk)
    assert entry.counts == "yes (on the sheet)"
    assert desk_log.log_entries(tournament, table=2) == []
    assert players[2] in desk_log.log_players(tournament)
    # The standings count it once, from the sheet.
    west = next(r for r in standings(tournament).rows if r.player == players[2])
    assert (west.total, west.sheet_penalties) == (Decimal(-20), Decimal(-20))


def test_a_hand_by_hand_chombo_is_on_the_session_board(
    client, tournament, running, table1, players, referee, organiser
):
    _hands_sheet(running, table1, referee, confirm=True)
    rows = {row.table.number: row for row in session_board(running)}
    assert [(c.player, c.hand) for c in rows[1].sheet_chombos] == [(players[2], "E1")]
    assert rows[2].sheet_chombos == []
    client.force_login(organiser)
    html = client.get(
        reverse("tournament:session_board_rows", args=[tournament.slug, 1])
    ).content.decode()
    assert f"{players[2]}: chombo on the sheet, hand E1" in html
