"""The referee desk's pages: for the tournament's referees and organisers only.

Made for a phone in one hand: the desk page finds a player by a few letters of the name
and shows the table; the player page has one big button per penalty kind.  Views parse
input, call one service, show the result.  The session comes from ``?session=N`` (or the
form's hidden field) and defaults to the one being played.
"""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext

from scoring.reporting.selectors import desk_alerts
from scoring.rules.absence import may_be_removed
from tournament.events.current import desk_session
from tournament.models import Player, Registration, Session, Staff, Tournament
from tournament.names import clean_name
from tournament.pages import staffed_tournament, table_export
from web.cache import SEATING, cached
from web.converters import parse_id
from web.query import paginate_table

from . import desk_log, selectors, services
from .calls import selectors as call_selectors
from .kinds import kind_rules
from .tables import LogTable

SEARCH_MAX = 100  # characters of the name search; names are at most 2 x 100 long


def _session(request, tournament: Tournament) -> Session | None:
    raw = request.POST.get("session") or request.GET.get("session")
    if raw:
        number = parse_id(raw)
        if number is None:
            raise Http404(gettext("No such session."))
        return get_object_or_404(Session, tournament=tournament, number=number)
    return desk_session(tournament)


def _player(tournament: Tournament, player_id: int) -> Player:
    registered = Registration.objects.filter(tournament=tournament, player_id=player_id)
    if not registered.exists():
        raise Http404(gettext("No such player in this tournament."))
    return get_object_or_404(Player, pk=player_id, tournament=tournament)


def _player_url(tournament: Tournament, player: Player, session: Session | None) -> str:
    url = reverse("referee:player", args=[tournament.slug, player.pk])
    return f"{url}?session={session.number}" if session else url


def _error(form, error: services.DeskError) -> None:
    form.add_error(error.field if error.field in form.fields else None, error.message)


def _mine_first(tournament, user, cards: dict[int, str]) -> list[str]:
    """The session's table cards, those the organiser gave this referee first."""
    staff = Staff.objects.filter(tournament=tournament, user=user).first()
    first, last = (staff.first_table, staff.last_table) if staff else (None, None)

    def mine(number: int) -> bool:
        return first is not None and last is not None and first <= number <= last

    return [cards[n] for n in sorted(cards, key=lambda n: (not mine(n), n))]


def _desk_lists(tournament: Tournament, session: Session | None) -> tuple[str, dict[int, str]]:
    """The desk's list of every player and its table cards (by table number), rendered.

    Every referee's desk shows the same 400 lines and 100 cards, and rendering them was
    nearly all of the page's cost; so they are rendered once and cached, keyed by what they
    show: the seating version of the tournament (``web.cache``: registrations,
    players, tables, sessions and seats all bump it), the session, the language, and the
    desk's penalty counts and disqualifications, read on every request (two small queries)
    and put in the key, so that a penalty logged shows at once.  Sheets, which are confirmed
    every few seconds at the end of a session, do not touch these lists.
    """
    marks = selectors.desk_marks(tournament)
    disqualified, penalties = marks
    fingerprint = hashlib.blake2b(
        repr((sorted(disqualified), sorted(penalties.items()))).encode(), digest_size=8
    ).hexdigest()
    name = f"desk-lists:{session.pk if session else 0}:{get_language()}:{fingerprint}"

    def render_lists() -> tuple[str, dict[int, str]]:
        everyone = selectors.desk_players(tournament, session, marks=marks)
        context = {"tournament": tournament, "session": session}
        html = render_to_string("referee/_desk_everyone.html", {**context, "everyone": everyone})
        tables: dict = {}
        for line in everyone:
            if line.seat is not None:
                tables.setdefault(line.seat.table, []).append(line)
        card = get_template("referee/_desk_table.html")
        cards = {}
        for table, seated in tables.items():
            seated.sort(key=lambda line: line.seat.wind)
            cards[table.number] = card.render({**context, "table": table, "seated": seated})
        return html, cards

    html, cards = cached(tournament.pk, name, render_lists, scope=SEATING)
    return mark_safe(html), {n: mark_safe(c) for n, c in cards.items()}  # rendered above


