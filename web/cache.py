"""The public pages' cache: one version per tournament, bumped when what they show changes.

Hundreds of phones refresh the standings, the seating and the clock at the end of a session;
each of those pages is the same for every anonymous visitor until a sheet is confirmed, a
penalty logged, a seat changed or the clock touched.  So:

- every tournament has a *version* in the cache (``tournament-version:<pk>``), a random
  token rather than a counter, so that a version lost from the cache (eviction, a Redis
  restart) can never come back to an old value and revive an old page;
- cached pages and data are keyed with that version, so bumping it is the invalidation: no
  key has to be found and deleted, and what is no longer read simply expires;
- the version is bumped by any write that changes a tournament's public pages, and again
  after its commit (``tournament.page_versions`` for saved and deleted rows,
  ``public_pages_changed`` from the services that write in bulk), so the person who made
  the change, whose next request comes after the commit, never sees the page from before.

The cache is a help, never a need: when it is down (Redis stopped) every call here answers
as on a miss and the page is computed, so score entry and the pages keep working.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
import threading
import time
import uuid

from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.utils.translation import get_language

from web.query import MAX_PER_PAGE, bounded_int

logger = logging.getLogger(__name__)

# How long a cached page or datum lives at most: a safety net only; the version is what
# makes an entry stale.
TIMEOUT = 15 * 60
# How long one process may hold the right to render a stale page before another takes it
# (a process killed mid-render must not leave the page to the old version for long).
RENDER_LOCK = 10
MISSING = object()


# Two families of pages, each with its own version, so that the stream of score sheets at
# the end of a session does not throw away the seating and the clock, which every phone in
# the hall is reading at that moment: "results" (standings, results, player pages) and
# "seating" (the seating pages, a player's schedule, the clock's tables).
RESULTS, SEATING = "results", "seating"
SCOPES = (RESULTS, SEATING)


def _key(tournament_id: int, scope: str) -> str:
    return f"tournament-version:{tournament_id}:{scope}"


def _safe(call, default=None):
    try:
        return call()
    except Exception:  # the cache is down: behave as on a miss (module docstring)
        logger.warning("cache unavailable", exc_info=True)
        return default


def version(tournament_id: int, scope: str) -> str | None:
    """The tournament's current version, made when missing; None when the cache is down."""
    key = _key(tournament_id, scope)
    current = _safe(lambda: cache.get(key))
    if current is None:
        fresh = uuid.uuid4().hex
        # add(), not set(): two processes racing here agree on whichever came first.
        if not _safe(lambda: cache.add(key, fresh, None), False):
            current = _safe(lambda: cache.get(key))
        else:
            current = fresh
    return current


def bump(tournament_id: int, scopes: tuple[str, ...] = SCOPES) -> None:
    """Make the tournament's cached pages of ``scopes`` stale, now."""
    fresh = {_key(tournament_id, scope): uuid.uuid4().hex for scope in scopes}
    _safe(lambda: cache.set_many(fresh, None))


# The list of published tournaments (the API's ``/tournaments``) has a version of its own,
# under the id 0 that no tournament has: a tournament saved (set back to draft, renamed)
# leaves the list at once, not after the list's timeout.
SITE, TOURNAMENT_LIST = 0, "list"


def tournament_list_version() -> str | None:
    return version(SITE, TOURNAMENT_LIST)


def tournament_list_changed() -> None:
    public_pages_changed(SITE, (TOURNAMENT_LIST,))


def public_pages_changed(tournament_id: int | None, scopes: tuple[str, ...] = SCOPES) -> None:
    """Bump the tournament's version now and again once the current transaction commits.

    The bump after the commit is the one that matters: a reader who rendered the page
    while the transaction was still open saw the old rows and cached them under the
    version of that moment, which the second bump retires.  The bump now makes the
    writer's own requests inside the transaction (and tests, whose transaction never
    commits) see the change at once.
    """
    if tournament_id is None:
        return
    bump(tournament_id, scopes)
    transaction.on_commit(functools.partial(bump, tournament_id, scopes), robust=True)


# Functions of a tournament's id naming what the current reader sees of it, added to the
# key of every datum cached here: a tournament holding a session's results shows the staff
# what the public does not see yet (results/standings/publication.py), and the data
# computed for one must never be served to the other.  Registered by the layer above, which
# this module does not import.
_variants: list = []


