"""Standings, results, the player page, the projector and the EMA results file.

Views parse the request, call a selector of ``results.standings`` and render; the pages
run a fixed number of queries whatever the size of the event (tests count them)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext

from results.standings import player_reads, publication, selectors, team_reads
from results.standings.exports import ema_csv, ema_xlsx
from results.standings.page_player import page_player
from results.standings.tables import StandingsTable, TeamStandingsTable, points
from scoring.forms import StandingsSettingsForm
from scoring.statistics import player_hand_statistics
from tournament.flags import flag_html
from tournament.models import Session, Tournament
from tournament.pages import table_export, viewable_tournament
from tournament.permissions import is_organiser, is_staff_of, require_staff
from web.cache import RESULTS, cached, content_by_digest, public_page
from web.converters import parse_id
from web.query import paginate_table

PROJECTOR_ROWS = 15  # rows a hall screen shows in large type at once
PROJECTOR_SECONDS = 12  # how long each page stays up


# What the standings tables read from the query (web.cache keys their pages on these):
# the session to count up to, the sort, the paging (web.query), the export format.
TABLE_READS = ("after", "sort", "per_page", "page", "_export")


def _after(request, tournament: Tournament | None = None) -> int | None:
    """The session the standings are after: one of the tournament's, else none (so that
    the standings' data is never cached under a number the tournament does not have)."""
    after = parse_id(request.GET.get("after"))
    if (
        after is not None
        and tournament is not None
        and not tournament.sessions.filter(number=after).exists()
    ):
        return None
    return after


def _records(tournament: Tournament, table: selectors.Standings) -> list[dict]:
    """Flat rows for the django-tables2 table (sortable and exportable by key): what the
    ranking and the sorting need, for every player.  What only a shown row needs (flag,
    link, session cells) is added by ``_complete`` to the rows of the page shown."""
    # A country's name once per country, not once per player: django-countries looks it up
    # (and translates it) on every access.
    countries: dict[str, str] = {}
    records = []
    for row in table.rows:
        player = row.player
        code = player.country.code
        if code not in countries:
            countries[code] = player.country.name
        records.append(
            {
                "player_id": player.pk,
                "rank": row.rank,
                "sort_rank": row.rank if row.rank is not None else 10**6,
                "name": row.name,
                "ema_number": player.ema_number,
                "country_code": code,
                "country_name": countries[code],
                "total": row.total,
                "played": row.played,
                "penalties": row.penalties,
                "note": row.note,
                "stage": row.stage,
                "stage_total": row.stage_total,
            }
        )
    return records


def _complete(tournament: Tournament, data: dict, records, *, every: bool = False) -> None:
    """Add the flag, the link and the session cells to ``records`` (in place): those of
    the page shown, or ``every`` record (an export, a sort by a session's column).  One
    query."""
    records = [r for r in records if "url" not in r]
    if not records:
        return
    # One reverse() for all rows: 400 of them cost more than the rest of the page.
    player_url = reverse("tournament:player", args=[tournament.slug, 0])[: -len("0/")]
    scores = selectors.session_scores(
        tournament,
        after_session=data["after"],
        player_ids=None if every else {r["player_id"] for r in records},
        desk_by_session=data["desk_by_session"],
    )
    flags: dict[str, str] = {}
    numbers = data["session_numbers"]
    for record in records:
        code = record["country_code"]
        if code not in flags:
            flags[code] = flag_html(code)
        record["flag"] = flags[code]
        record["url"] = f"{player_url}{record['player_id']}/"
        by_session = scores.get(record["player_id"], {})
        for n in numbers:
            record[f"s{n}"] = by_session.get(n)


def _standings_data(tournament: Tournament, after: int | None) -> dict:
    """What the standings page and its exports show, as plain data: cached per version of
    the tournament (web.cache), so a logged-in visitor's page is cheap too."""
    data = selectors.standings(tournament, after_session=after, with_sessions=False)
    return {
        "records": _records(tournament, data),
        "after": after,
        "session_numbers": data.session_numbers,
        "desk_by_session": data.desk_by_session,
        "tie_break": data.tie_break,
        "sessions": list(tournament.sessions.order_by("number").values_list("number", flat=True)),
    }


