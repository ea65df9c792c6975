"""The EMA base rank in the results file: one rounding, halves up (issue 25 item 21)."""

import pytest

from tournament.standings.exports import ema_base_rank


@pytest.mark.parametrize(
    ("n", "position", "expected"),
    [
        # 17 players: (17 - 4) / 16 * 1000 = 812.5 and (17 - 6) / 16 * 1000 = 687.5.
        (17, 4, 813),
        (17, 6, 688),
        (17, 1, 1000),
        (17, 17, 0),
        # 8 players, third place: 5 / 7 * 1000 = 714.28...
        (8, 3, 714),
        # 3 players, second: 500 exactly.
        (3, 2, 500),
        # 9 players: (9 - 2) / 8 * 1000 = 875 exactly; (9 - 4) / 8 * 1000 = 625.
        (9, 4, 625),
        (1, 1, 1000),
    ],
)
def test_base_rank_rounds_half_up(n, position, expected):
    assert ema_base_rank(n, position) == expected
