"""Equal totals share a place the same way everywhere (1, 2, 2, 4): the team standings and
the stages take it from the rules core (``scoring.rules.ranking.shared_places``); the
figures are pinned by the team standings' and the stages' own tests."""

from __future__ import annotations

import inspect

import results.stages.ranking
import results.standings.selectors
import results.standings.team_reads
from scoring.rules.ranking import shared_places


def test_teams_and_stages_place_equals_with_the_rules_core():
    for module in (results.standings.team_reads, results.stages.ranking):
        assert module.shared_places is shared_places
    teams = inspect.getsource(results.standings.team_reads.team_standings)
    stages = inspect.getsource(results.stages.ranking.apply_stages)
    assert "shared_places(" in teams and "previous.rank" not in teams
    assert "shared_places(" in stages and "last_rank" not in stages
