"""Errors of the seating core.

Two kinds, as in style.md: :class:`SeatingError` is something the organiser can fix (a player
count that is not a multiple of four, a fixed table that does not exist); it carries a stable
``code`` and the ``params`` a message needs, and the text is made at the edge (CLI, form).
A bug in the core is an ``AssertionError`` and is never turned into a user message.
"""

from __future__ import annotations

from typing import Any

# code -> English template; the CLI fills it with the error's params.
MESSAGES: dict[str, str] = {
    "invalid_input": "{detail}",
    "unknown_option": "unknown option '{option}'; known options are {known}",
    "players_not_multiple_of_four": (
        "{players} players cannot be seated at tables of four; "
        "add or remove players (reserves) until the count is a multiple of four"
    ),
    "too_few_players": "at least 4 players are needed, got {players}",
    "too_few_rounds": "the number of rounds must be at least 1, got {rounds}",
    "not_enough_tables": "{players} players need {needed} tables but only {tables} were given",
    "fixed_table_out_of_range": (
        "player {player} is fixed to table {table}, but tables are numbered 0 to {last}"
    ),
    "fixed_player_unknown": "player {player} is fixed to a table but is not an active player",
    "fixed_table_overfull": "{count} players are fixed to table {table}; a table seats four",
    "bad_history": "history round {round}: {detail}",
    "history_too_long": "{played} rounds were already played but the plan has only {rounds}",
    "bad_standings": "standings: {detail}",
    "apart_impossible": "apart group {group} {players} cannot be kept apart: {detail}",
}


class SeatingError(Exception):
    """A problem with the input that the organiser can fix."""

    def __init__(self, code: str, **params: Any) -> None:
        assert code in MESSAGES, f"unregistered seating error code {code!r}"
        self.code = code
        self.params = params
        super().__init__(self.message())

    def message(self) -> str:
        """The English sentence for this error (the CLI's ``error`` field)."""
        return MESSAGES[self.code].format(**self.params)
