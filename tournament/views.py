"""Pages of a tournament. Views parse input, call a selector or service, render."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from . import selectors
from .models import Session, Tournament
from .permissions import require_view
from .tables import RegistrationTable


def _tournament(request, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    require_view(request.user, tournament)
    return tournament


def home(request):
    tournaments = selectors.visible_tournaments(request.user)
    return render(request, "tournament/home.html", {"tournaments": tournaments})


def detail(request, slug: str):
    tournament = _tournament(request, slug)
    return render(
        request,
        "tournament/detail.html",
        {
            "tournament": tournament,
            "sessions": selectors.sessions_with_counts(tournament),
            "counts": selectors.registration_counts(tournament),
            "tables": tournament.tables.count(),
        },
    )


def players(request, slug: str):
    tournament = _tournament(request, slug)
    table = RegistrationTable(selectors.tournament_registrations(tournament))
    RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return render(request, "tournament/players.html", {"tournament": tournament, "table": table})


def session_seating(request, slug: str, number: int):
    tournament = _tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    return render(
        request,
        "tournament/session_seating.html",
        {
            "tournament": tournament,
            "session": session,
            "tables": selectors.session_tables(session),
            "by_name": selectors.player_seat_index(session),
        },
    )
