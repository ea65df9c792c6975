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

# A decomposition of the concealed tiles: (the kind of the pair, the sets).
Decomposition = tuple[int, tuple[int, ...]]
# A split of one suit: (the kind of its pair or -1, its sets).
SortedSplit = tuple[int, tuple[int, ...]]
# A decomposition as the evaluation reads it (the same thing as a Decomposition).
Reading = Decomposition

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
# look-ups.  An entry holds the part's counts, its splits and whether they hold the pair.
_PARTS = ((0, 9), (9, 18), (18, 27), (27, 34))
_Entry = tuple[tuple[int, ...], tuple[SortedSplit, ...], bool]
_ENTRIES: tuple[dict[bytes, _Entry], ...] = ({}, {}, {}, {})

# One tile of kind k in its part's state (see _BYTE): byte k - first of the part.
_UNITS = tuple(1 << _BYTE * (k - _PARTS[min(k // 9, 3)][0]) for k in range(34))


def _entry(index: int, tiles: bytes) -> _Entry:
    """Work out (and cache) the entry of part ``index`` holding the sorted ``tiles``:
    (counts, splits, holds the pair).

    The three suits split alike: when another suit has held the same tiles, its entry
    moved by the difference of the suits' first kinds is this one, which costs less than
    searching again."""
    if index < 3:
        for other in range(3):
            if other != index:
                delta = 9 * (other - index)
                known = _ENTRIES[other].get(tiles.translate(_MOVES[delta]))
                if known is not None:
                    entry = _ENTRIES[index][tiles] = _moved(known, -delta)
                    return entry
    first, end = _PARTS[index]
    state = 0
    for kind in tiles:
        state += _UNITS[kind]
    counts = tuple(state.to_bytes(end - first, "little"))
    splits: tuple[SortedSplit, ...]
    # EMA 3.2: a part is sets (3n tiles) or sets and the pair (3n + 2 tiles); 3n + 1
    # tiles are neither.
    size = len(tiles) % 3
    if size == 1:
        splits = ()
    elif index < 3:
        splits = _suit(state, first, _SUIT_MEMOS[index])
    else:
        honours = _honours(counts)
        splits = () if honours is None else (honours,)
    entry = (counts, splits, size == 2)
    _ENTRIES[index][tiles] = entry
    return entry


# Byte tables that move suited kinds by -18, -9, 9 or 18 (only suited tiles are moved).
_MOVES = {
    delta: bytes((k + delta) % 256 if k < 27 else k for k in range(256))
    for delta in (-18, -9, 9, 18)
}


def _moved(entry: _Entry, delta: int) -> _Entry:
    """A suit's entry for the same tiles ``delta`` kinds further on (another suit)."""
    counts, splits, holds_pair = entry
    splits = tuple(
        (pair + delta if pair >= 0 else -1, tuple(g + delta for g in groups))
        for pair, groups in splits
    )
    return counts, splits, holds_pair


def read_tiles(kinds: tuple[int, ...]) -> tuple[list[int], list[Reading]]:
    """The counts (34) and the decompositions of the concealed tiles ``kinds`` (the same
    decompositions, in the same order, as ``standard``)."""
    return read_sorted(bytes(sorted(kinds)))


def read_sorted(tiles: bytes) -> tuple[list[int], list[Reading]]:
    """``read_tiles`` of the concealed tiles sorted by kind, one byte per tile (as
    tiles.sorted_tiles gives them)."""
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
    # EMA 3.2: four sets and a pair.  Exactly one part holds the pair and every part
    # splits; a decomposition takes one split of each part.
    if man[2] + pin[2] + sou[2] + honours[2] != 1:
        return counts, []
    if not (man[1] and pin[1] and sou[1] and honours[1]):
        return counts, []
    return counts, [
        # The parts without the pair say -1, so the largest is the pair.
        (max(a[0], b[0], c[0], h[0]), a[1] + b[1] + c[1] + h[1])
        for a, b, c, h in product(man[1], pin[1], sou[1], honours[1])
    ]


def standard(counts: list[int]) -> list[Decomposition]:
    """Every split of the concealed ``counts`` into sets and exactly one pair.

    ``counts`` holds 2, 5, 8, 11 or 14 tiles (the rest of the hand is in melds).
    """
    kinds = tuple(k for k in range(34) for _ in range(counts[k]))
    return read_tiles(kinds)[1]


def is_seven_pairs(counts: list[int]) -> bool:
    """Seven different pairs in 14 tiles (EMA 4.2.2: two identical pairs are not allowed)."""
    return counts.count(2) == 7


def is_thirteen_orphans(counts: list[int]) -> bool:
    """One of each terminal and honour plus one more of them, in 14 tiles (EMA 4.2.5)."""
    return all(counts[k] for k in _ORPHAN_KINDS) and sum(counts[k] for k in _ORPHAN_KINDS) == 14
