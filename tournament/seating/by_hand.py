"""Changes to a seating by hand: a player fixed to a table, and seats swapped or moved, with a
preview of what the change costs (repeated meetings, team mates together, check-in).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from tournament.errors import ServiceError
from tournament.models import (
    Player,
    Registration,
    Seat,
    SeatChange,
    Session,
    Table,
    Wind,
)
from tournament.registration import selectors as registration_selectors
from tournament.seating.core_input import disqualified_player_ids
from tournament.seating.locks import session_lock

# --- fixed tables --------------------------------------------------------------------------


@transaction.atomic
def registration_fix_table(*, registration: Registration, table: Table | None) -> Registration:
    """Fix a player to one table (accessibility), or free them again with ``table=None``."""
    if table is not None:
        if table.tournament_id != registration.tournament_id:
            raise ServiceError(
                gettext("{table} is not a table of this tournament.").format(table=table)
            )
        others = (
            Registration.objects.select_for_update()
            .filter(fixed_table=table)
            .exclude(pk=registration.pk)
            .count()
        )
        if others >= 4:
            raise ServiceError(
                gettext("Four players are already fixed to {table}; a table seats four.").format(
                    table=table
                )
            )
    registration.fixed_table = table
    registration.save(update_fields=["fixed_table"])
    return registration


# --- changes by hand -----------------------------------------------------------------------


@dataclass(frozen=True)
class SeatSpot:
    table: Table
    wind: int

    def __str__(self) -> str:
        return f"{self.table}, {Wind(self.wind).label}"


@dataclass
class SeatChangePreview:
    """What a swap or move would do: the new seats and the repeats it causes or removes."""

    description: str
    moves: list[tuple[Player, SeatSpot | None, SeatSpot]]
    new_meetings: list[str]
    ended_meetings: list[str]
    new_tables: list[str]
    warnings: list[str]

    def as_dict(self) -> dict:
        return {
            "description": self.description,
            "new_meetings": self.new_meetings,
            "ended_meetings": self.ended_meetings,
            "new_tables": self.new_tables,
            "warnings": self.warnings,
        }


def _other_sessions(session: Session):
    """Meetings and table visits in the tournament's other sessions."""
    met: dict[tuple[int, int], list[int]] = defaultdict(list)
    visits: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    tables: dict[tuple[int, int], list[int]] = defaultdict(list)
    seats = (
        Seat.objects.filter(session__tournament_id=session.tournament_id)
        .exclude(session=session)
        .values_list("session__number", "table_id", "player_id")
    )
    for number, table_id, player_id in seats:
        tables[number, table_id].append(player_id)
        visits[player_id][table_id].append(number)
    for (number, _), people in tables.items():
        for i, a in enumerate(people):
            for b in people[:i]:
                met[min(a, b), max(a, b)].append(number)
    return met, visits


def _sessions_text(numbers: list[int]) -> str:
    numbers = sorted(set(numbers))
    return ("session " if len(numbers) == 1 else "sessions ") + ", ".join(map(str, numbers))


def _check_in_field(session: Session, player: Player, *, seated: bool, what: str) -> None:
    """``player`` may be seated by hand in ``session``: a confirmed registration of its
    tournament, and no standing disqualification (a disqualified player is never seated
    again: EMA 2016 §5.5). A seat already held in the session counts as belonging."""
    registered = Registration.objects.filter(
        tournament_id=session.tournament_id,
        player_id=player.pk,
        status=Registration.Status.CONFIRMED,
    ).exists()
    if not registered and not seated:
        raise ServiceError(
            gettext("{what} is not a player of this tournament.").format(what=what), field="player"
        )
    if player.pk in disqualified_player_ids(session.tournament):
        raise ServiceError(
            gettext("{player} is disqualified: a disqualified player is not seated again.").format(
                player=player
            ),
            field="player",
        )


