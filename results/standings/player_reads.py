"""One player's results: the player page's sessions and totals, the extract of the standings
it shows (computed once per results version), its digest and the score chart.

The totals are the standings' own rows (``selectors.standings``): one computation for the
standings page, the player page, the API and the exports.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from decimal import Decimal

from django.db.models import Exists, OuterRef

from results.standings.page_digests import player_fields, player_page_digests
from results.standings.selectors import ZERO, StandingRow, confirmed_results, standings
from scoring.rules.absence import MissedSession
from tournament.models import Player, Seat, Tournament
from tournament.seating.visibility import seats_shown
from web.cache import cached_part

# --- a player's event --------------------------------------------------------------------


@dataclass
class PlayerSession:
    number: int
    seat: Seat | None  # None: a session the player missed
    opponents: list[Seat]
    result: object | None  # TableResult
    running_total: Decimal | None
    # The session's score as the standings count it: the sheet's, the desk's penalties of
    # the session, a missed session's charge.  None: nothing counted yet.
    score: Decimal | None = None
    desk_penalties: Decimal = ZERO  # the desk's penalties of this session (chombo, lateness)
    missed: MissedSession | None = None  # substituted, or after the player left (EMA 5.8)


@dataclass
class PlayerEvent:
    """One player's event, from the standings' own row: the sessions add up to the row's
    total, so the player page, its chart and the API show the standings' figure (adding up
    confirmed table results alone, they once left out the desk's penalties and substitutions)."""

    player: Player
    row: StandingRow | None  # None: not in the standings (no results, not a player)
    sessions: list[PlayerSession]

    @property
    def total(self) -> Decimal:
        return self.row.total if self.row is not None else ZERO


@dataclass
class PlayerExtract:
    """One player's share of the standings, kept per results version (``player_extract``),
    and the digest of what his page shows besides the tournament's and his own fields
    (``page_digests``)."""

    row: StandingRow | None  # None: seated or scored, not in the standings
    desk_by_session: dict[int, Decimal]
    digest: str = ""
    has_sessions: bool = False  # a seat, a confirmed result or a session's score to show
    player_fields: tuple | None = None  # his own fields (``page_digests.player_fields``)


def _player_extracts(tournament: Tournament) -> dict[int, PlayerExtract]:
    """Every ranked, seated or scored player's extract, from one standings computation and
    a fixed number of flat reads (``page_digests``)."""
    # Computed here, not through ``cached``: this runs once per results version already
    # (``cached_part``), and nothing else reads the whole of it; pickling it for the cache
    # cost a third of a computation.
    data = standings(tournament)
    rows = {row.player.pk: row for row in data.rows}
    shown = {pk: (row, data.desk_by_session.get(pk, {})) for pk, row in rows.items()}
    players = player_fields(tournament)
    results = confirmed_results(tournament)
    digests, seen = player_page_digests(tournament, shown, results, players)
    # The row kept without its player, whom the page has at hand (``player_event``): a
    # model instance cost each page more to unpickle than the rest of its extract.
    return {
        pk: PlayerExtract(
            replace(rows[pk], player=None) if pk in rows else None,
            data.desk_by_session.get(pk, {}),
            digest,
            pk in seen or bool(pk in rows and rows[pk].by_session),
            players.get(pk),
        )
        for pk, digest in digests.items()
    }


def player_extract(tournament: Tournament, player_id: int) -> PlayerExtract | None:
    """The player's extract (None: not in the standings, never seated nor scored),
    computed for every player at once per results version
    (``web.cache.cached_part``): after a confirmed sheet the pages of 400 players read
    their own few rows of the standings, not the whole of it each."""
    return cached_part(
        tournament.pk, "standings:player", player_id, lambda: _player_extracts(tournament)
    )