def register_variant(variant) -> None:
    if variant not in _variants:
        _variants.append(variant)


def reader_variant(tournament_id: int | None) -> str:
    """The current reader's part of a cached datum's key ("" when every reader sees it)."""
    return "".join(variant(tournament_id) for variant in _variants)


def cached(tournament_id: int, name: str, compute, scope: str = RESULTS):
    """``compute()``, or its value cached under the tournament's current version."""
    current = version(tournament_id, scope)
    if current is None:
        return compute()
    name += reader_variant(tournament_id)
    # Data may hold translated words (a heading, a phase's name): one copy per language.
    key = f"tournament-data:{tournament_id}:{current}:{get_language()}:{name}"
    value = _safe(lambda: cache.get(key, MISSING), MISSING)
    if value is MISSING:
        value = compute()
        _safe(lambda: cache.set(key, value, TIMEOUT))
    return value


# ``cached_part`` keeps the parts in this many entries: a page unpickles a 32nd of the
# whole, and 400 players' parts do not crowd a bounded cache (a local memory cache keeps
# 300 entries) out of the versions and pages it holds.
PART_BUCKETS = 32
# Set when a request was answered with the parts of the version before: its page is
# served, never kept under the current version.
_stale = threading.local()


def cached_part(tournament_id: int, name: str, part: int, compute_all, scope: str = RESULTS):
    """``compute_all()[part]`` (None when it has no such part), every part of it cached at
    once, in PART_BUCKETS entries, under the tournament's current version.

    For data read a part at a time by many pages: 400 players' pages each need one player's
    share of the standings, and reading (unpickling) the whole of it cost each page more
    than rendering it.  The parts are computed once per version, by whichever page comes
    first, while the others wait for it; a part that ``compute_all`` did not give (an
    unknown id) is None, without computing everything again.
    """
    current = version(tournament_id, scope)
    if current is None:
        return compute_all().get(part)
    name += reader_variant(tournament_id)
    prefix = f"tournament-data:{tournament_id}:{current}:{get_language()}:{name}:"
    key = f"{prefix}{part % PART_BUCKETS}"
    # One computation at a time for the tournament, whatever its version: at the end of a
    # session every save and confirmation of a sheet makes a new version, and a lock per
    # version let a computation start for each while the one before was still running
    # (under load each took longer than the time between two sheets: they piled up).
    lock_key = f"tournament-data-lock:{tournament_id}:{get_language()}:{name}"
    # The version whose parts were written last: its entries stay until their TIMEOUT, so
    # a pointer to them is enough (writing every part a second time cost a fifth of the
    # computation).
    last_key = f"tournament-data-last:{tournament_id}:{get_language()}:{name}"

    def look():
        found = _safe(lambda: cache.get(key))
        return found.get(part) if found is not None else MISSING

    value = look()
    if value is not MISSING:
        return value
    # One computation per version: after a confirmed sheet dozens of pages miss at once,
    # and each computing the standings for itself took every core for seconds. While one
    # computes, the others answer with the parts of the version before (seconds old, as
    # ``public_page`` serves its last page), and their pages are not kept under the new
    # version (``_stale``); without those, they wait for it, at most RENDER_LOCK.
    deadline = time.monotonic() + RENDER_LOCK
    while not _safe(lambda: cache.add(lock_key, 1, RENDER_LOCK), True):
        last = None
        if getattr(_stale, "allowed", False):
            before = _safe(lambda: cache.get(last_key))
            if before is not None and before != current:
                older = f"tournament-data:{tournament_id}:{before}:{get_language()}:{name}:"
                last = _safe(lambda k=f"{older}{part % PART_BUCKETS}": cache.get(k))
        if last is not None:
            _stale.used = True
            return last.get(part)
        time.sleep(0.02)
        value = look()
        if value is not MISSING:
            return value
        if time.monotonic() > deadline:
            break
    try:
        parts = compute_all()
        buckets: dict[str, object] = {f"{prefix}{b}": {} for b in range(PART_BUCKETS)}
        for k, v in parts.items():
            buckets[f"{prefix}{k % PART_BUCKETS}"][k] = v
        buckets[last_key] = current
        _safe(lambda: cache.set_many(buckets, TIMEOUT))
    finally:
        _safe(lambda: cache.delete(lock_key))
    return parts.get(part)


