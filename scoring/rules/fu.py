"""Minipoints (fu) of a winning hand, EMA 4.1.1 (same table as WRC 6.3)."""

from __future__ import annotations

from scoring.rules.decompose import PUNG
from scoring.rules.tiles import DRAGONS, IS_ORPHAN, tile_name
from scoring.rules.yaku import RYANMEN, SHANPON, Set, Situation

SEVEN_PAIRS_FU = 25  # EMA 4.1.1: "no further minipoints are added", no rounding


def pair_fu(s: Situation, pair: int) -> int:
    """EMA 4.1.1: 2 for a pair of dragons, of the seat wind, of the prevalent wind."""
    if pair in DRAGONS:
        return 2
    if pair == s.seat and pair == s.round:
        # A pair that is both seat and prevalent wind scores both (EMA: 2 + 2 = 4).
        return s.ruleset.double_wind_pair_fu
    if pair == s.seat or pair == s.round:
        return 2
    return 0


def set_fu(group: int, concealed: bool, kong: bool) -> int:
    """EMA 4.1.1 table: pung 2, doubled for terminals/honours, for concealed, x4 for kong."""
    if group < PUNG:
        return 0
    fu = 4 if IS_ORPHAN[group - PUNG] else 2
    if concealed:
        fu *= 2
    if kong:
        fu *= 4
    return fu


def fu_parts(
    s: Situation, sets: list[Set], pair: int, wait: str, pinfu: bool
) -> list[tuple[str, int]]:
    """The minipoints item by item, before rounding (for referees and tests)."""
    parts = [("win", 20)]
    if s.closed and not s.tsumo:
        parts.append(("concealed_ron", 10))  # EMA 4.1.1: concealed on a discard 30
    for group, concealed, kong in sets:
        fu = set_fu(group, concealed, kong)
        if fu:
            kind = ("concealed_" if concealed else "open_") + ("kong" if kong else "pung")
            parts.append((f"{kind} {tile_name(group - PUNG)}", fu))
    fu = pair_fu(s, pair)
    if fu:
        parts.append((f"pair {tile_name(pair)}", fu))
    # EMA 4.1.1: edge, closed and pair waits score 2; the caller tries every wait the
    # winning tile can finish and keeps the best (EMA 3.4.9).
    if wait != RYANMEN and wait != SHANPON:
        parts.append((f"{wait}_wait", 2))
    # EMA 4.1.1: self-draw 2, "voided ... in case a fan is claimed for pinfu"; a win after
    # a kong counts as self-draw (EMA 4.2.1, WRC 6.5.1, Aalto 16).
    if s.tsumo and not pinfu:
        parts.append(("tsumo", 2))
    if not s.closed and len(parts) == 1:
        parts.append(("open_pinfu", 2))  # EMA 4.1.1: open pinfu
    return parts


def fixed_fu(s: Situation) -> int:
    """The minipoints every reading of the hand shares: the win and the melded sets."""
    fu = 30 if s.closed and not s.tsumo else 20  # EMA 4.1.1: concealed on a discard 30
    for group, concealed, kong in s.melds:
        fu += set_fu(group, concealed, kong)
    return fu


def reading_fu(
    s: Situation, groups: tuple[int, ...], pair: int, wait: str, pinfu: bool, ron_pung: bool
) -> int:
    """Minipoints of one decomposition with one wait, rounded up to the next 10 (EMA 4.1).

    The same sum as ``fu_parts``: the win and the melds (``fixed_fu``), the concealed
    pungs of the reading, where ``ron_pung`` (the winning tile completed a concealed pung
    on a discard) makes that pung open, the pair, the wait and the self-draw.
    """
    fu = s.fixed_fu
    for group in groups:
        if group >= PUNG:
            # EMA 4.1.1: a pung completed by a discard counts as open.
            concealed = not (ron_pung and group == PUNG + s.win)
            fu += set_fu(group, concealed, False)
    fu += pair_fu(s, pair)
    # EMA 4.1.1: edge, closed and pair waits score 2.
    if wait != RYANMEN and wait != SHANPON:
        fu += 2
    # EMA 4.1.1: self-draw 2, except for pinfu.
    if s.tsumo and not pinfu:
        fu += 2
    if fu == 20 and not s.closed:
        fu = 22  # EMA 4.1.1: open pinfu
    return -(-fu // 10) * 10