@login_required
def desk(request, slug: str):
    """The referee's start page: the session, a name search, the tables, what needs doing."""
    tournament = staffed_tournament(request, slug)
    session = _session(request, tournament)
    # Cleaned as names are stored (tournament.names): a NUL byte, which PostgreSQL refuses
    # in a query (a 500), or another control character is a space, a bidi mark nothing.
    q = clean_name(request.GET.get("q", ""))
    if len(q) > SEARCH_MAX:
        # Every word is one more LIKE on two columns: a pasted page of text would make a
        # query the database refuses ("Expression tree is too large").
        messages.error(
            request,
            gettext("Search: type at most {SEARCH_MAX} characters of a name.").format(
                SEARCH_MAX=SEARCH_MAX
            ),
        )
        q = ""
    lines = selectors.desk_players(tournament, session, q) if q else []
    if q and len(lines) == 1:
        # One match: straight to the player's page (the usual case after a few letters).
        return redirect(_player_url(tournament, lines[0].player, session))
    everyone, cards = ("", {}) if q else _desk_lists(tournament, session)
    return render(
        request,
        "referee/desk.html",
        {
            "tournament": tournament,
            "session": session,
            "sessions": tournament.sessions.order_by("number"),
            "q": q,
            "lines": lines,
            "everyone": everyone,
            "tables": _mine_first(tournament, request.user, cards),
            "reseat": selectors.sessions_needing_reseating(tournament),
            # Players' sheets disputed or not confirmed in time, shown in red.
            "sheet_alerts": desk_alerts(tournament),
            # Tables calling a referee: the queue calls.js keeps fresh.
            "calls": call_selectors.open_calls(tournament),
        },
    )


@login_required
def player(request, slug: str, player_id: int):
    tournament = staffed_tournament(request, slug)
    session = _session(request, tournament)
    person = _player(tournament, player_id)
    seat = session.seats.filter(player=person).select_related("table").first() if session else None
    penalties, substitutions, disqualifications = desk_log.player_records(tournament, person)
    removals = desk_log.player_removals(tournament, person)
    registration = Registration.objects.get(tournament=tournament, player=person)
    rules = kind_rules(tournament.rules())
    return render(
        request,
        "referee/player.html",
        {
            "tournament": tournament,
            "session": session,
            "player": person,
            "registration": registration,
            "seat": seat,
            "kinds": list(rules.values()),
            "penalties": penalties,
            "substitutions": substitutions,
            "disqualifications": disqualifications,
            "disqualified": any(d.is_active for d in disqualifications),
            "removals": removals,
            # EMA 5.8: only a player who was substituted or left may be removed.
            "may_remove": not any(r.is_active for r in removals)
            and may_be_removed(
                substituted=any(s.is_active and s.player_id == person.pk for s in substitutions),
                left=registration.status == Registration.Status.WITHDRAWN,
            ),
        },
    )


def _int(value: str | None) -> int | None:
    return parse_id(value)


@login_required
def log(request, slug: str):
    """Every penalty, substitution, disqualification and withdrawal; filtered, exported."""
    tournament = staffed_tournament(request, slug)
    session = _int(request.GET.get("session"))
    table_number = _int(request.GET.get("table"))
    player_id = _int(request.GET.get("player"))
    entries = desk_log.log_entries(
        tournament, session=session, table=table_number, player=player_id
    )
    table = LogTable(entries)
    exported = table_export(
        request, table, f"{tournament.slug}-referee-log", title=gettext("Referee log")
    )
    if exported is not None:
        return exported
    paginate_table(request, table, per_page=200)
    query = request.GET.copy()
    query.pop("_export", None)
    query.pop("page", None)
    return render(
        request,
        "referee/log.html",
        {
            "tournament": tournament,
            "table": table,
            "sessions": tournament.sessions.order_by("number"),
            "tables": tournament.tables.order_by("number"),
            "players": desk_log.log_players(tournament),
            "chosen": {"session": session, "table": table_number, "player": player_id},
            "query": query.urlencode(),
            "count": len(entries),
        },
    )
