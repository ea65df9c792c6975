"""Generating the seating: valid seats, the record of how it was made, clear errors."""

from __future__ import annotations

import pytest

from tournament.errors import ServiceError
from tournament.models import Registration, Seat, SeatingJob, Table
from tournament.seating.core import PlanOptions, plan
from tournament.seating.core_input import seating_input

from .conftest import assert_valid_session, generate, pairs_of, setup_event


def test_plan_seats_every_session_with_valid_seats(tournament, event16):
    job = generate(tournament)
    assert job.state == SeatingJob.State.DONE
    ids = {p.pk for p in event16}
    sessions = list(tournament.sessions.order_by("number"))
    for session in sessions:
        assert_valid_session(session, ids)
        assert session.seating_job_id == job.pk
    # 16 players, 3 sessions: nobody meets anybody twice.
    met = [pairs_of(s) for s in sessions]
    assert not (met[0] & met[1] or met[0] & met[2] or met[1] & met[2])
    assert job.result["repeated_meetings"] == 0


def test_the_job_records_an_input_that_gives_the_same_seating_again(tournament, event16):
    """EMA: seating drawn at random and transparently; the stored input re-runs the draw."""
    job = generate(tournament, seed=12345)
    assert job.seed == 12345 and job.options["seed"] == 12345
    again = plan(PlanOptions.from_mapping(job.options))
    players, tables = job.players, job.tables
    for number, rnd in zip(job.sessions, again.rounds, strict=True):
        expected = {
            (tables[t], w, players[p]) for t, table in enumerate(rnd) for w, p in enumerate(table)
        }
        stored = set(
            Seat.objects.filter(session__tournament=tournament, session__number=number).values_list(
                "table__number", "wind", "player_id"
            )
        )
        assert stored == expected


def test_another_seed_draws_another_seating(tournament, event16):
    generate(tournament, seed=1)
    first = pairs_of(tournament.sessions.get(number=1))
    generate(tournament, seed=2)
    assert pairs_of(tournament.sessions.get(number=1)) != first


def test_reserves_filling_in_are_seated_and_others_not(tournament):
    people = setup_event(tournament, players=10, tables=3, sessions=2)
    # The last two are reserves: with one filling in, nine play (refused); without, eight.
    Registration.objects.filter(player__in=people[8:]).update(is_reserve=True)
    Registration.objects.filter(player=people[9]).update(fills_in=True)
    with pytest.raises(ServiceError, match="9 players cannot be seated at tables of four"):
        generate(tournament)
    Registration.objects.filter(player=people[9]).update(fills_in=False)
    generate(tournament)
    ids = {p.pk for p in people[:8]}
    for session in tournament.sessions.all():
        assert_valid_session(session, ids)


def test_not_enough_tables_says_how_many_are_needed(tournament):
    setup_event(tournament, players=12, tables=2, sessions=2)
    with pytest.raises(ServiceError, match="12 players need 3 tables, but the tournament has 2"):
        generate(tournament)
    assert not SeatingJob.objects.exists()


def test_no_player_checked_in_is_refused(tournament):
    setup_event(tournament, players=8, tables=2, sessions=2)
    Registration.objects.update(checked_in=False)
    with pytest.raises(ServiceError, match="No player is checked in"):
        generate(tournament)


def test_no_tables_is_refused(tournament):
    setup_event(tournament, players=8, tables=0, sessions=2)
    with pytest.raises(ServiceError, match="no tables"):
        generate(tournament)


def test_fixed_table_is_respected_in_every_session(tournament, event16):
    wheelchair = event16[5]
    table3 = Table.objects.get(tournament=tournament, number=3)
    Registration.objects.filter(player=wheelchair).update(fixed_table=table3)
    job = generate(tournament)
    assert job.options["fixed"] == {str(job.players.index(wheelchair.pk)): 2}
    for session in tournament.sessions.all():
        assert Seat.objects.get(session=session, player=wheelchair).table == table3


def test_too_many_players_fixed_to_one_table_is_a_clear_error(tournament, event16):
    table1 = Table.objects.get(tournament=tournament, number=1)
    # The service refuses a fifth player on the fixing page, so write the rows directly.
    Registration.objects.filter(player__in=event16[:5]).update(fixed_table=table1)
    with pytest.raises(ServiceError, match="5 players are fixed to table Table 1"):
        generate(tournament)


def test_swiss_seats_only_the_next_session_by_the_standings(tournament, event16, monkeypatch):
    from types import SimpleNamespace

    import results.standings.selectors as standings_module

    best_first = list(reversed(event16))
    rows = [SimpleNamespace(player=p) for p in best_first]
    monkeypatch.setattr(standings_module, "standings", lambda t, **kw: SimpleNamespace(rows=rows))
    job = generate(tournament, method=SeatingJob.Method.SWISS)
    assert job.sessions == [1]
    assert Seat.objects.filter(session__number=2).count() == 0
    index = {pk: i for i, pk in enumerate(job.players)}
    assert job.options["standings"] == [index[p.pk] for p in best_first]
    # No history: the top four of the standings share a table.
    top = {p.pk for p in best_first[:4]}
    tables = {s.table_id for s in Seat.objects.filter(session__number=1, player_id__in=top)}
    assert len(tables) == 1
    assert "rank_spread" in job.result


def test_input_maps_players_in_primary_key_order(tournament, event16):
    inp = seating_input(tournament, method=SeatingJob.Method.PLAN, seed=3)
    assert [p.pk for p in inp.players] == sorted(p.pk for p in event16)
    assert inp.options["rounds"] == 3 and inp.options["history"] == []
    assert [t.number for t in inp.tables] == [1, 2, 3, 4]
