"""A chombo logged at the desk shows on the score sheet page of that table and session, and
the page warns when the sheet carries a chombo of a player who already has a desk chombo in
that session (the standings count the two as one, EMA 3.4.6).

Session 1, table 1: players 0..3 (E, S, W, N); table 2: players 4..7.  The desk logs a
chombo for West (player 2) and one minute of lateness for North (player 3), and a chombo
for player 4 (table 2).  EMA 2016: chombo -20 after uma (3.4.6), lateness -1 a minute (5.7).
The sheet then ends 41000 / 27000 / 30000 / 22000 (EMA 3.6: E +26, S -8, W +5, N -23).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from referee.services import penalty_create
from results.standings.selectors import standings
from scoring.services import sheet_confirm, sheet_save


def _url(session, table):
    return reverse("scoring:sheet", args=[session.tournament.slug, session.number, table.number])


@pytest.fixture
def desk(tournament, running, players, referee):
    chombo = penalty_create(
        tournament=tournament,
        player=players[2],
        session=running,
        kind="chombo",
        hand="E3",
        user=referee,
    )
    late = penalty_create(
        tournament=tournament,
        player=players[3],
        session=running,
        kind="late",
        minutes=1,
        user=referee,
    )
    other = penalty_create(
        tournament=tournament, player=players[4], session=running, kind="chombo", user=referee
    )
    return chombo, late, other


def _save(session, table, chombo, user):
    sheet = sheet_save(
        session=session,
        table=table,
        mode="final",
        entry={
            "points": [41000, 27000, 30000, 22000],
            "riichi_left": 0,
            "chombo": chombo,
            "substitutes": ["", "", "", ""],
        },
        expected_version=0,
        user=user,
    )
    return sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)


def test_the_sheet_page_shows_the_desk_penalties_of_its_table(
    client, running, table1, players, referee, desk
):
    chombo, late, _other = desk
    assert (chombo.points, late.points) == (Decimal(-20), Decimal(-1))
    client.force_login(referee)
    response = client.get(_url(running, table1))
    shown = response.context["desk_penalties"]
    assert [p.pk for p in shown] == [chombo.pk, late.pk]  # not table 2's chombo
    page = response.content.decode()
    assert 'id="desk-penalties"' in page
    assert f"P1: Chombo, {players[2]} (West), -20" in page
    assert f"P2: Late, {players[3]} (North), -1" in page
    assert str(players[4]) not in page.split('id="desk-penalties"')[1].split("</section>")[0]
    assert "desk-chombo-warning" not in page  # the sheet has no chombo yet


def test_a_sheet_chombo_of_a_player_with_a_desk_chombo_is_warned(
    client, tournament, running, table1, players, referee, desk
):
    _save(running, table1, [0, 0, 1, 0], referee)
    client.force_login(referee)
    response = client.get(_url(running, table1))
    assert response.context["desk_chombo_warnings"] == [(players[2], ["P1"])]
    page = response.content.decode()
    assert (
        f"This sheet has a chombo of {players[2]}, who already has a chombo logged at the desk "
        "in this session (P1)"
    ) in page
    # The standings count it once: West +5 on the sheet, -20 for the sheet's chombo, and
    # the desk's chombo is the same one (EMA 3.4.6).
    west = next(r for r in standings(tournament).rows if r.player == players[2])
    assert west.total == Decimal(-15)


def test_no_warning_for_a_sheet_chombo_of_another_player(
    client, running, table1, players, referee, desk
):
    _save(running, table1, [1, 0, 0, 0], referee)
    client.force_login(referee)
    response = client.get(_url(running, table1))
    assert response.context["desk_chombo_warnings"] == []
    assert len(response.context["desk_penalties"]) == 2
