"""A game sheet's violation carries the hand it concerns (``RuleViolation.hand``, 1 for the
first), so the edge marks that line of the sheet without reading the English sentence."""

from __future__ import annotations

import pytest

import scoring.services
from scoring.rules.errors import RuleViolation
from scoring.services import violation_hand
from tests.rules.sheets import ANN, NOTEN_DRAW, game

EIGHT = [NOTEN_DRAW] * 8


def _refused(hands, **extra) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        game(hands, **extra)
    return caught.value


def test_a_refused_hand_names_its_number():
    # Hand 2: a ron of Ann on her own discard.
    bad = {"ron": [{"winner": ANN, "han": 1, "fu": 30}], "from": ANN}
    violation = _refused([NOTEN_DRAW, bad])
    assert violation.hand == 2 and violation.params["where"] == "hand 2 (E2)"
    assert violation_hand(violation) == 1


def test_game_over_and_game_not_over_name_theirs():
    assert _refused([*EIGHT, NOTEN_DRAW], ended_by_time=False).hand == 9
    assert _refused(EIGHT[:7], ended_by_time=False).hand == 8


def test_a_violation_of_no_hand_has_none():
    violation = _refused([], players=[ANN, ANN, "Cid", "Dee"])  # a name twice
    assert violation.hand is None and violation_hand(violation) is None


def test_the_edge_reads_no_english():
    assert not hasattr(scoring.services, "_HAND_NUMBER")
