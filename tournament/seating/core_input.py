"""The seating core's input from the tournament's rows, and the core's errors in words.

The seating core (``tournament/seating/core/``) knows players and tables only as indices. This
module maps them: the players are everybody seated in a played session plus the field to
seat now (``registration_selectors.players_to_seat``), ordered by primary key; the tables are the
tournament's physical tables ordered by number. A *locked* session (started, finished, or
with a score sheet) is history: it is never rewritten, and the core avoids repeating its
meetings and tables in the sessions it seats.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext

from tournament import asked_above
from tournament.errors import ServiceError
from tournament.models import (
    Player,
    Registration,
    Seat,
    SeatingJob,
    Session,
    Table,
    Tournament,
)
from tournament.registration import selectors as registration_selectors
from tournament.registration.teams import apart_groups
from tournament.seating.apart import soft_groups
from tournament.seating.asked_above import staged_sessions, standings_order
from tournament.seating.core import PlanOptions, SeatingError, SwissOptions
from tournament.seating.core.errors import MESSAGES
from tournament.seating.locks import sessions_with_locks


def disqualified_player_ids(tournament: Tournament) -> set[int]:
    """Players with a standing disqualification (the referee desk): never seated again."""
    return set(asked_above.disqualified(tournament))


# --- rows -> the core's input ------------------------------------------------------------


@dataclass
class SeatingInput:
    """The core's input for one generation and what its indices stand for."""

    method: str
    options: dict
    players: list[Player]  # index -> player
    tables: list[Table]  # index -> physical table
    history: list[Session]  # locked sessions, rounds of ``options["history"]``
    targets: list[Session]  # the sessions to seat, in order
    fixed: dict[int, int] = field(default_factory=dict)  # player index -> table index
    # The seating the targets have now, in the core's indices (None: some target is not
    # seated): re-planning starts from it (core/replan.py).
    start: list[list[list[int]]] | None = None


def _history_rounds(
    sessions: list[Session], tables: list[Table], index: dict[int, int]
) -> list[list[list[int]]]:
    position = {t.pk: i for i, t in enumerate(tables)}
    seats = Seat.objects.filter(session__in=sessions).values_list(
        "session_id", "table_id", "wind", "player_id"
    )
    by_session: dict[int, dict[int, dict[int, int]]] = defaultdict(lambda: defaultdict(dict))
    for session_id, table_id, wind, player_id in seats:
        by_session[session_id][table_id][wind] = player_id
    names = {t.pk: str(t) for t in tables}
    rounds = []
    for session in sessions:
        rnd: list[list[int]] = [[] for _ in tables]
        for table_id, winds in by_session[session.pk].items():
            if len(winds) != 4:
                raise ServiceError(
                    gettext(
                        "Session {number}, {value}: {value2} player(s) seated. "
                        "A played session needs four at every table it uses; "
                        "complete that table (a substitute) before seating the "
                        "rest."
                    ).format(number=session.number, value=names[table_id], value2=len(winds))
                )
            rnd[position[table_id]] = [index[winds[w]] for w in range(4)]
        rounds.append(rnd)
    return rounds


def seating_input(tournament: Tournament, *, method: str, seed: int) -> SeatingInput:
    """Read the tournament into the core's input; a ServiceError says what is missing."""
    # Championship stages seat their own sessions from their qualifiers.
    staged = staged_sessions(tournament)
    sessions = [s for s in sessions_with_locks(tournament) if s.number not in staged]
    if not sessions:
        raise ServiceError(
            gettext("The tournament has no sessions: set their number in the settings.")
        )
    history = [s for s in sessions if s.lock]
    free = [s for s in sessions if not s.lock]
    if not free:
        raise ServiceError(
            gettext("Every session has started or has score sheets: no session is left to seat.")
        )
    targets = free if method == SeatingJob.Method.PLAN else free[:1]
    tables = list(tournament.tables.order_by("number"))
    if not tables:
        raise ServiceError(
            gettext("The tournament has no tables yet: add them on the tables page.")
        )

    banned = disqualified_player_ids(tournament)
    field_ids = [
        pk
        for pk in registration_selectors.players_to_seat(tournament).values_list("pk", flat=True)
        if pk not in banned
    ]
    if not field_ids:
        raise ServiceError(gettext("No player is checked in yet: check the players in first."))
    played_ids = set(Seat.objects.filter(session__in=history).values_list("player_id", flat=True))
    players = list(Player.objects.filter(pk__in=set(field_ids) | played_ids).order_by("pk"))
    index = {p.pk: i for i, p in enumerate(players)}
    table_index = {t.pk: i for i, t in enumerate(tables)}
    rounds = _history_rounds(history, tables, index)
    active = sorted(index[pk] for pk in field_ids)

    fixed: dict[int, int] = {}
    for player_id, table_id in Registration.objects.filter(
        tournament=tournament, player_id__in=field_ids, fixed_table__isnull=False
    ).values_list("player_id", "fixed_table_id"):
        fixed[index[player_id]] = table_index[table_id]

    common = {
        "players": len(players),
        "history": rounds,
        "seed": seed,
        "tables": len(tables),
        "fixed": {str(p): t for p, t in sorted(fixed.items())},
    }
    if tournament.team_size and tournament.teams_apart:
        # Team-mates never at one table: a hard constraint of the core. Only the
        # field's players: a withdrawn team-mate has no seat to keep apart.

        groups = apart_groups(tournament, {pk: index[pk] for pk in field_ids})
        if groups:
            common["apart"] = groups
    # Players kept apart on request (seating/apart.py): where the seating can, else fewest.
    taken = [p for g in common.get("apart", []) for p in g]
    requested = soft_groups(tournament, index, field_ids, targets[0].number, taken)
    if requested:
        common["apart_soft"] = requested
    if method == SeatingJob.Method.PLAN:
        options = common | {"rounds": len(rounds) + len(targets), "active": active}
    else:
        # The event's rounds in all, so that the winds look ahead to the last session.
        options = common | {
            "standings": _standings_order(tournament, index, active),
            "rounds": len(rounds) + len(free),
        }
    return SeatingInput(
        method=method,
        options=options,
        players=players,
        tables=tables,
        history=history,
        targets=targets,
        fixed=fixed,
        start=_current_rounds(targets, tables, index) if history else None,
    )