def seat_change_preview(
    *, session: Session, player: Player, other: Player | None = None, spot: SeatSpot | None = None
) -> SeatChangePreview:
    """Swap ``player`` with ``other``, or move ``player`` to the empty ``spot``: what changes."""
    seats = {
        s.player_id: s
        for s in Seat.objects.filter(session=session).select_related("table", "player")
    }
    # Only this tournament's own players: checked before any message names anyone, so that
    # an organiser of one tournament learns nothing of another's players by their ids.
    _check_in_field(session, player, seated=player.pk in seats, what="The player to move")
    if other is not None:
        _check_in_field(session, other, seated=other.pk in seats, what="The player to swap with")
    mine = seats.get(player.pk)
    taken = {(s.table_id, s.wind): s for s in seats.values()}
    if other is not None:
        if other.pk == player.pk:
            raise ServiceError(gettext("Pick two different players to swap."))
        theirs = seats.get(other.pk)
        if theirs is None:
            raise ServiceError(
                gettext("{other} is not seated in session {number}.").format(
                    other=other, number=session.number
                )
            )
        if mine is None:
            raise ServiceError(
                gettext(
                    "{player} is not seated in session {number}: move them to an empty seat."
                ).format(player=player, number=session.number)
            )
        moves = [
            (player, SeatSpot(mine.table, mine.wind), SeatSpot(theirs.table, theirs.wind)),
            (other, SeatSpot(theirs.table, theirs.wind), SeatSpot(mine.table, mine.wind)),
        ]
        description = f"Swapped {player} ({moves[0][1]}) and {other} ({moves[1][1]})."
    elif spot is not None:
        if spot.table.tournament_id != session.tournament_id:
            raise ServiceError(
                gettext("{table} is not a table of this tournament.").format(table=spot.table)
            )
        if (spot.table.pk, spot.wind) in taken:
            holder = taken[spot.table.pk, spot.wind].player
            raise ServiceError(
                gettext("{spot} is taken by {holder}: swap the two players instead.").format(
                    spot=spot, holder=holder
                )
            )
        before = SeatSpot(mine.table, mine.wind) if mine else None
        moves = [(player, before, spot)]
        description = (
            f"Moved {player} from {before} to {spot}." if before else f"Seated {player} at {spot}."
        )
    else:
        raise ServiceError(gettext("Pick a player to swap with, or an empty seat to move to."))

    # The tables after the change, as sets of player ids.
    at_table: dict[int, set[int]] = defaultdict(set)
    for s in seats.values():
        at_table[s.table_id].add(s.player_id)
    after = {t: set(people) for t, people in at_table.items()}
    for p, old, new in moves:
        if old is not None:
            after[old.table.pk].discard(p.pk)
        after.setdefault(new.table.pk, set()).add(p.pk)

    def pairs(tables: dict[int, set[int]]) -> set[tuple[int, int]]:
        return {
            (min(a, b), max(a, b))
            for people in tables.values()
            for a in people
            for b in people
            if a != b
        }

    met, visits = _other_sessions(session)
    names = {s.player_id: s.player for s in seats.values()} | {player.pk: player}
    before_pairs, after_pairs = pairs(at_table), pairs(after)
    new_meetings = [
        f"{names[a]} and {names[b]} already met in {_sessions_text(met[a, b])}."
        for a, b in sorted(
            after_pairs - before_pairs, key=lambda ab: (str(names[ab[0]]), str(names[ab[1]]))
        )
        if (a, b) in met
    ]
    ended_meetings = [
        f"{names[a]} and {names[b]} no longer meet again (they met in {_sessions_text(met[a, b])})."
        for a, b in sorted(
            before_pairs - after_pairs, key=lambda ab: (str(names[ab[0]]), str(names[ab[1]]))
        )
        if (a, b) in met
    ]
    new_tables = []
    warnings = []
    fixed = dict(
        Registration.objects.filter(
            tournament_id=session.tournament_id,
            player_id__in=[p.pk for p, _, _ in moves],
            fixed_table__isnull=False,
        ).values_list("player_id", "fixed_table_id")
    )
    for p, old, new in moves:
        if old is not None and old.table.pk == new.table.pk:
            continue
        played = visits[p.pk].get(new.table.pk)
        if played:
            new_tables.append(f"{p} already played at {new.table} in {_sessions_text(played)}.")
        if p.pk in fixed and fixed[p.pk] != new.table.pk:
            warnings.append(f"{p} is fixed to another table for accessibility.")
    warnings += _team_mates_together(session, after_pairs - before_pairs, names)
    return SeatChangePreview(
        description=description,
        moves=moves,
        new_meetings=new_meetings,
        ended_meetings=ended_meetings,
        new_tables=new_tables,
        warnings=warnings,
    )


def _team_mates_together(session: Session, new_pairs: set, names: dict) -> list[str]:
    """A change by hand that seats team-mates together where the tournament keeps
    them apart is shown, not refused (the organiser decides; the generator never does it)."""
    tournament = session.tournament
    if not (tournament.team_size and tournament.teams_apart and new_pairs):
        return []
    from django.utils.translation import gettext as _

    team_of = dict(
        Registration.objects.filter(
            tournament=tournament,
            team__isnull=False,
            player_id__in={p for pair in new_pairs for p in pair},
        ).values_list("player_id", "team_id")
    )
    return [
        _("%(a)s and %(b)s are team-mates, whom this tournament keeps apart.")
        % {"a": names[a], "b": names[b]}
        for a, b in sorted(new_pairs, key=lambda ab: (str(names[ab[0]]), str(names[ab[1]])))
        if team_of.get(a) is not None and team_of.get(a) == team_of.get(b)
    ]


@transaction.atomic
def seat_change_apply(
    *,
    session: Session,
    player: Player,
    other: Player | None = None,
    spot: SeatSpot | None = None,
    user,
    now: dt.datetime,
) -> SeatChangePreview:
    """Make the swap or move; refused for a locked session (started or with score sheets)."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    reason = session_lock(session)
    if reason:
        raise ServiceError(
            gettext("{reason} Its seating can no longer change.").format(reason=reason)
        )
    preview = seat_change_preview(session=session, player=player, other=other, spot=spot)
    moved = [p.pk for p, _, _ in preview.moves]
    # Delete and re-create: updating in place would break the one-player-a-seat constraint
    # half-way through a swap.
    Seat.objects.filter(session=session, player_id__in=moved).delete()
    Seat.objects.bulk_create(
        Seat(session=session, table=new.table, wind=new.wind, player=p)
        for p, _, new in preview.moves
    )
    SeatChange.objects.create(
        session=session,
        description=preview.description,
        by=user if user and user.is_authenticated else None,
        at=now,
    )
    return preview


def field_missing_from(session: Session) -> list[Player]:
    """Players of the field (not disqualified) without a seat in ``session``."""
    tournament = session.tournament
    banned = disqualified_player_ids(tournament)
    seated = Seat.objects.filter(session=session).values("player_id")
    return [
        p
        for p in registration_selectors.players_to_seat(tournament)
        .exclude(pk__in=seated)
        .order_by("sort_name")
        if p.pk not in banned
    ]
