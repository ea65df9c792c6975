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

PUNG = 34

Decomposition = tuple[int, tuple[int, ...]]
# A split of one suit: (pair or -1, groups, chows, pungs), the groups also sorted into
# chows and pungs, which the yaku and the minipoints look at for every reading.
SortedSplit = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]

# Thirteen Orphans: one of each terminal and honour (EMA 4.2.5).
_ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


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
_NO_TILES: tuple[SortedSplit, ...] = ((-1, (), (), ()),)  # an empty suit: nothing in it


def _suit(
    state: int, offset: int, memo: dict[int, tuple[SortedSplit, ...]]
) -> tuple[SortedSplit, ...]:
    """All ``(pair or -1, groups, chows, pungs)`` splits of one suit (see _BYTE for
    ``state``).

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
    out: list[SortedSplit] = []
    if n >= 3:
        pung = PUNG + kind
        for pair, groups, chows, pungs in _suit(state - 3 * unit, offset, memo):
            out.append((pair, (pung, *groups), chows, (pung, *pungs)))
    if first <= 6 and (rest >> _BYTE) & 0xFF and (rest >> 2 * _BYTE) & 0xFF:
        for pair, groups, chows, pungs in _suit(state - _CHOW * unit, offset, memo):
            out.append((pair, (kind, *groups), (kind, *chows), pungs))
    if n >= 2:
        for pair, groups, chows, pungs in _suit(state - 2 * unit, offset, memo):
            if pair < 0:
                out.append((kind, groups, chows, pungs))
    memo[state] = answer = tuple(out)
    return answer


_BITS = tuple(1 << k for k in range(34))  # bit k: kind k (as in a mask)
_SUIT_MEMOS: tuple[dict[int, tuple[SortedSplit, ...]], ...] = ({}, {}, {})


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
# a code of what they are (see _entry), and the largest count of one kind.
_PARTS = ((0, 9), (9, 18), (18, 27), (27, 34))
_Entry = tuple[tuple[int, ...], int, tuple[SortedSplit, ...], int, int]
_ENTRIES: tuple[dict[bytes, _Entry], ...] = ({}, {}, {}, {})
# A decomposition with its chows and pungs apart, as SortedSplit.
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


def _entry(index: int, tiles: bytes) -> _Entry:
    """Work out (and cache) the entry of part ``index`` holding the sorted ``tiles``:
    (counts, mask, splits, code: see _HOLDS_PAIR, most copies of one kind)."""
    first, end = _PARTS[index]
    counts = list(map(tiles.count, range(first, end)))
    mask = sum(map(_BITS.__getitem__, set(tiles)))
    splits: tuple[SortedSplit, ...]
    if index < 3:
        splits = _suit(int.from_bytes(bytes(counts), "little"), first, _SUIT_MEMOS[index])
    else:
        honours = _honours(tuple(counts))
        splits = () if honours is None else ((*honours, (), honours[1]),)
    # The tile count fixes whether the splits hold the pair: 3n + 2 tiles (3n + 1 tiles
    # have no splits at all).
    code = _HOLDS_PAIR if len(tiles) % 3 == 2 else 0
    if not splits:
        code += _NO_SPLIT
    elif len(splits) > 1:
        code += _SEVERAL
    entry = (tuple(counts), mask, splits, code, max(counts))
    _ENTRIES[index][tiles] = entry
    return entry


def read_tiles(kinds: tuple[int, ...]) -> tuple[list[int], int, list[Reading]]:
    """The counts (34), the kinds present (bit k for kind k) and the decompositions of
    the concealed tiles ``kinds``, each with its chows and pungs apart (see SortedSplit;
    the same decompositions, in the same order, as ``standard``)."""
    counts, mask, readings, _most = read_sorted(bytes(sorted(kinds)))
    return counts, mask, readings


def read_sorted(tiles: bytes) -> tuple[list[int], int, list[Reading], int]:
    """``read_tiles`` of the concealed tiles sorted by kind, one byte per tile (as
    tiles.sorted_tiles gives them), and the most copies of one kind among them (more
    than four is a fifth copy)."""
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
    most = max(man[4], pin[4], sou[4], honours[4])
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
            a[2] + b[2] + c[2],
            a[3] + b[3] + c[3] + h[3],
        )
        return counts, mask, [reading], most
    if code >= _NO_SPLIT or code % _SEVERAL != _HOLDS_PAIR:
        return counts, mask, [], most
    splits = product(man[2], pin[2], sou[2], honours[2])
    return counts, mask, [_reading(a, b, c, h) for a, b, c, h in splits], most


def _reading(a: SortedSplit, b: SortedSplit, c: SortedSplit, h: SortedSplit) -> Reading:
    """The decomposition made of these splits of the four parts.  The parts without the
    pair say -1, so the largest is the pair; the honours have no chows."""
    return (
        max(a[0], b[0], c[0], h[0]),
        a[1] + b[1] + c[1] + h[1],
        a[2] + b[2] + c[2],
        a[3] + b[3] + c[3] + h[3],
    )


def standard(counts: list[int]) -> list[Decomposition]:
    """Every split of the concealed ``counts`` into sets and exactly one pair.

    ``counts`` holds 2, 5, 8, 11 or 14 tiles (the rest of the hand is in melds).
    """
    kinds = tuple(k for k in range(34) for _ in range(counts[k]))
    return [(pair, groups) for pair, groups, _c, _p in read_tiles(kinds)[2]]


def is_seven_pairs(counts: list[int]) -> bool:
    """Seven different pairs in 14 tiles (EMA 4.2.2: two identical pairs are not allowed)."""
    return counts.count(2) == 7


def is_thirteen_orphans(counts: list[int]) -> bool:
    """One of each terminal and honour plus one more of them, in 14 tiles (EMA 4.2.5)."""
    return all(counts[k] for k in _ORPHAN_KINDS) and sum(counts[k] for k in _ORPHAN_KINDS) == 14