@public_page(RESULTS, reads=TABLE_READS, sorts=tuple(StandingsTable.base_columns))
def standings(request, slug: str):
    tournament = viewable_tournament(request, slug)
    after = _after(request, tournament)
    data = cached(tournament.pk, f"standings:{after}", lambda: _standings_data(tournament, after))
    # The table sorts and pages its rows in place: it gets its own copy of the list.
    records = list(data["records"])
    table = StandingsTable(records, session_numbers=data["session_numbers"])
    if request.GET.get("_export") or table.session_column(request.GET.get("sort", "")):
        # Every row's session cells: the export has them all; a session's column sorts by them.
        _complete(tournament, data, records, every=True)
    suffix = f"-after-{after}" if after else ""
    exported = table_export(request, table, f"{tournament.slug}-standings{suffix}")
    if exported is not None:
        return exported
    paginate_table(request, table, per_page=50)
    _complete(tournament, data, [row.record for row in table.paginated_rows])
    return render(
        request,
        "tournament/standings.html",
        {
            "tournament": tournament,
            "table": table,
            "standings": data,
            "sessions": data["sessions"],
            "after": after,
            "is_staff": is_staff_of(request.user, tournament),
            "tie_break_form": _tie_break_form(request, tournament, data["tie_break"]),
        },
    )


def _tie_break_form(request, tournament: Tournament, current: str):
    """The organiser's tie-break choice, on the page where its effect shows."""
    if not is_organiser(request.user, tournament):
        return None

    return StandingsSettingsForm(initial={"tie_break": current})


def standings_projector(request, slug: str):
    tournament = viewable_tournament(request, slug)
    return render(
        request,
        "tournament/projector.html",
        {
            "tournament": tournament,
            "title": gettext("Standings"),
            "rows_url": reverse("tournament:standings_projector_rows", args=[slug]),
            "seconds": PROJECTOR_SECONDS,
            # After the last page the hall sees the running session's clock for a page's
            # time, then the standings again (a projector rotates both).
            "clock_url": reverse("tournament:clock_current_state", args=[slug]),
        },
    )


def _page(request, items: list):
    paginator = Paginator(items, PROJECTOR_ROWS)
    return paginator.get_page(request.GET.get("page") or 1)


@public_page(RESULTS, reads=("page",))
def standings_projector_rows(request, slug: str):
    """One page of the standings for the projector's script (fetched, no page reload)."""
    tournament = viewable_tournament(request, slug)
    rows, last = cached(tournament.pk, "projector-rows", lambda: _projector_rows(tournament))
    page = _page(request, rows)
    # The cache holds the figures; the words and the numbers' form are the reader's language.
    shown = [
        {**row, "total": points(row["total"]), "last": points(row["last"])}
        for row in page.object_list
    ]
    return render(
        request,
        "tournament/projector_rows.html",
        {
            "page": page,
            "rows": shown,
            "heading": (
                gettext("after session {number}").format(number=last) if last is not None else ""
            ),
            "columns": (gettext("Total"), gettext("Last session")),
        },
    )


def _projector_rows(tournament: Tournament) -> tuple[list[dict], int | None]:
    data = selectors.standings(tournament)
    last = data.session_numbers[-1] if data.session_numbers else None
    rows = [
        {
            "rank": row.rank if row.rank is not None else "—",
            "name": f"{row.player.first_name} {row.player.last_name}",
            "flag": flag_html(row.player.country.code),
            "total": row.total,
            # Each player's own last session: in a staged event most stop before the last.
            "last": row.by_session[max(row.by_session)] if row.by_session else None,
        }
        for row in data.rows
    ]
    return rows, last


@public_page(RESULTS)
def results_index(request, slug: str):
    tournament = viewable_tournament(request, slug)
    sessions = tournament.sessions.order_by("number")
    return render(
        request,
        "tournament/results_index.html",
        {"tournament": tournament, "sessions": sessions},
    )


@public_page(RESULTS)
def session_results(request, slug: str, number: int):
    tournament = viewable_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    tables, missing = selectors.session_results(session)
    return render(
        request,
        "tournament/results_session.html",
        {
            "tournament": tournament,
            "session": session,
            "tables": tables,
            "missing": missing,
            "is_staff": is_staff_of(request.user, tournament),
        },
    )


def session_results_projector(request, slug: str, number: int):
    """The previous session's results on the hall screen before the next one (EMA)."""
    tournament = viewable_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    return render(
        request,
        "tournament/projector.html",
        {
            "tournament": tournament,
            "title": gettext("Results of session %(number)s") % {"number": session.number},
            "rows_url": reverse(
                "tournament:session_results_projector_rows", args=[slug, session.number]
            ),
            "seconds": PROJECTOR_SECONDS,
        },
    )


@public_page(RESULTS, reads=("page",))
def session_results_projector_rows(request, slug: str, number: int):
    tournament = viewable_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    page = _page(request, selectors.session_ranking(session))
    return render(
        request,
        "tournament/projector_rows.html",
        {
            "page": page,
            "rows": [
                {
                    "rank": page.start_index() + i,
                    "name": f"{r.player.first_name} {r.player.last_name}",
                    "flag": flag_html(r.player.country.code),
                    "total": points(r.score),
                    "last": gettext("%(table)s, place %(place)s")
                    % {"table": r.sheet.table, "place": r.rank},
                }
                for i, r in enumerate(page.object_list)
            ],
            "heading": gettext("Session %(number)s") % {"number": session.number},
            "columns": (gettext("Score"), gettext("Table")),
        },
    )


