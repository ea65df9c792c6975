"""The API's reads: the feature packages' selectors, turned into plain data for the schemas.

Nothing is computed here that a selector already computes (totals, places, the clock's
reading): these functions only pick the fields the public pages show.  E-mail addresses are
never read into an answer.
"""

from __future__ import annotations

import datetime as dt

from django.http import Http404

from results.standings import player_reads
from results.standings import selectors as standings_selectors
from tournament.clock import selectors as clock_selectors
from tournament.events.current import hall_session
from tournament.models import Player, Registration, Session, Tournament, Wind
from tournament.registration import selectors as registration_selectors
from tournament.seating import selectors as seating_selectors


def player_ref(player: Player) -> dict:
    return {
        "id": player.pk,
        "first_name": player.first_name,
        "last_name": player.last_name,
        "ema_number": player.ema_number or None,
        "country": player.country.code or "",
    }


def _wind(value: int) -> str:
    return Wind(value).letter


def published_tournaments() -> list[dict]:
    tournaments = Tournament.objects.filter(visibility=Tournament.Visibility.PUBLISHED)
    return [tournament_summary(t) for t in tournaments.order_by("-start_date", "name")]


def tournament_summary(tournament: Tournament) -> dict:
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "city": tournament.city,
        "country": tournament.country.code or "",
        "start_date": tournament.start_date,
        "end_date": tournament.end_date,
        "ruleset": tournament.ruleset,
        "ema_rated": tournament.ema_rated,
    }


def tournament_detail(tournament: Tournament) -> dict:
    counts = registration_selectors.registration_counts(tournament)
    sessions = tournament.sessions.order_by("number")
    return {
        **tournament_summary(tournament),
        "venue": tournament.venue,
        "session_count": tournament.session_count,
        "session_minutes": tournament.session_minutes,
        "players": counts.get(Registration.Status.CONFIRMED, 0),
        "team_size": tournament.team_size,
        "sessions": [
            {
                "number": s.number,
                "state": s.state,
                "planned_start": s.planned_start,
                "minutes": s.minutes,
            }
            for s in sessions
        ],
    }


def players(tournament: Tournament) -> list[dict]:
    """The player list as the public page shows it: everyone who has not withdrawn."""
    registrations = registration_selectors.tournament_registrations(tournament).exclude(
        status=Registration.Status.WITHDRAWN
    )
    return [
        {
            **player_ref(r.player),
            "club": r.player.club,
            "status": r.status,
            "reserve": r.is_reserve,
            "team": r.team.name if r.team_id else None,
        }
        for r in registrations
    ]


def player_detail(tournament: Tournament, player_id: int) -> dict:
    """A player's event as the player page shows it: each session's table, seat, opponents,
    score and running total, and the total of the standings
    (``results.standings.player_reads.player_event``)."""
    player = Player.objects.filter(pk=player_id, tournament=tournament).first()
    event = player_reads.player_event(tournament, player) if player else None
    sessions = event.sessions if event else []
    if player is None or (
        not sessions and not tournament.registrations.filter(player=player).exists()
    ):
        raise Http404("This player is not in this tournament.")
    return {
        "player": player_ref(player),
        "club": player.club,
        "sessions": [
            {
                "session": s.number,
                "table": s.seat.table.number if s.seat is not None else None,
                "wind": _wind(s.seat.wind) if s.seat is not None else None,
                "opponents": [
                    {"wind": _wind(o.wind), "player": player_ref(o.player)} for o in s.opponents
                ],
                "score": s.score,
                "place": s.result.rank if s.result is not None else None,
                "penalties": s.desk_penalties,
                "missed": s.missed.why if s.missed is not None else None,
                "running_total": s.running_total,
            }
            for s in sessions
        ],
        "rank": event.row.rank if event and event.row else None,
        "total": event.total if event else 0,
    }


def session_of(tournament: Tournament, number: int) -> Session:
    try:
        return tournament.sessions.get(number=number)
    except Session.DoesNotExist:
        raise Http404(f"This tournament has no session {number}.") from None


def seating(tournament: Tournament, number: int) -> list[dict]:
    """The tables of a session, each with its four seats, East first."""
    session = session_of(tournament, number)
    if not seating_selectors.seating_shown(session):
        return []  # a draft seating: the organiser has not published it
    return [
        {
            "table": entry["table"].number,
            "name": str(entry["table"]),
            "seats": [
                {"wind": _wind(seat.wind), "player": player_ref(seat.player)}
                for seat in entry["seats"]
            ],
        }
        for entry in seating_selectors.session_tables(session)
    ]


def standings(tournament: Tournament, after_session: int | None) -> dict:
    data = standings_selectors.standings(tournament, after_session=after_session)
    return {
        # The session asked for, or the last complete one while a later one is held from
        # this reader (results/standings/publication.py).
        "after_session": data.after_session,
        "session_numbers": data.session_numbers,
        "tie_break": data.tie_break,
        "items": [
            {
                "rank": row.rank,
                "player": player_ref(row.player),
                "total": row.total,
                "table_points": row.table_points,
                "penalties": row.penalties,
                "played": row.played,
                "sessions": [
                    {"session": n, "points": points} for n, points in sorted(row.by_session.items())
                ],
                "note": row.note,
                "stage": row.stage,
                "stage_total": row.stage_total,
            }
            for row in data.rows
        ],
    }


def results(tournament: Tournament, number: int) -> dict:
    """The confirmed tables of a session with each seat's result, and how many seated tables
    still wait for a confirmed sheet."""
    session = session_of(tournament, number)
    tables, missing = standings_selectors.session_results(session)
    return {
        "tables_awaiting": missing,
        "items": [
            {
                "table": entry.table.number,
                "name": str(entry.table),
                "results": [
                    {
                        "wind": _wind(r.wind),
                        "player": player_ref(r.player),
                        "points": r.points,
                        "place": r.rank,
                        "uma": r.uma,
                        "penalty": r.penalty,
                        "table_score": r.table_score,
                        "score": r.score,
                        "substitute": r.substitute,
                    }
                    for r in entry.rows
                ],
            }
            for entry in tables
        ],
    }


def clock(tournament: Tournament, number: int | None, now: dt.datetime) -> dict:
    """The clock of a session (the one the hall is playing when ``number`` is None), read at
    ``now``; 404 when the tournament has no session yet."""
    if number is None:
        session = hall_session(tournament)
        if session is None:
            raise Http404("This tournament has no session yet.")
    else:
        session = session_of(tournament, number)
    session.tournament = tournament  # the payload reads its ruleset; spare the query
    return clock_selectors.clock_payload(session, now)
