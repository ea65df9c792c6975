"""``apart``: team-mates never seated at one table in the rounds the core seats."""

from __future__ import annotations

import random

import pytest

from tournament.seating.core import PlanOptions, SeatingError, SwissOptions, plan, swiss
from tournament.seating.core.metrics import max_wind_imbalance, repeated_meetings

from .helpers import assert_everyone_once


def teams(size: int, count: int, first: int = 0) -> list[list[int]]:
    return [list(range(first + k * size, first + (k + 1) * size)) for k in range(count)]


def team_clashes(rounds, groups) -> int:
    """Pairs of team-mates at one table, summed over rounds."""
    team = {p: k for k, g in enumerate(groups) for p in g}
    return sum(
        1
        for rnd in rounds
        for table in rnd
        for i, p in enumerate(table)
        for q in table[:i]
        if p in team and team.get(q) == team[p]
    )


def make(**kwargs):
    return plan(PlanOptions.from_mapping(kwargs))


@pytest.mark.parametrize(
    ("players", "rounds", "groups"),
    [
        # 10 teams of 4 fill the whole field.
        (40, 8, teams(4, 10)),
        # Teams of 3, and 6 players without a team.
        (48, 6, teams(3, 14)),
        (36, 5, teams(4, 9)),
        # Pairs, as for a doubles event.
        (32, 7, teams(2, 16)),
    ],
)
def test_plan_keeps_team_mates_apart_and_the_same_targets(players, rounds, groups):
    for seed in (1, 2):
        result = make(players=players, rounds=rounds, seed=seed, apart=groups)
        assert_everyone_once(result.rounds, range(players))
        assert team_clashes(result.rounds, groups) == 0
        # The construction's slots are relabelled, so its quality is kept.
        assert result.quality.repeated_meetings == 0
        assert result.quality.repeated_table_visits == 0
        assert result.quality.max_wind_imbalance <= 1


def test_plan_without_a_full_construction_still_keeps_team_mates_apart():
    # 36 x 9 is a complete schedule in which only 8 teams of 4 find slots that never meet:
    # the ninth is kept apart by the search, at the price of a few repeats.
    groups = teams(4, 9)
    result = make(players=36, rounds=9, seed=5, apart=groups)
    assert_everyone_once(result.rounds, range(36))
    assert team_clashes(result.rounds, groups) == 0


def test_replan_keeps_team_mates_apart_in_new_rounds_only():
    groups = teams(4, 10)
    # Played rounds seated without the teams: team-mates sat together there.
    played = make(players=40, rounds=8, seed=3).rounds[:3]
    assert team_clashes(played, groups) > 0
    active = [p for p in range(40) if p not in (6, 29)]
    result = make(players=40, rounds=8, seed=3, history=played, active=active, apart=groups)
    # The played rounds are kept as they are; the new ones keep team-mates apart.
    assert result.rounds[:3] == played
    assert team_clashes(result.rounds[3:], groups) == 0
    # Team-mates who met in a played round are kept apart anyway: a few repeats more than
    # without teams (0 there), never a team-mate pair.
    assert result.quality.repeated_meetings <= 8


def test_swiss_rounds_keep_team_mates_apart():
    groups = teams(4, 10)
    rng = random.Random(4)
    history = [make(players=40, rounds=1, seed=4, apart=groups).rounds[0]]
    score = [0.0] * 40
    for _ in range(1, 8):
        for table in history[-1]:
            for p in table:
                score[p] += rng.gauss(0, 20)
        standings = sorted(range(40), key=lambda p: -score[p])
        result = swiss(
            SwissOptions.from_mapping(
                {"players": 40, "standings": standings, "history": history, "apart": groups}
            )
        )
        history.append(result.round)
    assert_everyone_once(history, range(40))
    assert team_clashes(history, groups) == 0
    # With 3 team-mates out of reach as well, the last of 8 rounds may find no round without
    # a repeat left (the backtracking proves it): a few repeats, never a team-mate.
    assert repeated_meetings(history) <= 4
    assert max_wind_imbalance(history) <= 2


