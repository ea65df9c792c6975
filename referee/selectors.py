"""Reads of the referee desk: its player list with their marks, the reserves free to take a
seat, and the sessions whose seating must be redone after a disqualification.
The decisions as the standings count them are in ``decision_reads.py``, the log in ``log.py``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count
from django.utils.translation import gettext

from tournament.models import Player, Registration, Seat, Session, Table, Tournament
from tournament.names import fold
from tournament.seating.locks import changeable_sessions

from .models import Disqualification, Penalty

# --- the desk's pages ---------------------------------------------------------------------


@dataclass
class PlayerLine:
    player: Player
    registration: Registration
    seat: Seat | None
    disqualified: bool
    penalties: int  # active penalties in the tournament


def desk_marks(tournament: Tournament) -> tuple[frozenset[int], dict[int, int]]:
    """The players disqualified, and each player's count of active penalties.  Two small
    queries: the desk reads them on every request (they key its cached lists)."""
    disqualified = frozenset(
        Disqualification.objects.filter(
            tournament=tournament, withdrawn_at__isnull=True
        ).values_list("player_id", flat=True)
    )
    counts = dict(
        Penalty.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .values("player_id")
        .annotate(n=Count("pk"))
        .values_list("player_id", "n")
    )
    return disqualified, counts


def desk_players(
    tournament: Tournament,
    session: Session | None,
    q: str = "",
    marks: tuple[frozenset[int], dict[int, int]] | None = None,
) -> list[PlayerLine]:
    """Registered players (not withdrawn) matching every word of ``q`` in their names, with
    their seat in ``session``.  Four queries, two with ``marks`` (``desk_marks``)."""
    regs = Registration.objects.filter(tournament=tournament).exclude(
        status=Registration.Status.WITHDRAWN
    )
    for word in q.split():
        # Without case and accents: "lukasz" finds "Łukasz".
        regs = regs.filter(player__search_name__contains=fold(word))
    regs = list(regs.select_related("player").order_by("player__sort_name"))
    seats = {}
    if session is not None:
        seated = Seat.objects.filter(session=session).select_related("table")
        if q:
            seated = seated.filter(player_id__in=[r.player_id for r in regs])
        seats = {s.player_id: s for s in seated}
    disqualified, counts = marks if marks is not None else desk_marks(tournament)
    return [
        PlayerLine(
            player=r.player,
            registration=r,
            seat=seats.get(r.player_id),
            disqualified=r.player_id in disqualified,
            penalties=counts.get(r.player_id, 0),
        )
        for r in regs
    ]


def available_reserves(tournament: Tournament, session: Session) -> list[Player]:
    """Reserves who could take a seat in ``session``: not withdrawn, not disqualified, not
    already seated in it.  Checked-in reserves first (they are in the hall)."""
    seated = Seat.objects.filter(session=session).values("player_id")
    disqualified = Disqualification.objects.filter(
        tournament=tournament, withdrawn_at__isnull=True
    ).values("player_id")
    regs = (
        Registration.objects.filter(tournament=tournament, is_reserve=True)
        .exclude(status=Registration.Status.WITHDRAWN)
        .exclude(player_id__in=seated)
        .exclude(player_id__in=disqualified)
        .select_related("player")
        .order_by("-checked_in", "player__sort_name")
    )
    return [r.player for r in regs]


@dataclass
class ReseatNeed:
    session: Session
    tables: list[tuple[Table, int]]  # tables with fewer than four players, and their count
    causes: list[str] = field(default_factory=list)


def sessions_needing_reseating(tournament: Tournament) -> list[ReseatNeed]:
    """Sessions not yet played with a table of one to three players: after a
    disqualification took a player out of them, the seating must be re-planned."""
    rows = (
        Seat.objects.filter(
            session__in=changeable_sessions(Session.objects.filter(tournament=tournament))
        )
        .values("session_id", "table_id")
        .annotate(n=Count("pk"))
        .filter(n__lt=4)
    )
    short: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for row in rows:
        short[row["session_id"]].append((row["table_id"], row["n"]))
    if not short:
        return []
    sessions = Session.objects.in_bulk(list(short))
    tables = Table.objects.in_bulk([t for pairs in short.values() for t, _ in pairs])
    causes: dict[int, list[str]] = defaultdict(list)
    for d in Disqualification.objects.filter(
        tournament=tournament, withdrawn_at__isnull=True
    ).select_related("player"):
        for removed in d.removed_seats:
            causes[removed["session"]].append(
                gettext("%(player)s (disqualified) left table %(table)s")
                % {"player": d.player, "table": removed["table"]}
            )
    needs = [
        ReseatNeed(
            session=sessions[sid],
            tables=sorted(((tables[t], n) for t, n in pairs), key=lambda x: x[0].number),
            causes=causes.get(sessions[sid].number, []),
        )
        for sid, pairs in short.items()
    ]
    return sorted(needs, key=lambda n: n.session.number)
