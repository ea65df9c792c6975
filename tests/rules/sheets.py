"""Helpers shared by the score-sheet tests: players, sheet building, compact deltas."""

from __future__ import annotations

from typing import Any

from scoring.rules.sheet import evaluate_game

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]  # first seats East, South, West, North
ANN, BOB, CID, DEE = PLAYERS

# An exhaustive draw nobody is tenpai in: no payments, a counter, the deal rotates.
NOTEN_DRAW: dict[str, Any] = {"draw": {"tenpai": []}}


def game(hands: list[Any], ruleset: str = "ema2016", ended_by_time: bool = True, **extra: Any):
    request = {"ruleset": ruleset, "players": PLAYERS, "hands": hands}
    request["ended_by_time"] = ended_by_time
    request.update(extra)
    return evaluate_game(request)


def deltas(answer: dict[str, Any]) -> list[list[int]]:
    """Each hand's delta as [Ann, Bob, Cid, Dee]."""
    return [[entry["delta"][p] for p in PLAYERS] for entry in answer["log"]]


def states(answer: dict[str, Any]) -> list[tuple[str, int, int, str]]:
    """Each hand's (round, honba, riichi_on_table, dealer)."""
    return [(e["round"], e["honba"], e["riichi_on_table"], e["dealer"]) for e in answer["log"]]


def seats(mapping: dict[str, Any]) -> list[Any]:
    return [mapping[p] for p in PLAYERS]
