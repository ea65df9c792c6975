"""The EMA base rank in the results file: one rounding, halves up."""

import pytest

from results.standings.exports import ema_base_rank


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


@pytest.mark.parametrize(
    ("n", "position", "tied", "expected"),
    [
        # EMA ranking rules (mahjong-europe.org/ranking/Basicsranking.html): base rank =
        # players beaten / (N - 1) x 1000; tied players share the places they fill, as
        # EMA 2016 §3.6 splits tied places' uma.  37 players, two tied at 29th fill 29 and
        # 30: (37 - 29.5) / 36 x 1000 = 208.33 -> 208 each (not 222, the 29th's, for both);
        # the 31st: 6 / 36 x 1000 = 166.67 -> 167.
        (37, 29, 2, 208),
        (37, 31, 1, 167),
        # Three tied for first of 9: places 1-3, average 2: 7 / 8 x 1000 = 875.
        (9, 1, 3, 875),
        # Two tied for last of 9: places 8 and 9, average 8.5: 0.5 / 8 x 1000 = 62.5 -> 63.
        (9, 8, 2, 63),
    ],
)
def test_tied_players_get_the_base_rank_of_their_places_average(n, position, tied, expected):
    assert ema_base_rank(n, position, tied) == expected
