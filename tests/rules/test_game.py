"""Score sheets hand by hand (``game``), table-driven.

Hand values come from the EMA 2016 scoring tables (section 6): e.g. non-dealer ron 3 fan
30 fu = 3,900; dealer ron 2/30 = 2,900; non-dealer tsumo 1/30 = 300/500; dealer tsumo 2/30 =
1,000 each; pinfu tsumo 2/20 = 400/700; mangan 8,000 / 12,000, yakuman 32,000 / 48,000.
Counters, sticks, noten payments and liability are worked by hand from the sections cited
next to each case (no book has a worked example of a whole sheet).
"""

from __future__ import annotations

import pytest

from scoring.rules.errors import RuleViolation
from scoring.rules.sheet import evaluate_game
from tests.rules.sheets import ANN, BOB, CID, DEE, NOTEN_DRAW, deltas, game, seats, states


def ron(winner, discarder, han=None, fu=None, yakuman=0, liable=None, riichi=(), more=()):
    """A ron hand: winner(s) given as (name, han, fu) tuples in ``more`` for multiple ron."""
    wins = []
    if winner is not None:
        wins.append(_win(winner, han, fu, yakuman, liable))
    for other in more:
        wins.append(_win(*other))
    hand = {"ron": wins, "from": discarder}
    if riichi:
        hand["riichi"] = list(riichi)
    return hand


def _win(winner, han=None, fu=None, yakuman=0, liable=None):
    win = {"winner": winner}
    if yakuman:
        win["yakuman"] = yakuman
    else:
        win["han"] = han
        if fu is not None:
            win["fu"] = fu
    if liable:
        win["liable"] = liable
    return win


def tsumo(winner, han=None, fu=None, yakuman=0, liable=None, riichi=()):
    hand = {"tsumo": _win(winner, han, fu, yakuman, liable)}
    if riichi:
        hand["riichi"] = list(riichi)
    return hand


def draw(*tenpai, riichi=()):
    hand = {"draw": {"tenpai": list(tenpai)}}
    if riichi:
        hand["riichi"] = list(riichi)
    return hand