def content_by_digest(
    request, name: str, digest: str, render, since: tuple[int, str] | None = None
) -> HttpResponse:
    """A page named by a digest of everything it shows: served from the cache while the
    digest is the same, rendered (``render()``, a response) and kept when it changes.

    A tournament's version changes with every confirmed sheet, but one player's page
    changes only when his own figures do; keyed by their digest, the pages of the players
    a sheet did not touch are not rendered again.  Only for anonymous readers (whatever a
    page shows to its reader alone is not in the digest) and never a response that sets a
    cookie.

    A digest taken from data cached per version (``since``: the tournament and scope of
    that version) while ``render()`` reads the rows themselves: the page is kept only when
    the version did not change in between (else it may show rows newer than its digest),
    and never when the digest came from the version before (``_stale``).
    """
    if not _cacheable_request(request):
        return render()
    key = f"page-by-digest:{name}:{get_language()}:{digest}"
    hit = _safe(lambda: cache.get(key))
    if hit is not None:
        return _cached_response(hit, "digest")
    before = version(*since) if since is not None else None
    response = render()
    if hasattr(response, "render") and callable(response.render):
        response = response.render()
    if getattr(_stale, "used", False) or (since is not None and version(*since) != before):
        return response
    if _cacheable_response(request, response):
        stored = (response.content, response["Content-Type"])
        _safe(lambda: cache.set(key, stored, TIMEOUT))
    return response


def _cacheable_request(request) -> bool:
    """Only what every visitor sees the same: anonymous GETs without a session (whose
    pending messages a cached page would not show)."""
    from django.conf import settings

    return (
        request.method in ("GET", "HEAD")
        and not request.user.is_authenticated
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


def _cacheable_response(request, response) -> bool:
    # A page that set a cookie or used a CSRF token belongs to its visitor alone.
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and not request.META.get("CSRF_COOKIE_USED")
        and response.get("Content-Disposition") is None
    )


def _cached_response(stored, label: str) -> HttpResponse:
    content, content_type = stored
    response = HttpResponse(content, content_type=content_type)
    response["X-Cache"] = label
    return response


def public_page(scope: str, reads: tuple[str, ...] = (), sorts: tuple[str, ...] = ()):
    """Serve the view's page to anonymous visitors from the cache, keyed by the tournament's
    version of ``scope``, the path and the query parameters named in ``reads`` (the ones
    the page reads), never the raw query string.  Logged-in visitors (staff, players with
    their own seat highlighted) always get a fresh page; ``cached`` data keeps theirs cheap.

    Keyed on the raw query, 400 requests with ``?x=<random>`` made 400 renders and 800
    keys.  So an anonymous request is served as if it carried only the parameters
    in ``reads``: the view, and the links and forms of the page it renders, see nothing
    else, and every other parameter leaves one copy of the page.  By default a page reads
    none: a new public page is safe without a thought, and one that needs a parameter says
    so here.
    """
    return functools.partial(
        _public_page, scope=scope, reads=tuple(sorted(set(reads))), sorts=frozenset(sorts)
    )


# The page numbers a cached page is kept for: a page beyond the last shows the last one
# (web.query.paginate_table), so larger numbers share the last key.
MAX_CACHED_PAGE = 1000
MAX_AFTER = 99  # sessions of a tournament
# A sort key names a column, or a session's column ("s3"); the page's own keys are in
# ``public_page(sorts=...)``.
_SESSION_COLUMN = re.compile(r"s[1-9][0-9]?")
_EXPORTS = ("csv", "json", "xlsx")


def _number(value: str, high: int) -> str | None:
    number = bounded_int(value, default=0, low=0, high=high)
    return str(number) if number >= 1 else None


