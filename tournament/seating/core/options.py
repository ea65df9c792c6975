"""Options objects of the seating core: what ``plan`` and ``swiss`` accept.

Each is a frozen dataclass built by ``from_mapping`` from plain data (the CLI's JSON, a Django
service's dict). Unknown keys are refused, so a misspelt option is an error and never silently
ignored (the Tabbycat draw generators do the same). Values are checked here once; the
algorithms then trust them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from .errors import SeatingError

Table = list[int]
Round = list[Table]

# Limits of the input, checked before any work so that an absurd case is refused at once
# instead of running for hours or exhausting memory (a typo of 20000 players once did).
# The largest riichi events seat a few hundred players (WRC about 300-400); 2000 leaves room
# for any event and keeps the search's pair table (players x players counts) near 4 million.
MAX_PLAYERS = 2000
# EMA events play 4 to about 12 hanchan, long leagues a few dozen; 40 keeps a plan's search
# (proportional to players x rounds) within a minute.
MAX_ROUNDS = 40
# Physical tables: one per four players, plus spare tables an organiser may name.
MAX_TABLES = MAX_PLAYERS // 4 * 2
# Seeds feed random.Random; a 64-bit range is more than enough and keeps them storable.
MAX_SEED = 2**63 - 1
# A time limit longer than an hour is no limit an organiser waits for.
MAX_TIME_LIMIT = 3600.0


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "..."


def _int(
    data: Mapping[str, Any],
    key: str,
    default: int | None = None,
    low: int | None = None,
    high: int | None = None,
) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeatingError(
            "invalid_input", detail=f"'{key}' must be a whole number, got {_shown(value)}"
        )
    if high is not None and value > high:
        raise SeatingError(
            "invalid_input", detail=f"'{key}' must be at most {high}, got {_shown(value)}"
        )
    if low is not None and value < low:
        raise SeatingError(
            "invalid_input", detail=f"'{key}' must be at least {low}, got {_shown(value)}"
        )
    return value


def _optional_int(data: Mapping[str, Any], key: str, high: int | None = None) -> int | None:
    if data.get(key) is None:
        return None
    return _int(data, key, high=high)


def _check_known(cls: type, data: Mapping[str, Any]) -> None:
    if not isinstance(data, Mapping):
        raise SeatingError("invalid_input", detail="the input must be a JSON object")
    known = sorted(f.name for f in fields(cls))
    for key in data:
        if key not in known:
            raise SeatingError("unknown_option", option=key, known=", ".join(known))


def _players_count(data: Mapping[str, Any]) -> int:
    players = _int(data, "players", high=MAX_PLAYERS)
    if players < 4:
        raise SeatingError("too_few_players", players=players)
    return players


def _history(data: Mapping[str, Any], players: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    raw = data.get("history") or []
    if not isinstance(raw, list):
        raise SeatingError("invalid_input", detail="'history' must be a list of rounds")
    if len(raw) > MAX_ROUNDS:
        raise SeatingError(
            "invalid_input", detail=f"'history' may hold at most {MAX_ROUNDS} rounds"
        )
    rounds = []
    for r, rnd in enumerate(raw):
        if not isinstance(rnd, list) or not all(isinstance(t, list) for t in rnd):
            raise SeatingError("bad_history", round=r + 1, detail="a round is a list of tables")
        if len(rnd) > MAX_TABLES:
            raise SeatingError("bad_history", round=r + 1, detail=f"more than {MAX_TABLES} tables")
        seen: set[int] = set()
        tables = []
        for t, table in enumerate(rnd):
            if len(table) not in (0, 4):
                raise SeatingError(
                    "bad_history", round=r + 1, detail=f"table {t} has {len(table)} players"
                )
            for p in table:
                if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < players:
                    raise SeatingError(
                        "bad_history", round=r + 1, detail=f"unknown player {p!r} at table {t}"
                    )
                if p in seen:
                    raise SeatingError(
                        "bad_history", round=r + 1, detail=f"player {p} is seated twice"
                    )
                seen.add(p)
            tables.append(tuple(table))
        rounds.append(tuple(tables))
    return tuple(rounds)


def _active(data: Mapping[str, Any], players: int, byes: bool = False) -> tuple[int, ...]:
    """The active players; with ``byes`` (re-planning mid-event) their number need not be a
    multiple of four: the few left over sit out each round (see ``planner``)."""
    raw = data.get("active")
    if raw is None:
        return tuple(range(players))
    if not isinstance(raw, list):
        raise SeatingError("invalid_input", detail="'active' must be a list of player numbers")
    for p in raw:
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < players:
            raise SeatingError(
                "invalid_input", detail=f"active player {p!r} is not 0..{players - 1}"
            )
    if len(set(raw)) != len(raw):
        raise SeatingError("invalid_input", detail="'active' names a player twice")
    if len(raw) < 4:
        raise SeatingError("too_few_players", players=len(raw))
    if len(raw) % 4 and not byes:
        raise SeatingError("players_not_multiple_of_four", players=len(raw))
    return tuple(sorted(raw))


def _fixed(data: Mapping[str, Any], active: tuple[int, ...]) -> dict[int, int]:
    raw = data.get("fixed") or {}
    if not isinstance(raw, Mapping):
        raise SeatingError("invalid_input", detail="'fixed' maps a player number to a table")
    fixed: dict[int, int] = {}
    active_set = set(active)
    for key, table in raw.items():
        try:
            player = int(key)
        except (TypeError, ValueError):
            raise SeatingError("invalid_input", detail=f"fixed: {key!r} is no player") from None
        if isinstance(table, bool) or not isinstance(table, int):
            raise SeatingError("invalid_input", detail=f"fixed: table of {player} must be a number")
        if player not in active_set:
            raise SeatingError("fixed_player_unknown", player=player)
        fixed[player] = table
    return fixed


def _apart(
    data: Mapping[str, Any], players: int, key: str = "apart"
) -> tuple[tuple[int, ...], ...]:
    """Groups of players (team-mates) never to be seated at one table in the new rounds.

    Each group holds 2 or more player numbers, and a player is in one group at most. Whether
    the groups can be kept apart at all is for ``plan`` and ``swiss`` to say
    (``apart_impossible``): it depends on the tables of each round and on the search.
    ``apart_soft`` groups have the same form: kept apart where the search can, else with the
    fewest pairs at one table, never refused (the organiser's requests: family, a club).
    """
    raw = data.get(key)
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise SeatingError(
            "invalid_input", detail=f"'{key}' must be a list of groups of player numbers"
        )
    if len(raw) > players // 2:
        raise SeatingError(
            "invalid_input", detail=f"'{key}' holds {len(raw)} groups; at most {players // 2}"
        )
    owner: dict[int, int] = {}
    groups = []
    for g, group in enumerate(raw):
        if not isinstance(group, list):
            raise SeatingError(
                "invalid_input", detail=f"{key} group {g} must be a list of player numbers"
            )
        if len(group) < 2:
            raise SeatingError(
                "invalid_input", detail=f"{key} group {g} must hold at least 2 players"
            )
        for p in group:
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < players:
                raise SeatingError(
                    "invalid_input",
                    detail=f"{key} group {g}: {_shown(p)} is not a player 0..{players - 1}",
                )
            if p in owner:
                where = "twice" if owner[p] == g else f"also in {key} group {owner[p]}"
                raise SeatingError(
                    "invalid_input", detail=f"{key} group {g}: player {p} is listed {where}"
                )
            owner[p] = g
        groups.append(tuple(group))
    return tuple(groups)


def _both_apart(
    data: Mapping[str, Any], players: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The hard and the soft ``apart`` groups; a player is in one group of either at most
    (the search knows one group per player)."""
    hard = _apart(data, players)
    soft = _apart(data, players, "apart_soft")
    owner = {p: g for g, group in enumerate(hard) for p in group}
    for g, group in enumerate(soft):
        for p in group:
            if p in owner:
                raise SeatingError(
                    "invalid_input",
                    detail=f"apart_soft group {g}: player {p} is also in apart group {owner[p]}",
                )
    return hard, soft


def _tables(
    data: Mapping[str, Any],
    active: tuple[int, ...],
    fixed: dict[int, int],
    history: tuple[tuple[tuple[int, ...], ...], ...],
) -> int:
    needed = len(active) // 4
    given = _optional_int(data, "tables", high=MAX_TABLES)
    tables = needed if given is None else given
    if tables < needed:
        raise SeatingError("not_enough_tables", players=len(active), needed=needed, tables=tables)
    # Physical tables already used in the history stay addressable.
    tables = max([tables] + [len(rnd) for rnd in history])
    counts: dict[int, int] = {}
    for player, table in fixed.items():
        if not 0 <= table < tables:
            raise SeatingError(
                "fixed_table_out_of_range", player=player, table=table, last=tables - 1
            )
        counts[table] = counts.get(table, 0) + 1
    for table, count in counts.items():
        if count > 4:
            raise SeatingError("fixed_table_overfull", table=table, count=count)
    return tables


def _time_limit(data: Mapping[str, Any]) -> float | None:
    value = data.get("time_limit")
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not 0 < value <= MAX_TIME_LIMIT  # also refuses NaN and infinity
    ):
        raise SeatingError(
            "invalid_input",
            detail=f"'time_limit' must be a number of seconds above 0 and at most "
            f"{MAX_TIME_LIMIT:g}",
        )
    return float(value)