@public_page(RESULTS)
def player_page(request, slug: str, player_id: int):
    tournament = viewable_tournament(request, slug)
    player = page_player(tournament, player_id)  # from his extract: no query when kept
    digest, has_sessions = player_reads.player_page_digest(tournament, player)
    if not has_sessions and not tournament.registrations.filter(player=player).exists():
        raise Http404(gettext("This player is not in this tournament."))

    def draw():
        event = player_reads.player_event(tournament, player)
        return render(
            request,
            "tournament/player_page.html",
            {
                "tournament": tournament,
                "player": player,
                "sessions": event.sessions,
                "row": event.row,
                "chart": player_reads.score_chart(event.sessions),
                "hand_stats": player_hand_statistics(tournament, player),
            },
        )

    # Rendered again only when what it shows changed: a confirmed sheet changes a few
    # players' figures, not the 400 pages that the tournament's version renews. An
    # unchanged page is its digest, from the extracts computed once per results version,
    # and the page kept under it: no read of its own seats and results.
    # The note of held results says up to which session the public sees: a page kept for
    # one such session is not served once the next is published, even to a player whose own
    # figures did not change (he sat that session out).
    shown = publication.last_session_shown(tournament.pk, request)
    return content_by_digest(
        request,
        f"player:{tournament.pk}:{player.pk}:{'all' if shown is None else shown}",
        digest,
        draw,
        since=(tournament.pk, RESULTS),
    )


def ema_export(request, slug: str, fmt: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    require_staff(request.user, tournament)
    if fmt not in ("csv", "xlsx"):
        raise Http404(gettext("The EMA results file comes as .csv or .xlsx."))
    if fmt == "xlsx":
        response = HttpResponse(
            ema_xlsx(tournament),
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
    else:
        response = HttpResponse(ema_csv(tournament), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-ema-results.{fmt}"'
    return response


# --- team standings ------------------------------------------------------------------------


def _team_data(tournament: Tournament, after: int | None) -> dict:
    """The team standings as plain data, cached like the individual standings."""
    data = team_reads.team_standings(tournament, after_session=after)
    return {
        "records": [
            {
                "rank": row.rank,
                "team": row.team.name,
                "score": row.score,
                "members": [
                    {
                        "name": f"{m.player.first_name} {m.player.last_name}",
                        "total": m.total,
                        "counted": m.counted,
                        "note": m.note,
                    }
                    for m in row.members
                ],
            }
            for row in data.rows
        ],
        "best": data.best,
        "sessions": list(tournament.sessions.order_by("number").values_list("number", flat=True)),
    }


@public_page(RESULTS, reads=TABLE_READS, sorts=tuple(TeamStandingsTable.base_columns))
def team_standings(request, slug: str):
    tournament = viewable_tournament(request, slug)
    if not tournament.team_size:
        raise Http404(gettext("This tournament has no teams."))
    after = _after(request, tournament)
    data = cached(tournament.pk, f"team-standings:{after}", lambda: _team_data(tournament, after))
    table = TeamStandingsTable(list(data["records"]))
    suffix = f"-after-{after}" if after else ""
    exported = table_export(request, table, f"{tournament.slug}-team-standings{suffix}")
    if exported is not None:
        return exported
    paginate_table(request, table, per_page=50)
    return render(
        request,
        "tournament/team_standings.html",
        {
            "tournament": tournament,
            "table": table,
            "data": data,
            "sessions": data["sessions"],
            "after": after,
        },
    )


def team_standings_projector(request, slug: str):
    tournament = viewable_tournament(request, slug)
    if not tournament.team_size:
        raise Http404(gettext("This tournament has no teams."))
    return render(
        request,
        "tournament/projector.html",
        {
            "tournament": tournament,
            "title": gettext("Team standings"),
            "rows_url": reverse("tournament:team_standings_projector_rows", args=[slug]),
            "seconds": PROJECTOR_SECONDS,
            "clock_url": reverse("tournament:clock_current_state", args=[slug]),
        },
    )


@public_page(RESULTS, reads=("page",))
def team_standings_projector_rows(request, slug: str):
    tournament = viewable_tournament(request, slug)
    data = cached(tournament.pk, "team-standings:None", lambda: _team_data(tournament, None))
    rows = [
        {
            "rank": record["rank"],
            "name": record["team"],
            "flag": "",
            "total": points(record["score"]),
            "last": len(record["members"]),
        }
        for record in data["records"]
    ]
    page = _page(request, rows)
    return render(
        request,
        "tournament/projector_rows.html",
        {
            "page": page,
            "rows": page.object_list,
            "heading": "",
            "columns": (gettext("Score"), gettext("Players")),
            "name_column": gettext("Team"),
        },
    )
