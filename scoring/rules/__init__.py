"""The rules core: riichi mahjong scoring as pure Python (no Django).

Frozen dataclasses and enums go in, plain data comes out; a ``RuleViolation`` (errors.py)
carries what a referee can fix.  The JSON interface (``python -m scoring.rules``) is
described in shared/design/interfaces.md.

Vocabulary (English terms of the EMA rulebook, romanised names where the books use them):

game, hanchan
    One game of four players: an East round and a South round.  The *hanchan score* of a
    player is ``(final table points - start points) / 1000 + uma + penalties``, in
    tournament points (one point is 1,000 table points).
round, hand
    A *round* is named by its prevalent wind and dealer number, "E1" .. "S4".  A *hand* is
    one deal of the tiles: it ends in a win, an exhaustive draw, an abortive draw (where the
    ruleset has them) or a chombo, which is re-dealt and is not counted as a hand.
dealer, East
    The player whose seat wind is East in the current hand; pays and receives double.
    East *stays East* (the same round is played again) after a win or tenpai at an
    exhaustive draw; otherwise the *deal rotates* to the player on his right (South).
seat wind
    A player's wind in the current hand, E, S, W or N; the seats of the first hand (the order
    of ``players``) are the players' *first seats*.
counter, honba
    A 100-point stick placed at East's right after a dealer win or a drawn hand; each counter
    adds 300 points to a win on a discard, 100 from each opponent on self-draw.
riichi stick
    The 1,000 points a player declaring riichi puts on the table.  The next winner collects
    the sticks on the table; sticks left at the end of the game go as the ruleset says.
ron, tsumo
    A win on a discard (the discarder pays) and a win on self-draw (all three pay).
noten payment
    After an exhaustive draw the noten players pay 3,000 points in total to the tenpai ones.
liability, pao
    The player who fed the last set of a Big Three Dragons / Big Four Winds pays for it.
uma
    The rank bonus added after the game (EMA: +15/+5/-5/-15 points); tied players share it.
chombo
    A severe offence: the hand is re-dealt.  Depending on the ruleset the offender loses
    points after uma (EMA 2016: 20) or pays a reverse mangan at the table.
substitute
    A player taking an absent player's seat, from the start of the session or during it.
    EMA 2016 enters a substitute's result as -15 points and -15 uma whatever was played
    (5.8); WRC 2015 scores substitutes normally (7.2).  See substitutes.py.
"""

from scoring.rules.errors import RuleViolation
from scoring.rules.rulesets import RULESETS, Ruleset, get_ruleset

__all__ = ["RULESETS", "RuleViolation", "Ruleset", "get_ruleset"]
