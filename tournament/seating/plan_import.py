"""The organiser's own seating plan from a file (issue 29, "Bring your own plan").

One row per table: session, table, then the player numbers at East, South, West and North
(a header line naming them is optional). The numbers stand for the field's players in an
order the organiser picks (:data:`ORDERS`). Every bad row is named with its line (the line
a spreadsheet program shows); only a file without one is used, like a generated plan
(services.plan_import_apply).
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_lazy

from tournament.models import Player, Registration, Tournament
from tournament.registration.importing import ImportFileError, read_table_lines

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
