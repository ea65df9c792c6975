"""Who sees a session's results: the one rule every reader of the scores follows.

An organiser may hold a session's results back from the public until every table's sheet
is confirmed (``Tournament.hold_results``, as the World Riichi app holds a round's scores
until every table has finished): a table that finished early must not show the hall where
it stands while the others still play for their places.  While a session is incomplete,
players, anonymous visitors, the API, the projector, the stream, the player pages and the
exports read the standings as of the last session whose sheets are all confirmed; the
tournament's staff read every confirmed sheet at once (the pages mark what the public does
not see yet).

The reader is the request's user, set for the length of each request by
``ResultsReaderMiddleware``; the standings' reads (``standings()``, ``confirmed_results()``)
ask ``shown_after`` for the last session he sees, so the forty places that read a score
follow this rule without each being handed the user.  Outside a request (a worker, a
command, the notifications, which are sent only once a session is complete) nothing is
held: those compute for the staff.

The cache of the results pages and data (``web.cache``, ``api.caching``) keys every entry
with ``cache_variant``, so a page computed for the staff is never served to the public, nor
the held one to the staff.

When the last sheet of a session is confirmed, ``session_results_published`` is sent (the
companion then tells each player his results and rank after the session), for that session
and for every later complete one that waited for it: never while an earlier session is
still incomplete, whose missing tables would change the ranks told.
"""

from __future__ import annotations

from collections import defaultdict
from contextvars import ContextVar

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from scoring.models import ScoreSheet
from tournament import happenings
from tournament.models import Seat, Session, Tournament
from tournament.permissions import is_staff_of
from web import cache as page_cache

# The request being answered (its user is the reader), or None outside a request.
_request: ContextVar = ContextVar("results_reader", default=None)


