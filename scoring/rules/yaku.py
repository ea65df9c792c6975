"""The yaku of a winning hand (EMA 4.2, WRC 6.5, Aalto rules 38-41).

``Situation`` is everything about the win that does not depend on which split of the
concealed tiles is scored: the ruleset, the tiles, the melds, the winning tile, the flags
(and the possible splits themselves).
The functions here list the yaku as ``(name, han)`` pairs with the names of
shared/design/interfaces.md; yakuman are returned apart as names (their worth, one or two
yakuman, is the ruleset's ``double_yakuman``).

A *set* in a decomposition is ``(group, concealed, kong)`` with ``group`` as in
``decompose`` (``< 34`` chow, ``>= 34`` pung); ``concealed`` is False for melded sets and
for a pung completed by ron (EMA 4.1.1).
"""

from __future__ import annotations

from scoring.rules.decompose import DOUBLES, PLAIN, PUNG, TALLY_MASK, TRIPLES, Reading
from scoring.rules.rulesets import Ruleset
from scoring.rules.tiles import (
    DRAGONS,
    GREEN_MASK,
    HONOUR_MASK,
    IS_ORPHAN,
    ORPHAN_MASK,
    SUIT_MASKS,
    TERMINAL_MASK,
)

Yaku = tuple[str, int]
Set = tuple[int, bool, bool]

# Yakuman are listed with 13 han each in the answer (two yakuman: 26); the payment is fixed
# by the number of yakuman, never by these han (EMA 4.1.3 "Yakuman" row).
YAKUMAN_HAN = 13

# Waits: how the winning tile finished the hand (EMA 4.1.1).
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = "two-sided", "closed", "edge", "pung", "pair"

# Aalto rule 38 names its local yaku without defining them.  Scored here: those with a
# settled common definition that the tiles show (sanrenkou: three consecutive pungs in a
# suit; sanpuukou: three wind pungs; isshokusanjun: three identical chows; suurenkou: four
# consecutive pungs; daisharin: 22334455667788 of circles; daichiisei: seven pairs of
# honours).  Not scored: open riichi, paarenchan, shiisanputou and shiisuuputou need game
# events the hand input does not carry; toukanhou, benikujaku, touhokushinkansen and
# touhokujidoushadou have local definitions that vary and the rules do not give one.
AALTO_LOCAL_YAKU = frozenset(
    {"sanrenkou", "sanpuukou", "isshokusanjun", "suurenkou", "daisharin", "daichiisei"}
)


_MAN, _PIN, _SOU = SUIT_MASKS


def suits_used(mask: int) -> int:
    """How many of the three suits the tiles of ``mask`` use."""
    return (mask & _MAN != 0) + (mask & _PIN != 0) + (mask & _SOU != 0)


class Situation:
    """One win: the validated request and what follows from it, the decompositions of the
    concealed tiles included; the yaku of one reading are worked out from it and the
    reading (set_yaku).

    hand.py's parser creates it empty and sets each field as it validates the request: one
    object per hand and no thirty-argument constructor call on the hot path.  Nothing
    changes a field after parsing.
    """

    __slots__ = (
        "aka",
        "ankans",
        "chankan",
        "chiihou",
        "closed",
        "closed_counts",
        "closed_reds",
        "closed_tiles",
        "counts",
        "dora",
        "double_riichi",
        "fixed_fu",
        "haitei",
        "houtei",
        "ippatsu",
        "kongs",
        "local_yaku",
        "mask",
        "meld_bits",
        "meld_chows",
        "meld_kinds",
        "meld_list",
        "meld_reds",
        "meld_tally",
        "melds",
        "rare",
        "readings",
        "renhou",
        "riichi",
        "rinshan",
        "round",
        "ruleset",
        "seat",
        "tenhou",
        "tsumo",
        "ura",
        "win",
        "win_red",
    )

    ruleset: Ruleset
    local_yaku: frozenset[str]
    closed: bool  # no melded set before the win; concealed kongs keep a hand closed
    tsumo: bool
    win: int
    win_red: bool  # the winning tile is written as a red five
    seat: int
    round: int
    counts: list[int]  # every tile of the hand, kongs as four
    closed_counts: list[int]  # the concealed tiles, the winning tile included
    closed_tiles: bytes  # the concealed tiles sorted by kind, one byte per tile
    closed_reds: tuple[int, int, int]  # red fives among them, per suit m, p, s
    mask: int  # the tile kinds present in the hand, bit k for kind k
    # The decompositions of the concealed tiles (decompose.read_tiles), among which the
    # evaluation picks the reading that pays most.
    readings: list[Reading]
    melds: tuple[Set, ...]  # the melds as sets, in input order
    meld_list: tuple[tuple[str, int, tuple[int, ...]], ...]  # (kind, group, tile kinds) each
    meld_kinds: tuple[int, ...]  # the tiles of the melds, kongs as four
    meld_reds: tuple[int, int, int]  # red fives in the melds, per suit
    # The melds summed up once per hand for the decompositions (see set_yaku, fu.py):
    meld_chows: tuple[int, ...]  # chow groups
    meld_bits: int  # bit g for each meld group g (decompose.SortedSplit's bits)
    meld_tally: int  # the melds' groups counted as decompose.SortedSplit's tally
    ankans: int  # concealed kongs: pungs that stay concealed
    kongs: int  # kongs, open or concealed
    fixed_fu: int  # minipoints of the win and the melds, the same for every reading
    dora: tuple[int, ...]  # dora indicators
    ura: tuple[int, ...]  # ura dora indicators
    aka: int  # red fives in the hand (aka dora)
    rare: bool  # one of the rare flags (ippatsu ... renhou) is set; False: skip them all
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool


def _one_suit(mask: int) -> bool:
    """The suited tiles of ``mask`` are all of one suit (and there are some).

    Only characters: no bit above them; else no characters and then only circles or
    only bamboo: no circle bit, or no bit above the circles."""
    suited = mask & ~HONOUR_MASK
    return suited != 0 and (
        suited <= _MAN or (not suited & _MAN and (not suited & _PIN or suited <= _PIN))
    )


def hand_yaku(s: Situation) -> list[Yaku]:
    """Yaku that depend only on the tiles and the flags, not on the sets."""
    out: list[Yaku] = []
    # EMA 4.2.1 Riichi; Daburu riichi is "an extra yaku" on top of it (WRC: "+1 han for
    # Riichi").  Ippatsu needs riichi (hand.py refuses it otherwise).
    if s.riichi or s.double_riichi:
        out.append(("riichi", 1))
        if s.double_riichi:
            out.append(("double_riichi", 1))
        if s.ippatsu:
            out.append(("ippatsu", 1))
    if s.closed and s.tsumo:
        out.append(("menzen_tsumo", 1))
    mask = s.mask
    # EMA 4.2.1 All Simples; open only where the ruleset has kuitan (EMA rev. 2016).
    if not mask & ORPHAN_MASK and (s.closed or s.ruleset.open_tanyao):
        out.append(("tanyao", 1))
    honours = mask & HONOUR_MASK
    suited = mask ^ honours
    # One suit (_one_suit written out, as this runs for every hand).
    if suited and (suited <= _MAN or (not suited & _MAN and (not suited & _PIN or suited <= _PIN))):
        # EMA 4.2.2 / 4.2.4: the flushes give one more han when concealed.
        if honours:
            out.append(("honitsu", 3 if s.closed else 2))
        else:
            out.append(("chinitsu", 6 if s.closed else 5))
    # EMA 4.2.2 All Terminals and Honours (All Honours / All Terminals are yakuman).
    if not mask & ~ORPHAN_MASK and honours and suited:
        out.append(("honroutou", 2))
    if s.rare:
        # EMA 4.2.1: After a kong, Robbing the kong, Under the Sea; Haitei "does not
        # combine with After a kong" (WRC 6.5.1: only After a Kong is scored).
        if s.rinshan:
            out.append(("rinshan", 1))
        if s.chankan:
            out.append(("chankan", 1))
        if s.haitei and not s.rinshan:
            out.append(("haitei", 1))
        if s.houtei:
            out.append(("houtei", 1))
    return out


def hand_yakuman(s: Situation) -> list[str]:
    """Yakuman that depend only on the tiles and the flags."""
    mask = s.mask
    # Cheap test for the usual hand: some suited tile, a non-terminal, a non-green tile,
    # no first-turn flag and no chance of nine gates (melds, honours or several suits).
    if (
        mask & ~HONOUR_MASK
        and mask & ~TERMINAL_MASK
        and mask & ~GREEN_MASK
        and not s.rare
        and (s.melds or mask & HONOUR_MASK or not _one_suit(mask))
    ):
        return []
    out: list[str] = []
    if not mask & ~HONOUR_MASK:
        out.append("tsuuiisou")
    if not mask & ~TERMINAL_MASK:
        out.append("chinroutou")
    if not mask & ~GREEN_MASK:
        out.append("ryuuiisou")
    if s.tenhou:
        out.append("tenhou")
    if s.chiihou:
        out.append("chiihou")
    if s.renhou and s.ruleset.renhou == "yakuman":
        out.append("renhou")
    if not s.melds and suits_used(mask) == 1 and not mask & HONOUR_MASK:
        chuuren = _nine_gates(s)
        if chuuren:
            out.append(chuuren)
    return out