@dataclass(frozen=True)
class PlanOptions:
    """A whole tournament's seating, or the re-planning of its remaining rounds.

    ``history`` holds rounds already played (kept as they are); ``active`` the players seated
    in the remaining rounds (all by default); ``fixed`` maps a player to the physical table
    they must always use (accessibility). ``time_limit`` caps the search in seconds: without
    it the search is bounded by a step budget only, so the same seed gives the same plan on any
    machine; with it a slow machine may stop earlier. ``effort`` multiplies that budget.
    """

    players: int
    rounds: int
    seed: int = 0
    tables: int | None = None
    fixed: dict[int, int] = field(default_factory=dict)
    active: tuple[int, ...] = ()
    history: tuple[tuple[tuple[int, ...], ...], ...] = ()
    time_limit: float | None = None
    metrics: bool = False
    effort: int = 1
    apart: tuple[tuple[int, ...], ...] = ()
    apart_soft: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> PlanOptions:
        _check_known(cls, data)
        players = _players_count(data)
        rounds = _int(data, "rounds", high=MAX_ROUNDS)
        if rounds < 1:
            raise SeatingError("too_few_rounds", rounds=rounds)
        history = _history(data, players)
        if len(history) > rounds:
            raise SeatingError("history_too_long", played=len(history), rounds=rounds)
        # A fresh plan needs a multiple of four (the organiser adds reserves); re-planning
        # after played rounds seats a field that withdrawals or late entries left uneven,
        # with byes as EMA events give them.
        byes = bool(history)
        if data.get("active") is None and players % 4 and not byes:
            raise SeatingError("players_not_multiple_of_four", players=players)
        active = _active(data, players, byes)
        fixed = _fixed(data, active)
        tables = _tables(data, active, fixed, history)
        apart, apart_soft = _both_apart(data, players)
        return cls(
            players=players,
            rounds=rounds,
            seed=_int(data, "seed", 0, low=-MAX_SEED, high=MAX_SEED),
            tables=tables,
            fixed=fixed,
            active=active,
            history=history,
            time_limit=_time_limit(data),
            metrics=bool(data.get("metrics", False)),
            effort=_effort(data),
            apart=apart,
            apart_soft=apart_soft,
        )


