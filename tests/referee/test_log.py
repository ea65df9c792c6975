"""The referee log: every decision and every withdrawal, who and when, filterable."""

from __future__ import annotations

from decimal import Decimal

from referee import decision_reads, desk_log, services
from referee.models import Penalty
from results.standings.selectors import standings
from scoring.services import sheet_confirm, sheet_save

from .conftest import final_sheet


def test_the_log_keeps_decisions_withdrawals_and_corrections(
    tournament, running, table1, players, reserve, referee, organiser
):
    late = services.penalty_create(
        tournament=tournament,
        player=players[0],
        session=running,
        kind=Penalty.Kind.LATE,
        minutes=7,
        hand="E1",
        user=referee,
    )
    fixed = services.penalty_correct(
        penalty=late, user=organiser, reason="5 by the clock", minutes=5
    )
    sub = services.substitution_create(
        tournament=tournament,
        session=running,
        player=players[1],
        substitute=reserve,
        timing="during",
        user=referee,
        reason="ill",
    )
    services.substitution_withdraw(substitution=sub, user=organiser, reason="recovered")
    assert (desk_log.desk_ref(late), desk_log.desk_ref(fixed)) == ("P1", "P2")
    entries = desk_log.log_entries(tournament)
    lines = [(e.ref, e.action, e.by, e.counts) for e in entries]
    assert lines == [
        ("S1", "Withdrawn", organiser.username, ""),
        ("S1", "Substitution", referee.username, "no (withdrawn)"),
        ("P2", "Penalty", organiser.username, "yes"),
        ("P1", "Withdrawn", organiser.username, ""),
        ("P1", "Penalty", referee.username, "no (withdrawn)"),
    ]
    by_ref = {(e.ref, e.action): e for e in entries}
    assert by_ref[("P1", "Withdrawn")].reason == "Corrected: 5 by the clock"
    assert "correction of P1" in by_ref[("P2", "Penalty")].what
    first = by_ref[("P1", "Penalty")]
    assert (first.session, first.table, first.hand, first.points) == (
        1,
        "Table 1",
        "E1",
        Decimal(-7),
    )
    # Filters: by table 2 nothing, by player 1 only the substitution.
    assert desk_log.log_entries(tournament, table=2) == []
    assert {e.ref for e in desk_log.log_entries(tournament, player=players[1].pk)} == {"S1"}
    assert {e.ref for e in desk_log.log_entries(tournament, player=reserve.pk)} == {"S1"}


def test_a_chombo_the_sheet_carries_is_marked_in_the_log(tournament, running, table1, players):
    services.penalty_create(
        tournament=tournament, player=players[2], session=running, kind="chombo", user=None
    )
    assert desk_log.log_entries(tournament)[0].counts == "yes"
    final_sheet(running, table1, [40000, 35000, 25000, 20000], chombo=[0, 0, 1, 0])
    (desk,) = [e for e in desk_log.log_entries(tournament) if e.action == "Penalty"]
    assert desk.counts == "no (on the score sheet)"


def test_a_hand_by_hand_chombo_is_counted_once(tournament, running, table1, players, referee):
    services.penalty_create(
        tournament=tournament, player=players[2], session=running, kind="chombo", user=referee
    )
    # The sheet's own chombo line for West (EMA 3.4.6: -20 after uma), then a drawn hand.
    sheet = sheet_save(
        session=running,
        table=table1,
        mode="hands",
        entry={"hands": [{"chombo": "W"}, {"draw": {"tenpai": []}}], "ended_by_time": True},
        expected_version=0,
        user=referee,
    )
    sheet_confirm(sheet=sheet, expected_version=sheet.version, user=referee)
    assert decision_reads.sheet_chombos(tournament) == {(players[2].pk, 1): 1}
    row = next(r for r in standings(tournament).rows if r.player == players[2])
    assert row.total == Decimal(-20)  # the sheet's chombo only; the desk's matches it


def test_the_standings_hook_runs_a_fixed_number_of_queries(
    tournament, running, table1, players, reserve, django_assert_num_queries
):
    final_sheet(running, table1, [40000, 35000, 25000, 20000])
    for player in players[:4]:
        services.penalty_create(
            tournament=tournament, player=player, session=running, kind="late", minutes=2, user=None
        )
    services.substitution_create(
        tournament=tournament,
        session=running,
        player=players[5],
        substitute=reserve,
        timing="start",
        user=None,
    )
    # No chombo at the desk: the score sheets' entries are not read at all (four queries with
    # the removals of EMA 5.8, six with a desk chombo whose sheet must be checked).
    with django_assert_num_queries(4):
        decisions = decision_reads.standings_decisions(tournament)
    # The missed session is charged by the standings (scoring.rules.absence), not here.
    assert sorted(p.points for p in decisions.penalties) == [Decimal(-2)] * 4
    assert decisions.substituted == {(players[5].pk, 1)}
    services.penalty_create(
        tournament=tournament, player=players[0], session=running, kind="chombo", user=None
    )
    with django_assert_num_queries(6):
        decisions = decision_reads.standings_decisions(tournament)
    assert sorted(p.points for p in decisions.penalties) == [Decimal(-20)] + [Decimal(-2)] * 4
