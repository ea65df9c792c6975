"""Reads: querysets and computed views of a tournament, for views and tables."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, Q, QuerySet

from .models import Registration, Seat, Session, Staff, Tournament


def visible_tournaments(user) -> QuerySet[Tournament]:
    qs = Tournament.objects.all()
    if user.is_authenticated and user.is_superuser:
        return qs
    published = Q(visibility=Tournament.Visibility.PUBLISHED)
    if user.is_authenticated:
        staffed = Staff.objects.filter(user=user).values("tournament_id")
        return qs.filter(published | Q(pk__in=staffed))
    return qs.filter(published)


def tournament_registrations(tournament: Tournament) -> QuerySet[Registration]:
    return tournament.registrations.select_related("player").order_by(
        "player__last_name", "player__first_name"
    )


def sessions_with_counts(tournament: Tournament) -> QuerySet[Session]:
    return tournament.sessions.annotate(seated=Count("seats")).order_by("number")


def session_tables(session: Session) -> list[dict]:
    """The session's tables, each with its four seats in wind order, in one query."""
    seats = (
        Seat.objects.filter(session=session)
        .select_related("table", "player")
        .order_by("table__number", "wind")
    )
    by_table: dict[int, dict] = {}
    for seat in seats:
        entry = by_table.setdefault(seat.table_id, {"table": seat.table, "seats": []})
        entry["seats"].append(seat)
    return list(by_table.values())


def player_seat_index(session: Session) -> list[Seat]:
    """Every seat of a session sorted by player name: what players look for in a big hall."""
    return list(
        Seat.objects.filter(session=session)
        .select_related("table", "player")
        .order_by("player__last_name", "player__first_name")
    )


def registration_counts(tournament: Tournament) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for status, is_reserve, n in tournament.registrations.values_list(
        "status", "is_reserve"
    ).annotate(n=Count("id")):
        counts["reserve" if is_reserve else status] += n
    return dict(counts)
