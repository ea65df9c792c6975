"""The public API: read-only JSON for published tournaments, with an OpenAPI schema.

Others build on the results (streams, club sites, rating lists), so the API shows what the
public pages show and nothing more: the tournament, its players, the seating of each session,
the standings after any session, the results of each table and the clock.  It is built with
django-ninja (typed schemas, OpenAPI built in) and mounted at ``/api/v1/``:

- ``/api/v1/openapi.json``: the OpenAPI schema; ``/api/v1/docs``: Swagger UI, served from
  django-ninja's own static files (no CDN: a venue's Wi-Fi often has no way out).
- Permissions are the pages' (``tournament.permissions``): a draft answers 404 to all but its
  staff; e-mail addresses are never in an answer; EMA numbers are shown as the pages show them.
- Lists come in pages (``limit``/``offset``, ``limit`` at most ``API_MAX_PAGE_SIZE``).
- Answers are cached for a short time (``api.caching``, one helper) and anonymous clients are
  rate-limited per IP address (``api.throttling``), answering 429 with ``Retry-After``.

Every figure comes from the selectors of the feature packages (standings, seating, clock,
registration): no scoring rule is computed here.
"""
