"""The endpoints of the public API (django-ninja).  Each one checks who may see the
tournament as its page does (``tournament.pages.viewable_tournament``), then answers from the
cache (``api.caching``) or from ``api.selectors``; lists are cut into pages here."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.utils import timezone
from ninja import Field, NinjaAPI, Query
from ninja.openapi.docs import Swagger

from tournament.pages import viewable_tournament

from . import schemas, selectors
from .caching import cached
from .throttling import AnonymousThrottle, UserThrottle

api = NinjaAPI(
    title="Riichi tournament manager: public API",
    version="1",
    description=(
        "Read-only data of published tournaments: players, seating, standings, results and "
        "the session clock. Lists come in pages (`limit`, `offset`). Anonymous clients are "
        f"limited to {settings.API_ANON_RATE} per IP address (429 and `Retry-After` beyond). "
        "Answers are cached for a few seconds."
    ),
    urls_namespace="api",
    # Swagger UI from django-ninja's static files ("ninja" is in INSTALLED_APPS), not a CDN;
    # no online validator badge either: the page makes no request outside this server.
    docs=Swagger(settings={"validatorUrl": None}),
    docs_url="/docs",
    openapi_url="/openapi.json",
    throttle=[AnonymousThrottle(), UserThrottle()],
)

ERRORS = {404: schemas.Error, 422: schemas.InputErrors, 429: schemas.Error}


def _page(items: list, params: schemas.PageParams) -> dict:
    # A page beyond the end is an empty page, with the count saying where the end is.
    return {
        "count": len(items),
        "limit": params.limit,
        "offset": params.offset,
        "items": items[params.offset : params.offset + params.limit],
    }


class StandingsParams(schemas.PageParams):
    after: int | None = Field(
        None, ge=1, description="Standings after this session; all sessions when left out."
    )


@api.get(
    "/tournaments",
    response={200: schemas.TournamentList, 422: schemas.InputErrors, 429: schemas.Error},
    tags=["tournaments"],
)
def tournament_list(request, page: Query[schemas.PageParams]):
    """Published tournaments, the latest first."""
    return _page(cached(None, "tournaments", selectors.published_tournaments), page)


@api.get(
    "/tournaments/{slug:slug}",
    response={200: schemas.TournamentOut, **ERRORS},
    tags=["tournaments"],
)
def tournament_detail(request, slug: str):
    """A tournament with its sessions. A draft is visible to its staff only (404 to others)."""
    tournament = viewable_tournament(request, slug)
    return cached(tournament, "tournament", lambda: selectors.tournament_detail(tournament))


@api.get(
    "/tournaments/{slug:slug}/players",
    response={200: schemas.PlayerList, **ERRORS},
    tags=["players"],
)
def player_list(request, slug: str, page: Query[schemas.PageParams]):
    """The registered players who have not withdrawn, by name."""
    tournament = viewable_tournament(request, slug)
    return _page(cached(tournament, "players", lambda: selectors.players(tournament)), page)


@api.get(
    "/tournaments/{slug:slug}/players/{int:player_id}",
    response={200: schemas.PlayerDetail, **ERRORS},
    tags=["players"],
)
def player_detail(request, slug: str, player_id: int):
    """A player's sessions: table, seat wind, opponents, score and running total."""
    tournament = viewable_tournament(request, slug)
    return cached(
        tournament,
        "player",
        lambda: selectors.player_detail(tournament, player_id),
        player=player_id,
    )


@api.get(
    "/tournaments/{slug:slug}/sessions/{int:number}/seating",
    response={200: schemas.SeatingPage, **ERRORS},
    tags=["seating"],
)
def session_seating(request, slug: str, number: int, page: Query[schemas.PageParams]):
    """The tables of a session with their four players, East first (empty before the
    seating is made)."""
    tournament = viewable_tournament(request, slug)
    tables = cached(
        tournament, "seating", lambda: selectors.seating(tournament, number), number=number
    )
    return {"session": number, **_page(tables, page)}


@api.get(
    "/tournaments/{slug:slug}/standings",
    response={200: schemas.StandingsPage, **ERRORS},
    tags=["standings"],
)
def standings(request, slug: str, params: Query[StandingsParams]):
    """The standings, best first, after the given session or all of them. Only confirmed
    score sheets count."""
    tournament = viewable_tournament(request, slug)
    data = cached(
        tournament,
        "standings",
        lambda: selectors.standings(tournament, params.after),
        after=params.after,
    )
    return {**data, **_page(data["items"], params)}


@api.get(
    "/tournaments/{slug:slug}/sessions/{int:number}/results",
    response={200: schemas.ResultsPage, **ERRORS},
    tags=["results"],
)
def session_results(request, slug: str, number: int, page: Query[schemas.PageParams]):
    """The confirmed tables of a session, each seat's result in seat order."""
    tournament = viewable_tournament(request, slug)
    data = cached(
        tournament, "results", lambda: selectors.results(tournament, number), number=number
    )
    return {"session": number, **data, **_page(data["items"], page)}


def _clock(tournament, number: int | None) -> dict:
    # The clock changes by the second: it is kept for API_CLOCK_CACHE_SECONDS only, and
    # ``server_time`` says when it was read so that a client can correct for its age.
    return cached(
        tournament,
        "clock",
        lambda: selectors.clock(tournament, number, timezone.now()),
        timeout=settings.API_CLOCK_CACHE_SECONDS,
        number=number,
    )


@api.get(
    "/tournaments/{slug:slug}/clock",
    response={200: schemas.ClockOut, **ERRORS},
    tags=["clock"],
)
def current_clock(request, slug: str):
    """The clock of the session the hall is playing (else the next, else the last)."""
    return _clock(viewable_tournament(request, slug), None)


@api.get(
    "/tournaments/{slug:slug}/sessions/{int:number}/clock",
    response={200: schemas.ClockOut, **ERRORS},
    tags=["clock"],
)
def session_clock(request, slug: str, number: int):
    """The clock of one session."""
    return _clock(viewable_tournament(request, slug), number)


@api.exception_handler(Http404)
def not_found(request, exc):
    # Say what is missing ("This tournament has no session 9."), not only "Not Found"; a
    # draft answers as a tournament that does not exist (tournament.permissions).
    return api.create_response(request, {"detail": str(exc) or "Not found."}, status=404)
