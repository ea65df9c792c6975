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

from scoring.rules.decompose import PUNG, Reading
from scoring.rules.rulesets import Ruleset
from scoring.rules.tiles import (
    DRAGON_KINDS,
    DRAGONS,
    GREEN_TILES,
    HONOUR_KINDS,
    IS_ORPHAN,
    ORPHANS,
    TERMINALS,
    WIND_KINDS,
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


_CHARACTERS, _CIRCLES, _BAMBOO = (frozenset(range(s, s + 9)) for s in (0, 9, 18))


def suits_used(kinds: frozenset[int]) -> int:
    """How many of the three suits (characters, circles, bamboo) the tile kinds use."""
    return (
        (not kinds.isdisjoint(_CHARACTERS))
        + (not kinds.isdisjoint(_CIRCLES))
        + (not kinds.isdisjoint(_BAMBOO))
    )


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
        "kinds",
        "kongs",
        "local_yaku",
        "meld_groups",
        "meld_kinds",
        "meld_list",
        "meld_reds",
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
    kinds: frozenset[int]  # the tile kinds present in the hand
    # The decompositions of the concealed tiles (decompose.read_tiles), among which the
    # evaluation picks the reading that pays most.
    readings: list[Reading]
    melds: tuple[Set, ...]  # the melds as sets, in input order
    meld_list: tuple[tuple[str, int, tuple[int, ...]], ...]  # (kind, group, tile kinds) each
    meld_kinds: tuple[int, ...]  # the tiles of the melds, kongs as four
    meld_reds: tuple[int, int, int]  # red fives in the melds, per suit
    meld_groups: tuple[int, ...]  # the melds as groups (decompose), in input order
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
    kinds = s.kinds
    # EMA 4.2.1 All Simples: no terminal or honour; open only where the ruleset has
    # kuitan (EMA rev. 2016).
    if kinds.isdisjoint(ORPHANS) and (s.closed or s.ruleset.open_tanyao):
        out.append(("tanyao", 1))
    honours = not kinds.isdisjoint(HONOUR_KINDS)
    suits = suits_used(kinds)
    # EMA 4.2.2 Half Flush (one suit and honours) / 4.2.4 Full Flush (one suit alone);
    # both give one more han when concealed.
    if suits == 1:
        if honours:
            out.append(("honitsu", 3 if s.closed else 2))
        else:
            out.append(("chinitsu", 6 if s.closed else 5))
    # EMA 4.2.2 All Terminals and Honours: only terminals and honours, some of each (All
    # Honours and All Terminals are yakuman).
    if kinds <= ORPHANS and honours and suits:
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
    kinds = s.kinds
    out: list[str] = []
    # EMA 4.2.5 All Honours, All Terminals, All Green: every tile of the hand is one.
    if kinds <= HONOUR_KINDS:
        out.append("tsuuiisou")
    if kinds <= TERMINALS:
        out.append("chinroutou")
    if kinds <= GREEN_TILES:
        out.append("ryuuiisou")
    if s.rare:
        # EMA 4.2.5 Blessing of Heaven, of Earth; EMA 4.2.4 Blessing of Man where the
        # ruleset makes it a yakuman.
        if s.tenhou:
            out.append("tenhou")
        if s.chiihou:
            out.append("chiihou")
        if s.renhou and s.ruleset.renhou == "yakuman":
            out.append("renhou")
    # EMA 4.2.5 Nine Gates: a concealed hand of one suit, no honours.
    if not s.melds and kinds.isdisjoint(HONOUR_KINDS) and suits_used(kinds) == 1:
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


_YAKUHAI = ("yakuhai", 1)


def holds_orphan(group: int) -> bool:
    """The set holds a terminal or an honour: a chow 1-2-3 or 7-8-9, a pung of a
    terminal or an honour (EMA 4.2.1 Chanta)."""
    if group < PUNG:
        return group % 9 == 0 or group % 9 == 6
    return IS_ORPHAN[group - PUNG]


def set_yaku(
    s: Situation,
    groups: tuple[int, ...],
    pair: int,
    wait: str,
    ron_pung: bool,
) -> tuple[list[Yaku], list[str], bool]:
    """Yaku and yakuman of one decomposition with one wait; also whether it is pinfu.

    ``groups`` and ``pair`` are a reading of the concealed tiles (decompose), the melds
    are in ``s``; ``ron_pung`` says the winning tile completed a concealed pung on a
    discard, which makes that pung open (EMA 4.1.1).
    """
    yaku: list[Yaku] = []
    yakuman: list[str] = []
    sets = groups + s.meld_groups  # the four sets, concealed and melded
    chows = [g for g in sets if g < PUNG]  # each chow by its lowest kind
    pungs = {g - PUNG for g in sets if g >= PUNG}  # the kind of each pung or kong
    closed = s.closed

    # EMA 4.2.1 Pinfu: concealed, four chows, a valueless pair, a two-sided wait.
    pinfu = closed and not pungs and wait == RYANMEN and not is_valued_pair(s, pair)
    if pinfu:
        yaku.append(("pinfu", 1))
    if closed and len(chows) > len(set(chows)):
        # EMA 4.2.1 Pure Double Chow: two identical chows; EMA 4.2.3 Twice Pure Double
        # Chow: two such pairs of chows (not both yaku).
        doubles = sum(chows.count(g) // 2 for g in set(chows))
        if doubles >= 2:
            yaku.append(("ryanpeikou", 3))
        else:
            yaku.append(("iipeikou", 1))
    dragons = len(pungs & DRAGON_KINDS)
    winds = len(pungs & WIND_KINDS)
    if dragons or winds:
        # EMA 4.2.1 Dragon / Seat / Prevalent wind pung, one entry each (WRC 6.5.1: a
        # double wind scores yakuhai twice).
        yaku += [_YAKUHAI] * (dragons + (s.seat in pungs) + (s.round in pungs))
    if chows:
        # EMA 4.2.1 Chanta / 4.2.2 Junchan: every set and the pair hold a terminal or
        # honour, at least one chow; Junchan without honours.
        if IS_ORPHAN[pair] and all(holds_orphan(g) for g in sets):
            if pair >= 27 or dragons or winds:
                yaku.append(("chanta", 2 if closed else 1))
            else:
                yaku.append(("junchan", 3 if closed else 2))
        starts = set(chows)
        if len(starts) >= 3:  # both need three different chows
            # EMA 4.2.1 Pure Straight: 1-2-3, 4-5-6 and 7-8-9 of one suit.
            if any(one in starts and one + 3 in starts and one + 6 in starts for one in (0, 9, 18)):
                yaku.append(("ittsu", 2 if closed else 1))
            # EMA 4.2.1 Mixed Triple Chow: the same chow in each of the three suits.
            if any(k in starts and k + 9 in starts and k + 18 in starts for k in range(7)):
                yaku.append(("sanshoku", 2 if closed else 1))
    if pungs:
        # EMA 4.2.2 Triple Pung: a pung of the same number in each of the three suits.
        if len(pungs) >= 3 and any(
            k in pungs and k + 9 in pungs and k + 18 in pungs for k in range(9)
        ):
            yaku.append(("sanshoku_doukou", 2))
        # EMA 4.2.2 All Pungs: four pungs or kongs (two pungs of one kind cannot exist).
        if len(pungs) == 4:
            yaku.append(("toitoi", 2))
        # EMA 4.2.5 Big Three Dragons: three dragon pungs.
        if dragons == 3:
            yakuman.append("daisangen")
        elif dragons == 2 and pair in DRAGONS:
            # EMA 4.2.2 Little Three Dragons (the dragon pungs count as yakuhai too).
            yaku.append(("shousangen", 2))
        # EMA 4.2.5 Big Four Winds: four wind pungs; Little Four Winds: three and the
        # pair of the fourth.
        if winds == 4:
            yakuman.append("daisuushii")
        elif winds == 3 and pair in WIND_KINDS:
            yakuman.append("shousuushii")
        # EMA 4.2.2 Three / 4.2.5 Four Concealed Pungs: the concealed pungs of the
        # reading (less the one a discard completed) and the concealed kongs.
        concealed_pungs = sum(g >= PUNG for g in groups) - ron_pung + s.ankans
        if concealed_pungs == 4:
            # EMA 4.2.5: on a discard only with a pair wait, which keeps all four concealed.
            if wait == TANKI and "suuankou_tanki" in s.ruleset.double_yakuman:
                yakuman.append("suuankou_tanki")
            else:
                yakuman.append("suuankou")
        elif concealed_pungs == 3:
            yaku.append(("sanankou", 2))
        # EMA 4.2.2 Three Kongs / 4.2.5 Four Kongs.
        if s.kongs == 4:
            yakuman.append("suukantsu")
        elif s.kongs == 3:
            yaku.append(("sankantsu", 2))
        if s.local_yaku:
            _aalto_pung_yaku(s, sorted(pungs), yaku, yakuman, winds)
    # Aalto 38/40: three identical chows, 3 han, one less when open.
    if (
        s.local_yaku
        and "isshokusanjun" in s.local_yaku
        and any(chows.count(g) >= 3 for g in set(chows))
    ):
        yaku.append(("isshokusanjun", 3 if closed else 2))
    return yaku, yakuman, pinfu


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