# (id, ruleset, hands, expected delta of each hand [Ann, Bob, Cid, Dee]); Ann deals first.
DELTA_CASES = [
    # --- ron (EMA 3.4.9, 4.1.2; tables of section 6) ---
    ("ron non-dealer 3/30", "ema2016", [ron(BOB, ANN, 3, 30)], [[-3900, 3900, 0, 0]]),
    ("ron dealer 2/30", "ema2016", [ron(ANN, CID, 2, 30)], [[2900, 0, -2900, 0]]),
    ("ron 1/30", "ema2016", [ron(CID, DEE, 1, 30)], [[0, 0, 1000, -1000]]),
    ("ron mangan, fu not needed", "ema2016", [ron(DEE, BOB, 5)], [[0, -8000, 0, 8000]]),
    ("ron dealer haneman", "ema2016", [ron(ANN, BOB, 6)], [[18000, -18000, 0, 0]]),
    ("ron seven pairs 2/25", "ema2016", [ron(BOB, CID, 2, 25)], [[0, 1600, -1600, 0]]),
    ("ron 13 han is sanbaiman in 2016", "ema2016", [ron(BOB, CID, 13)], [[0, 24000, -24000, 0]]),
    ("ron 13 han counted yakuman 2012", "ema2012", [ron(BOB, CID, 13)], [[0, 32000, -32000, 0]]),
    ("ron 4/30 not rounded (EMA)", "ema2016", [ron(BOB, CID, 4, 30)], [[0, 7700, -7700, 0]]),
    ("ron 4/30 kiriage (WRC 6.1)", "wrc2015", [ron(BOB, CID, 4, 30)], [[0, 8000, -8000, 0]]),
    ("dealer ron 3/60 kiriage", "wrc2015", [ron(ANN, CID, 3, 60)], [[12000, 0, -12000, 0]]),
    ("dealer ron 3/60 EMA", "ema2016", [ron(ANN, CID, 3, 60)], [[11600, 0, -11600, 0]]),
    ("ron yakuman", "ema2016", [ron(DEE, ANN, yakuman=1)], [[-32000, 0, 0, 32000]]),
    # --- tsumo ---
    ("tsumo non-dealer 1/30", "ema2016", [tsumo(BOB, 1, 30)], [[-500, 1100, -300, -300]]),
    ("tsumo dealer 2/30", "ema2016", [tsumo(ANN, 2, 30)], [[3000, -1000, -1000, -1000]]),
    ("tsumo pinfu 2/20", "ema2016", [tsumo(CID, 2, 20)], [[-700, -400, 1500, -400]]),
    ("tsumo yakuman", "ema2016", [tsumo(CID, yakuman=1)], [[-16000, -8000, 32000, -8000]]),
    (
        "dealer double yakuman tsumo (EMA 2012 Big Four Winds)",
        "ema2012",
        [tsumo(ANN, yakuman=2)],
        [[96000, -32000, -32000, -32000]],
    ),
    # --- exhaustive draw, EMA 3.4.2 noten payments ---
    ("draw nobody tenpai", "ema2016", [draw()], [[0, 0, 0, 0]]),
    ("draw one tenpai", "ema2016", [draw(CID)], [[-1000, -1000, 3000, -1000]]),
    ("draw two tenpai", "ema2016", [draw(ANN, DEE)], [[1500, -1500, -1500, 1500]]),
    ("draw three tenpai", "ema2016", [draw(ANN, BOB, DEE)], [[1000, 1000, -3000, 1000]]),
    ("draw all tenpai", "ema2016", [draw(ANN, BOB, CID, DEE)], [[0, 0, 0, 0]]),
    ("draw one tenpai WRC 5.7.2", "wrc2015", [draw(BOB)], [[-1000, 3000, -1000, -1000]]),
    # --- counters: 300 on ron, 100 from each on tsumo (EMA 3.4.10) ---
    (
        "dealer win adds a counter",
        "ema2016",
        [ron(ANN, CID, 2, 30), ron(ANN, BOB, 2, 30)],
        [[2900, 0, -2900, 0], [3200, -3200, 0, 0]],
    ),
    (
        "two counters on a tsumo",
        "ema2016",
        [draw(ANN), draw(ANN), tsumo(BOB, 1, 30)],
        [[3000, -1000, -1000, -1000], [3000, -1000, -1000, -1000], [-700, 1700, -500, -500]],
    ),
    # --- riichi sticks (EMA 3.3.14, 3.4.4) ---
    (
        "sticks wait through two draws, then a tsumo takes them",
        "ema2016",
        [draw(BOB, riichi=[BOB]), draw(BOB, CID, riichi=[CID]), tsumo(DEE, 1, 30)],
        [[-1000, 2000, -1000, -1000], [-1500, 1500, 500, -1500], [-500, -700, -500, 3700]],
    ),
    (
        "a winner takes his own stick back",
        "ema2016",
        [ron(BOB, ANN, 3, 30, riichi=[BOB])],
        [[-3900, 3900, 0, 0]],
    ),
    (
        "the discarder's riichi stick goes to the winner",
        "ema2016",
        [ron(CID, DEE, 1, 30, riichi=[DEE, CID])],
        [[0, 0, 2000, -2000]],
    ),
    # --- multiple ron (EMA 3.4.9, 4.1) ---
    (
        "double ron: counter to each, sticks to the first after the discarder",
        "ema2016",
        [draw(BOB, riichi=[BOB]), ron(DEE, CID, 3, 30, more=[(ANN, 2, 30)])],
        [[-1000, 2000, -1000, -1000], [2300, 0, -6500, 5200]],
    ),
    (
        "double ron with the dealer: dealer wins, another non-riichi stick to Dee",
        "ema2016",
        [ron(ANN, CID, 2, 30, more=[(DEE, 1, 30)], riichi=[BOB]), ron(BOB, ANN, 1, 30)],
        [[2900, -1000, -3900, 2000], [-1300, 1300, 0, 0]],
    ),
    (
        "triple ron, the discarder's own stick to the next player",
        "ema2016",
        [ron(BOB, ANN, 1, 30, more=[(CID, 1, 30), (DEE, 1, 30)], riichi=[ANN])],
        [[-4000, 2000, 1000, 1000]],
    ),
    (
        "triple ron listed out of turn order",
        "ema2016",
        [ron(DEE, CID, 1, 30, more=[(ANN, 1, 30), (BOB, 1, 30)], riichi=[ANN, CID])],
        [[1500, 1000, -4500, 2000]],
    ),
    (
        "double ron under Aalto 20",
        "aalto",
        [ron(BOB, ANN, 1, 30, more=[(DEE, 2, 30)])],
        [[-3000, 1000, 0, 2000]],
    ),
    (
        "double ron under EMA 2012",
        "ema2012",
        [ron(BOB, ANN, 2, 30, more=[(CID, 2, 30)])],
        [[-4000, 2000, 2000, 0]],
    ),
    # --- liability (EMA 3.3.9, WRC 6.2, Aalto 22) ---
    (
        "liability on ron: shared with the discarder",
        "ema2016",
        [ron(BOB, CID, yakuman=1, liable=DEE)],
        [[0, 32000, -16000, -16000]],
    ),
    (
        "liability on ron: only the discarder pays the counter",
        "ema2016",
        [draw(ANN), ron(ANN, BOB, yakuman=1, liable=CID)],
        [[3000, -1000, -1000, -1000], [48300, -24300, -24000, 0]],
    ),
    (
        "liable player is the discarder: pays it all",
        "ema2016",
        [ron(BOB, CID, yakuman=1, liable=CID)],
        [[0, 32000, -32000, 0]],
    ),
    (
        "liability on tsumo: the liable player pays all, counters too",
        "ema2016",
        [draw(ANN), tsumo(BOB, yakuman=1, liable=DEE)],
        [[3000, -1000, -1000, -1000], [0, 32300, 0, -32300]],
    ),
    (
        "liability on tsumo under WRC 6.2, counters included",
        "wrc2015",
        [draw(ANN), tsumo(BOB, yakuman=1, liable=DEE)],
        [[3000, -1000, -1000, -1000], [0, 32300, 0, -32300]],
    ),
    (
        "liability on a dealer tsumo",
        "ema2016",
        [tsumo(ANN, yakuman=1, liable=CID)],
        [[48000, 0, -48000, 0]],
    ),
    (
        "Aalto 22: liability for rinshan kaihou (3/40 tsumo)",
        "aalto",
        [tsumo(BOB, 3, 40, liable=CID)],
        [[0, 5200, -5200, 0]],
    ),
    # --- chombo (EMA 3.4.6, EMA2012 3.4.6, Aalto 44) ---
    ("chombo EMA 2016: table unchanged", "ema2016", [{"chombo": DEE}], [[0, 0, 0, 0]]),
    (
        "chombo: riichi bets are returned",
        "ema2016",
        [{"chombo": DEE, "riichi": [ANN, BOB]}],
        [[0, 0, 0, 0]],
    ),
    (
        "chombo EMA 2012 by a non-dealer: reverse mangan",
        "ema2012",
        [{"chombo": DEE}],
        [[4000, 2000, 2000, -8000]],
    ),
    (
        "chombo EMA 2012 by the dealer",
        "ema2012",
        [{"chombo": ANN}],
        [[-12000, 4000, 4000, 4000]],
    ),
    ("mangan chombo Aalto 44", "aalto", [{"chombo": BOB}], [[4000, -8000, 2000, 2000]]),
    # --- abortive draws (EMA2012 3.4.3, Aalto 18) ---
    (
        "four riichi: sticks stay, a counter, then a win takes all",
        "ema2012",
        [
            {"abortive": "four_riichi", "riichi": [ANN, BOB, CID, DEE]},
            ron(BOB, CID, 1, 30),
        ],
        [[-1000, -1000, -1000, -1000], [0, 5300, -1300, 0]],
    ),
    ("nine terminals", "ema2012", [{"abortive": "nine_terminals"}], [[0, 0, 0, 0]]),
    ("Aalto triple ron is abortive", "aalto", [{"abortive": "triple_ron"}], [[0, 0, 0, 0]]),
    # --- nagashi mangan ---
    (
        "EMA 2012 nagashi: a win, takes the sticks",
        "ema2012",
        [draw(ANN), {"nagashi": [CID], "riichi": [BOB]}],
        [[3000, -1000, -1000, -1000], [-4100, -3100, 9300, -2100]],
    ),
    (
        "two nagashi players pay each other",
        "ema2012",
        [{"nagashi": [BOB, DEE]}],
        [[-8000, 6000, -4000, 6000]],
    ),
    (
        "Aalto nagashi replaces the noten payment",
        "aalto",
        [{"nagashi": [CID], "tenpai": [ANN]}],
        [[-4000, -2000, 8000, -2000]],
    ),
    # --- two-han minimum: 1 han allowed without it ---
    (
        "EMA 2016 has no two-han minimum",
        "ema2016",
        [draw(ANN)] * 5 + [ron(BOB, CID, 1, 30)],
        [[3000, -1000, -1000, -1000]] * 5 + [[0, 2500, -2500, 0]],
    ),
    (
        "EMA 2012 two han with five counters",
        "ema2012",
        [draw(ANN)] * 5 + [ron(BOB, CID, 2, 30)],
        [[3000, -1000, -1000, -1000]] * 5 + [[0, 3500, -3500, 0]],
    ),
    # --- Aalto 24: riichi needs 1000 points ---
    (
        "Aalto riichi after reaching 1000 points",
        "aalto",
        [ron(ANN, BOB, 1, 30), draw(ANN, riichi=[ANN])],
        [[1500, -1500, 0, 0], [2000, -1000, -1000, -1000]],
    ),
]


