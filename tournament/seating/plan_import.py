"""The organiser's own seating plan from a file ("Bring your own plan").

One row per table: session, table, then the player numbers at East, South, West and North
(a header line naming them is optional). The numbers stand for the field's players in an
order the organiser picks (:data:`ORDERS`). Every bad row is named with its line (the line
a spreadsheet program shows); only a file without one is used, like a generated plan
(:func:`seating_plan_import`).
"""

from __future__ import annotations

import datetime as dt
import random
from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from tournament.errors import ServiceError
from tournament.models import (
    Player,
    Registration,
    Seat,
    SeatingJob,
    Session,
    Tournament,
)
from tournament.registration import selectors as registration_selectors
from tournament.registration.importing import ImportFileError, read_table_lines
from tournament.seating.core_input import disqualified_player_ids
from tournament.seating.grid import quality_now
from tournament.seating.jobs import active_job
from tournament.seating.locks import sessions_with_locks
from web.cache import public_pages_changed

# How the file's numbers map to the players (1 = the first in that order).
ORDERS = {
    "registration": gettext_lazy("Registration order"),
    "seed": gettext_lazy("Drawn with the tournament's seating seed"),
    "name": gettext_lazy("Name (the player list's order)"),
    "ema": gettext_lazy("EMA number"),
}
HEADER_WORDS = ("session", "table", "e", "s", "w", "n", "east", "south", "west", "north")
MAX_NUMBER = 10_000  # far above any field: a bigger "number" is a wrong cell


