"""Statistics of the confirmed hand-by-hand sheets, worked by hand.

Table 1 of session 1 (East First000, South First001, West First002, North First003), a game
ended by the time limit; points from the rules core's EMA 2016 table:

1. E1: South riichi, ron 3 han 30 fu from East: 3,900 (South's own stick comes back).
2. E2: West tsumo 1 han 30 fu, non-dealer: 300/500, +1,100.
3. E3: exhaustive draw, East riichi and alone tenpai: +3,000 noten payments - 1,000 stick.
4. E4 (1 counter, 1 stick on the table): North, dealer, tsumo yakuman: 16,000 all + 100 all
   + the stick: +49,300.
5. East's chombo: re-dealt, not a hand played (EMA 3.4).
6. E4 (2 counters): double ron from West: East 1 han 30 fu 1,000 + 600, South 2 han 30 fu
   2,000 + 600 (each winner takes the counters from the discarder); West dealt in once.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.services import sheet_confirm, sheet_save
from scoring.statistics import hand_statistics, player_hand_statistics
from tests.scoring_app.conftest import enter_final
from tournament.models import Player, Table

HANDS = [
    {"ron": [{"winner": "S", "han": 3, "fu": 30}], "from": "E", "riichi": ["S"]},
    {"tsumo": {"winner": "W", "han": 1, "fu": 30}},
    {"draw": {"tenpai": ["E"]}, "riichi": ["E"]},
    {"tsumo": {"winner": "N", "yakuman": 1}},
    {"chombo": "E"},
    {
        "ron": [{"winner": "E", "han": 1, "fu": 30}, {"winner": "S", "han": 2, "fu": 30}],
        "from": "W",
    },
]


def hands_sheet(session, table, hands, confirm=True):
    sheet = sheet_save(
        session=session,
        table=table,
        mode="hands",
        entry={"hands": hands, "ended_by_time": True, "substitutes": [""] * 4},
        expected_version=0,
        user=None,
    )
    if confirm:
        sheet = sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)
    return sheet


@pytest.fixture
def played(seated_session):
    t1 = Table.objects.get(tournament=seated_session.tournament, number=1)
    t2 = Table.objects.get(tournament=seated_session.tournament, number=2)
    hands_sheet(seated_session, t1, HANDS)
    # A final-scores sheet has no hands: it does not count here.
    enter_final(seated_session, t2, [41000, 27000, 30000, 22000])
    players = list(
        Player.objects.filter(seats__session=seated_session, seats__table=t1).order_by(
            "seats__wind"
        )
    )
    return seated_session.tournament, players


def test_player_statistics_worked_by_hand(played):
    tournament, (east, south, west, north) = played
    e = player_hand_statistics(tournament, east)
    assert (e.hands, e.won, e.dealt_in, e.riichi, e.riichi_won, e.average_win) == (
        5,
        1,
        1,
        1,
        0,
        1600,
    )
    s = player_hand_statistics(tournament, south)
    assert (s.hands, s.won, s.dealt_in, s.riichi, s.riichi_won) == (5, 2, 0, 1, 1)
    assert s.average_win == 3250  # (3,900 + 2,600) / 2
    assert (s.best.points, s.best.label) == (3900, "3 han 30 fu")
    w = player_hand_statistics(tournament, west)
    assert (w.won, w.tsumo, w.dealt_in, w.average_win) == (1, 1, 1, 1100)
    n = player_hand_statistics(tournament, north)
    assert (n.won, n.yakuman, n.average_win, n.best.label) == (1, 1, 49300, "yakuman")
    assert s.won_rate == 40.0 and s.riichi_won_rate == 100.0 and e.riichi_won_rate == 0.0


def test_event_statistics_worked_by_hand(played, django_assert_num_queries):
    tournament, (east, south, west, north) = played
    with django_assert_num_queries(2):
        stats = hand_statistics(tournament)
    assert (stats.sheets, stats.hands, stats.ron, stats.tsumo, stats.draws, stats.riichi) == (
        1,
        5,
        2,
        2,
        1,
        2,
    )
    assert [(w.player, w.points) for w in stats.highest_hands] == [
        (north, 49300),
        (south, 3900),
        (south, 2600),
        (east, 1600),
        (west, 1100),
    ]
    assert [(p.player, p.yakuman) for p in stats.most_yakuman] == [(north, 1)]
    assert (stats.most_wins[0].player, stats.most_wins[0].won) == (south, 2)
    assert not stats.yaku  # the sheet records han and fu, not yaku


def test_unconfirmed_sheets_do_not_count(seated_session):
    t1 = Table.objects.get(tournament=seated_session.tournament, number=1)
    hands_sheet(seated_session, t1, HANDS, confirm=False)
    assert hand_statistics(seated_session.tournament).hands == 0


def test_player_page_and_event_page_show_them(client, played):
    _, (_, south, _, north) = played
    page = client.get(reverse("tournament:player", args=["test-open", south.pk])).content.decode()
    assert '<dd id="stat-won">2</dd>' in page
    assert '<dd id="stat-average">3,250</dd>' in page
    assert 'width="128.0"' in page  # won 2 of 5 hands: 40 % of the 320-wide bar
    assert "not the yaku" in page
    page = client.get(reverse("reporting:statistics", args=["test-open"])).content.decode()
    assert "Most yakuman" in page and f"{north}: 1" in page
    assert f"{north}</a>: 49,300 (yakuman, tsumo)" in page


def test_a_player_without_hand_sheets_has_no_statistics_section(client, played, tournament):
    t2_player = Player.objects.get(seats__table__number=2, seats__wind=0)
    page = client.get(reverse("tournament:player", args=["test-open", t2_player.pk]))
    assert "stat-won" not in page.content.decode()