@pytest.mark.parametrize(
    ("ruleset", "hands", "expected"),
    [case[1:] for case in DELTA_CASES],
    ids=[case[0] for case in DELTA_CASES],
)
def test_hand_deltas(ruleset, hands, expected):
    answer = game(hands, ruleset)
    assert deltas(answer) == expected
    start = 0 if ruleset == "aalto" else 30000
    left = answer["riichi_left"]
    assert sum(answer["final"].values()) + 1000 * left == 4 * start


# (id, ruleset, hands, expected (round, honba, riichi_on_table, dealer) of each hand)
STATE_CASES = [
    (
        "non-dealer win rotates and clears counters",
        "ema2016",
        [ron(ANN, BOB, 2, 30), draw(), ron(CID, DEE, 1, 30), draw()],
        [("E1", 0, 0, ANN), ("E1", 1, 0, ANN), ("E2", 2, 0, BOB), ("E3", 0, 0, CID)],
    ),
    (
        "dealer tenpai stays; noten dealer rotates with the counter (EMA 3.4.2)",
        "ema2016",
        [draw(ANN, riichi=[ANN]), draw(BOB), draw(CID)],
        [("E1", 0, 0, ANN), ("E1", 1, 1, ANN), ("E2", 2, 1, BOB)],
    ),
    (
        "chombo: same dealer, no counter (EMA 3.4.6)",
        "ema2016",
        [draw(ANN, riichi=[BOB]), {"chombo": CID, "riichi": [DEE]}, draw()],
        [("E1", 0, 0, ANN), ("E1", 1, 1, ANN), ("E1", 1, 1, ANN)],
    ),
    (
        "EMA 2012 abortive: counter, same dealer, sticks stay",
        "ema2012",
        [{"abortive": "four_winds", "riichi": [CID]}, draw()],
        [("E1", 0, 0, ANN), ("E1", 1, 1, ANN)],
    ),
    (
        "EMA 2012 nagashi by a non-dealer: counters removed, deal rotates",
        "ema2012",
        [draw(ANN), {"nagashi": [CID]}, draw()],
        [("E1", 0, 0, ANN), ("E1", 1, 0, ANN), ("E2", 0, 0, BOB)],
    ),
    (
        "EMA 2012 nagashi by the dealer: he stays, a counter",
        "ema2012",
        [{"nagashi": [ANN]}, draw()],
        [("E1", 0, 0, ANN), ("E1", 1, 0, ANN)],
    ),
    (
        "Aalto nagashi: tenpai dealer stays, counter added (rules 11, 19)",
        "aalto",
        [{"nagashi": [CID], "tenpai": [ANN]}, draw()],
        [("E1", 0, 0, ANN), ("E1", 1, 0, ANN)],
    ),
    (
        "Aalto nagashi: noten dealer rotates, counter added",
        "aalto",
        [{"nagashi": [CID]}, draw()],
        [("E1", 0, 0, ANN), ("E2", 1, 0, BOB)],
    ),
    (
        "dealer among double ron winners stays (EMA 3.4.11)",
        "ema2016",
        [ron(BOB, CID, 1, 30, more=[(ANN, 1, 30)]), draw()],
        [("E1", 0, 0, ANN), ("E1", 1, 0, ANN)],
    ),
]


