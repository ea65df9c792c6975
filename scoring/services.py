"""Writes of score sheets: the bridge between sheet rows and the rules core.

A sheet's ``entry`` names players by their first seat ("E", "S", "W", "N"), so that it stays
true when a name is corrected.  Before the core is called the seats become the players'
names, so that its messages read "Anna Schmidt's points 30050 are not whole hundreds";
its answer comes back keyed by name and is turned back into seats here.

Entry shapes (JSON):

- final scores: ``{"points": [E, S, W, N], "riichi_left": 0, "chombo": [0, 0, 0, 0],
  "substitutes": ["", "", "", ""]}``
- hand by hand: ``{"hands": [<hands of interfaces.md with seat letters>],
  "ended_by_time": false, "substitutes": [...]}``

``substitutes`` per seat: "" (none), "start" (seated from the start of the session) or
"during" (joined during the session).  They go to the core as its ``substitutes`` field,
which applies the ruleset's substitute rule (EMA 5.8, WRC 7.2; ``scoring.rules.substitutes``);
the referee desk's substitutions, recorded on the seats, overrule the sheet's marks
(``_with_desk_substitutes``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from scoring.rules.errors import RuleViolation
from scoring.rules.final import evaluate_final
from scoring.rules.sheet import evaluate_game
from tournament.happenings import announce, sheet_changed
from tournament.models import Seat, Session, Table, Tournament
from web.cache import RESULTS, public_pages_changed

from .models import ScoreSheet, SheetResponse, SheetVersion, TableResult

SEATS = "ESWN"
_PLAYER_KEYS = {"winner", "from", "liable", "chombo"}
_PLAYER_LIST_KEYS = {"riichi", "tenpai", "nagashi"}


class SheetError(Exception):
    """A sheet that cannot be saved for a reason the person at the desk can fix."""


class SheetConflict(SheetError):
    """Someone else saved the sheet since this person opened it."""

    def __init__(self, current: ScoreSheet):
        self.current = current
        super().__init__(
            gettext("{who} saved this sheet at {time} while you were editing it.").format(
                who=current.updated_by or gettext("Someone"),
                time=f"{timezone.localtime(current.updated_at):%H:%M:%S}",
            )
        )


@dataclass(frozen=True)
class TableSeats:
    """The four players of one table in one session, East first."""

    seats: list[Seat]

    @property
    def names(self) -> list[str]:
        """Names for the core: the players' names, told apart when two are the same."""
        names = [str(seat.player) for seat in self.seats]
        return [
            f"{name} ({SEATS[i]})" if names.count(name) > 1 else name
            for i, name in enumerate(names)
        ]


def table_seats(session: Session, table: Table) -> TableSeats:
    seats = list(
        Seat.objects.filter(session=session, table=table).select_related("player").order_by("wind")
    )
    if [s.wind for s in seats] != [0, 1, 2, 3]:
        raise SheetError(
            gettext(
                "{table} in {session} has {value} seated player(s); a "
                "score sheet needs the four seats East, South, West and "
                "North filled in the seating first."
            ).format(table=table, session=session, value=len(seats))
        )
    return TableSeats(seats)