def _current_rounds(
    sessions: list[Session], tables: list[Table], index: dict[int, int]
) -> list[list[list[int]]] | None:
    """The seats the sessions to seat have now, in the core's indices (a table's players in
    wind order, a short table where a seat is empty); None when one is not seated at all.
    Players outside the core's input (withdrawn before playing) are left out."""
    position = {t.pk: i for i, t in enumerate(tables)}
    by_session: dict[int, list[list[tuple[int, int]]]] = {
        s.pk: [[] for _ in tables] for s in sessions
    }
    for session_id, table_id, wind, player_id in Seat.objects.filter(
        session__in=sessions
    ).values_list("session_id", "table_id", "wind", "player_id"):
        if player_id in index and table_id in position:
            by_session[session_id][position[table_id]].append((wind, index[player_id]))
    rounds = []
    for session in sessions:
        rnd = [[p for _, p in sorted(table)] for table in by_session[session.pk]]
        if not any(rnd):
            return None
        rounds.append(rnd)
    return rounds


def _standings_order(tournament: Tournament, index: dict[int, int], active: list[int]) -> list:
    """The active players best first; those not in the standings yet (a late registration)
    come last, in index order."""
    wanted = set(active)
    order = []
    for player_id in standings_order(tournament):
        i = index.get(player_id)
        if i in wanted and i not in order:
            order.append(i)
    return order + [i for i in active if i not in set(order)]


def seating_error_message(error: SeatingError, inp: SeatingInput | None = None) -> str:
    """The core's message with its player and table indices replaced by names."""
    params = dict(error.params)
    if inp is not None:
        player = params.get("player")
        if isinstance(player, int) and 0 <= player < len(inp.players):
            params["player"] = str(inp.players[player])
        table = params.get("table")
        if isinstance(table, int) and 0 <= table < len(inp.tables):
            params["table"] = str(inp.tables[table])
        if error.code == "not_enough_tables":
            return (
                f"{params['players']} players need {params['needed']} tables, but the "
                f"tournament has {params['tables']}: add tables on the tables page."
            )
        if error.code == "apart_impossible":
            return _apart_message(params, inp)

    text = MESSAGES[error.code].format(**params)
    return "The seating cannot be made: " + text + "."


def _apart_message(params: dict, inp: SeatingInput) -> str:
    """The core's ``apart_impossible`` for the organiser: which team-mates, why (in names,
    not the core's player numbers), and what to do."""
    from django.utils.translation import gettext as _

    members = [
        p for p in params.get("players") or [] if isinstance(p, int) and 0 <= p < len(inp.players)
    ]
    names = ", ".join(str(inp.players[p]) for p in members) or _("a team")
    field = inp.options.get("active") or inp.options.get("standings") or []
    playing = [p for p in members if p in set(field)]
    tables = len(field) // 4
    pinned: dict[int, int] = {}
    reason = _("no seating was found that keeps them apart")
    if len(playing) > tables:
        reason = _("%(count)d of them play and a session has only %(tables)d tables") % {
            "count": len(playing),
            "tables": tables,
        }
    else:
        for p in playing:
            table = inp.fixed.get(p)
            if table is None:
                continue
            if table in pinned:
                reason = _("%(a)s and %(b)s are both fixed to %(table)s") % {
                    "a": inp.players[pinned[table]],
                    "b": inp.players[p],
                    "table": inp.tables[table],
                }
                break
            pinned[table] = p
    return _(
        "The seating cannot keep team-mates apart (%(players)s): %(reason)s. Add tables, make "
        "the team smaller, or turn off “keep team-mates apart” on the teams page; no seat was "
        "changed."
    ) % {"players": names, "reason": reason}


def _check_options(inp: SeatingInput) -> None:
    try:
        if inp.method == SeatingJob.Method.PLAN:
            PlanOptions.from_mapping(inp.options)
        else:
            SwissOptions.from_mapping(inp.options)
    except SeatingError as error:
        raise ServiceError(seating_error_message(error, inp)) from None