@pytest.mark.parametrize(
    ("ruleset", "hands", "expected"),
    [case[1:] for case in STATE_CASES],
    ids=[case[0] for case in STATE_CASES],
)
def test_hand_states(ruleset, hands, expected):
    assert states(game(hands, ruleset)) == expected


def test_full_game_worked_by_hand():
    """A whole hanchan ending after South 4 (values from the section 6 tables)."""
    hands = [
        ron(BOB, ANN, 3, 30, riichi=[BOB]),  # E1: 3,900
        tsumo(CID, 1, 30),  # E2: 500 from Bob (dealer), 300 from the others
        draw(ANN, CID, riichi=[ANN]),  # E3: 1,500 each from Bob and Dee
        {"chombo": DEE},  # E3-1: re-deal, -20 after uma
        ron(CID, BOB, 2, 30),  # E3-1: dealer 2,900 + 300, takes Ann's stick
        tsumo(DEE, 2, 30),  # E3-2: 1,000+200 from Cid, 500+200 from the others
        ron(ANN, DEE, 4, 30),  # E4: 7,700
        draw(),  # S1
        draw(),  # S2
        draw(),  # S3
        ron(BOB, CID, 1, 30),  # S4-3: 1,000 + 900; the dealer Dee loses: game over
    ]
    answer = game(hands, ended_by_time=False)
    assert [s[:3] for s in states(answer)] == [
        ("E1", 0, 0),
        ("E2", 0, 0),
        ("E3", 0, 0),
        ("E3", 1, 1),
        ("E3", 1, 1),
        ("E3", 2, 0),
        ("E4", 0, 0),
        ("S1", 0, 0),
        ("S2", 1, 0),
        ("S3", 2, 0),
        ("S4", 3, 0),
    ]
    assert seats(answer["final"]) == [33300, 29900, 33700, 23100]
    assert answer["riichi_left"] == 0
    assert seats(answer["rank"]) == [2, 3, 1, 4]
    assert seats(answer["uma"]) == [5.0, -5.0, 15.0, -15.0]
    assert seats(answer["penalty"]) == [0.0, 0.0, 0.0, -20.0]
    assert seats(answer["score"]) == [8.3, -5.1, 18.7, -41.9]


