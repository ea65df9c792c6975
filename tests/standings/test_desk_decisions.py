"""What the desk's decisions do to the standings, with worked values from the books.

Table 1 of session 1 (seats E, S, W, N = players 0..3) ends 40000 / 35000 / 25000 / 20000:
table parts +10 / +5 / -5 / -10, EMA 3.6.1 uma +15 / +5 / -5 / -15, so the sheet gives
25 / 10 / -10 / -25.  Table 2 ends 30000 each: 0 for everyone (split uma).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from referee import services
from referee.models import Penalty
from results.standings.selectors import standings
from scoring.models import TableResult
from tests.referee.conftest import final_sheet, use_ruleset
from tournament.models import Seat

TABLE1 = [40000, 35000, 25000, 20000]
EVEN = [30000, 30000, 30000, 30000]


def rows(tournament):
    return {row.player.last_name: row for row in standings(tournament).rows}


def both_tables(session, table1, **kwargs):
    final_sheet(session, table1, TABLE1, **kwargs)
    table2 = session.tournament.tables.get(number=2)
    final_sheet(session, table2, EVEN)


def late(tournament, player, session, minutes, user=None):
    return services.penalty_create(
        tournament=tournament,
        player=player,
        session=session,
        kind=Penalty.Kind.LATE,
        minutes=minutes,
        user=user,
    )


@pytest.mark.parametrize("ruleset", ["ema2016", "wrc2015"])
def test_seven_minutes_late_costs_seven_points_after_uma(
    tournament, seated_session, table1, players, referee, ruleset
):
    # EMA 5.7 and WRC 7.2: 1 point (1,000 table points) a minute, up to 10 minutes.
    use_ruleset(tournament, ruleset)
    penalty = late(tournament, players[0], seated_session, 7, referee)
    assert penalty.points == Decimal(-7)
    both_tables(seated_session, table1)
    got = rows(tournament)
    assert got["Last000"].total == Decimal(18)  # 25 - 7
    assert got["Last000"].penalties == Decimal(-7)
    assert got["Last000"].by_session[1] == Decimal(18)
    # "not affecting ranking at the table": the sheet's result is untouched.
    result = TableResult.objects.get(player=players[0])
    assert (result.rank, result.score) == (1, Decimal(25))
    # Still ahead of player 1 (10): a penalty is not given to the others (EMA 5.7).
    assert got["Last001"].total == Decimal(10)
    assert got["Last000"].rank == 1


def test_ten_minutes_is_the_last_point_penalty_then_a_substitute(
    tournament, seated_session, players
):
    assert late(tournament, players[0], seated_session, 10).points == Decimal(-10)
    with pytest.raises(services.DeskError, match="substitute"):
        late(tournament, players[1], seated_session, 11)
    assert Penalty.objects.filter(player=players[1]).count() == 0


def obstruction(tournament, player, session, amount, serious=False):
    return services.penalty_create(
        tournament=tournament,
        player=player,
        session=session,
        kind=Penalty.Kind.OBSTRUCTION,
        amount=Decimal(amount),
        serious=serious,
        user=None,
    )


def test_ema_obstruction_is_8_or_12_and_12_to_48_when_serious(
    tournament, seated_session, table1, players
):
    # EMA 5.5: "8,000 or 12,000 points (chombo level) ... serious or repeated cases ...
    # between 12,000 and 48,000".
    assert obstruction(tournament, players[0], seated_session, 8).points == Decimal(-8)
    assert obstruction(tournament, players[1], seated_session, 12).points == Decimal(-12)
    assert obstruction(tournament, players[2], seated_session, 30, True).points == Decimal(-30)
    for amount, serious in ((10, False), (20, False), (49, True), (11, True)):
        with pytest.raises(services.DeskError):
            obstruction(tournament, players[3], seated_session, amount, serious)
    both_tables(seated_session, table1)
    got = rows(tournament)
    assert got["Last000"].total == Decimal(17)  # 25 - 8
    assert got["Last001"].total == Decimal(-2)  # 10 - 12
    assert got["Last002"].total == Decimal(-40)  # -10 - 30


def test_wrc_obstruction_is_at_the_referees_discretion(tournament, seated_session, players):
    # WRC 7.2 "Obstruction: Penalty at the referee discretion": any amount, none proposed.
    use_ruleset(tournament, "wrc2015")
    assert obstruction(tournament, players[0], seated_session, 10).points == Decimal(-10)
    with pytest.raises(services.DeskError, match="How many points"):
        services.penalty_create(
            tournament=tournament,
            player=players[1],
            session=seated_session,
            kind=Penalty.Kind.OBSTRUCTION,
            user=None,
        )


def test_dead_hand_is_logged_without_points(tournament, seated_session, table1, players):
    # EMA 3.4.7: a dead hand is not a point penalty.
    penalty = services.penalty_create(
        tournament=tournament,
        player=players[0],
        session=seated_session,
        kind=Penalty.Kind.DEAD_HAND,
        amount=Decimal(5),  # ignored: the book fixes it
        hand="E3",
        user=None,
    )
    assert (penalty.points, penalty.hand, penalty.table.number) == (Decimal(0), "E3", 1)
    both_tables(seated_session, table1)
    assert rows(tournament)["Last000"].total == Decimal(25)


def test_phone_and_other_penalties_take_the_referees_amount(
    tournament, seated_session, table1, players
):
    services.penalty_create(
        tournament=tournament,
        player=players[1],
        session=seated_session,
        kind=Penalty.Kind.PHONE,
        amount=Decimal(2),
        user=None,
    )
    with pytest.raises(services.DeskError, match="reason"):
        services.penalty_create(
            tournament=tournament,
            player=players[2],
            session=seated_session,
            kind=Penalty.Kind.OTHER,
            amount=Decimal(3),
            user=None,
        )
    services.penalty_create(
        tournament=tournament,
        player=players[2],
        session=seated_session,
        kind=Penalty.Kind.OTHER,
        amount=Decimal(3),
        reason="Refused to follow the referee's request",
        user=None,
    )
    both_tables(seated_session, table1)
    got = rows(tournament)
    assert got["Last001"].total == Decimal(8)  # 10 - 2
    assert got["Last002"].total == Decimal(-13)  # -10 - 3


def chombo(tournament, player, session, repeat=False):
    return services.penalty_create(
        tournament=tournament,
        player=player,
        session=session,
        kind=Penalty.Kind.CHOMBO,
        hand="S2",
        user=None,
        repeat=repeat,
    )


def test_a_desk_chombo_counts_when_the_sheet_has_none(tournament, seated_session, table1, players):
    # EMA 3.4.6: 20,000 points after uma.
    assert chombo(tournament, players[1], seated_session).points == Decimal(-20)
    both_tables(seated_session, table1)
    assert rows(tournament)["Last001"].total == Decimal(-10)  # 10 - 20


def test_a_chombo_on_the_desk_and_on_the_sheet_counts_once(
    tournament, seated_session, table1, players
):
    chombo(tournament, players[1], seated_session)
    both_tables(seated_session, table1, chombo=[0, 1, 0, 0])
    got = rows(tournament)
    # The sheet's chombo is in the seat's result (-20); the desk's matches it and adds nothing.
    assert TableResult.objects.get(player=players[1]).score == Decimal(-10)
    assert got["Last001"].total == Decimal(-10)
    # A second desk chombo beyond the sheet's one counts (the referee confirms he means a
    # second one within the minute).
    chombo(tournament, players[1], seated_session, repeat=True)
    assert rows(tournament)["Last001"].total == Decimal(-30)


def test_chombo_under_a_table_payment_ruleset_has_no_points(tournament, seated_session, players):
    # EMA 2012 3.4.6: a reverse mangan paid at the table, no tournament penalty on top.
    use_ruleset(tournament, "ema2012")
    assert chombo(tournament, players[0], seated_session).points == Decimal(0)


def test_a_withdrawn_penalty_stops_counting_and_stays_in_the_history(
    tournament, seated_session, table1, players, referee
):
    penalty = late(tournament, players[0], seated_session, 7, referee)
    with pytest.raises(services.DeskError, match="reason"):
        services.penalty_withdraw(penalty=penalty, user=referee, reason=" ")
    services.penalty_withdraw(penalty=penalty, user=referee, reason="The clock started late")
    both_tables(seated_session, table1)
    assert rows(tournament)["Last000"].total == Decimal(25)
    penalty.refresh_from_db()
    assert penalty.withdrawal_reason == "The clock started late"
    assert penalty.withdrawn_by == referee and penalty.withdrawn_at is not None
    assert Penalty.objects.filter(pk=penalty.pk).exists()
    with pytest.raises(services.DeskError, match="already"):
        services.penalty_withdraw(penalty=penalty, user=referee, reason="again")


def test_a_correction_replaces_the_amount_and_keeps_the_old_penalty(
    tournament, seated_session, table1, players, referee
):
    old = late(tournament, players[0], seated_session, 7, referee)
    new = services.penalty_correct(
        penalty=old, user=referee, reason="It was 5 minutes by the clock", minutes=5
    )
    assert new.points == Decimal(-5) and new.corrects == old
    old.refresh_from_db()
    assert not old.is_active and old.withdrawal_reason.startswith("Corrected:")
    both_tables(seated_session, table1)
    assert rows(tournament)["Last000"].total == Decimal(20)  # 25 - 5


# --- substitutions ------------------------------------------------------------------------


def substitute(tournament, session, player, reserve, timing):
    return services.substitution_create(
        tournament=tournament,
        session=session,
        player=player,
        substitute=reserve,
        timing=timing,
        user=None,
        reason="ill",
    )


def test_ema_substitute_from_the_start(tournament, running, table1, players, reserve):
    # South (player 1) is replaced from the start; the reserve wins the table with 40000.
    substitute(tournament, running, players[1], reserve, "start")
    assert Seat.objects.get(session=running, table=table1, wind=1).player == reserve
    final_sheet(running, table1, [35000, 40000, 25000, 20000])
    final_sheet(running, tournament.tables.get(number=2), EVEN)
    got = rows(tournament)
    # EMA 5.8: entered as -15 points and -15 uma (-30) ...
    assert got["Reserve"].total == Decimal(-30)
    assert got["Reserve"].rank is None and got["Reserve"].note == "substitute"
    # ... but the substitute's place counts for the opponents' uma: 5, -5, -15.
    assert got["Last000"].total == Decimal(10)  # +5 table, +5 uma
    assert got["Last002"].total == Decimal(-10)  # -5, -5
    assert got["Last003"].total == Decimal(-25)  # -10, -15
    # The substituted player missed the session: -15 points and -15 uma.
    assert got["Last001"].total == Decimal(-30)
    assert got["Last001"].by_session == {1: Decimal(-30)}


def test_ema_substitute_during_the_session_always_gets_the_last_uma(
    tournament, running, table1, players, reserve
):
    substitute(tournament, running, players[1], reserve, "during")
    # The sheet is entered without marking the seat: the desk's record decides (EMA 5.8).
    final_sheet(running, table1, [35000, 40000, 25000, 20000])
    final_sheet(running, tournament.tables.get(number=2), EVEN)
    assert TableResult.objects.get(player=reserve).substitute == "during"
    got = rows(tournament)
    assert got["Reserve"].total == Decimal(-30)
    # "the other three players will get the 15,000, 5,000 and -5,000 uma".
    assert got["Last000"].total == Decimal(20)  # +5 table, +15 uma
    assert got["Last002"].total == Decimal(0)  # -5, +5
    assert got["Last003"].total == Decimal(-15)  # -10, -5
    assert got["Last001"].total == Decimal(-30)


def test_wrc_substitute_is_scored_normally_and_the_absent_player_loses_30(
    tournament, running, table1, players, reserve
):
    use_ruleset(tournament, "wrc2015")
    late(tournament, players[1], running, 10)
    substitute(tournament, running, players[1], reserve, "start")
    final_sheet(running, table1, [35000, 40000, 25000, 20000])
    final_sheet(running, tournament.tables.get(number=2), EVEN)
    got = rows(tournament)
    # WRC 7.2: "Substitute players are scored normally and then not included in the ranking."
    assert got["Reserve"].total == Decimal(25)  # +10, +15
    assert got["Reserve"].rank is None
    assert got["Last000"].total == Decimal(10)
    # "a 30 points penalty ... not cumulative with the 10 points penalty for being late".
    assert got["Last001"].total == Decimal(-30)


def test_missed_sessions_add_up_per_session(tournament, seated_session, players, reserve):
    # EMA 5.8: -15 points and -15 uma "for each session missed": two sessions, -60.
    second = tournament.sessions.create(number=2)
    for seat in seated_session.seats.all():
        second.seats.create(table=seat.table, wind=seat.wind, player=seat.player)
    substitute(tournament, seated_session, players[1], reserve, "start")
    substitute(tournament, second, players[1], reserve, "start")
    got = rows(tournament)
    assert got["Last001"].total == Decimal(-60)
    assert got["Last001"].by_session == {1: Decimal(-30), 2: Decimal(-30)}


def test_substitution_rules(tournament, running, table1, players, reserve):
    with pytest.raises(services.DeskError, match="not a reserve"):
        substitute(tournament, running, players[1], players[5], "start")
    other = tournament.sessions.create(number=2)
    with pytest.raises(services.DeskError, match="no seat"):
        substitute(tournament, other, players[1], reserve, "start")
    final_sheet(running, table1, TABLE1)
    with pytest.raises(services.DeskError, match="already has a score sheet"):
        substitute(tournament, running, players[1], reserve, "start")


def test_during_needs_a_started_session(tournament, seated_session, players, reserve):
    with pytest.raises(services.DeskError, match="has not started"):
        substitute(tournament, seated_session, players[1], reserve, "during")


def test_a_withdrawn_substitution_gives_the_seat_back(
    tournament, running, table1, players, reserve
):
    record = substitute(tournament, running, players[1], reserve, "start")
    services.substitution_withdraw(substitution=record, user=None, reason="arrived after all")
    assert Seat.objects.get(session=running, table=table1, wind=1).player == players[1]
    final_sheet(running, table1, TABLE1)
    final_sheet(running, tournament.tables.get(number=2), EVEN)
    assert rows(tournament)["Last001"].total == Decimal(10)


# --- disqualification ---------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "rank"), [("ema2016", 8), ("wrc2015", None)])
def test_disqualified_at_the_bottom_ema_or_unranked_wrc(
    tournament, seated_session, table1, players, ruleset, rank
):
    use_ruleset(tournament, ruleset)
    both_tables(seated_session, table1)
    services.disqualification_create(
        tournament=tournament, player=players[0], user=None, reason="cheating"
    )
    result = standings(tournament)
    row = next(r for r in result.rows if r.player == players[0])
    # EMA 5.8: "ranked at the bottom of the result list"; WRC 7.1: "not listed in the
    # ranking" (the standings keep the row, unranked, below the ranked ones).
    assert row.rank == rank and row.note == "disqualified"
    assert row.total == Decimal(25)
    ranked = [r for r in result.rows if r.rank is not None]
    assert ranked[0].player == players[1]  # 10 is now the best ranked
    assert result.rows[-1 if rank is None else 7].player == players[0]


def test_disqualification_clears_the_unplayed_seats_and_asks_for_re_seating(
    tournament, running, players
):
    from referee.selectors import sessions_needing_reseating

    later = tournament.sessions.create(number=2)
    for seat in running.seats.all():
        later.seats.create(table=seat.table, wind=seat.wind, player=seat.player)
    record = services.disqualification_create(
        tournament=tournament, player=players[0], user=None, reason="cheating", session=running
    )
    # The running session keeps the seat (a substitute joins during it, EMA 5.8).
    assert Seat.objects.filter(session=running, player=players[0]).exists()
    assert not Seat.objects.filter(session=later, player=players[0]).exists()
    assert record.removed_seats == [{"session": 2, "table": 1, "wind": 0}]
    needs = sessions_needing_reseating(tournament)
    assert [(n.session.number, [(t.number, k) for t, k in n.tables]) for n in needs] == [
        (2, [(1, 3)])
    ]
    assert needs[0].causes == [f"{players[0]} (disqualified) left table 1"]
    with translation.override("de"):
        assert sessions_needing_reseating(tournament)[0].causes == [
            f"{players[0]} (disqualifiziert) hat Tisch 1 verlassen"
        ]
    with pytest.raises(services.DeskError, match="already disqualified"):
        services.disqualification_create(
            tournament=tournament, player=players[0], user=None, reason="again"
        )
    not_restored = services.disqualification_withdraw(
        disqualification=record, user=None, reason="appeal upheld"
    )
    assert not_restored == []
    assert Seat.objects.filter(session=later, player=players[0], wind=0).exists()
    assert sessions_needing_reseating(tournament) == []


def test_a_missed_session_is_in_the_ema_file_s_table_points_as_the_desk_announced(
    tournament, running, table1, players, reserve
):
    """EMA 5.8, -15,000 table points (and -15 uma) for the absent player."""
    from results.standings.exports import COLUMNS, ema_rows

    substitute(tournament, running, players[1], reserve, "start")
    final_sheet(running, table1, [35000, 40000, 25000, 20000])
    final_sheet(running, tournament.tables.get(number=2), EVEN)
    by_name = {row[2]: dict(zip(COLUMNS, row, strict=True)) for row in ema_rows(tournament)}
    absent = by_name["Last001"]
    assert absent["table points"] == -15000
    assert absent["points"] == -30  # -15 table points and -15 uma
    # The others keep the table points their sheet gave them: East 35,000 is +5,000.
    assert by_name["Last000"]["table points"] == 5000
