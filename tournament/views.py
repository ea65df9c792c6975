"""Pages of a tournament. Views parse input, call a selector or service, render."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django_tables2 import RequestConfig
from django_tables2.export import TableExport

from . import selectors
from .filters import RegistrationFilter
from .models import Registration, Session, Tournament
from .permissions import is_organiser, require_view
from .tables import RegistrationTable


def _tournament(request, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    require_view(request.user, tournament)
    return tournament


def home(request):
    tournaments = selectors.visible_tournaments(request.user)
    return render(
        request,
        "tournament/home.html",
        {
            "tournaments": tournaments,
            "my_registrations": selectors.registrations_of_user(request.user),
        },
    )


def detail(request, slug: str):
    tournament = _tournament(request, slug)
    now = timezone.now()
    my_registration = selectors.registration_of(tournament, request.user)
    return render(
        request,
        "tournament/detail.html",
        {
            "tournament": tournament,
            "sessions": selectors.sessions_with_counts(tournament),
            "counts": selectors.registration_counts(tournament),
            "tables": tournament.tables.count(),
            "rules": selectors.rules_summary(tournament),
            "registration_open": selectors.registration_is_open(tournament, now),
            "my_registration": my_registration,
            "waiting_position": selectors.waiting_position(my_registration),
            "now_dt": now,
        },
    )


def players(request, slug: str):
    """The player list: sortable, searchable, filtered by country and status, exported.

    Organisers see every registration with e-mail, check-in and actions; everyone else sees
    the players who have not withdrawn.
    """
    tournament = _tournament(request, slug)
    organiser = is_organiser(request.user, tournament)
    registrations = selectors.tournament_registrations(tournament)
    if not organiser:
        registrations = registrations.exclude(status=Registration.Status.WITHDRAWN)
    filterset = RegistrationFilter(
        request.GET or None,
        queryset=registrations,
        country_codes=selectors.registration_countries(tournament),
        organiser=organiser,
    )
    table = RegistrationTable(filterset.qs, organiser=organiser)
    export_format = request.GET.get("_export")
    if TableExport.is_valid_format(export_format):
        RequestConfig(request, paginate=False).configure(table)
        exporter = TableExport(export_format, table, dataset_kwargs={"title": "Players"})
        return exporter.response(f"{tournament.slug}-players.{export_format}")
    RequestConfig(request, paginate={"per_page": 100}).configure(table)
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "tournament/players.html",
        {
            "tournament": tournament,
            "table": table,
            "filter": filterset,
            "organiser": organiser,
            "query": query.urlencode(),
            "shown": table.paginator.count,
        },
    )


def session_seating(request, slug: str, number: int):
    from .views_seating import session_context

    tournament = _tournament(request, slug)
    session = get_object_or_404(
        Session.objects.select_related("seating_job"), tournament=tournament, number=number
    )
    by_name = selectors.player_seat_index(session)
    return render(
        request,
        "tournament/session_seating.html",
        {
            "tournament": tournament,
            "session": session,
            "tables": selectors.session_tables(session),
            "by_name": by_name,
            "can_manage": is_organiser(request.user, tournament),
            **session_context(session, by_name, request.user),
        },
    )
