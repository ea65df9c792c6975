"""Every way concealed tiles make a complete hand (EMA 3.2).

A *group* is an ``int``: ``g < 34`` is a chow (chi) starting at tile kind ``g``;
``g >= 34`` is a pung (or kong) of tile kind ``g - 34``.  A decomposition of the concealed
part is ``(pair, groups)``: the kind of the pair and a tuple of groups, suit by suit
(characters, circles, bamboo, honours), each suit's in the order the search found them.

The search runs one suit at a time and caches each suit's answers: a suit holding the same
tiles decomposes the same way in every hand, so after a warm-up almost every call is a few
dictionary look-ups (this is what makes the core fast).  See read_tiles for the cache.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cache
from itertools import product

from scoring.rules.tiles import IS_ORPHAN

PUNG = 34

Decomposition = tuple[int, tuple[int, ...]]
# A split of one suit, or a whole decomposition: (pair or -1, groups, bits, tally).  The
# yaku and the minipoints of every reading are read off ``bits`` and ``tally`` with a few
# integer operations instead of walking the groups (see set_yaku, reading_fu):
# - bits: bit g set for each group g present (chow starts 0-26, pungs PUNG + kind), so
#   "a chow starts at 1m, 4m and 7m" or "a pung of the seat wind" is one bit test;
# - tally: counts of the groups in fields of TALLY_FIELD bits, added up by ``+``.
# Parts hold different kinds, so the four parts of a hand combine by plain addition of
# both ints (no bit is set twice, no field overflows).
SortedSplit = tuple[int, tuple[int, ...], int, int]

TALLY_FIELD = 4  # bits per field; no field counts past 8
TALLY_MASK = (1 << TALLY_FIELD) - 1
# Tally fields (their shift): the pung weight is 1 per pung of simples and 2 per pung of
# terminals or honours (the minipoints of concealed pungs are 4 per unit, EMA 4.1.1);
# doubles are pairs of identical chows (EMA 4.2.1 iipeikou, 4.2.3 ryanpeikou); triples
# are chows held three times (Aalto isshokusanjun); plain groups hold no terminal or
# honour (EMA 4.2.1 chanta, 4.2.2 junchan need none).
PUNG_WEIGHT, DOUBLES, TRIPLES, PLAIN = (i * TALLY_FIELD for i in range(4))

# Thirteen Orphans: one of each terminal and honour (EMA 4.2.5).
_ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

# The tally of one group alone (doubles and triples come from how often a chow repeats):
# chows 1-2-3 and 7-8-9 hold a terminal; pungs of terminals and honours weigh 2.
GROUP_TALLY = tuple(
    (0 if g % 9 in (0, 6) else 1 << PLAIN)
    if g < PUNG
    else ((2 << PUNG_WEIGHT) if IS_ORPHAN[g - PUNG] else (1 << PUNG_WEIGHT) + (1 << PLAIN))
    for g in range(2 * PUNG)
)


def group_features(groups: tuple[int, ...]) -> tuple[int, int]:
    """(bits, tally) of a tuple of groups (see SortedSplit)."""
    bits = tally = 0
    for g in groups:
        bits |= 1 << g
        tally += GROUP_TALLY[g]
    if len(groups) > len(set(groups)):  # identical chows (pungs never repeat)
        for g in set(groups):
            n = groups.count(g)
            tally += (n // 2 << DOUBLES) + ((n >= 3) << TRIPLES)
    return bits, tally


def is_pung(group: int) -> bool:
    return group >= PUNG


def group_tile(group: int) -> int:
    """The kind of a pung's tiles, or the lowest kind of a chow."""
    return group - PUNG if group >= PUNG else group


# A suit's nine counts as one int, ``int.from_bytes(count bytes, "little")``: kind i of
# the suit is the byte at bit 8 * i.  Taking a set out is then one subtraction, and the
# int is a cheap key for the memo of the search below.
_BYTE = 8
_CHOW = 1 + (1 << _BYTE) + (1 << 2 * _BYTE)  # one each of three consecutive kinds
_NO_TILES: tuple[Decomposition, ...] = ((-1, ()),)  # an empty suit: nothing in it


def _suit(
    state: int, offset: int, memo: dict[int, tuple[Decomposition, ...]]
) -> tuple[Decomposition, ...]:
    """All ``(pair or -1, groups)`` splits of one suit (see _BYTE for ``state``).

    The lowest remaining tile must be used by a pung, a chow starting at it, or the pair;
    trying these three in turn lists each split exactly once.  ``memo`` holds the answers
    for this suit (``offset`` is its first tile kind), sub-states included.
    """
    if not state:
        return _NO_TILES
    known = memo.get(state)
    if known is not None:
        return known
    first = ((state & -state).bit_length() - 1) // _BYTE  # the lowest kind held
    unit = 1 << (first * _BYTE)  # one tile of that kind
    rest = state >> (first * _BYTE)  # the counts from that kind on
    n = rest & 0xFF
    kind = offset + first
    out: list[Decomposition] = []
    if n >= 3:
        pung = PUNG + kind
        out += [(pair, (pung, *groups)) for pair, groups in _suit(state - 3 * unit, offset, memo)]
    if first <= 6 and (rest >> _BYTE) & 0xFF and (rest >> 2 * _BYTE) & 0xFF:
        out += [
            (pair, (kind, *groups)) for pair, groups in _suit(state - _CHOW * unit, offset, memo)
        ]
    if n >= 2:
        out += [
            (kind, groups) for pair, groups in _suit(state - 2 * unit, offset, memo) if pair < 0
        ]
    memo[state] = answer = tuple(out)
    return answer