def player_event(tournament: Tournament, player: Player) -> PlayerEvent:
    """Each session the player sat in or missed: table, seat, opponents, result, the
    session's score and the running total, taken from ``standings()``.  A penalty of the
    desk for the whole tournament (no session) counts at the last session shown.

    Two queries and the player's extract, whatever the number of sessions; the extract
    comes from the cache under the tournament's results version (``player_extract``), so
    that after a confirmed sheet the pages of 400 players, each read by its own
    spectators, compute the standings once between them, not once a page."""
    extract = player_extract(tournament, player.pk)
    row = extract.row if extract is not None else None
    if row is not None:
        row.player = player  # kept without him (``_player_extracts``)
    # His seats and his opponents' in one query: every seat at a table he sat at.
    at_his_table = Seat.objects.filter(
        session_id=OuterRef("session_id"), table_id=OuterRef("table_id"), player=player
    )
    seats: dict[int, Seat] = {}
    others: dict[int, list[Seat]] = defaultdict(list)
    for seat in (
        seats_shown(tournament)
        .filter(Exists(at_his_table))
        .select_related("session", "table", "player")
        .order_by("session__number", "wind")
    ):
        if seat.player_id == player.pk:
            seats[seat.session.number] = seat
        else:
            others[seat.session_id].append(seat)
    results = {
        r.session.number: r
        for r in confirmed_results(tournament)
        .filter(player=player)
        .select_related("sheet", "session")
    }
    by_session = row.by_session if row is not None else {}
    missed = {m.session: m for m in row.missed} if row is not None else {}
    desk = extract.desk_by_session if extract is not None else {}
    numbers = sorted(set(seats) | set(results) | set(by_session))
    out, total = [], ZERO
    for index, number in enumerate(numbers):
        seat = seats.get(number)
        score = by_session.get(number)
        if score is not None:
            total += score
        if index == len(numbers) - 1 and row is not None and row.outside_sessions:
            total += row.outside_sessions
            score = (score or ZERO) + row.outside_sessions
        miss = missed.get(number)
        out.append(
            PlayerSession(
                number=number,
                seat=seat,
                opponents=others[seat.session_id] if seat is not None else [],
                result=results.get(number),
                running_total=total if score is not None else None,
                score=score,
                desk_penalties=desk.get(number, ZERO) - (miss.score if miss else ZERO),
                missed=miss,
            )
        )
    return PlayerEvent(player=player, row=row, sessions=out)


def _fields(obj) -> tuple:
    """A model instance's own field values (what a page prints of it), for a digest."""
    return tuple(getattr(obj, f.attname) for f in obj._meta.concrete_fields)


def player_page_digest(tournament: Tournament, player: Player) -> tuple[str, bool]:
    """A digest of everything the player's page shows, and whether it shows any session:
    the tournament's and the player's fields, and his extract's digest (his standings
    row, and per session the seat, table, opponents, result and the version of its sheet:
    ``page_digests``).  The same digest, the same page; no query of its own."""
    import hashlib

    extract = player_extract(tournament, player.pk)
    mine = extract.digest if extract is not None else ""
    shown = repr((_fields(tournament), _fields(player), mine))
    return (
        hashlib.sha256(shown.encode()).hexdigest(),
        extract is not None and extract.has_sessions,
    )


def score_chart(sessions: list[PlayerSession], width: int = 640, height: int = 220) -> dict:
    """Points of an SVG polyline of the running total over the sessions (server-rendered)."""
    points = [(s.number, s.running_total) for s in sessions if s.running_total is not None]
    if not points:
        return {}
    values = [float(v) for _, v in points] + [0.0]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    last = max(n for n, _ in points)
    pad = 30

    def x(n: int) -> float:
        return pad + (width - 2 * pad) * (n / last if last else 0)

    def y(v: float) -> float:
        return pad + (height - 2 * pad) * (high - v) / span

    dots = [{"x": round(x(n), 1), "y": round(y(float(v)), 1), "n": n, "v": v} for n, v in points]
    line = [(round(x(0), 1), round(y(0.0), 1))] + [(d["x"], d["y"]) for d in dots]
    return {
        "width": width,
        "height": height,
        "polyline": " ".join(f"{a},{b}" for a, b in line),
        "dots": dots,
        "zero_y": round(y(0.0), 1),
        "high": high,
        "low": low,
        "pad": pad,
    }
