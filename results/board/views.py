"""The organiser's dashboard, the final check and the live board of a session's tables:
pages that read the score sheets and the referee desk, so they sit with the results.
Their URLs stay in the ``tournament`` namespace (results/board/urls.py)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.cache import never_cache

from results.board import checks as board
from results.board.dashboard import dashboard as dashboard_context
from tournament.models import Session
from tournament.pages import organised_tournament, staffed_tournament


def dashboard(request, slug: str):
    tournament = organised_tournament(request, slug)
    context = dashboard_context(tournament, timezone.now())
    return render(
        request, "tournament/manage/dashboard.html", {"tournament": tournament, **context}
    )


def final_check(request, slug: str):
    """What stands between the played event and the EMA file, session by session."""
    tournament = organised_tournament(request, slug)
    problems = board.final_check(tournament)
    return render(
        request,
        "tournament/manage/final_check.html",
        {
            "tournament": tournament,
            "problems": problems,
            "notes": board.final_check_notes(tournament),
            "sessions": board.session_checks(tournament),
        },
    )


def _board_context(request, slug: str, number: int) -> dict:
    tournament = staffed_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    rows = board.session_board(session)
    return {
        "tournament": tournament,
        "session": session,
        "rows": rows,
        "counts": board.board_counts(rows),
    }


def session_board(request, slug: str, number: int):
    """The live board of a session's tables: sheets, late players, penalties."""
    return render(request, "tournament/manage/board.html", _board_context(request, slug, number))


@never_cache
def session_board_rows(request, slug: str, number: int):
    """The board's rows alone: static/js/board.js fetches them every 15 seconds."""
    return render(
        request, "tournament/manage/board_rows.html", _board_context(request, slug, number)
    )