# --- end of the game (EMA 3.5, 3.6; WRC 5.8, 5.9.1; Aalto 12) ---

EIGHT_NOTEN_DRAWS = [NOTEN_DRAW] * 8


def test_game_ends_after_south_4():
    answer = game(EIGHT_NOTEN_DRAWS, ended_by_time=False)
    assert [s[0] for s in states(answer)] == ["E1", "E2", "E3", "E4", "S1", "S2", "S3", "S4"]
    assert [s[1] for s in states(answer)] == list(range(8))
    assert seats(answer["rank"]) == [1, 1, 1, 1]
    assert seats(answer["uma"]) == [0.0, 0.0, 0.0, 0.0]
    assert seats(answer["score"]) == [0.0, 0.0, 0.0, 0.0]


@pytest.mark.parametrize("ruleset", ["ema2016", "wrc2015", "ema2012", "aalto"])
def test_hand_after_the_end_is_game_over(ruleset):
    with pytest.raises(RuleViolation) as caught:
        game([*EIGHT_NOTEN_DRAWS, draw()], ruleset, ended_by_time=False)
    assert caught.value.code == "game_over"
    assert caught.value.message.startswith("hand 9 (after S4)")


def test_chombo_after_the_end_is_game_over():
    with pytest.raises(RuleViolation) as caught:
        game([*EIGHT_NOTEN_DRAWS, {"chombo": ANN}], ended_by_time=True)
    assert caught.value.code == "game_over"


def test_sheet_stopping_early_is_game_not_over():
    with pytest.raises(RuleViolation) as caught:
        game(EIGHT_NOTEN_DRAWS[:7], ended_by_time=False)
    assert caught.value.code == "game_not_over"
    assert caught.value.message.startswith("hand 8 (S4)")


def test_sheet_stopping_early_by_time():
    answer = game(EIGHT_NOTEN_DRAWS[:7], ended_by_time=True)
    assert states(answer)[-1][0] == "S3"


def test_empty_sheet_ended_by_time():
    answer = game([], ended_by_time=True)
    assert answer["log"] == []
    assert seats(answer["final"]) == [30000] * 4


def test_chombo_in_the_last_hand_does_not_end_the_game():
    with pytest.raises(RuleViolation) as caught:
        game([*EIGHT_NOTEN_DRAWS[:7], {"chombo": DEE}], ended_by_time=False)
    assert caught.value.code == "game_not_over"


@pytest.mark.parametrize("ruleset", ["ema2016", "wrc2015", "ema2012"])
def test_south_4_dealer_keeps_dealing(ruleset):
    """No agari yame (EMA 3.6, WRC 5.9.1): a tenpai or winning last dealer deals again."""
    # 2 han: EMA 2012 has a two-han minimum from five counters.
    hands = [*EIGHT_NOTEN_DRAWS[:7], draw(DEE), tsumo(DEE, 2, 30)]
    with pytest.raises(RuleViolation) as caught:
        game(hands, ruleset, ended_by_time=False)
    assert caught.value.code == "game_not_over"
    answer = game([*hands, draw()], ruleset, ended_by_time=False)
    assert [s[:2] for s in states(answer)[-3:]] == [("S4", 7), ("S4", 8), ("S4", 9)]


