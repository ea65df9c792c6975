"""The value of one winning hand: ``evaluate_hand(request) -> answer``.

Vocabulary (EMA Riichi Competition Rules 2016, the default rulebook):

- *hand*: the fourteen tiles of the winner (a kong counts as three of them for the shape):
  the concealed tiles, including the *winning tile*, plus the *melds*.
- *meld*: a set shown on the table: a chow (``chi``), a pung (``pon``), an open kong
  (``kan``: called, or a melded pung extended) or a concealed kong (``ankan``).  Only chi,
  pon and kan make a hand *open*; a concealed kong keeps it *concealed* (EMA 3.3.7).
- *set*: a chow, a pung or a kong; a complete hand is four sets and a pair, seven pairs or
  thirteen orphans (EMA 3.2).
- *dealer*: the player who is East; the winner is the dealer when ``seat_wind`` is ``"E"``.
- *seat wind* / *prevalent (round) wind*: the winner's own wind and the round's (EMA 2.1,
  2.2); pungs of either are yakuhai, pairs of either score minipoints.
- *ron* / *tsumo*: winning on a discard / on a self-drawn tile.
- *yaku*: a scoring pattern, worth *han* (fan); *dora*, *ura dora* (riichi only) and *red
  fives* (``aka_dora``) add han but are not yaku (EMA 4.1).
- *fu* (minipoints): the second scoring unit, rounded up to 10 (EMA 4.1.1).
- *limit*: mangan, haneman, baiman, sanbaiman, yakuman (EMA 4.1.3).

The request is the ``hand`` JSON object of shared/design/interfaces.md; the answer is
``{"ok": true, "han", "fu", "yakuman", "limit", "yaku", "dora", "cost", "total"}``.
For a yakuman hand ``yaku`` lists the yakuman with 13 han per yakuman (26 for a double
yakuman), ``han`` is their sum and ``fu`` is 0: the payment depends only on ``yakuman``.
Under rulesets with a counted yakuman (13+ han, EMA 2012 / Aalto) ``yaku`` and ``han`` are
the ordinary ones and ``yakuman`` is 1.  Bad input raises ``RuleViolation``.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Any

from scoring.rules.decompose import PUNG, is_seven_pairs, is_thirteen_orphans, read_sorted
from scoring.rules.errors import INVALID_INPUT, NO_YAKU, NOT_A_WINNING_HAND, RuleViolation
from scoring.rules.fu import SEVEN_PAIRS_FU, fixed_fu, fu_parts, reading_fu
from scoring.rules.i18n import N_
from scoring.rules.payments import (
    ValueTable,
    cost_total,
    hand_cost,
    memo_limit_and_cost,
    total_points,
    value_table,
)
from scoring.rules.rulesets import RULESETS, get_ruleset
from scoring.rules.tiles import (
    EAST,
    FIVES,
    ORPHANS,
    SHORT_NOTATION,
    SUITS,
    WINDS,
    Tiles,
    next_kind,
    parse_short,
    parse_tiles,
    sorted_tiles,
    tile_name,
)
from scoring.rules.yaku import (
    KANCHAN,
    PENCHAN,
    RYANMEN,
    SHANPON,
    TANKI,
    YAKUMAN_HAN,
    Set,
    Situation,
    Yaku,
    hand_yaku,
    hand_yakuman,
    set_yaku,
    seven_pairs_yakuman,
    thirteen_orphans,
)

FLAGS = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)
FIELDS = frozenset(
    {
        "ruleset",
        "tiles",
        "win_tile",
        "melds",
        "seat_wind",
        "round_wind",
        "dora_indicators",
        "ura_dora_indicators",
        *FLAGS,
    }
)
_BOOL_ONLY = frozenset({bool})
_NO_MELDS: list[Any] = []  # the default of "melds" (never changed)
_NO_REDS = (0, 0, 0)
_NO_TILES = Tiles((), _NO_REDS)
# Concealed tiles, dora and ura indicators, melds, and the ruleset's red fives.
_NO_REDS_ANYWHERE = (_NO_REDS,) * 5
MELD_KINDS = ("chi", "pon", "kan", "ankan")
MAX_INDICATORS = 5  # EMA 2.7 / 3.3.5: the dora indicator and at most four kan dora


def _invalid(reason: str, template: str, **params: Any) -> RuleViolation:
    return RuleViolation(INVALID_INPUT, reason, template, **params)


# --------------------------------------------------------------------------- parsing


def _bad_wind(field: str, value: object) -> RuleViolation:
    return _invalid(
        "bad_wind",
        N_('{field} must be "E", "S", "W" or "N", not {value!r}'),
        field=field,
        value=value,
    )


# What the hand needs of one meld (see _meld_shape): its meld_list entry (kind, group,
# tile kinds), its tile kinds, its red fives per suit and its set (group, concealed, kong).
MeldFacts = tuple[tuple[str, int, tuple[int, ...]], tuple[int, ...], tuple[int, int, int], Set]


def _meld(index: int, meld: object) -> MeldFacts:
    if not isinstance(meld, dict) or len(meld) != 2 or "kind" not in meld or "tiles" not in meld:
        raise _invalid(
            "bad_meld",
            N_('{where} must be an object {{"kind": K, "tiles": "..."}}, not {value!r}'),
            where=f"meld {index + 1}",
            value=meld,
        )
    kind, text = meld["kind"], meld["tiles"]
    try:
        if isinstance(kind, str) and isinstance(text, str):
            return _meld_shape(kind, text)
        return _meld_shape.__wrapped__(kind, text)
    except RuleViolation as exc:
        raise exc.located("meld", number=index + 1) from None


def _meld_facts(
    kind: str, group: int, kinds: tuple[int, ...], reds: tuple[int, int, int]
) -> MeldFacts:
    """The MeldFacts of a valid meld, worked out once per distinct meld (_meld_shape's
    cache) instead of once per hand."""
    concealed = kind == "ankan"  # EMA 3.3.7: a concealed kong is a concealed set
    kong = concealed or kind == "kan"
    return (kind, group, kinds), kinds, reds, (group, concealed, kong)


@lru_cache(maxsize=4096)
def _meld_shape(kind: str, text: str) -> MeldFacts:
    """The MeldFacts of one meld; cached, melds repeat a lot."""
    if kind not in MELD_KINDS:
        raise _invalid(
            "bad_meld",
            N_(
                "kind must be one of chi, pon, kan (open kong), ankan (concealed kong), "
                "not {kind!r}"
            ),
            kind=kind,
        )
    tiles = parse_tiles(text, "tiles")
    kinds = sorted(tiles.kinds)
    size = 4 if kind in ("kan", "ankan") else 3
    if len(kinds) != size:
        raise _invalid(
            "bad_meld",
            N_("a {kind} has {size} tiles, {text!r} has {n}"),
            kind=kind,
            size=size,
            text=text,
            n=len(kinds),
        )
    if kind == "chi":
        first = kinds[0]
        # EMA 3.2: a chow is three consecutive tiles of one suit, never honours, no 8-9-1.
        if first >= 27 or first % 9 > 6 or kinds != [first, first + 1, first + 2]:
            raise _invalid(
                "bad_meld",
                N_("{text!r} is not a chow (three consecutive tiles of one suit)"),
                text=text,
            )
        return _meld_facts(kind, first, tuple(kinds), tiles.reds)
    if kinds.count(kinds[0]) != size:
        raise _invalid(
            "bad_meld",
            N_("a {kind} is {size} identical tiles, {text!r} is not"),
            kind=kind,
            size=size,
            text=text,
        )
    return _meld_facts(kind, PUNG + kinds[0], tuple(kinds), tiles.reds)


def _parse(request: object) -> Situation:
    """The validated request as a ``Situation``; RuleViolation for the first problem."""
    if not isinstance(request, dict):
        raise _invalid(
            "not_an_object", N_("the hand must be a JSON object, not {value!r}"), value=request
        )
    if not FIELDS.issuperset(request):
        unknown = sorted(str(k) for k in request if k not in FIELDS)
        raise _invalid(
            "unknown_field",
            N_("unknown field(s) {names}; the hand takes {known}"),
            names=", ".join(unknown),
            known=", ".join(sorted(FIELDS)),
        )
    s = Situation()
    get = request.get
    name = get("ruleset", "ema2016")
    if not isinstance(name, str):
        raise _invalid("unknown_ruleset", N_("ruleset must be a name, not {value!r}"), value=name)
    s.ruleset = ruleset = RULESETS.get(name) or get_ruleset(name)
    s.local_yaku = ruleset.local_yaku
    (
        s.tsumo,
        s.riichi,
        s.double_riichi,
        s.ippatsu,
        s.rinshan,
        s.chankan,
        s.haitei,
        s.houtei,
        s.tenhou,
        s.chiihou,
        s.renhou,
    ) = flags = _flags(request)
    # A wind is one of four strings (kinds 27-30); anything else, unhashable values
    # included, gives 0.
    seat = get("seat_wind", "E")
    s.seat = WINDS.get(seat, 0) if type(seat) is str else 0
    if not s.seat:
        raise _bad_wind("seat_wind", seat)
    prevalent = get("round_wind", "E")
    s.round = WINDS.get(prevalent, 0) if type(prevalent) is str else 0
    if not s.round:
        raise _bad_wind("round_wind", prevalent)
    if "tiles" not in request or "win_tile" not in request:
        raise _invalid(
            "missing_field", N_("the hand needs both tiles and win_tile (the winning tile)")
        )
    closed_tiles, closed_reds = sorted_tiles(request["tiles"], "tiles")
    win_tile = request["win_tile"]
    # The winning tile is one of 37 strings; anything else takes the long way.
    win = _WIN_TILES.get(win_tile) if type(win_tile) is str else None
    if win is None:
        win = _win_tile(win_tile)
    s.closed_tiles = closed_tiles
    s.closed_reds = closed_reds
    s.win, s.win_red = win
    _parse_melds(s, get("melds", _NO_MELDS))
    # The indicators: a look-up in _SHORT_TILES for the usual well-formed text.
    dora_text = get("dora_indicators", "")
    dora_tiles = _SHORT_TILES.get(dora_text) if type(dora_text) is str else None
    if dora_tiles is None:
        dora_tiles = _short_tiles(dora_text, "dora_indicators")
    ura_text = get("ura_dora_indicators", "")
    ura = _SHORT_TILES.get(ura_text) if type(ura_text) is str else None
    if ura is None:
        ura = _short_tiles(ura_text, "ura_dora_indicators")
    s.dora = dora_tiles.kinds
    s.ura = ura.kinds
    _check_tiles(s, closed_reds, dora_tiles.reds, ura.reds)
    # FLAGS from ippatsu on are the rare ones; without them only riichi needs a check.
    s.rare = True in flags[3:]
    if s.rare or (not s.closed and (s.riichi or s.double_riichi)):
        _check_flags(s)
    # Without melds the shared minipoints are the win alone (fixed_fu): 30 for a
    # concealed hand on a discard, else 20 (EMA 4.1.1).
    s.fixed_fu = fixed_fu(s) if s.melds else 20 if s.tsumo else 30
    return s


# "1m" -> (0, False) ... "0m" -> (4, True): (kind, red five) of each one-tile notation.
_WIN_TILES = {
    text: (tiles.kinds[0], any(tiles.reds))
    for text in [f"{d}{suit}" for suit in "mps" for d in range(10)] + [f"{d}z" for d in range(1, 8)]
    for tiles in [parse_tiles(text, "win_tile")]
}


def _win_tile(text: object) -> tuple[int, bool]:
    """(kind, red five) of a winning tile not in _WIN_TILES; RuleViolation if invalid."""
    win = _short_tiles(text, "win_tile")
    if len(win.kinds) != 1:
        raise _invalid(
            "bad_win_tile",
            N_('win_tile must be exactly one tile such as "8s", not {value!r}'),
            value=text,
        )
    return win.kinds[0], any(win.reds)


def _short_tiles(text: object, field: str) -> Tiles:
    """``parse_tiles`` for the short fields (winning tile, indicators): their few values
    repeat, so a well-formed one is kept in _SHORT_TILES, which the parser looks in
    first."""
    if type(text) is str and len(text) <= SHORT_NOTATION:
        tiles = parse_short(text)
        if tiles is not None:
            if len(_SHORT_TILES) < _SHORT_TILES_KEPT:
                _SHORT_TILES[text] = tiles
            return tiles
    return parse_tiles(text, field)  # the long ones, and the error for bad notation


# Well-formed short notation seen so far (a dictionary look-up costs less than a call of
# _short_tiles); bounded, so odd requests cannot make it grow without end.
_SHORT_TILES: dict[str, Tiles] = {"": _NO_TILES}
_SHORT_TILES_KEPT = 4096


def _flags(request: dict[str, Any]) -> tuple[bool, ...]:
    """The values of FLAGS in order (absent: false); RuleViolation for a non-boolean."""
    # Written out in FLAGS order: eleven look-ups cost less than merging the request
    # into a dictionary of defaults.
    get = request.get
    values: tuple[Any, ...] = (
        get("tsumo", False),
        get("riichi", False),
        get("double_riichi", False),
        get("ippatsu", False),
        get("rinshan", False),
        get("chankan", False),
        get("haitei", False),
        get("houtei", False),
        get("tenhou", False),
        get("chiihou", False),
        get("renhou", False),
    )
    # One C-level test for the usual case; the loop only runs to name the bad flag.
    if not _BOOL_ONLY.issuperset(map(type, values)):
        for flag, value in zip(FLAGS, values, strict=True):
            if value.__class__ is not bool:
                raise _invalid(
                    "bad_flag",
                    N_("{flag} must be true or false, not {value!r}"),
                    flag=flag,
                    value=value,
                )
    return values


def _parse_melds(s: Situation, melds: object) -> None:
    """The melds, and what every decomposition needs of them, summed up once."""
    if not isinstance(melds, list):
        raise _invalid("bad_meld", N_("melds must be a list, not {value!r}"), value=melds)
    if len(melds) > 4:
        raise _invalid(
            "wrong_tile_count", N_("a hand has at most four melds, not {n}"), n=len(melds)
        )
    if not melds:
        # Most hands: nothing to add up.
        s.meld_list = s.melds = s.meld_kinds = s.meld_groups = ()
        s.meld_reds = _NO_REDS
        s.ankans = s.kongs = 0
        s.closed = True
        return
    meld_list = []
    sets: list[Set] = []
    meld_kinds: list[int] = []
    reds = [0, 0, 0]
    ankans = kongs = 0
    for i, meld in enumerate(melds):
        listed, kinds, meld_reds, meld_set = _meld(i, meld)
        meld_list.append(listed)
        sets.append(meld_set)
        meld_kinds += kinds
        if meld_reds != _NO_REDS:
            for suit in range(3):
                reds[suit] += meld_reds[suit]
        _group, concealed, kong = meld_set
        ankans += concealed
        kongs += kong
    s.meld_list = tuple(meld_list)
    s.melds = tuple(sets)
    s.meld_groups = tuple(group for group, _concealed, _kong in sets)
    s.meld_kinds = tuple(meld_kinds)
    s.meld_reds = (reds[0], reds[1], reds[2])
    s.ankans = ankans
    s.kongs = kongs
    # EMA 3.3.7: only chi, pon and kan open a hand; a concealed kong keeps it concealed.
    s.closed = ankans == len(sets)


def _with_indicators(hand_counts: list[int], indicated: tuple[int, ...]) -> list[int]:
    """The counts of the hand and the indicators together (EMA 1: the same set of tiles)."""
    counts = list(hand_counts)
    for k in indicated:
        counts[k] += 1
    return counts


def _check_tiles(
    s: Situation,
    closed_reds: tuple[int, int, int],
    dora_reds: tuple[int, int, int],
    ura_reds: tuple[int, int, int],
) -> None:
    n_closed = len(s.closed_tiles)
    n_melds = len(s.melds)
    # EMA 3.2: four sets and a pair; a kong counts as three tiles of the shape.
    if n_closed + 3 * n_melds != 14:
        raise _invalid(
            "wrong_tile_count",
            N_(
                "{n} concealed tiles and {m} meld(s) make {total} tiles; a winning hand has 14 "
                "(a kong counts as 3), so with {m} meld(s) tiles must hold {want} tiles "
                "including the winning tile"
            ),
            n=n_closed,
            m=n_melds,
            total=n_closed + 3 * n_melds,
            want=14 - 3 * n_melds,
        )
    indicated = s.dora + s.ura
    # Both fields within the limit whenever their sum is (the usual case: one test).
    if len(indicated) > MAX_INDICATORS and (
        len(s.dora) > MAX_INDICATORS or len(s.ura) > MAX_INDICATORS
    ):
        indicators = (("dora_indicators", len(s.dora)), ("ura_dora_indicators", len(s.ura)))
        for label, count in indicators:
            if count > MAX_INDICATORS:
                raise _invalid(
                    "too_many_indicators",
                    N_(
                        "{field} has {n} tiles; there are at most 5 (the dora indicator and four "
                        "kan dora indicators)"
                    ),
                    field=label,
                    n=count,
                )
    closed_counts, s.readings = read_sorted(s.closed_tiles)
    s.closed_counts = closed_counts
    if s.meld_kinds:
        hand_counts = list(closed_counts)
        for k in s.meld_kinds:
            hand_counts[k] += 1
    else:
        hand_counts = closed_counts  # the same tiles; neither list changes after this
    s.counts = hand_counts
    s.kinds = frozenset(s.closed_tiles).union(s.meld_kinds)
    # EMA 1: four copies of each tile; indicators are tiles of the same set.
    counts = _with_indicators(hand_counts, indicated) if indicated else hand_counts
    if max(counts) > 4:
        for k in range(34):
            if counts[k] > 4:
                raise _invalid(
                    "fifth_copy",
                    N_(
                        "{n} copies of {tile} (hand, melds and dora indicators together); a set "
                        "has only four"
                    ),
                    n=counts[k],
                    tile=tile_name(k),
                )
    allowed = s.ruleset.red_fives
    if (closed_reds, dora_reds, ura_reds, s.meld_reds, allowed) == _NO_REDS_ANYWHERE:
        s.aka = 0  # no red five written and none in the set: nothing to check
    else:
        _check_red_fives(s, hand_counts, indicated, closed_reds, dora_reds, ura_reds)
    win = s.win
    present = s.closed_counts[win] > 0
    if present and win in FIVES:
        suit = FIVES.index(win)
        reds_here = closed_reds[suit]
        plain_here = s.closed_counts[win] - reds_here
        present = reds_here > 0 if s.win_red else plain_here > 0
    if not present:
        raise _invalid(
            "win_tile_not_in_hand",
            N_(
                "the winning tile {tile} is not among tiles; tiles must include the winning "
                "tile (and melds cannot hold it)"
            ),
            tile=("0" + SUITS[FIVES.index(win)]) if s.win_red else tile_name(win),
        )


def _check_red_fives(
    s: Situation,
    hand_counts: list[int],
    indicated: tuple[int, ...],
    closed_reds: tuple[int, int, int],
    dora_reds: tuple[int, int, int],
    ura_reds: tuple[int, int, int],
) -> None:
    """The red fives (aka dora) of a hand that writes some or whose ruleset has some:
    counted into ``s.aka``, and no more of them, nor of plain fives, than the set holds."""
    allowed = s.ruleset.red_fives
    s.aka = sum(closed_reds) + sum(s.meld_reds)
    # The checks count the fives of hand and indicators together.
    counts = _with_indicators(hand_counts, indicated)
    for suit in range(3):
        red = closed_reds[suit] + s.meld_reds[suit] + dora_reds[suit] + ura_reds[suit]
        five = f"5{SUITS[suit]}"
        if red > allowed[suit]:
            if allowed[suit] == 0:
                raise _invalid(
                    "red_five_not_in_ruleset",
                    N_(
                        "0{suit} is a red five, and the {ruleset} rules have no red {five}; "
                        "write it as {five}"
                    ),
                    suit=SUITS[suit],
                    five=five,
                    ruleset=s.ruleset.name,
                )
            raise _invalid(
                "too_many_red_fives",
                N_("{n} red {five} (0{suit}); the {ruleset} set has only {allowed}"),
                n=red,
                five=five,
                suit=SUITS[suit],
                ruleset=s.ruleset.name,
                allowed=allowed[suit],
            )
        plain = counts[FIVES[suit]] - red
        if plain > 4 - allowed[suit]:
            raise _invalid(
                "too_many_plain_fives",
                N_(
                    "{n} plain {five}; the {ruleset} set replaces {allowed} of the four by red "
                    "fives, so mark the red ones as 0{suit}"
                ),
                n=plain,
                five=five,
                suit=SUITS[suit],
                ruleset=s.ruleset.name,
                allowed=allowed[suit],
            )


def _check_flags(s: Situation) -> None:
    dealer = s.seat == EAST
    open_hand = not s.closed
    riichi = s.riichi or s.double_riichi
    rare = (
        s.ippatsu
        or s.haitei
        or s.houtei
        or s.rinshan
        or s.chankan
        or s.tenhou
        or s.chiihou
        or s.renhou
    )
    if not rare and not (riichi and open_hand):
        return
    # The rare flags by name, for the table of checks below.
    f = {
        "tsumo": s.tsumo,
        "ippatsu": s.ippatsu,
        "rinshan": s.rinshan,
        "chankan": s.chankan,
        "haitei": s.haitei,
        "houtei": s.houtei,
        "tenhou": s.tenhou,
        "chiihou": s.chiihou,
        "renhou": s.renhou,
    }
    kongs = s.kongs > 0
    checks: tuple[tuple[bool, str, str], ...] = (
        # EMA 3.4.7 / 5.3: riichi on an open hand is not possible (a dead hand).
        (
            riichi and open_hand,
            "riichi_with_open_melds",
            "riichi can only be declared on a concealed hand, and this hand has open melds "
            "(a concealed kong is the only meld allowed)",
        ),
        # EMA 3.3.14: ippatsu is an extra yaku after riichi.
        (
            f["ippatsu"] and not riichi,
            "ippatsu_without_riichi",
            "ippatsu is only possible after declaring riichi",
        ),
        # EMA 3.3.14: a concealed kong interrupts the set of turns; a win on its
        # replacement tile cannot be ippatsu.
        (
            f["ippatsu"] and f["rinshan"],
            "ippatsu_after_kong",
            "a kong ends the ippatsu chance, so a win on the replacement tile after a kong "
            "cannot be ippatsu",
        ),
        (
            f["haitei"] and f["houtei"],
            "haitei_and_houtei",
            "haitei (self-draw of the last tile) and houtei (the discard after it) cannot "
            "both happen",
        ),
        (
            f["haitei"] and not f["tsumo"],
            "haitei_on_discard",
            "haitei is a self-draw of the last tile; on a discard it is houtei",
        ),
        (
            f["houtei"] and f["tsumo"],
            "houtei_on_self_draw",
            "houtei is a win on the last discard; on a self-draw it is haitei",
        ),
        # EMA 4.2.1: After a kong "counts as self-draw" and needs a kong.
        (
            f["rinshan"] and not f["tsumo"],
            "rinshan_on_discard",
            "rinshan (win on the replacement tile after a kong) is a self-draw; set tsumo",
        ),
        (
            f["rinshan"] and not kongs,
            "rinshan_without_kong",
            "rinshan is a win on the replacement tile after a kong, and this hand has no kong",
        ),
        # EMA 4.2.1: Robbing the kong "counts as ron".
        (
            f["chankan"] and f["tsumo"],
            "chankan_on_self_draw",
            "chankan (robbing a kong) is a win on another player's tile, not a self-draw",
        ),
        # EMA 3.4.1: the last tile can only be claimed for a win, not for a kong, so no
        # kong can be declared, nor robbed, on the last discard.
        (
            f["chankan"] and f["houtei"],
            "chankan_and_houtei",
            "chankan (robbing a kong) and houtei (the last discard) cannot both happen: "
            "no kong can be declared on the last tile (EMA 3.4.1)",
        ),
        # EMA 4.2.5 Blessing of Heaven: East on his initial deal, no concealed kong.
        (
            f["tenhou"] and not dealer,
            "tenhou_not_dealer",
            "tenhou is East winning on the initial deal; this winner is not East "
            "(seat_wind {seat})",
        ),
        (
            f["tenhou"] and not f["tsumo"],
            "tenhou_on_discard",
            "tenhou is a win on the dealer's own initial tiles, so it is a self-draw",
        ),
        # EMA 4.2.5 Blessing of Earth: self-draw in the first set of turns by a non-dealer.
        (
            f["chiihou"] and dealer,
            "chiihou_dealer",
            "chiihou is a non-dealer's win on the first draw; for East it is tenhou",
        ),
        (
            f["chiihou"] and not f["tsumo"],
            "chiihou_on_discard",
            "chiihou is a win on self-draw; a win on a discard in the first turns is renhou",
        ),
        # EMA 4.2.4 Blessing of Man: on a discard, before the winner's first turn.
        (
            f["renhou"] and f["tsumo"],
            "renhou_on_self_draw",
            "renhou is a win on a discard before the winner's first turn, not a self-draw",
        ),
        (
            f["renhou"] and dealer,
            "renhou_dealer",
            "renhou is a win before the winner's first turn; East has already had it",
        ),
        (
            f["renhou"] and s.ruleset.renhou is None,
            "renhou_not_in_ruleset",
            "the {ruleset} rules have no renhou",
        ),
    )
    for failed, reason, template in checks:
        if failed:
            raise _invalid(reason, template, seat="ESWN"[s.seat - EAST], ruleset=s.ruleset.name)
    first_turn = [name for name in ("tenhou", "chiihou", "renhou") if f[name]]
    if len(first_turn) > 1:
        raise _invalid(
            "first_turn_conflict",
            N_("{names} cannot happen together"),
            names=" and ".join(first_turn),
        )
    if first_turn:
        # No call, kong or riichi can happen before these wins (EMA 4.2.4, 4.2.5).
        if s.melds:
            raise _invalid(
                "first_turn_with_melds",
                N_(
                    "{name} is a win in the first uninterrupted set of turns, so the hand "
                    "cannot have melds or kongs"
                ),
                name=first_turn[0],
            )
        if riichi:
            raise _invalid(
                "first_turn_with_riichi",
                N_(
                    "{name} is a win before the winner discarded, "
                    "so riichi cannot have been declared"
                ),
                name=first_turn[0],
            )
        if f["rinshan"] or f["chankan"] or f["haitei"] or f["houtei"]:
            raise _invalid(
                "first_turn_conflict",
                N_(
                    "{name} is a win in the first set of turns; it cannot also be rinshan, "
                    "chankan, haitei or houtei"
                ),
                name=first_turn[0],
            )
    if f["chankan"]:
        # The robbed kong holds the other three copies of the winning tile.
        held = s.counts[s.win]  # the concealed tiles and the melds
        if held != 1:
            raise _invalid(
                "chankan_tile_count",
                N_(
                    "a robbed kong holds the other three {tile}, "
                    "so the winner cannot hold {n} of them"
                ),
                tile=tile_name(s.win),
                n=held,
            )


# ------------------------------------------------------------------------ evaluation


def _wait_kind(start: int, win: int) -> str:
    """The wait of a chow starting at ``start`` finished by ``win`` (EMA 4.1.1)."""
    pos = win - start
    if pos == 1:
        return KANCHAN
    if pos == 0:
        return PENCHAN if start % 9 == 6 else RYANMEN
    return PENCHAN if start % 9 == 0 else RYANMEN


def _waits(groups: tuple[int, ...], pair: int, win: int) -> list[str]:
    """Each distinct way the winning tile finishes the reading ``groups`` and ``pair``
    (EMA 4.1.1): the pair, then each set holding the winning tile, in reading order
    (identical chows count once)."""
    out = [TANKI] if pair == win else []
    for g in dict.fromkeys(groups):  # the distinct sets, in order
        if g == PUNG + win:
            out.append(SHANPON)
        elif g <= win <= g + 2:  # a chow (g < PUNG) holding the winning tile
            out.append(_wait_kind(g, win))
    return out


# The interpretation kept, for explain_hand: (concealed groups, pair, wait, pinfu) of a
# standard hand, or the name of a special shape ("chiitoitsu", "kokushi", "renhou").
Shape = tuple[tuple[int, ...], int, str, bool] | str


class _Best:
    """The best interpretation so far (EMA 3.4.9: the one that pays most is scored).

    The class attributes are the defaults ("nothing kept yet"); a reading that is kept
    replaces them on the instance, never changes them in place (no __init__ on the hot
    path).
    """

    # (points, han, fu): a reading replaces the kept one only if its key is larger.
    key: tuple[int, int, int] = (-1, -1, -1)
    yaku: list[Yaku] = []  # (replaced, never changed in place)
    yakuman = 0
    han = 0
    fu = 0
    # The values of readings of this hand by han and fu (payments.value_table), set by
    # _evaluate before any reading is offered.
    values: ValueTable
    # (total, limit, payments) of the kept reading below yakuman (from values, the look-up
    # that _offer needs for the total anyway); None for a yakuman.
    value: tuple[int, str | None, dict[str, int]] | None = None
    # Limit and payments are set once, for the reading kept: from value, or for a yakuman
    # by _settle.
    limit: str | None = None
    cost: dict[str, int] = {}  # (replaced, never changed in place)
    dora = 0
    shape: Shape = ""


def _offer(
    best: _Best,
    s: Situation,
    dealer: bool,
    base_yaku: list[Yaku],
    base_han: int,
    yaku: list[Yaku],
    yakuman: list[str],
    fu: int,
    dora: list[Yaku],
    dora_han: int,
    shape: Shape,
) -> None:
    """Score one interpretation and keep it if it pays more (EMA 3.4.9).

    Its yaku are ``base_yaku`` (those of the whole hand, worth ``base_han``, the same for
    every interpretation) followed by ``yaku``; the two lists are joined only for the
    interpretation kept."""
    if yakuman:
        _offer_yakuman(best, s, dealer, yakuman, shape)
        return
    yaku_han = base_han + sum(map(_HAN, yaku)) if yaku else base_han
    if yaku_han == 0:
        return
    han = yaku_han + dora_han
    counted, total, limit, cost = best.values[han, fu]
    key = (total, han, fu)
    if key > best.key:
        best.key, best.yakuman, best.han, best.fu = key, counted, han, fu
        best.yaku = base_yaku + yaku + dora if base_yaku else yaku + dora
        best.dora, best.shape, best.value = dora_han, shape, (total, limit, cost)


def _offer_yakuman(
    best: _Best, s: Situation, dealer: bool, yakuman: list[str], shape: Shape
) -> None:
    rs = s.ruleset
    values = [2 if name in rs.double_yakuman else 1 for name in yakuman]
    if rs.yakuman_cumulative:
        count = sum(values)
    else:
        # EMA 4.2 / WRC 6.5: yakuman are not cumulative; keep the most valuable one.
        count = max(values)
        top = values.index(count)
        yakuman, values = [yakuman[top]], [count]
    listed = [(name, YAKUMAN_HAN * v) for name, v in zip(yakuman, values, strict=True)]
    han = YAKUMAN_HAN * count
    key = (total_points(rs, han, 0, count, dealer, s.tsumo), han, 0)
    if key > best.key:
        best.key, best.yaku, best.yakuman, best.han, best.fu = key, listed, count, han, 0
        best.dora, best.shape, best.value = 0, shape, None


def _settle(best: _Best, s: Situation, dealer: bool) -> None:
    """The limit name and the payments of the reading kept, a yakuman (see _evaluate
    for the others)."""
    rs = s.ruleset
    best.limit, best.cost = memo_limit_and_cost(
        best.han, best.fu, best.yakuman, dealer, s.tsumo, rs.kiriage_mangan, rs.counted_yakuman_han
    )


_HAN = itemgetter(1)  # the han of a (name, han) yaku
_DORA_OF = tuple(next_kind(k) for k in range(34))  # EMA 2.7: indicator -> dora


def _dora(s: Situation) -> tuple[list[Yaku], int]:
    """The dora entries of the answer and their han."""
    counts = s.counts
    # EMA 2.7: each indicator makes the next kind dora; count those tiles in the hand.
    han = _indicated(counts, s.dora)
    out: list[Yaku] = [("dora", han)] if han else []
    # EMA 3.3.14: ura dora only for a player who declared riichi.
    if s.ura and (s.riichi or s.double_riichi):
        n = _indicated(counts, s.ura)
        if n:
            out.append(("ura_dora", n))
            han += n
    if s.aka:
        out.append(("aka_dora", s.aka))
        han += s.aka
    return out, han


def _indicated(counts: list[int], indicators: tuple[int, ...]) -> int:
    """How many tiles of the hand the indicators make dora (one to three indicators: a
    plain loop is cheaper than map objects)."""
    n = 0
    for k in indicators:
        n += counts[_DORA_OF[k]]
    return n


def evaluate_hand(request: dict[str, Any]) -> dict[str, Any]:
    """The answer object of interfaces.md for one winning hand; RuleViolation if invalid."""
    best, _s = _evaluate(request)
    return _answer(best)


def explain_hand(request: dict[str, Any]) -> dict[str, Any]:
    """``evaluate_hand``'s answer plus how it was read: the shape, the wait and the
    minipoints item by item (``fu_parts``, before rounding) of the interpretation kept."""
    best, s = _evaluate(request)
    answer = _answer(best)
    if isinstance(best.shape, str):
        answer["shape"] = best.shape
        answer["fu_parts"] = [["chiitoitsu", SEVEN_PAIRS_FU]] if best.shape == "chiitoitsu" else []
    else:
        groups, pair, wait, pinfu = best.shape
        # The set the winning tile finished, where it matters: a pung (EMA 4.1.1).
        index = groups.index(PUNG + s.win) if wait == SHANPON else -1
        ron = not s.tsumo
        sets: list[Set] = [
            # EMA 4.1.1: a pung finished by a discard counts as open.
            (g, not (ron and i == index and g >= PUNG), False)
            for i, g in enumerate(groups)
        ]
        sets.extend(s.melds)
        answer["shape"] = "standard"
        answer["wait"] = wait
        answer["fu_parts"] = [list(p) for p in fu_parts(s, sets, pair, wait, pinfu)]
    return answer


def _answer(best: _Best) -> dict[str, Any]:
    return {
        "ok": True,
        "han": best.han,
        "fu": best.fu,
        "yakuman": best.yakuman,
        "limit": best.limit,
        "yaku": list(map(list, best.yaku)),  # [name, han] pairs
        "dora": best.dora,
        "cost": best.cost,
        "total": best.key[0],
    }


def _evaluate(request: dict[str, Any]) -> tuple[_Best, Situation]:
    s = _parse(request)
    closed_counts = s.closed_counts
    dealer = s.seat == EAST
    dora, dora_han = _dora(s)
    best = _Best()
    rs = s.ruleset
    best.values = value_table(dealer, s.tsumo, rs.kiriage_mangan, rs.counted_yakuman_han)
    complete = False
    hand_fu = 0  # the best minipoints of any reading, yaku or not (for renhou alone)
    base_yaku = hand_yaku(s)
    base_han = sum(map(_HAN, base_yaku)) if base_yaku else 0
    if not s.melds:
        # EMA 4.2.5 Thirteen Orphans: exactly the thirteen orphan kinds, one of them twice.
        if s.kinds == ORPHANS and is_thirteen_orphans(closed_counts):
            complete = True
            _offer(best, s, dealer, [], 0, [], thirteen_orphans(s), 0, dora, dora_han, "kokushi")
        # EMA 4.2.2 Seven Pairs: seven different pairs.
        if is_seven_pairs(closed_counts):
            complete = True
            hand_fu = SEVEN_PAIRS_FU
            _offer(
                best,
                s,
                dealer,
                base_yaku,
                base_han,
                [("chiitoitsu", 2)],
                seven_pairs_yakuman(s),
                SEVEN_PAIRS_FU,
                dora,
                dora_han,
                "chiitoitsu",
            )
    readings = s.readings
    if readings:
        complete = True
        tile_yakuman = hand_yakuman(s)
        ron = not s.tsumo
        win = s.win
        for pair, groups in readings:
            for wait in _waits(groups, pair, win):
                # EMA 4.1.1: a pung finished by a discard counts as open (the wait "pung"
                # is the winning tile completing a concealed pung).
                ron_pung = ron and wait == SHANPON
                yaku, yakuman, pinfu = set_yaku(s, groups, pair, wait, ron_pung)
                fu = reading_fu(s, groups, pair, wait, pinfu, ron_pung)
                if fu > hand_fu:
                    hand_fu = fu
                _offer(
                    best,
                    s,
                    dealer,
                    base_yaku,
                    base_han,
                    yaku,
                    tile_yakuman + yakuman if tile_yakuman else yakuman,
                    fu,
                    dora,
                    dora_han,
                    (groups, pair, wait, pinfu),
                )
    if not complete:
        raise RuleViolation(
            NOT_A_WINNING_HAND,
            "not_a_winning_hand",
            N_(
                "{tiles} with the melds is not a complete hand: it needs four sets and a pair, "
                "seven different pairs or thirteen orphans (EMA 3.2)"
            ),
            tiles=request["tiles"],
        )
    if best.key[0] >= 0:
        value = best.value
        if value is not None:
            # Below yakuman _offer has looked the limit and payments up already
            # (best.values); the dictionary is shared by the memo, so the answer gets a copy.
            best.limit, best.cost = value[1], dict(value[2])
        else:
            _settle(best, s, dealer)
    if s.renhou and s.ruleset.renhou == "mangan" and best.yakuman == 0:
        # EMA 4.2.4 / WRC 6.5.4: renhou is a mangan "not cumulative with other yaku and
        # dora"; the hand takes renhou alone or its other yaku, whichever pays more (EMA
        # 3.4.9).
        cost = hand_cost(s.ruleset, 5, 0, 0, dealer, False)
        key = (cost_total(cost), 5, hand_fu)
        if key > best.key:
            best.key, best.yaku, best.han, best.limit = key, [("renhou", 5)], 5, "mangan"
            best.fu = hand_fu
            best.cost, best.dora, best.shape = cost, 0, "renhou"
    if best.key[0] < 0:
        raise RuleViolation(
            NO_YAKU,
            "no_yaku",
            N_(
                "the hand is complete but has no yaku; dora and red fives alone do not make a "
                "winning hand (EMA 3.2)"
            ),
        )
    return best, s
