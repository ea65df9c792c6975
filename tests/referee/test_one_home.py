"""Each rule of the desk has one home, and its callers take it from there:

- which penalties count: the rules core (``scoring.rules.counted``), not the desk's reads;
- a sheet's chombo: what the rules core answered when the sheet was saved (stored in the
  sheet's result), read by the desk's log, the standings' desk and the statistics;
- a substitution: recorded on the seat, which the sheet reads (no call from ``scoring``
  into ``referee``).

Session 1, table 1 (players 0..3 = E, S, W, N) ends 41000 / 27000 / 30000 / 22000 with a
chombo of West on the sheet (EMA 3.4.6: 20 after uma; West +5 -20 = -15).
"""

from __future__ import annotations

import inspect
from decimal import Decimal

import scoring.services
from referee import decision_reads, selectors
from referee.services import penalty_create, substitution_create
from results.standings.selectors import standings
from scoring.models import ScoreSheet
from scoring.rules import counted
from scoring.services import desk_substitute_marks

from .conftest import final_sheet


def test_the_desk_takes_which_penalties_count_from_the_rules_core(
    monkeypatch, tournament, running, table1, players, referee
):
    final_sheet(running, table1, [41000, 27000, 30000, 22000], chombo=[0, 0, 1, 0])
    desk = [
        penalty_create(
            tournament=tournament,
            player=players[2],
            session=running,
            kind="chombo",
            user=referee,
            repeat=True,
        )
        for _ in range(2)
    ]
    got = decision_reads.counted_penalties(desk, decision_reads.sheet_chombos(tournament), set())
    core = counted.counted_penalties(
        [counted.DeskPenalty("chombo", True, players[2].pk, 1)] * 2,
        {(players[2].pk, 1): 1},
        set(),
    )
    assert core == [counted.ON_SHEET, counted.COUNTS]
    assert [(c.counted, c.why_not) for c in got] == [(False, "on the score sheet"), (True, "")]
    # West: +5 on the sheet, -20 its chombo, -20 the desk's second one.
    west = next(r for r in standings(tournament).rows if r.player == players[2])
    assert west.total == Decimal(-35)
    # The desk has no rule of its own: what the core answers is what counts.
    monkeypatch.setattr(counted, "counted_penalties", lambda p, s, m: [counted.COUNTS] * len(p))
    got = decision_reads.counted_penalties(desk, decision_reads.sheet_chombos(tournament), set())
    assert [c.counted for c in got] == [True, True]


def test_a_sheets_chombo_is_read_from_the_cores_stored_answer(tournament, running, table1, players):
    sheet = final_sheet(running, table1, [41000, 27000, 30000, 22000], chombo=[0, 0, 1, 0])
    assert [sheet.result["seats"][w]["chombo"] for w in "ESWN"] == [0, 0, 1, 0]
    # The entry is what was typed; every reader counts the chombo from the stored answer.
    ScoreSheet.objects.filter(pk=sheet.pk).update(entry={**sheet.entry, "chombo": [0, 0, 0, 0]})
    assert decision_reads.sheet_chombos(tournament) == {(players[2].pk, 1): 1}
    (entry,) = decision_reads.sheet_chombo_entries(tournament)
    assert (entry.player, entry.wind) == (players[2], 2)


def test_a_hand_by_hand_chombo_is_in_the_cores_log(tournament, running, table1, referee):
    sheet = scoring.services.sheet_save(
        session=running,
        table=table1,
        mode="hands",
        entry={"hands": [{"chombo": "W"}, {"draw": {"tenpai": []}}], "ended_by_time": True},
        expected_version=0,
        user=referee,
    )
    assert [line.get("chombo") for line in sheet.result["log"]] == ["W", None]
    assert sheet.result["seats"]["W"]["chombo"] == 1
    (entry,) = decision_reads.sheet_chombo_entries(tournament)
    assert (entry.wind, entry.hand) == (2, "E1")


def test_a_sheet_reads_the_desks_substitution_from_the_seat(
    tournament, running, table1, players, reserve, referee
):
    substitution_create(
        tournament=tournament,
        session=running,
        player=players[1],
        substitute=reserve,
        timing="during",
        user=referee,
    )
    seat = running.seats.get(table=table1, wind=1)
    assert (seat.player, seat.substitute, seat.replaced) == (reserve, "during", players[1])
    assert desk_substitute_marks(running, table1, ["", "start", "", ""]) == [
        "",
        "during",
        "",
        "",
    ]
    assert "from referee" not in inspect.getsource(scoring.services)
    assert not hasattr(selectors, "seat_substitutes")


def test_the_desks_and_the_sheets_messages_are_translated(running, table1, referee):
    from django.utils import translation

    from scoring.services import SheetConflict
    from tournament.seating.locks import lock_reason

    sheet = final_sheet(running, table1, [41000, 27000, 30000, 22000], user=referee)
    with translation.override("de"):
        assert lock_reason(running, has_sheets=False) == "Runde 1 hat begonnen."
        assert str(SheetConflict(sheet)).startswith("rene_referee hat diesen Bogen um ")
    with translation.override("pl"):
        assert lock_reason(running, has_sheets=False) == "Sesja 1 się rozpoczęła."


def test_the_removal_rule_of_ema_5_8_has_one_home():
    import referee.services
    import referee.views
    from scoring.rules.absence import may_be_removed

    for module in (referee.services, referee.views):
        assert module.may_be_removed is may_be_removed
    assert "may_be_removed(" in inspect.getsource(referee.services.results_removal_create)
    assert "may_be_removed(" in inspect.getsource(referee.views.player)