_BITS = tuple(1 << k for k in range(34))  # bit k: kind k (as in a mask)
_SUIT_MEMOS: tuple[dict[int, tuple[Decomposition, ...]], ...] = ({}, {}, {})


@cache
def _honours(counts: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """(pair or -1, pungs) of the seven honour counts, None if they make no sets."""
    pair = -1
    groups: list[int] = []
    for i, n in enumerate(counts):
        if n == 3:
            groups.append(PUNG + 27 + i)
        elif n == 2 and pair < 0:
            pair = 27 + i
        elif n:
            return None
    return pair, tuple(groups)


# The concealed tiles are read in four parts: characters, circles, bamboo and honours
# (first kind, end).  Each part's answers are cached by its tiles as sorted bytes (one
# byte per tile, its kind): sorting the hand and cutting it at the suit boundaries is a
# few C calls, where counting the tiles one by one in Python would cost more than the
# look-ups.  An entry holds the part's counts, the bit mask of its kinds, its splits and
# a code of what they are (see _entry).
_PARTS = ((0, 9), (9, 18), (18, 27), (27, 34))
_Entry = tuple[tuple[int, ...], int, tuple[SortedSplit, ...], int]
_ENTRIES: tuple[dict[bytes, _Entry], ...] = ({}, {}, {}, {})
# A decomposition with its bits and tally, as SortedSplit.
Reading = SortedSplit


# The code of an entry, chosen so that the sum of the four parts' codes tells read_tiles
# at once what the hand is: each part adds _HOLDS_PAIR if its splits hold the pair,
# _SEVERAL if it has more than one split, _NO_SPLIT if it has none.  A sum of exactly
# _HOLDS_PAIR: one split per part and one pair (the usual hand); below _NO_SPLIT and
# _HOLDS_PAIR modulo _SEVERAL: one pair, several splits somewhere; anything else (no
# pair, two pairs, a part without splits): not a standard hand.  Four parts never add
# up _SEVERAL from the pair bits alone (at most 4 < 8), nor _NO_SPLIT from _SEVERAL bits
# (at most 32 < 64), so the sum cannot be misread.
_HOLDS_PAIR = 1
_SEVERAL = 8
_NO_SPLIT = 64
# A part holding five copies of a kind (never a hand: EMA 1) adds _FIFTH, beyond any sum
# of the others (at most 4 * 64 + 32 + 4): the usual hand needs no count of copies.
_FIFTH = 512


# One tile of kind k in its part's state (see _BYTE): byte k - first of the part.
_UNITS = tuple(1 << _BYTE * (k - _PARTS[min(k // 9, 3)][0]) for k in range(34))


def _entry(index: int, tiles: bytes) -> _Entry:
    """Work out (and cache) the entry of part ``index`` holding the sorted ``tiles``:
    (counts, mask, splits, code: see _HOLDS_PAIR).

    This runs once for each new part (a few thousand in a long run), so it is kept cheap
    too.  The three suits split alike: when another suit has held the same tiles, its
    entry moved by the difference of the suits' first kinds is this one, which costs less
    than searching again.  Otherwise one pass over the tiles makes the state and the mask,
    the counts come from the state's bytes."""
    if index < 3:
        for other in range(3):
            if other != index:
                delta = 9 * (other - index)
                known = _ENTRIES[other].get(tiles.translate(_MOVES[delta]))
                if known is not None:
                    entry = _ENTRIES[index][tiles] = _moved(known, -delta)
                    return entry
    first, end = _PARTS[index]
    state = mask = 0
    for kind in tiles:
        state += _UNITS[kind]
        mask |= _BITS[kind]
    counts = tuple(state.to_bytes(end - first, "little"))
    splits: tuple[SortedSplit, ...]
    size = len(tiles) % 3
    if size == 1:
        splits = ()  # 3n + 1 tiles are never sets, nor sets and the pair
    else:
        if index < 3:
            plain = _suit(state, first, _SUIT_MEMOS[index])
        else:
            honours = _honours(counts)
            plain = () if honours is None else (honours,)
        splits = tuple((pair, groups, *group_features(groups)) for pair, groups in plain)
    # The tile count fixes whether the splits hold the pair: 3n + 2 tiles.
    code = _HOLDS_PAIR if size == 2 else 0
    if not splits:
        code += _NO_SPLIT
    elif len(splits) > 1:
        code += _SEVERAL
    if max(counts) > 4:
        code += _FIFTH
    entry = (counts, mask, splits, code)
    _ENTRIES[index][tiles] = entry
    return entry


# Byte tables that move suited kinds by -18, -9, 9 or 18 (only suited tiles are moved).
_MOVES = {
    delta: bytes((k + delta) % 256 if k < 27 else k for k in range(256))
    for delta in (-18, -9, 9, 18)
}


def _moved(entry: _Entry, delta: int) -> _Entry:
    """A suit's entry for the same tiles ``delta`` kinds further on (another suit)."""
    counts, mask, splits, code = entry
    splits = tuple(
        (
            pair + delta if pair >= 0 else -1,
            tuple(g + delta for g in groups),
            _shift(bits, delta),
            t,
        )
        for pair, groups, bits, t in splits
    )
    return counts, _shift(mask, delta), splits, code


def _shift(bits: int, delta: int) -> int:
    """Bit k of ``bits`` moved to bit k + delta."""
    return bits << delta if delta > 0 else bits >> -delta


def read_tiles(kinds: tuple[int, ...]) -> tuple[list[int], int, list[Reading]]:
    """The counts (34), the kinds present (bit k for kind k) and the decompositions of
    the concealed tiles ``kinds``, each with its bits and tally (see SortedSplit; the
    same decompositions, in the same order, as ``standard``)."""
    counts, mask, readings, _fifth = read_sorted(bytes(sorted(kinds)))
    return counts, mask, readings


def read_sorted(tiles: bytes) -> tuple[list[int], int, list[Reading], bool]:
    """``read_tiles`` of the concealed tiles sorted by kind, one byte per tile (as
    tiles.sorted_tiles gives them), and whether they hold five copies of a kind."""
    i = bisect_left(tiles, 9)
    j = bisect_left(tiles, 18, i)
    k = bisect_left(tiles, 27, j)
    man_entries, pin_entries, sou_entries, honour_entries = _ENTRIES
    # An entry is a non-empty tuple, so "or" only works one out on a cache miss.
    man = man_entries.get(tiles[:i]) or _entry(0, tiles[:i])
    pin = pin_entries.get(tiles[i:j]) or _entry(1, tiles[i:j])
    sou = sou_entries.get(tiles[j:k]) or _entry(2, tiles[j:k])
    honours = honour_entries.get(tiles[k:]) or _entry(3, tiles[k:])
    counts = [*man[0], *pin[0], *sou[0], *honours[0]]
    mask = man[1] | pin[1] | sou[1] | honours[1]
    # A decomposition takes one split of each part, and exactly one part holds the pair.
    code = man[3] + pin[3] + sou[3] + honours[3]
    if code == _HOLDS_PAIR:
        # The usual case, one split per part (the honours never have more): _reading
        # written out, as this runs for nearly every hand.
        a, b, c, h = man[2][0], pin[2][0], sou[2][0], honours[2][0]
        reading = (
            # The parts without the pair say -1: the sum of the four is the pair - 3.
            a[0] + b[0] + c[0] + h[0] + 3,
            a[1] + b[1] + c[1] + h[1],
            a[2] + b[2] + c[2] + h[2],
            a[3] + b[3] + c[3] + h[3],
        )
        return counts, mask, [reading], False
    if code >= _NO_SPLIT or code % _SEVERAL != _HOLDS_PAIR:
        return counts, mask, [], code >= _FIFTH
    splits = product(man[2], pin[2], sou[2], honours[2])
    return counts, mask, [_reading(a, b, c, h) for a, b, c, h in splits], False


def _reading(a: SortedSplit, b: SortedSplit, c: SortedSplit, h: SortedSplit) -> Reading:
    """The decomposition made of these splits of the four parts.  The parts without the
    pair say -1, so the largest is the pair."""
    return (
        max(a[0], b[0], c[0], h[0]),
        a[1] + b[1] + c[1] + h[1],
        a[2] + b[2] + c[2] + h[2],
        a[3] + b[3] + c[3] + h[3],
    )


def standard(counts: list[int]) -> list[Decomposition]:
    """Every split of the concealed ``counts`` into sets and exactly one pair.

    ``counts`` holds 2, 5, 8, 11 or 14 tiles (the rest of the hand is in melds).
    """
    kinds = tuple(k for k in range(34) for _ in range(counts[k]))
    return [(pair, groups) for pair, groups, _bits, _tally in read_tiles(kinds)[2]]


def is_seven_pairs(counts: list[int]) -> bool:
    """Seven different pairs in 14 tiles (EMA 4.2.2: two identical pairs are not allowed)."""
    return counts.count(2) == 7


def is_thirteen_orphans(counts: list[int]) -> bool:
    """One of each terminal and honour plus one more of them, in 14 tiles (EMA 4.2.5)."""
    return all(counts[k] for k in _ORPHAN_KINDS) and sum(counts[k] for k in _ORPHAN_KINDS) == 14
