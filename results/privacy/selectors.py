"""Everything the database keeps about one account, as plain JSON values (GDPR Art. 15
and 20: the person's right of access, in a machine-readable form)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone

from referee.models import Disqualification, Penalty, ResultsRemoval, Substitution
from scoring.models import SheetResponse, TableResult
from tournament.models import LinkMail, LinkRequest, Player, Seat, Staff, Tournament
from tournament.seating.visibility import published

FORMAT = "riichi-tournament-manager personal data 1"


def _when(value) -> str | None:
    return value.isoformat() if value is not None else None


def _details(player: Player) -> dict[str, Any]:
    return {
        "id": player.pk,
        "first_name": player.first_name,
        "last_name": player.last_name,
        "ema_number": player.ema_number,
        "country": str(player.country),
        "club": player.club,
        "email": player.email,
    }


def _changes(player: Player) -> list[dict[str, Any]]:
    """The recorded versions of an entry's details (a correction is kept with who and when)."""
    return [
        {
            "at": _when(h.history_date),
            "kind": h.get_history_type_display(),
            "first_name": h.first_name,
            "last_name": h.last_name,
            "ema_number": h.ema_number,
            "country": str(h.country),
            "club": h.club,
            "email": h.email,
        }
        for h in player.history.order_by("history_date", "history_id")
    ]


def _desk(model, player: Player, extra) -> list[dict[str, Any]]:
    rows = model.objects.filter(player=player).select_related("session", "table")
    return [
        {
            "session": r.session.number if r.session_id else None,
            "table": r.table.number if r.table_id else None,
            "reason": r.reason,
            "at": _when(r.created_at),
            "withdrawn_at": _when(r.withdrawn_at),
            "withdrawal_reason": r.withdrawal_reason,
            **extra(r),
        }
        for r in rows.order_by("created_at", "pk")
    ]


def _entry(player: Player) -> dict[str, Any]:
    tournament = player.tournament
    registrations = player.registrations.select_related("team").order_by("pk")
    # A draft seating is not his to read until it is published (tournament/seating/visibility.py).
    seats = published(Seat.objects.filter(player=player)).select_related("session", "table")
    results = TableResult.objects.filter(player=player).select_related("session", "sheet__table")
    responses = SheetResponse.objects.filter(player=player).select_related(
        "sheet__session", "sheet__table"
    )
    return {
        "tournament": {
            "name": tournament.name,
            "slug": tournament.slug,
            "start_date": _when(tournament.start_date),
            "end_date": _when(tournament.end_date),
        },
        "details": _details(player),
        "linked_by": player.link_method,
        "consents": {
            "stream": player.consent_stream,
            "photos": player.consent_photos,
        },
        "changes": _changes(player),
        "registrations": [
            {
                "status": r.status,
                "reserve": r.is_reserve,
                "results_count": r.results_count,
                "checked_in": r.checked_in,
                "fills_in": r.fills_in,
                "team": r.team.name if r.team_id else None,
                "registered_at": _when(r.registered_at),
                "withdrawn_at": _when(r.withdrawn_at),
                "withdrawal_reason": r.withdrawal_reason,
            }
            for r in registrations
        ],
        "seats": [
            {
                "session": s.session.number,
                "table": s.table.number,
                "wind": s.get_wind_display(),
                "substitute": s.substitute,
            }
            for s in seats.order_by("session__number")
        ],
        "results": [
            {
                "session": r.session.number,
                "table": r.sheet.table.number,
                "wind": r.wind,
                "points": r.points,
                "rank": r.rank,
                "uma": str(r.uma),
                "penalty": str(r.penalty),
                "score": str(r.score),
                "substitute": r.substitute,
            }
            for r in results.order_by("session__number")
        ],
        "sheet_answers": [
            {
                "session": r.sheet.session.number,
                "table": r.sheet.table.number,
                "version": r.version,
                "kind": r.kind,
                "by_code": r.by_code,
                "reason": r.reason,
                "at": _when(r.created_at),
            }
            for r in responses.order_by("created_at", "pk")
        ],
        "penalties": _desk(
            Penalty,
            player,
            lambda r: {"kind": r.kind, "hand": r.hand, "points": str(r.points)},
        ),
        "substitutions": _desk(
            Substitution,
            player,
            lambda r: {"substitute": str(r.substitute), "timing": r.timing},
        ),
        "substituted_for": [
            {
                "session": r.session.number if r.session_id else None,
                "for": str(r.player),
                "timing": r.timing,
                "withdrawn_at": _when(r.withdrawn_at),
            }
            for r in Substitution.objects.filter(substitute=player).select_related(
                "session", "player"
            )
        ],
        "disqualifications": _desk(Disqualification, player, lambda r: {}),
        "results_removals": _desk(ResultsRemoval, player, lambda r: {}),
    }


def personal_data(user) -> dict[str, Any]:
    """The account, its profile, every tournament entry linked to it with what that
    tournament recorded about him, his link requests and mailed links, his staff roles.
    Another person's data appears only as the name of a table-mate's substitute."""
    profile = Player.objects.filter(user=user, tournament__isnull=True).first()
    entries = (
        Player.objects.filter(user=user, tournament__isnull=False)
        .select_related("tournament")
        .order_by("tournament__start_date", "pk")
    )
    return {
        "format": FORMAT,
        "made_at": _when(timezone.now()),
        "account": {
            "username": user.get_username(),
            "first_name": user.first_name,
            "last_name": user.last_name,
            "email": user.email,
            "date_joined": _when(user.date_joined),
            "last_login": _when(user.last_login),
        },
        "profile": (
            {
                **_details(profile),
                "consents": {
                    "stream": profile.consent_stream,
                    "photos": profile.consent_photos,
                },
                "changes": _changes(profile),
            }
            if profile is not None
            else None
        ),
        "tournament_entries": [_entry(p) for p in entries],
        "link_requests": [
            {
                "tournament": r.player.tournament.name if r.player.tournament_id else None,
                "player": str(r.player),
                "state": r.state,
                "message": r.message,
                "at": _when(r.created_at),
                "decided_at": _when(r.decided_at),
            }
            for r in LinkRequest.objects.filter(user=user).select_related("player__tournament")
        ],
        "mailed_links": [
            {
                "tournament": m.player.tournament.name if m.player.tournament_id else None,
                "at": _when(m.created_at),
                "used_at": _when(m.used_at),
            }
            for m in LinkMail.objects.filter(user=user).select_related("player__tournament")
        ],
        "staff_roles": [
            {"tournament": s.tournament.name, "role": s.role}
            for s in Staff.objects.filter(user=user).select_related("tournament")
        ],
    }


def removal_date(tournament: Tournament) -> dt.date | None:
    """The day the entries' e-mails go (the event's end + the retention); None: kept."""
    if tournament.retention_days is None:
        return None
    return tournament.end_date + dt.timedelta(days=tournament.retention_days)
