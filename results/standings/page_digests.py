"""Digests of the player pages of a whole event, computed at once per results version (their
seats' part once per seating version).

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

Every player's own fields are read here as well (``player_fields``), once per version, and
kept in his extract: an unchanged page then makes no query for its player either
(``page_player``). A renamed player bumps the version (``tournament.page_versions``), so
the fields kept are those of the version the page is served from.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from tournament.models import Player, Seat
from web.cache import SEATING, cached


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
# A player's own fields in the order of his model's (``Model.from_db`` takes them so).
PLAYER_FIELDS = tuple(_attnames(Player))


def player_fields(tournament) -> dict[int, tuple]:
    """Every player of the tournament: his own fields (``PLAYER_FIELDS``), one flat read."""
    return {
        row[0]: row
        for row in Player.objects.filter(tournament=tournament)
        .order_by()
        .values_list(*PLAYER_FIELDS)
    }


def _seat_digests(tournament, players: dict[int, tuple]) -> dict[int, str]:
    """Per seated player, a digest of his seats as his page shows them: per session his
    seat, its table (``Table.__str__``), his opponents' seats and their names."""
    seat_fields = _attnames(Seat)
    # Every seat with its session's number and its table's: one query. A player's name (an
    # opponent's) comes from ``players``, not from a join. Rows in the order of their
    # keys: any fixed order makes the same digest of the same rows, and the primary key's
    # costs no sort of its own.
    seats = list(
        Seat.objects.filter(session__tournament=tournament)
        .order_by("pk")
        .values_list("session__number", *seat_fields, "table__number", "table__name")
    )
    session_at = 1 + seat_fields.index("session_id")
    table_at = 1 + seat_fields.index("table_id")
    player_at = 1 + seat_fields.index("player_id")
    first_at, last_at = PLAYER_FIELDS.index("first_name"), PLAYER_FIELDS.index("last_name")
    names = {pk: (row[first_at], row[last_at]) for pk, row in players.items()}
    # A seat of a player who is no entry of this tournament (never made by the services):
    # his name read apart, so that the digest still holds it.
    strangers = {seat[player_at] for seat in seats} - set(names)
    if strangers:
        names.update(
            (pk, (first, last))
            for pk, first, last in Player.objects.filter(pk__in=strangers).values_list(
                "pk", "first_name", "last_name"
            )
        )
    # A table of a session as its four players' pages show it, hashed once, not once per
    # page that shows it.
    together: dict[tuple, list[str]] = defaultdict(list)
    for seat in seats:
        together[seat[session_at], seat[table_at]].append(repr((seat, names.get(seat[player_at]))))
    table_hash = {
        at: hashlib.sha256("|".join(texts).encode()).hexdigest() for at, texts in together.items()
    }
    parts: dict[int, list[str]] = defaultdict(list)
    for seat in seats:
        parts[seat[player_at]].append(table_hash[seat[session_at], seat[table_at]])
    return {pk: hashlib.sha256("|".join(ps).encode()).hexdigest() for pk, ps in parts.items()}


def seat_digests(tournament, players: dict[int, tuple]) -> dict[int, str]:
    """``_seat_digests``, computed once per *seating* version: a confirmed sheet makes a
    new results version and changes no seat, and reading 4,800 seats again after each
    cost as much as the results' read. Everything a seat's digest holds bumps the seating
    version when it changes: seats (the seating services, the desk's substitutions),
    tables and players (``tournament.page_versions``: every scope)."""
    return cached(
        tournament.pk, "page-digests:seats", lambda: _seat_digests(tournament, players), SEATING
    )


def player_page_digests(
    tournament, shown: dict[int, object], results, players: dict[int, tuple]
) -> tuple[dict[int, str], set[int]]:
    """A digest per player who has a row in ``shown`` (what the standings give his page),
    a seat or a result (``results``: the tournament's confirmed ``TableResult`` rows), and
    the players with a seat or a result. ``players``: ``player_fields``. One flat read of
    the results, and one of the seats per seating version (``seat_digests``)."""
    parts: dict[int, list[str]] = defaultdict(list)
    for player_id, digest in seat_digests(tournament, players).items():
        parts[player_id].append(digest)
    # A result as the page shows it: its points, place and wind, and its sheet's version
    # (every save of a sheet raises it, scoring.services, so that the version stands for
    # the result's scores and the hands the page's statistics read: decoding 1,200 sheets'
    # JSON and 4,800 results' decimals cost more than the standings themselves); the
    # session's score as counted is in the standings' row above.
    for result in results.order_by("pk").values_list(*RESULT_FIELDS):
        parts[result[0]].append(repr(result))
    out = {}
    for player_id in set(parts) | set(shown):
        text = "\n".join(
            [repr(players.get(player_id)), repr(shown.get(player_id)), *parts.get(player_id, ())]
        )
        out[player_id] = hashlib.sha256(text.encode()).hexdigest()
    return out, set(parts)
