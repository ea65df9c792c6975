"""Schedules found offline and shipped as data: base rounds of the cyclic
construction (``designs._develop``) for fields whose live search does not close.

``data/base_rounds.json`` maps a player count to a list of ``{"m", "k", "f", "base"}`` (by
m): players are
Z_m x {0..k-1} (numbered a*m + i) plus f fixed players (numbered k*m + j), and the m
translates of ``base`` are m rounds in which no pair meets twice. They were found by
``scripts/seating_base_rounds.py`` (its own search, no published schedule copied); a test
checks every one against the targets.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from .designs import Schedule, _develop

DATA_FILE = Path(__file__).with_name("data") / "base_rounds.json"


@lru_cache(maxsize=1)
def _base_rounds() -> dict[int, list[dict[str, Any]]]:
    if not DATA_FILE.exists():
        return {}
    return {int(n): entry for n, entry in json.loads(DATA_FILE.read_text()).items()}


def shipped_schedule(players: int, rounds: int) -> Schedule | None:
    """``rounds`` repeat-free rounds for ``players`` from the shipped data, or None."""
    for entry in _base_rounds().get(players, []):
        # The shortest cycle that is long enough: fewer translates, the same quality.
        if rounds <= entry["m"]:
            return _develop(entry["base"], entry["m"], entry["k"], rounds)
    return None