@pytest.mark.parametrize(
    ("apart", "detail"),
    [
        ("team", "'apart' must be a list"),
        ([[1, 2], 3], "apart group 1 must be a list"),
        ([[1]], "apart group 0 must hold at least 2 players"),
        ([[1, 40]], "apart group 0: 40 is not a player 0..39"),
        ([[1, True]], "apart group 0: True is not a player"),
        ([[1, 2], [3, 2]], "apart group 1: player 2 is listed also in apart group 0"),
        ([[1, 2, 1]], "apart group 0: player 1 is listed twice"),
    ],
)
def test_bad_apart_groups_are_refused_by_name(apart, detail):
    for options in (
        {"players": 40, "rounds": 4, "apart": apart},
        {"players": 40, "standings": list(range(40)), "apart": apart},
    ):
        cls = PlanOptions if "rounds" in options else SwissOptions
        with pytest.raises(SeatingError) as info:
            cls.from_mapping(options)
        assert info.value.code == "invalid_input"
        assert detail in info.value.message()


def test_a_team_larger_than_the_tables_is_impossible():
    groups = [[0, 1], list(range(2, 13))]
    with pytest.raises(SeatingError) as info:
        make(players=40, rounds=4, apart=groups)
    assert info.value.code == "apart_impossible"
    assert info.value.params["group"] == 1
    assert "apart group 1" in info.value.message()
    assert "only 10 tables" in info.value.message()
    with pytest.raises(SeatingError) as info:
        swiss(
            SwissOptions.from_mapping(
                {"players": 40, "standings": list(range(40)), "apart": groups}
            )
        )
    assert info.value.code == "apart_impossible"


def test_team_mates_fixed_to_one_table_are_impossible():
    with pytest.raises(SeatingError) as info:
        make(players=40, rounds=4, apart=[[3, 4, 5]], fixed={"3": 2, "5": 2})
    assert info.value.code == "apart_impossible"
    assert "fixed to table 2" in info.value.message()


def test_when_the_search_fails_the_answer_is_an_error_not_a_broken_plan():
    # Two tables, three rounds, teams of two: every round each team must split over the two
    # tables, which 4 pairs on 2 tables allow; 2 teams of 4 do not (only 2 tables a round,
    # so a team of 4 always has two members at one table).
    result = make(players=8, rounds=3, seed=1, apart=[[0, 1], [2, 3], [4, 5], [6, 7]])
    assert team_clashes(result.rounds, [[0, 1], [2, 3], [4, 5], [6, 7]]) == 0
    with pytest.raises(SeatingError) as info:
        make(players=8, rounds=3, seed=1, apart=[[0, 1, 2, 3], [4, 5, 6, 7]])
    assert info.value.code == "apart_impossible"


def test_swiss_reports_a_round_it_cannot_seat_apart():
    # 8 players, history where the only rounds keeping teams {0..3}, {4..7} apart... are
    # impossible from the start: 4 team-mates over 2 tables.
    with pytest.raises(SeatingError) as info:
        swiss(
            SwissOptions.from_mapping(
                {"players": 8, "standings": list(range(8)), "apart": [[0, 1, 2]]}
            )
        )
    assert info.value.code == "apart_impossible"


def test_cli_answers_apart_impossible_with_its_code():
    from tournament.seating.core.cli import answer

    out = answer("plan", '{"players": 8, "rounds": 2, "apart": [[0, 1, 2]]}')
    assert out == {
        "ok": False,
        "error_code": "apart_impossible",
        "error": "apart group 0 [0, 1, 2] cannot be kept apart: "
        "3 of them play and a round has only 2 tables",
    }
    out = answer(
        "swiss", '{"players": 8, "standings": [0, 1, 2, 3, 4, 5, 6, 7], "apart": [[0, 1]]}'
    )
    assert out["ok"] is True
    assert not any({0, 1} <= set(table) for table in out["round"])