def test_aalto_agari_yame_when_the_last_dealer_leads():
    """Aalto 12: the last dealer first with 30000+ after a win ends the game."""
    hands = [*EIGHT_NOTEN_DRAWS[:7], tsumo(DEE, yakuman=1)]
    answer = game(hands, "aalto", ended_by_time=False)
    # 16,000 from each plus 7 counters of 100 (EMA 3.4.10).
    assert seats(answer["final"]) == [-16700, -16700, -16700, 50100]
    with pytest.raises(RuleViolation) as caught:
        game([*hands, draw()], "aalto", ended_by_time=False)
    assert caught.value.code == "game_over"
    # The same sheet under EMA 2016 goes on: no agari yame.
    with pytest.raises(RuleViolation) as caught:
        game(hands, "ema2016", ended_by_time=False)
    assert caught.value.code == "game_not_over"


def test_aalto_last_dealer_below_30000_plays_again():
    hands = [*EIGHT_NOTEN_DRAWS[:7], tsumo(DEE, 2, 30)]
    with pytest.raises(RuleViolation) as caught:
        game(hands, "aalto", ended_by_time=False)
    assert caught.value.code == "game_not_over"


# --- leftover riichi sticks at the end (EMA 3.6, WRC 5.9, Aalto 13/14) ---


def _last_hand(hand, ruleset="ema2016", **extra):
    return game([*EIGHT_NOTEN_DRAWS[:7], hand], ruleset, ended_by_time=False, **extra)


def test_leftover_stick_to_the_winner_ema():
    answer = _last_hand(draw(ANN, riichi=[ANN]))
    assert seats(answer["final"]) == [33000, 29000, 29000, 29000]
    assert answer["riichi_left"] == 0
    assert seats(answer["score"]) == [18.0, -6.0, -6.0, -6.0]


def test_leftover_stick_stays_on_the_table_wrc():
    answer = _last_hand(draw(ANN, riichi=[ANN]), "wrc2015")
    assert seats(answer["final"]) == [32000, 29000, 29000, 29000]
    assert answer["riichi_left"] == 1
    assert seats(answer["score"]) == [17.0, -6.0, -6.0, -6.0]


def test_leftover_stick_split_between_tied_winners():
    answer = _last_hand(draw(ANN, BOB, riichi=[CID]))
    assert seats(answer["final"]) == [32000, 32000, 27500, 28500]
    assert seats(answer["rank"]) == [1, 1, 4, 3]
    assert seats(answer["uma"]) == [10.0, 10.0, -15.0, -5.0]
    assert seats(answer["score"]) == [12.0, 12.0, -17.5, -6.5]


def test_leftover_stick_split_three_ways_in_hundreds():
    """1,000 between three: 400/300/300, the odd hundred to the first seat (book silent)."""
    answer = _last_hand(draw(ANN, BOB, CID, riichi=[DEE]))
    assert seats(answer["final"]) == [31400, 31300, 31300, 26000]
    assert seats(answer["rank"]) == [1, 1, 1, 4]
    assert seats(answer["uma"]) == [5.0, 5.0, 5.0, -15.0]
    assert seats(answer["score"]) == [6.4, 6.3, 6.3, -19.0]


def test_aalto_tie_broken_by_seat_takes_the_stick():
    answer = _last_hand(
        draw(ANN, BOB, riichi=[CID]), "aalto", overrides={"riichi_needs_points": None}
    )
    assert seats(answer["final"]) == [2500, 1500, -2500, -1500]
    assert seats(answer["rank"]) == [1, 2, 4, 3]
    assert seats(answer["uma"]) == [15.0, 5.0, -15.0, -5.0]
    assert seats(answer["score"]) == [17.5, 6.5, -17.5, -6.5]


# --- chombo penalties after uma ---


@pytest.mark.parametrize(
    ("ruleset", "penalty", "final_dee"),
    [("ema2016", -40.0, 30000), ("wrc2015", -40.0, 30000), ("ema2012", 0.0, 14000)],
)
def test_two_chombos_per_ruleset(ruleset, penalty, final_dee):
    hands = [{"chombo": DEE}, *EIGHT_NOTEN_DRAWS[:4], {"chombo": DEE}, *EIGHT_NOTEN_DRAWS[4:]]
    answer = game(hands, ruleset, ended_by_time=False)
    assert answer["penalty"][DEE] == penalty
    assert answer["final"][DEE] == final_dee
    assert answer["score"][DEE] == (final_dee - 30000) / 1000 + answer["uma"][DEE] + penalty


# --- refusals ---

