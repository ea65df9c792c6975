"""EMA 2016 5.8 for a player who leaves: -15 points and -15 uma for each session
missed (WRC 7.2: a 30-point penalty), and the head referee's choice of 5.8's last sentence:
removed from the final results, recorded with who and why, undoable, on the final check,
not in the EMA file.

Session 1: table 1 ends 40000 / 35000 / 25000 / 20000 (players 0..3, E S W N), table 2
30000 each.  Player 3 (North: -10 table points, -15 uma, -25) then withdraws; session 2
is played with the reserve in his place (seated by the organiser, not a desk
substitution), all tables 30000 each.  After session 2 he has -25 + (-30) = -55.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee import desk_log, services
from referee.models import ResultsRemoval
from results.standings.exports import ema_rows
from results.standings.selectors import standings
from tournament.events.board import final_check_notes
from tournament.models import Registration, Session
from tournament.registration.services import registration_withdraw

from .conftest import final_sheet, use_ruleset

TABLE1 = [40000, 35000, 25000, 20000]
EVEN = [30000, 30000, 30000, 30000]


@pytest.fixture
def left(tournament, seated_session, table1, players, reserve):
    final_sheet(seated_session, table1, TABLE1)
    table2 = tournament.tables.get(number=2)
    final_sheet(seated_session, table2, EVEN)
    seated_session.state = Session.State.FINISHED
    seated_session.save(update_fields=["state"])
    leaver = players[3]
    registration_withdraw(registration=Registration.objects.get(player=leaver))
    second = Session.objects.create(tournament=tournament, number=2)
    for i, player in enumerate([*players[:3], reserve, *players[4:]]):
        second.seats.create(table=table1 if i < 4 else table2, wind=i % 4, player=player)
    return leaver, second


def _row(tournament, player, **kwargs):
    return next(r for r in standings(tournament, **kwargs).rows if r.player.pk == player.pk)


@pytest.mark.parametrize(
    ("ruleset", "table_points"),
    [
        ("ema2016", -10 - 15),  # EMA 5.8: -15,000 points and -15 uma a session missed
        ("wrc2015", -10 - 30),  # WRC 7.2: no point, a 30-point penalty
    ],
)
def test_each_session_after_leaving_costs_30(tournament, table1, left, ruleset, table_points):
    use_ruleset(tournament, ruleset)
    leaver, second = left
    assert _row(tournament, leaver).total == -25  # session 2 not played yet: nothing yet
    final_sheet(second, table1, EVEN)
    final_sheet(second, tournament.tables.get(number=2), EVEN)
    row = _row(tournament, leaver)
    assert [(m.session, m.why, m.score) for m in row.missed] == [(2, "left", -30)]
    assert (row.total, row.table_points, row.by_session) == (-55, table_points, {1: -25, 2: -30})
    assert _row(tournament, leaver, after_session=1).total == -25
    # The EMA file carries the same total and the table points as 5.8 announces them.
    (line,) = [r for r in ema_rows(tournament) if r[1] == leaver.ema_number]
    assert (line[5], line[6]) == (-55, table_points * 1000)


def test_removal_takes_him_out_of_the_results_and_the_ema_file_and_is_undone(
    client, tournament, table1, left, referee, organiser
):
    leaver, second = left
    final_sheet(second, table1, EVEN)
    final_sheet(second, tournament.tables.get(number=2), EVEN)
    before = {r.player.pk: r.rank for r in standings(tournament).rows}
    assert before[leaver.pk] == 8
    assert len(ema_rows(tournament)) == 8

    client.force_login(referee)
    url = reverse("referee:results_removal", args=[tournament.slug, leaver.pk])
    page = client.get(url)
    assert page.status_code == 200 and "EMA 5.8" in page.content.decode()
    # A reason is required: nothing is stored without it.
    answer = client.post(url, {"reason": "  "})
    assert answer.status_code == 200 and not ResultsRemoval.objects.exists()
    assert client.post(url, {"reason": "ill (hospital)"}).status_code == 302
    removal = ResultsRemoval.objects.get()
    assert (removal.created_by, removal.reason, removal.player) == (
        referee,
        "ill (hospital)",
        leaver,
    )

    row = _row(tournament, leaver)
    assert (row.rank, row.note, row.total) == (None, "removed", -55)
    assert len(ema_rows(tournament)) == 7
    assert leaver.ema_number not in {r[1] for r in ema_rows(tournament)}
    assert final_check_notes(tournament) == [
        f"{leaver} is removed from the final results (EMA 5.8) and left out of the EMA file: "
        f"ill (hospital) ({referee.username})."
    ]
    log = desk_log.log_entries(tournament)
    assert [(e.ref, e.action, e.reason) for e in log] == [("R1", "Removal", "ill (hospital)")]

    # Undone, with a reason: he is back at his place; the log keeps both.
    undo = reverse("referee:results_removal_withdraw", args=[tournament.slug, removal.pk])
    assert client.post(undo, {"reason": "recovered, counts after all"}).status_code == 302
    assert _row(tournament, leaver).rank == 8
    assert len(ema_rows(tournament)) == 8
    assert final_check_notes(tournament) == []
    assert [e.action for e in desk_log.log_entries(tournament)] == ["Withdrawn", "Removal"]


def test_only_a_player_who_was_substituted_or_left_may_be_removed(tournament, left, players):
    with pytest.raises(services.DeskError, match="neither substituted nor has left"):
        services.results_removal_create(
            tournament=tournament, player=players[0], user=None, reason="ill"
        )
    leaver, _ = left
    services.results_removal_create(tournament=tournament, player=leaver, user=None, reason="ill")
    with pytest.raises(services.DeskError, match="already removed"):
        services.results_removal_create(
            tournament=tournament, player=leaver, user=None, reason="ill"
        )