class ResultsReaderMiddleware:
    """Makes the request's user the reader of the results for the length of the request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _request.set(request)
        try:
            return self.get_response(request)
        finally:
            _request.reset(token)


class reading_as_staff:
    """Everything is read, as the staff do, inside this block (a notification computed
    in the request of the player whose confirmation completed the session)."""

    def __enter__(self):
        self._token = _request.set(None)

    def __exit__(self, *exc):
        _request.reset(self._token)


def _incomplete_sessions(tournament_id: int) -> list[int]:
    """The numbers of the sessions that have begun (a confirmed sheet, or the session
    started) and have a seated table whose sheet is not confirmed.  Two queries, kept per
    version of the results and of the seating (a seat changed, a session started)."""

    seated: dict[int, set[int]] = defaultdict(set)
    for number, table_id in (
        Seat.objects.filter(session__tournament_id=tournament_id)
        .order_by()
        .values_list("session__number", "table_id")
        .distinct()
    ):
        seated[number].add(table_id)
    confirmed: dict[int, set[int]] = defaultdict(set)
    for number, table_id in (
        ScoreSheet.objects.filter(
            session__tournament_id=tournament_id, status=ScoreSheet.Status.CONFIRMED
        )
        .order_by()
        .values_list("session__number", "table_id")
    ):
        confirmed[number].add(table_id)
    begun = set(
        Session.objects.filter(tournament_id=tournament_id)
        .exclude(state=Session.State.PLANNED)
        .values_list("number", flat=True)
    )
    return sorted(
        number
        for number, tables in seated.items()
        if (confirmed[number] or number in begun) and not tables <= confirmed[number]
    )


# How long the option read from a tournament's row is kept: it is written again by every
# save of the row (``_hold_saved``); the bound only heals a save whose transaction rolled back.
HOLD_SECONDS = 60


def _hold_key(tournament_id: int) -> str:
    return f"results-hold:{tournament_id}"


def holds_results(tournament_id: int) -> bool:
    """The tournament's option, from the cache: the results pages of a tournament that
    holds nothing (most) cost no query for it."""
    found = page_cache._safe(lambda: page_cache.cache.get(_hold_key(tournament_id)))
    if found is None:
        hold = Tournament.objects.filter(pk=tournament_id).values_list("hold_results", flat=True)
        found = bool(hold.first())
        page_cache._safe(
            lambda: page_cache.cache.set(_hold_key(tournament_id), found, HOLD_SECONDS)
        )
    return found


@receiver(post_save, sender=Tournament, dispatch_uid="results-hold-saved")
def _hold_saved(sender, instance: Tournament, **kwargs) -> None:
    def keep() -> None:
        key, value = _hold_key(instance.pk), bool(instance.hold_results)
        page_cache._safe(lambda: page_cache.cache.set(key, value, HOLD_SECONDS))

    keep()
    transaction.on_commit(keep, robust=True)


def incomplete_sessions(tournament_id: int) -> list[int]:
    """``_incomplete_sessions``, from the cache while no sheet, seat or session changed
    (each bumps a version of the tournament's pages)."""
    versions = [page_cache.version(tournament_id, scope) for scope in page_cache.SCOPES]
    if None in versions:
        return _incomplete_sessions(tournament_id)
    key = f"results-incomplete:{tournament_id}:{':'.join(versions)}"
    found = page_cache._safe(lambda: page_cache.cache.get(key))
    if found is None:
        found = _incomplete_sessions(tournament_id)
        page_cache._safe(lambda: page_cache.cache.set(key, found, page_cache.TIMEOUT))
    return found


def _reader_is_staff(request, tournament_id: int) -> bool:
    """Whether the request's user is staff of the tournament, once per request."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return False
    known = request.__dict__.setdefault("_results_staff_of", {})
    if tournament_id not in known:
        known[tournament_id] = is_staff_of(user, Tournament(pk=tournament_id))
    return known[tournament_id]


def last_session_shown(tournament_id: int, request=None) -> int | None:
    """The last session whose results the reader (``request``'s user; the current request's
    by default) sees, or None when he sees every confirmed sheet: the session before the
    first incomplete one, for anyone but the staff, when the tournament holds results."""
    if request is None:
        request = _request.get()
    if request is None:
        return None
    if not holds_results(tournament_id):
        return None
    incomplete = incomplete_sessions(tournament_id)
    if not incomplete or _reader_is_staff(request, tournament_id):
        return None
    return incomplete[0] - 1


def shown_after(tournament: Tournament, after_session: int | None) -> int | None:
    """The ``after_session`` a standings read uses for the current reader: the one asked
    for, or the last session he may see when that is earlier."""
    last = last_session_shown(tournament.pk)
    if last is None:
        return after_session
    return last if after_session is None else min(after_session, last)


def held_from_public(tournament: Tournament, request) -> list[int]:
    """The sessions whose confirmed sheets ``request``'s user (staff) sees but the public
    does not yet: marked on the staff's pages."""
    if not tournament.hold_results or not _reader_is_staff(request, tournament.pk):
        return []
    return incomplete_sessions(tournament.pk)


def cache_variant(tournament_id: int | None) -> str:
    """What a cached result read carries in its key for the current reader: "" when he
    sees every confirmed sheet, else the last session he sees."""
    if tournament_id is None:
        return ""
    last = last_session_shown(tournament_id)
    return "" if last is None else f":held-after-{last}"


page_cache.register_variant(cache_variant)


# --- telling the players once a session is complete -----------------------------------------


def sessions_published_by(session: Session) -> list[Session]:
    """The sessions whose results the confirmation of a sheet of ``session`` completes:
    ``session`` itself once every table is confirmed and no earlier session is incomplete,
    and the later complete sessions that waited for it."""
    incomplete = _incomplete_sessions(session.tournament_id)
    first_incomplete = incomplete[0] if incomplete else None
    if session.number in incomplete or (
        first_incomplete is not None and first_incomplete < session.number
    ):
        return []
    later = Session.objects.filter(tournament_id=session.tournament_id, number__gt=session.number)
    if first_incomplete is not None:
        later = later.filter(number__lt=first_incomplete)
    with_results = set(
        Seat.objects.filter(session__in=later).values_list("session_id", flat=True).distinct()
    )

    scored = set(
        ScoreSheet.objects.filter(session__in=later, status=ScoreSheet.Status.CONFIRMED)
        .values_list("session_id", flat=True)
        .distinct()
    )
    return [session] + [s for s in later.order_by("number") if s.pk in with_results & scored]


@receiver(happenings.sheet_changed, dispatch_uid="results-publication")
def on_sheet_changed(sender, sheet, state: str, **kwargs) -> None:
    """A sheet confirmed (sent after its commit): the sessions it completes are published."""
    if state != "settled":
        return
    sheet = getattr(sheet, "sheet", sheet)
    session = Session.objects.select_related("tournament").get(pk=sheet.session_id)
    with reading_as_staff():
        for published in sessions_published_by(session):
            happenings.session_results_published.send(sender=Session, session=published)