# (id, ruleset, hands, error_code, message start)
REFUSALS = [
    ("1 han 20 fu on ron", "ema2016", [ron(BOB, ANN, 1, 20)], "impossible_value", "hand 1 (E1)"),
    ("25 fu with 1 han", "ema2016", [ron(BOB, ANN, 1, 25)], "impossible_value", "hand 1 (E1)"),
    ("3 han without fu", "ema2016", [tsumo(BOB, 3)], "impossible_value", "hand 1 (E1)"),
    ("33 fu", "ema2016", [draw(), ron(BOB, ANN, 2, 33)], "impossible_value", "hand 2 (E2)"),
    ("winner dealt in", "ema2016", [ron(BOB, BOB, 2, 30)], "invalid_input", "hand 1 (E1)"),
    (
        "multiple ron under WRC",
        "wrc2015",
        [draw(), draw(), ron(BOB, ANN, 1, 30, more=[(CID, 1, 30)])],
        "not_allowed",
        "hand 3 (E3)",
    ),
    (
        "triple ron under Aalto",
        "aalto",
        [ron(BOB, ANN, 1, 30, more=[(CID, 1, 30), (DEE, 1, 30)])],
        "not_allowed",
        "hand 1 (E1)",
    ),
    (
        "liability without a yakuman",
        "ema2016",
        [ron(BOB, ANN, 5, liable=CID)],
        "not_allowed",
        "hand 1 (E1)",
    ),
    (
        "liability on a non-yakuman ron under Aalto",
        "aalto",
        [ron(BOB, ANN, 3, 40, liable=CID)],
        "not_allowed",
        "hand 1 (E1)",
    ),
    ("unknown winner", "ema2016", [ron("Eve", ANN, 2, 30)], "invalid_input", "hand 1 (E1)"),
    ("unknown discarder", "ema2016", [ron(BOB, "Eve", 2, 30)], "invalid_input", "hand 1 (E1)"),
    ("unknown tenpai", "ema2016", [draw("Eve")], "invalid_input", "hand 1 (E1)"),
    ("unknown riichi", "ema2016", [draw(riichi=["Eve"])], "invalid_input", "hand 1 (E1)"),
    (
        "abortive draw in EMA 2016",
        "ema2016",
        [{"abortive": "nine_terminals"}],
        "not_allowed",
        "hand 1 (E1)",
    ),
    (
        "abortive draw in WRC",
        "wrc2015",
        [{"abortive": "four_kongs"}],
        "not_allowed",
        "hand 1 (E1)",
    ),
    (
        "triple ron abortive in EMA 2012",
        "ema2012",
        [{"abortive": "triple_ron"}],
        "not_allowed",
        "hand 1 (E1)",
    ),
    ("unknown abortive", "ema2012", [{"abortive": "five_kongs"}], "invalid_input", "hand 1"),
    (
        "four riichi without four sticks",
        "ema2012",
        [{"abortive": "four_riichi", "riichi": [ANN, BOB]}],
        "invalid_input",
        "hand 1 (E1)",
    ),
    (
        "tenpai with an EMA 2012 nagashi (a win)",
        "ema2012",
        [{"nagashi": [CID], "tenpai": [ANN]}],
        "invalid_input",
        "hand 1 (E1)",
    ),
    ("nagashi in EMA 2016", "ema2016", [{"nagashi": [CID]}], "not_allowed", "hand 1 (E1)"),
    (
        "EMA 2012 two-han minimum",
        "ema2012",
        [draw(ANN)] * 5 + [ron(BOB, CID, 1, 30)],
        "not_allowed",
        "hand 6 (E1)",
    ),
    (
        "Aalto riichi without 1000 points",
        "aalto",
        [draw(ANN, riichi=[ANN])],
        "not_allowed",
        "hand 1 (E1)",
    ),
    (
        "double yakuman in EMA 2016",
        "ema2016",
        [tsumo(ANN, yakuman=2)],
        "impossible_value",
        "hand 1",
    ),
    (
        "a typo is not ignored",
        "ema2016",
        [{"ron": [{"winner": BOB, "yakuman": 1, "liabel": CID}], "from": ANN}],
        "invalid_input",
        "hand 1 (E1)",
    ),
    (
        "two results in one hand",
        "ema2016",
        [{"draw": {"tenpai": []}, "chombo": ANN}],
        "invalid_input",
        "hand 1 (E1)",
    ),
    ("a hand that is not an object", "ema2016", [draw(), "ron"], "invalid_input", "hand 2 (E2)"),
    ("string han", "ema2016", [ron(BOB, ANN, "3", 30)], "invalid_input", "hand 1 (E1)"),
    (
        "same winner twice",
        "ema2016",
        [ron(BOB, ANN, 1, 30, more=[(BOB, 1, 30)])],
        "invalid_input",
        "hand 1 (E1)",
    ),
    (
        "a refusal in the south round names it",
        "ema2016",
        [NOTEN_DRAW] * 5 + [ron(CID, CID, 2, 30)],
        "invalid_input",
        "hand 6 (S2)",
    ),
    ("liable winner", "ema2016", [tsumo(BOB, yakuman=1, liable=BOB)], "invalid_input", "hand 1"),
]