def _effort(data: Mapping[str, Any]) -> int:
    effort = _int(data, "effort", 1)
    if not 1 <= effort <= 100:
        raise SeatingError("invalid_input", detail="'effort' must be a whole number from 1 to 100")
    return effort


@dataclass(frozen=True)
class SwissOptions:
    """The next round seated by standings (best first), given the rounds already played;
    ``apart`` as for :class:`PlanOptions`."""

    players: int
    standings: tuple[int, ...]
    history: tuple[tuple[tuple[int, ...], ...], ...] = ()
    seed: int = 0
    tables: int | None = None
    fixed: dict[int, int] = field(default_factory=dict)
    time_limit: float | None = None
    metrics: bool = False
    apart: tuple[tuple[int, ...], ...] = ()
    apart_soft: tuple[tuple[int, ...], ...] = ()
    # The event's rounds in all (played, this one and those to come), when the caller knows
    # them: the winds then look ahead so that every player ends within 1 on each wind.
    rounds: int | None = None

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> SwissOptions:
        _check_known(cls, data)
        players = _players_count(data)
        raw = data.get("standings")
        if not isinstance(raw, list):
            raise SeatingError("bad_standings", detail="a list of player numbers, best first")
        for p in raw:
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < players:
                raise SeatingError(
                    "bad_standings", detail=f"{p!r} is not a player 0..{players - 1}"
                )
        if len(set(raw)) != len(raw):
            raise SeatingError("bad_standings", detail="a player is listed twice")
        if len(raw) % 4:
            raise SeatingError("players_not_multiple_of_four", players=len(raw))
        if len(raw) < 4:
            raise SeatingError("too_few_players", players=len(raw))
        # Players missing from the standings (withdrawn) are simply not seated.
        active = tuple(sorted(raw))
        history = _history(data, players)
        rounds = _optional_int(data, "rounds", high=MAX_ROUNDS)
        if rounds is not None and rounds <= len(history):
            raise SeatingError(
                "invalid_input",
                detail=f"'rounds' counts the event's rounds in all, so at least "
                f"{len(history) + 1} ({len(history)} in 'history' and this one), got {rounds}",
            )
        fixed = _fixed(data, active)
        tables = _tables(data, active, fixed, history)
        apart, apart_soft = _both_apart(data, players)
        return cls(
            players=players,
            standings=tuple(raw),
            history=history,
            seed=_int(data, "seed", 0, low=-MAX_SEED, high=MAX_SEED),
            tables=tables,
            fixed=fixed,
            time_limit=_time_limit(data),
            metrics=bool(data.get("metrics", False)),
            apart=apart,
            apart_soft=apart_soft,
            rounds=rounds,
        )
