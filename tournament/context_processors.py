from tournament.models import Player, Tournament
from tournament.permissions import can_view, is_organiser, is_staff_of


def current_tournament(request):
    """The tournament the page belongs to, for the navigation (empty outside a tournament).

    Worked out once per request: a page that renders several templates with a
    RequestContext (a table, a partial) would otherwise query the tournament each time.
    """
    cached = getattr(request, "_nav_context", None)
    if cached is not None:
        return cached
    request._nav_context = context = _nav_context(request)
    return context


def _nav_context(request) -> dict:
    match = getattr(request, "resolver_match", None)
    slug = match.kwargs.get("slug") if match else None
    if not slug:
        return {}
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not can_view(request.user, tournament):
        return {}
    return {
        "nav_tournament": tournament,
        "nav_is_staff": is_staff_of(request.user, tournament),
        "nav_is_organiser": is_organiser(request.user, tournament),
        # The account's own entry here (one query, as ``user.player`` was before).
        "nav_my_entry": request.user.is_authenticated
        and Player.objects.filter(tournament=tournament, user=request.user).exists(),
    }