@pytest.mark.parametrize(
    ("ruleset", "hands", "code", "where"),
    [case[1:] for case in REFUSALS],
    ids=[case[0] for case in REFUSALS],
)
def test_refusals(ruleset, hands, code, where):
    with pytest.raises(RuleViolation) as caught:
        game(hands, ruleset)
    assert caught.value.code == code
    assert caught.value.message.startswith(where + ":") or caught.value.message.startswith(
        where + " ("
    )


@pytest.mark.parametrize(
    "request_",
    [
        {"players": [ANN, BOB, CID], "hands": []},
        {"players": [ANN, BOB, CID, ANN], "hands": []},
        {"players": [ANN, BOB, CID, DEE], "hands": {}},
        {"players": [ANN, BOB, CID, DEE], "hands": [], "ended_by_time": "yes"},
        {"players": [ANN, BOB, CID, DEE], "hands": [], "ruleset": "mcr"},
        {"players": [ANN, BOB, CID, DEE], "hands": [], "colour": "red"},
        {"players": [ANN, BOB, CID, DEE], "hands": [], "overrides": {"uma": [1]}},
    ],
)
def test_bad_requests(request_):
    with pytest.raises(RuleViolation) as caught:
        evaluate_game(request_)
    assert caught.value.code == "invalid_input"


def test_a_single_ron_may_be_an_object():
    hand = {"ron": {"winner": BOB, "han": 3, "fu": 30}, "from": ANN}
    assert deltas(game([hand])) == [[-3900, 3900, 0, 0]]


def test_overridden_uma():
    answer = game(
        [*EIGHT_NOTEN_DRAWS[:7], draw(ANN)],
        ended_by_time=False,
        overrides={"uma": [20, 10, -10, -20]},
    )
    # Three tied for second share 10 - 10 - 20.
    assert seats(answer["uma"]) == [20.0, -6.6667, -6.6667, -6.6667]


# --- EMA 3.4.6: riichi declared, not tenpai at an exhaustive draw --------------------------


def test_noten_riichi_at_an_exhaustive_draw_is_flagged_not_refused():
    # Hand 1 (E1, Ann deals): Bob and Cid declare riichi, only Bob is tenpai at the draw.
    # EMA 3.4.2: Bob alone tenpai gets 1,000 from each noten player; both sticks go on
    # the table (EMA 3.4.4).  Cid is noten after riichi: a chombo (EMA 3.4.6) unless his
    # hand was declared dead after the riichi (then only the noten payment, EMA 3.4.7), so
    # the sheet is scored as written and Cid is flagged for the referee.
    # Hand 2 (E2, Bob deals, 1 counter, 2 sticks): Ann declares riichi and is tenpai.
    hands = [
        {"draw": {"tenpai": [BOB]}, "riichi": [BOB, CID]},
        {"draw": {"tenpai": [ANN]}, "riichi": [ANN]},
    ]
    answer = game(hands)
    assert deltas(answer) == [[-1000, 2000, -2000, -1000], [2000, -1000, -1000, -1000]]
    assert states(answer) == [("E1", 0, 0, ANN), ("E2", 1, 2, BOB)]
    assert answer["log"][0]["noten_riichi"] == [CID]
    assert "noten_riichi" not in answer["log"][1]
    assert answer["noten_riichi"] == [{"hand": 1, "round": "E1", "player": CID}]


def test_no_noten_riichi_flag_after_a_win_or_a_tenpai_declarer():
    hands = [
        ron(BOB, ANN, 3, 30, riichi=[BOB, CID]),  # Cid's riichi on a win is no draw
        {"draw": {"tenpai": [CID, DEE]}, "riichi": [CID]},
        {"chombo": DEE, "riichi": [ANN]},
    ]
    answer = game(hands)
    assert answer["noten_riichi"] == []
    assert all("noten_riichi" not in entry for entry in answer["log"])


def test_several_noten_riichi_declarers_as_the_sheet_lists_them():
    hands = [
        NOTEN_DRAW,
        {"draw": {"tenpai": []}, "riichi": [DEE, ANN]},
    ]
    answer = game(hands)
    assert answer["log"][1]["noten_riichi"] == [DEE, ANN]  # as the sheet lists them
    assert answer["noten_riichi"] == [
        {"hand": 2, "round": "E2", "player": DEE},
        {"hand": 2, "round": "E2", "player": ANN},
    ]