_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _nine_gates(s: Situation) -> str | None:
    """EMA 4.2.5: 1112345678999 in one suit plus any tile of the suit."""
    counts = s.counts
    for offset in (0, 9, 18):
        suit = counts[offset : offset + 9]
        if sum(suit) != 14:
            continue
        if all(suit[i] >= _NINE_GATES[i] for i in range(9)):
            # Aalto 38: junsei chuuren (waiting on all nine tiles) is a double yakuman.
            if "junsei_chuuren" in s.ruleset.double_yakuman:
                before = list(suit)
                before[s.win - offset] -= 1
                if tuple(before) == _NINE_GATES:
                    return "junsei_chuuren"
            return "chuuren"
    return None


def seven_pairs_yakuman(s: Situation) -> list[str]:
    out = hand_yakuman(s)
    # Aalto 38: daichiisei (seven pairs of honours) is a double yakuman of its own.
    if "tsuuiisou" in out and "daichiisei" in s.local_yaku:
        out[out.index("tsuuiisou")] = "daichiisei"
    # Aalto 38 daisharin: 22334455667788 of circles.
    if "daisharin" in s.local_yaku and all(s.counts[k] == 2 for k in range(10, 17)):
        out.append("daisharin")
    return out


def thirteen_orphans(s: Situation) -> list[str]:
    out = [n for n in hand_yakuman(s) if n in ("tenhou", "chiihou", "renhou")]
    name = "kokushi"
    # Aalto 38: kokushi waiting on all thirteen tiles (the pair is the winning tile).
    if "kokushi_13" in s.ruleset.double_yakuman and s.counts[s.win] == 2:
        name = "kokushi_13"
    return [name, *out]


def is_valued_pair(s: Situation, tile: int) -> bool:
    return tile in DRAGONS or tile == s.seat or tile == s.round


# Group bounds (groups as in decompose: chow start, or PUNG + kind for a pung).
_FIRST_DRAGON = DRAGONS[0]  # the dragons are the last three kinds
# Bits of decompose's ``bits``: the chow starts, and (shifted down by PUNG) the pungs.
_CHOW_BITS = (1 << PUNG) - 1
# The 1 of each suit, as bits of chow starts: a Pure Straight's first chow starts there.
_SUIT_STARTS = 1 | 1 << 9 | 1 << 18
_ONE_SUIT_BITS = 0x1FF  # the nine kinds of the characters
_YAKUHAI = ("yakuhai", 1)


