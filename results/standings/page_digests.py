"""Digests of the player pages of a whole event, computed at once per results version.

A player's page is served by a digest of everything it shows (``web.cache.content_by_digest``):
the same digest, the same page.  Reading a player's seats, opponents and results to make
his digest cost each of 400 pages three queries and hundreds of model instances after every
confirmed sheet; here the digests of every player come from a fixed number of flat reads
(values, no model instances), made once with the standings' per-player extracts, so that a
page that has not changed is a lookup of its digest and of the page kept under it.

What goes into a player's digest (besides the tournament's and his own fields, added by the
page): what the standings give his page (his row and the desk's penalties per session), and
per session his seat, its table, his opponents' seats and their players' fields, his result
and the fields of its sheet (whose version every save raises, so that a corrected hand, which
the page's hand statistics show, changes the digest too).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from tournament.models import Seat


def _attnames(model) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields]


RESULT_FIELDS = (
    "player_id",
    "session__number",
    "sheet_id",
    "sheet__version",
    "sheet__status",
    "sheet__mode",
    "wind",
    "points",
    "rank",
    "substitute",
)
SHOWN_OF_A_SEAT = ("table__number", "table__name", "player__first_name", "player__last_name")


def player_page_digests(
    tournament, shown: dict[int, object], results
) -> tuple[dict[int, str], set[int]]:
    """A digest per player who has a row in ``shown`` (what the standings give his page),
    a seat or a result (``results``: the tournament's confirmed ``TableResult`` rows), and
    the players with a seat or a result.  Two queries, whatever the size of the event."""
    seat_fields = _attnames(Seat)
    # Each seat with what a page shows of its table and its player (``Table.__str__``, an
    # opponent's name; a player's own fields are added by his page): one query. Rows in
    # the order of their keys: any fixed order makes the same digest of the same rows, and
    # the primary key's costs no sort of its own.
    seats = list(
        Seat.objects.filter(session__tournament=tournament)
        .order_by("pk")
        .values_list("session__number", *seat_fields, *SHOWN_OF_A_SEAT)
    )
    session_at = 1 + seat_fields.index("session_id")
    table_at = 1 + seat_fields.index("table_id")
    player_at = 1 + seat_fields.index("player_id")
    # A table of a session as its four players' pages show it (the four seats, the table,
    # the players' names), hashed once, not once per page that shows it.
    together: dict[tuple, list[str]] = defaultdict(list)
    for seat in seats:
        together[seat[session_at], seat[table_at]].append(repr(seat))
    table_hash = {
        at: hashlib.sha256("|".join(texts).encode()).hexdigest() for at, texts in together.items()
    }
    parts: dict[int, list[str]] = defaultdict(list)
    for seat in seats:
        parts[seat[player_at]].append(table_hash[seat[session_at], seat[table_at]])
    # A result as the page shows it: its points, place and wind, and its sheet's version
    # (every save of a sheet raises it, scoring.services, so that the version stands for
    # the result's scores and the hands the page's statistics read: decoding 1,200 sheets'
    # JSON and 4,800 results' decimals cost more than the standings themselves); the
    # session's score as counted is in the standings' row above.
    for result in results.order_by("pk").values_list(*RESULT_FIELDS):
        parts[result[0]].append(repr(result))
    out = {}
    for player_id in set(parts) | set(shown):
        text = "\n".join([repr(shown.get(player_id)), *parts.get(player_id, ())])
        out[player_id] = hashlib.sha256(text.encode()).hexdigest()
    return out, set(parts)
