"""Checks shared by the seating tests: the structural rules every answer must obey."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def assert_everyone_once(rounds: Sequence[Sequence[Sequence[int]]], players: Iterable[int]) -> None:
    expected = sorted(players)
    for r, rnd in enumerate(rounds):
        seated = sorted(p for table in rnd for p in table)
        assert seated == expected, f"round {r}: not every player exactly once"
        assert all(len(table) in (0, 4) for table in rnd), f"round {r}: a table not of four"


def tables_of(rounds: Sequence[Sequence[Sequence[int]]], player: int) -> list[int]:
    return [t for rnd in rounds for t, table in enumerate(rnd) if player in table]