def _to_names(value: Any, names: list[str]) -> Any:
    """A hand in seat letters becomes a hand in names (recursively, by key)."""

    def name(letter: Any) -> Any:
        return names[SEATS.index(letter)] if isinstance(letter, str) and letter in SEATS else letter

    if isinstance(value, list):
        return [_to_names(v, names) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if key in _PLAYER_KEYS and not isinstance(item, dict | list):
            out[key] = name(item)
        elif key in _PLAYER_LIST_KEYS and isinstance(item, list):
            out[key] = [name(v) for v in item]
        else:
            out[key] = _to_names(item, names)
    return out


def core_request(tournament: Tournament, mode: str, entry: dict, names: list[str]) -> dict:
    """The rules core's request (interfaces.md) for an entry."""
    base: dict[str, Any] = {
        "ruleset": tournament.ruleset,
        "overrides": dict(tournament.rule_overrides),
    }
    marks = entry.get("substitutes") or [""] * 4
    substitutes = {name: mark for name, mark in zip(names, marks, strict=True) if mark}
    if substitutes:
        base["substitutes"] = substitutes
    if mode == ScoreSheet.Mode.FINAL:
        chombo = [
            names[seat] for seat, n in enumerate(entry.get("chombo", [0] * 4)) for _ in range(n)
        ]
        return {
            **base,
            "points": dict(zip(names, entry["points"], strict=True)),
            "riichi_left": entry.get("riichi_left", 0),
            "chombo": chombo,
        }
    return {
        **base,
        "players": names,
        "hands": _to_names(entry.get("hands", []), names),
        "ended_by_time": bool(entry.get("ended_by_time", False)),
    }


def evaluate_entry(tournament: Tournament, mode: str, entry: dict, names: list[str]) -> dict:
    """The core's answer for an entry, keyed by seat letter; RuleViolation when refused."""
    request = core_request(tournament, mode, entry, names)
    answer = evaluate_final(request) if mode == ScoreSheet.Mode.FINAL else evaluate_game(request)
    marks = entry.get("substitutes") or [""] * 4
    by_seat = {
        SEATS[i]: {
            "points": answer["final"][name],
            "rank": answer["rank"][name],
            "uma": answer["uma"][name],
            "penalty": answer["penalty"][name],
            "table_score": answer["table_score"][name],
            "score": answer["score"][name],
            "substitute": marks[i],
            # The core's count of this seat's chombo (EMA 3.4.6): the one place every
            # reader (the standings' desk, the log, the statistics) takes them from.
            "chombo": answer["chombo"][name],
        }
        for i, name in enumerate(names)
    }
    log = [
        {
            "round": h["round"],
            "honba": h["honba"],
            "riichi_on_table": h["riichi_on_table"],
            "dealer": SEATS[names.index(h["dealer"])],
            "delta": [h["delta"][n] for n in names],
            **({"chombo": SEATS[names.index(h["chombo"])]} if "chombo" in h else {}),
        }
        for h in answer.get("log", [])
    ]
    # EMA 3.4.6: a riichi declarer not tenpai at an exhaustive draw has made a chombo,
    # unless his hand was declared dead after the riichi, which the sheet cannot tell: the
    # core flags it, the referee decides.
    noten_riichi = [
        {"hand": flag["hand"], "round": flag["round"], "seat": SEATS[names.index(flag["player"])]}
        for flag in answer.get("noten_riichi", [])
    ]
    return {
        "seats": by_seat,
        "riichi_left": answer["riichi_left"],
        "log": log,
        "noten_riichi": noten_riichi,
        "start_points": tournament.rules().start_points,
    }


def violation_hand(violation: RuleViolation) -> int | None:
    """The 0-based index of the hand a core violation concerns (its ``hand``), if any."""
    return violation.hand - 1 if violation.hand is not None else None


def _write_results(sheet: ScoreSheet, seats: TableSeats, result: dict, *, new: bool) -> None:
    if not new:  # a new sheet has no results to replace
        sheet.results.all().delete()
    rows = []
    for seat in seats.seats:
        row = result["seats"][SEATS[seat.wind]]
        rows.append(
            TableResult(
                sheet=sheet,
                session_id=sheet.session_id,
                player_id=seat.player_id,
                wind=seat.wind,
                points=row["points"],
                rank=row["rank"],
                uma=row["uma"],
                penalty=row["penalty"],
                table_score=row["table_score"],
                score=row["score"],
                substitute=row["substitute"],
            )
        )
    TableResult.objects.bulk_create(rows)


def _record(sheet: ScoreSheet, action: str, user, reason: str) -> SheetVersion:
    # Every save and confirmation passes here: the standings, results and player pages
    # show the new state from the next request (web.cache).
    public_pages_changed(sheet.session.tournament_id, (RESULTS,))
    return SheetVersion.objects.create(
        sheet=sheet,
        number=sheet.version,
        action=action,
        mode=sheet.mode,
        entry=sheet.entry,
        result=sheet.result,
        status=sheet.status,
        reason=reason,
        user=user,
    )


def desk_substitute_marks(session: Session, table: Table, marks: list[str]) -> list[str]:
    """The substitute marks of a table's seats (per wind) once the referee desk's
    substitutions overrule the sheet's for the seats they concern (EMA 5.8: one who joined
    during the session always gets the last uma); the other seats keep ``marks``.  The desk
    records its substitution on the seat (``Seat.substitute``), so a sheet reads only
    seats.  The sheet form shows these too, so that what it previews is what
    ``sheet_save`` stores."""
    out = list(marks or [""] * 4)
    for wind, timing in (
        Seat.objects.filter(session=session, table=table)
        .exclude(substitute="")
        .values_list("wind", "substitute")
    ):
        out[wind] = timing
    return out


def _with_desk_substitutes(session: Session, table: Table, entry: dict) -> dict:
    marks = entry.get("substitutes") or [""] * 4
    desk = desk_substitute_marks(session, table, marks)
    return entry if desk == list(marks) else {**entry, "substitutes": desk}


def correction_reason_missing(*, confirmed: bool, disputed: bool, reason: str) -> str:
    """Why this correction may not be saved without a reason, or '' when it may: a confirmed
    sheet's correction is kept in the history with its reason, and so is the referee's
    correction of a version a player disputed.  The sheet form and ``sheet_save`` both ask
    here."""
    if reason.strip():
        return ""
    if confirmed:
        return gettext("This sheet is confirmed: a correction needs the reason, for the history.")
    if disputed:
        return gettext("A player disputed this sheet: a correction needs the reason.")
    return ""


@transaction.atomic
def sheet_save(
    *,
    session: Session,
    table: Table,
    mode: str,
    entry: dict,
    expected_version: int,
    user,
    reason: str = "",
    referee_correction: bool = True,
) -> ScoreSheet:
    """Check an entry with the rules core and store it with its table results.

    ``expected_version`` is the version the editor opened (0 for a new sheet).  If the sheet
    changed since, ``SheetConflict`` carries the stored sheet and nothing is written.  A
    confirmed sheet stays confirmed, but its correction needs a ``reason``; so does a
    referee's correction of a version a player disputed (``referee_correction``; a player
    re-entering his table's sheet passes False).
    """
    seats = table_seats(session, table)
    entry = _with_desk_substitutes(session, table, entry)
    result = evaluate_entry(session.tournament, mode, entry, seats.names)
    if expected_version == 0:
        try:
            with transaction.atomic():
                sheet = ScoreSheet.objects.create(
                    session=session,
                    table=table,
                    mode=mode,
                    entry=entry,
                    result=result,
                    version=1,
                    updated_by=user,
                )
        except IntegrityError:
            # Two people entered the same new sheet: the first one won.
            raise SheetConflict(ScoreSheet.objects.get(session=session, table=table)) from None
        _write_results(sheet, seats, result, new=True)
        _record(sheet, SheetVersion.Action.ENTERED, user, reason)
        return sheet
    sheet = ScoreSheet.objects.filter(session=session, table=table).first()
    if sheet is None:
        # The form was opened on a sheet that is not there (a forged or stale version):
        # nothing to correct, and nothing to overwrite.
        raise SheetError(
            gettext(
                "{table} has no score sheet for {session} yet, so there "
                "is no version {expected_version} to correct: open the "
                "sheet again and enter it."
            ).format(table=table, session=session, expected_version=expected_version)
        )
    if sheet.version == expected_version and sheet.mode == mode and sheet.entry == entry:
        # Saved as it was: no new version (the history would show "No change to the entry").
        return sheet
    # The referee settles a table's dispute; the history says why.
    missing = correction_reason_missing(
        confirmed=sheet.is_confirmed,
        disputed=referee_correction
        and not reason.strip()
        and SheetResponse.objects.filter(
            sheet=sheet, version=sheet.version, kind=SheetResponse.Kind.DISPUTED
        ).exists(),
        reason=reason,
    )
    if missing:
        raise SheetError(missing)
    updated = ScoreSheet.objects.filter(pk=sheet.pk, version=expected_version).update(
        mode=mode,
        entry=entry,
        result=result,
        version=F("version") + 1,
        updated_by=user,
        updated_at=timezone.now(),
    )
    if not updated:
        raise SheetConflict(ScoreSheet.objects.select_related("updated_by").get(pk=sheet.pk))
    sheet.refresh_from_db()
    _write_results(sheet, seats, result, new=False)
    action = SheetVersion.Action.CORRECTED if sheet.is_confirmed else SheetVersion.Action.EDITED
    _record(sheet, action, user, reason)
    if sheet.is_confirmed:
        announce(sheet_changed, sender=ScoreSheet, sheet=sheet, state="corrected")
    return sheet


@transaction.atomic
def sheet_confirm(*, sheet: ScoreSheet, expected_version: int, user) -> ScoreSheet:
    """A referee's confirmation: the sheet is locked (corrections then need a reason)."""
    if sheet.is_confirmed:
        raise SheetError(gettext("This sheet is already confirmed."))
    tournament = sheet.session.tournament
    if (
        tournament.sheet_needs_second_referee
        and user is not None
        and sheet.updated_by_id == user.pk
    ):
        # Four eyes (a tournament setting): the one who typed it does not also approve it.
        raise SheetError(
            gettext("You entered the last version of this sheet: a second referee must confirm it.")
        )
    now = timezone.now()
    updated = ScoreSheet.objects.filter(pk=sheet.pk, version=expected_version).update(
        status=ScoreSheet.Status.CONFIRMED,
        confirmed_by=user,
        confirmed_at=now,
        version=F("version") + 1,
        updated_by=user,
        updated_at=now,
    )
    if not updated:
        raise SheetConflict(ScoreSheet.objects.select_related("updated_by").get(pk=sheet.pk))
    # The UPDATE matched the version the referee confirmed, so the row now holds exactly
    # these values: set them here rather than read the row (and its session) back.
    sheet.status, sheet.confirmed_by, sheet.confirmed_at = ScoreSheet.Status.CONFIRMED, user, now
    sheet.version, sheet.updated_by, sheet.updated_at = expected_version + 1, user, now
    _record(sheet, SheetVersion.Action.CONFIRMED, user, "")
    announce(sheet_changed, sender=ScoreSheet, sheet=sheet, state="settled")
    return sheet