def normalised(name: str, value: str, sorts: frozenset[str] = frozenset()) -> str | None:
    """A read parameter's value as the page uses it, or None (left out) when it is outside
    its domain: so that junk values (``?sort=<256 random characters>``, ``?page=10**9``)
    share the key of the page they show instead of each making a cached copy."""
    if name == "page":
        return _number(value, MAX_CACHED_PAGE)
    if name == "per_page":
        return _number(value, MAX_PER_PAGE)
    if name == "after":
        number = _number(value, 10**6)
        return number if number is not None and int(number) <= MAX_AFTER else None
    if name == "sort":
        key = value[1:] if value.startswith("-") else value
        return value if key in sorts or _SESSION_COLUMN.fullmatch(key) else None
    if name == "_export":
        return value if value in _EXPORTS else "?"  # one refusal page for every junk format
    return value[:100]


def _only(request, reads: tuple[str, ...], sorts: frozenset[str] = frozenset()) -> str:
    """Keep only the query parameters in ``reads`` on the request, each one value within its
    domain (``normalised``); the kept query string (in a fixed order, so that ``?a=1&b=2``
    and ``?b=2&a=1`` are one page)."""
    from django.http import QueryDict

    kept = QueryDict(mutable=True)
    for name in reads:
        values = request.GET.getlist(name)
        value = normalised(name, values[0], sorts) if values else None
        if value is not None:
            kept.setlist(name, [value])
    query = kept.urlencode()
    kept._mutable = False
    request.GET = kept
    request.META["QUERY_STRING"] = query
    return query


def page_name(tournament_id: int, scope: str, language: str, path: str, query: str) -> str:
    """What names one cached page: a page per language (the same path is German for one
    visitor, Polish for another), and the kept query hashed, a key of bounded length
    whatever a visitor types."""
    digest = hashlib.sha256(query.encode()).hexdigest()[:32]
    return f"{tournament_id}:{scope}:{language}:{path}?{digest}"


def _no_tournament(slug: str):
    return None


# The published tournament of a slug, or None.  Given at start-up by tournament/apps.py:
# the cache is plumbing below the tournaments and names none of their models; until it is
# given (a house without tournaments) every page is served fresh.
_published = _no_tournament


def serve_published_by(lookup) -> None:
    """Name the look-up ``slug -> published tournament or None`` the public pages key on."""
    global _published
    _published = lookup


def _public_page(view, scope: str, reads: tuple[str, ...], sorts: frozenset[str] = frozenset()):
    @functools.wraps(view)
    def wrapper(request, slug: str, *args, **kwargs):
        if not _cacheable_request(request):
            return view(request, slug, *args, **kwargs)
        query = _only(request, reads, sorts)
        tournament = _published(slug)
        tournament_id = tournament.pk if tournament is not None else None
        # The view's own look-up of the tournament (``tournament.pages.viewable_tournament``)
        # takes this one: a query less on every page the cache did not keep.
        request.published_tournament = tournament
        current = version(tournament_id, scope) if tournament_id is not None else None
        if current is None:
            return view(request, slug, *args, **kwargs)
        page = page_name(tournament_id, scope, get_language(), request.path, query)
        key = f"tournament-page:{page}:{current}"
        last_key, lock_key = f"tournament-page-last:{page}", f"tournament-page-lock:{page}"
        hit = _safe(lambda: cache.get(key))
        if hit is not None:
            return _cached_response(hit, "hit")
        # One process renders a page that has just gone stale; the others meanwhile serve
        # the one before, seconds old, rather than all rendering it at once: at the end of
        # a session a sheet is confirmed every few seconds, and hundreds of phones ask for
        # the standings in between (a storm of misses stalled the stack).  The person who
        # made the change is logged in and never served from here.
        if not _safe(lambda: cache.add(lock_key, 1, RENDER_LOCK), True):
            last = _safe(lambda: cache.get(last_key))
            if last is not None:
                return _cached_response(last, "stale")
        try:
            # Only an anonymous reader may be answered from the version before: the person
            # who made the change is logged in and sees it at once.
            _stale.used, _stale.allowed = False, True
            response = view(request, slug, *args, **kwargs)
            if hasattr(response, "render") and callable(response.render):
                response = response.render()
            if getattr(_stale, "used", False):
                response["X-Cache"] = "stale"
            elif _cacheable_response(request, response):
                stored = (response.content, response["Content-Type"])
                _safe(lambda: cache.set_many({key: stored, last_key: stored}, TIMEOUT))
                response["X-Cache"] = "miss"
        finally:
            _stale.allowed = False
            _safe(lambda: cache.delete(lock_key))
        return response

    return wrapper