def set_yaku(
    s: Situation,
    groups: tuple[int, ...],
    bits: int,
    tally: int,
    pair: int,
    wait: str,
    ron_pung: bool,
) -> tuple[list[Yaku], list[str], bool]:
    """Yaku and yakuman of one decomposition with one wait; also whether it is pinfu.

    ``groups``, ``bits`` and ``tally`` are a reading of the concealed tiles (decompose's
    SortedSplit), the melds are in ``s``; ``ron_pung`` says the winning tile completed a
    concealed pung on a discard, which makes that pung open (EMA 4.1.1).  This runs for
    every reading of every hand: each yaku is a test on the bits of the sets present and
    the counts of the tally, not a walk over the sets.
    """
    yaku: list[Yaku] = []
    yakuman: list[str] = []
    every = bits | s.meld_bits
    pungs = every >> PUNG  # bit k: a pung or kong of kind k, concealed or melded
    chows = every & _CHOW_BITS  # bit g: a chow starts at kind g
    closed = s.closed

    # EMA 4.2.1 Pinfu: concealed, four chows, a valueless pair, a two-sided wait.
    pinfu = (
        closed
        and not pungs
        and wait == RYANMEN
        # not is_valued_pair(s, pair), written out: a dragon, the seat or the round wind.
        and not (pair >= _FIRST_DRAGON or pair == s.seat or pair == s.round)
    )
    if pinfu:
        yaku.append(("pinfu", 1))
    if closed and tally >> DOUBLES & TALLY_MASK:
        # EMA 4.2.1 / 4.2.3: Pure Double Chow, Twice Pure Double Chows (not both).  A
        # concealed hand has no melded chow: the doubles are all in the tally.
        if tally >> DOUBLES & TALLY_MASK >= 2:
            yaku.append(("ryanpeikou", 3))
        else:
            yaku.append(("iipeikou", 1))
    honour_pungs = pungs >> 27  # East, South, West, North, White, Green, Red
    dragons = winds = 0
    if honour_pungs:
        # EMA 4.2.1 Dragon / Seat / Prevalent wind pung, one entry each (WRC 6.5.1: a
        # double wind scores yakuhai twice).
        dragons = (honour_pungs >> 4).bit_count()
        winds = (honour_pungs & 0xF).bit_count()
        yaku += [_YAKUHAI] * (dragons + (pungs >> s.seat & 1) + (pungs >> s.round & 1))
    if chows:
        # EMA 4.2.1 Chanta / 4.2.2 Junchan: every set and the pair hold a terminal or
        # honour, at least one chow; Junchan without honours.
        if IS_ORPHAN[pair] and not (tally + s.meld_tally) >> PLAIN & TALLY_MASK:
            if pair >= 27 or honour_pungs:
                yaku.append(("chanta", 2 if closed else 1))
            else:
                yaku.append(("junchan", 3 if closed else 2))
        # EMA 4.2.1 Pure Straight: 1-2-3, 4-5-6 and 7-8-9 of one suit.  Bit g of the AND
        # is set when chows start at g, g + 3 and g + 6; kept only for g the 1 of a
        # suit, those are the three chows of a straight.
        if chows & (chows >> 3) & (chows >> 6) & _SUIT_STARTS:
            yaku.append(("ittsu", 2 if closed else 1))
        # EMA 4.2.1 Mixed Triple Chow: shifting the circles and the bamboo onto the
        # characters lines up the same chow of the three suits.
        if chows & (chows >> 9) & (chows >> 18) & _ONE_SUIT_BITS:
            yaku.append(("sanshoku", 2 if closed else 1))
    if pungs:
        # EMA 4.2.2 Triple Pung (the same shift as Mixed Triple Chow).
        if pungs & (pungs >> 9) & (pungs >> 18) & _ONE_SUIT_BITS:
            yaku.append(("sanshoku_doukou", 2))
        if pungs.bit_count() == 4:  # pungs never repeat: one bit each
            yaku.append(("toitoi", 2))
        if honour_pungs:
            if dragons == 3:
                yakuman.append("daisangen")
            elif dragons == 2 and pair in DRAGONS:
                # EMA 4.2.2 Little Three Dragons (the dragon pungs count as yakuhai too).
                yaku.append(("shousangen", 2))
            if winds == 4:
                yakuman.append("daisuushii")
            elif winds == 3 and 27 <= pair <= 30:
                yakuman.append("shousuushii")
        concealed_pungs = (bits >> PUNG).bit_count() - ron_pung + s.ankans
        if concealed_pungs == 4:
            # EMA 4.2.5: on a discard only with a pair wait, which keeps all four concealed.
            if wait == TANKI and "suuankou_tanki" in s.ruleset.double_yakuman:
                yakuman.append("suuankou_tanki")
            else:
                yakuman.append("suuankou")
        elif concealed_pungs == 3:
            yaku.append(("sanankou", 2))
        if s.kongs == 4:
            yakuman.append("suukantsu")
        elif s.kongs == 3:
            yaku.append(("sankantsu", 2))
        if s.local_yaku:
            kinds = [k for k in range(34) if pungs >> k & 1]
            _aalto_pung_yaku(s, kinds, yaku, yakuman, winds)
    # Aalto 38/40: three identical chows, 3 han, one less when open.
    if (
        s.local_yaku
        and "isshokusanjun" in s.local_yaku
        and _three_identical_chows(s, groups, tally)
    ):
        yaku.append(("isshokusanjun", 3 if closed else 2))
    return yaku, yakuman, pinfu


def _three_identical_chows(s: Situation, groups: tuple[int, ...], tally: int) -> bool:
    """Some chow three times, concealed (the tally's triples) or with melded chows."""
    if tally >> TRIPLES & TALLY_MASK:
        return True
    if not s.meld_chows:
        return False
    chows = [g for g in groups if g < PUNG] + list(s.meld_chows)
    return any(chows.count(g) >= 3 for g in set(chows))


def _aalto_pung_yaku(
    s: Situation, pungs: list[int], yaku: list[Yaku], yakuman: list[str], winds: int
) -> None:
    pung_set = set(pungs)
    runs = 0
    for t in pung_set:
        if t < 27 and t % 9 <= 6 and t + 1 in pung_set and t + 2 in pung_set:
            runs += 1
    if runs >= 2 and "suurenkou" in s.local_yaku:
        yakuman.append("suurenkou")  # four consecutive pungs in one suit
    elif runs == 1 and "sanrenkou" in s.local_yaku:
        yaku.append(("sanrenkou", 2))  # three consecutive pungs in one suit
    if winds == 3 and "sanpuukou" in s.local_yaku:
        yaku.append(("sanpuukou", 2))  # Aalto 38: cumulative with yakuhai