@dataclass
class PlanFile:
    """A checked plan: session number -> table number -> four player numbers (E..N)."""

    sessions: dict[int, dict[int, list[int]]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def field_in_order(players: list[Player], order: str, seed: int) -> list[Player]:
    """The field's players in the order the file's numbers count them (number = index + 1)."""
    if order == "registration":
        return players  # the caller passes them by registration time
    if order == "seed":
        drawn = sorted(players, key=lambda p: p.pk)
        random.Random(seed).shuffle(drawn)
        return drawn
    if order == "name":
        return sorted(players, key=lambda p: (p.sort_name, p.pk))
    if order == "ema":
        return sorted(players, key=lambda p: (p.ema_number or "99999999", p.sort_name, p.pk))
    raise ValueError(order)


def registration_order(tournament: Tournament, ids: set[int]) -> list[Player]:
    regs = (
        Registration.objects.filter(tournament=tournament, player_id__in=ids)
        .select_related("player")
        .order_by("registered_at", "pk")
    )
    return [r.player for r in regs]


def _number(cell: str) -> int | None:
    text = cell.strip()
    if text.isdigit() and int(text) <= MAX_NUMBER:
        return int(text)
    return None


def read_plan(
    filename: str,
    data: bytes,
    *,
    players: int,
    tables: set[int],
    sessions: set[int],
) -> PlanFile:
    """Read and check the file: numbers 1..``players``, table numbers of the tournament,
    session numbers of the sessions that may still be seated; everyone exactly once in every
    session of the file. Raises ImportFileError for a file that cannot be read at all."""
    plan = PlanFile()
    errors = plan.errors
    lines: dict[int, dict[int, int]] = {}  # session -> table -> line
    where: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    first = True
    for line, cells in read_table_lines(filename, data):
        cells = [c.strip() for c in cells]
        if not any(cells):
            continue
        if first:
            first = False
            if cells[0].lower() in HEADER_WORDS:
                continue  # a header line
        values = cells[:6]
        if len(values) < 6 or any(c for c in cells[6:]):
            errors.append(
                gettext(
                    "Line {line}: a row holds six cells (session, table, East, South, West, "
                    "North); this one has {count}."
                ).format(line=line, count=len([c for c in cells if c]))
            )
            continue
        numbers = [_number(c) for c in values]
        if any(n is None for n in numbers):
            bad = next(c for c, n in zip(values, numbers, strict=True) if n is None)
            errors.append(
                gettext("Line {line}: “{cell}” is not a whole number.").format(
                    line=line, cell=bad[:20]
                )
            )
            continue
        session, table, *seats = numbers
        row_ok = True
        if session not in sessions:
            errors.append(
                gettext(
                    "Line {line}: session {session} is not a session still to seat "
                    "(those are {allowed})."
                ).format(line=line, session=session, allowed=", ".join(map(str, sorted(sessions))))
            )
            row_ok = False
        if table not in tables:
            errors.append(
                gettext("Line {line}: the tournament has no table {table}.").format(
                    line=line, table=table
                )
            )
            row_ok = False
        out = [n for n in seats if not 1 <= n <= players]
        if out:
            errors.append(
                gettext(
                    "Line {line}: player number {number} is out of range (1 to {players})."
                ).format(line=line, number=out[0], players=players)
            )
            row_ok = False
        if len(set(seats)) < 4:
            errors.append(
                gettext("Line {line}: a player sits twice at this table.").format(line=line)
            )
            row_ok = False
        if not row_ok:
            continue
        seen = lines.setdefault(session, {})
        if table in seen:
            errors.append(
                gettext(
                    "Line {line}: session {session}, table {table} is on line {other} already."
                ).format(line=line, session=session, table=table, other=seen[table])
            )
            continue
        seen[table] = line
        plan.sessions.setdefault(session, {})[table] = seats
        for n in seats:
            where[session][n].append(line)
    if first:
        errors.append(gettext("The file holds no table."))
    for session in sorted(plan.sessions):
        for n, at in sorted(where[session].items()):
            if len(at) > 1:
                errors.append(
                    gettext(
                        "Lines {lines}: player number {number} sits twice in session {session}."
                    ).format(lines=", ".join(map(str, at)), number=n, session=session)
                )
        missing = [n for n in range(1, players + 1) if n not in where[session]]
        if missing:
            shown = ", ".join(map(str, missing[:10])) + (" …" if len(missing) > 10 else "")
            errors.append(
                gettext(
                    "Session {session}: player number(s) {numbers} have no seat; everyone "
                    "plays once in every session."
                ).format(session=session, numbers=shown)
            )
    return plan


__all__ = ["ORDERS", "ImportFileError", "PlanFile", "field_in_order", "read_plan"]


# --- the organiser's own plan from a file ("Bring your own plan") -------------------------


class PlanImportError(ServiceError):
    """The file's bad rows, each named with its line; nothing was written."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__(
            gettext("The plan was not used: {count} problem(s) in the file.").format(
                count=len(errors)
            )
        )
        self.errors = errors


@transaction.atomic
def seating_plan_import(
    *,
    tournament: Tournament,
    filename: str,
    data: bytes,
    order: str,
    replace: bool,
    user,
    now: dt.datetime,
) -> SeatingJob:
    """Check the organiser's plan and seat the sessions it holds, like a generated plan: a
    SeatingJob (method "import") records the file, the order of the numbers, the players
    each number stands for and the quality figures the core computes for generated plans."""

    if order not in ORDERS:
        raise ServiceError(gettext("order: pick how the numbers count the players."))
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    running = active_job(tournament, now)
    if running is not None:
        raise ServiceError(gettext("A seating is being generated now; wait for it to finish."))
    sessions = sessions_with_locks(tournament)
    free = {s.number: s for s in sessions if not s.lock}
    if not free:
        raise ServiceError(
            gettext("Every session has started or has score sheets: no session is left to seat.")
        )
    banned = disqualified_player_ids(tournament)
    field_ids = {
        pk
        for pk in registration_selectors.players_to_seat(tournament).values_list("pk", flat=True)
        if pk not in banned
    }
    if not field_ids:
        raise ServiceError(gettext("No player is checked in yet: check the players in first."))
    players = field_in_order(
        registration_order(tournament, field_ids), order, tournament.seating_seed
    )
    tables = {t.number: t for t in tournament.tables.order_by("number")}
    try:
        checked = read_plan(
            filename, data, players=len(players), tables=set(tables), sessions=set(free)
        )
    except ImportFileError as error:
        raise PlanImportError([str(error)]) from None
    if checked.errors:
        raise PlanImportError(checked.errors)
    targets = [free[n] for n in sorted(checked.sessions)]
    seated = [s.number for s in targets if s.seated]
    if seated and not replace:
        raise ServiceError(
            gettext(
                "Session(s) {value} are seated already: tick “Replace their seating” to use "
                "the file's plan for them."
            ).format(value=", ".join(map(str, seated)))
        )
    Seat.objects.filter(session__in=targets).delete()
    Seat.objects.bulk_create(
        Seat(session=session, table=tables[t], wind=w, player=players[n - 1])
        for session in targets
        for t, numbers in sorted(checked.sessions[session.number].items())
        for w, n in enumerate(numbers)
    )
    Session.objects.filter(pk__in=[s.pk for s in targets]).update(seating_draft=True)
    numbers = [s.number for s in targets]
    job = SeatingJob.objects.create(
        tournament=tournament,
        method=SeatingJob.Method.IMPORT,
        seed=tournament.seating_seed,
        state=SeatingJob.State.DONE,
        done=1,
        total=1,
        created_by=user if user and user.is_authenticated else None,
        created_at=now,
        started_at=now,
        finished_at=now,
        options={"file": filename[:200], "order": order},
        players=[p.pk for p in players],
        tables=sorted(tables),
        sessions=numbers,
        message=f"Imported {filename[:100]}: sessions {', '.join(map(str, numbers))}, "
        f"{len(players)} players.",
    )
    Session.objects.filter(pk__in=[s.pk for s in targets]).update(seating_job=job)
    job.result = quality_now(tournament)
    job.save(update_fields=["result"])
    public_pages_changed(tournament.pk)
    return job
