"""Pages of the calls to the referee: the player's button, the referee's button on a table's
sheet, the desk's queue (a small JSON answer polled every few seconds), take and close."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from tournament.models import Session, Table
from tournament.pages import staffed_tournament, viewable_tournament
from tournament.registration.selectors import entry_of
from web import throttle
from web.converters import parse_id

from ..models import RefereeCall
from . import selectors, services
from .forms import CloseCallForm

# A table needs a referee a few times a session; a phone pressing on and on (a child, a
# stuck finger) must not fill the desk's log.  Counted per account, refused presses too.
CALLS_PER_ACCOUNT = throttle.Limit("referee-call", count=6, seconds=600)


def _throttled(request) -> int | None:
    """Seconds to wait before this account may call again, or None; counts this press."""
    client = str(request.user.pk)
    left = throttle.wait(CALLS_PER_ACCOUNT, client)
    if left is None:
        throttle.hit(CALLS_PER_ACCOUNT, client)
    return left


def _too_many(request, left: int) -> None:
    messages.error(
        request,
        gettext("Too many calls from this account. Try again in {minutes} minutes.").format(
            minutes=throttle.minutes(left)
        ),
    )


@login_required
@require_POST
def call_from_table(request, slug: str):
    """The player's button on /my-table/: a referee to his table."""
    tournament = viewable_tournament(request, slug)
    player = entry_of(tournament, request.user)
    left = _throttled(request)
    if left is not None:
        _too_many(request, left)
        return redirect("reporting:my_table", slug)
    try:
        services.call_from_seat(tournament=tournament, player=player, user=request.user)
    except services.NotSeated as error:
        raise PermissionDenied(error.message) from None
    except services.CallError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("A referee is called to your table."))
    return redirect("reporting:my_table", slug)


def _numbered(model, tournament, raw):
    number = parse_id(raw or "")
    if number is None:
        raise Http404(gettext("No such session or table."))
    return get_object_or_404(model, tournament=tournament, number=number)


@login_required
@require_POST
def call_from_sheet(request, slug: str):
    """A referee at a table calls another (the head referee) to it, from the table's sheet."""
    tournament = staffed_tournament(request, slug)
    session = _numbered(Session, tournament, request.POST.get("session"))
    table = _numbered(Table, tournament, request.POST.get("table"))
    left = _throttled(request)
    if left is not None:
        _too_many(request, left)
    else:
        try:
            services.call_from_staff(
                tournament=tournament, session=session, table=table, user=request.user
            )
        except services.CallError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                gettext("A referee is called to {table}.").format(table=table),
            )
    return redirect("scoring:sheet", slug, session.number, table.number)


@login_required
@require_GET
def queue(request, slug: str):
    """The desk's queue as JSON, polled every 3 seconds: the ids (the page sounds for a new
    one), the server's time (the waits count up from it) and the list, rendered by the same
    template as the desk page."""
    tournament = staffed_tournament(request, slug)
    calls = selectors.open_calls(tournament)
    # Without the request: the site's context processors would cost two queries a poll;
    # the take buttons need only the CSRF token.
    html = render_to_string(
        "referee/_calls.html",
        {"tournament": tournament, "calls": calls, "csrf_token": get_token(request)},
    )
    return JsonResponse(
        {
            "server_time": int(timezone.now().timestamp() * 1000),
            "ids": [c.pk for c in calls],
            "html": html,
        },
        headers={"Cache-Control": "no-store"},
    )


def _call(tournament, pk: int) -> RefereeCall:
    return get_object_or_404(
        RefereeCall.objects.select_related("session", "table", "player", "taken_by"),
        tournament=tournament,
        pk=pk,
    )


@login_required
@require_POST
def take(request, slug: str, pk: int) -> HttpResponse:
    tournament = staffed_tournament(request, slug)
    call = _call(tournament, pk)
    try:
        services.call_take(call=call, user=request.user)
    except services.CallError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("You took the call from {table}; close it with a note when done.").format(
                table=call.table
            ),
        )
    return redirect("referee:desk", slug)


@login_required
def close(request, slug: str, pk: int) -> HttpResponse:
    tournament = staffed_tournament(request, slug)
    call = _call(tournament, pk)
    if call.closed_at is not None:
        messages.info(request, gettext("This call is closed already."))
        return redirect("referee:desk", slug)
    form = CloseCallForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.call_close(call=call, user=request.user, note=form.cleaned_data["note"])
        except services.CallError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Call from {table} closed.").format(table=call.table))
            return redirect("referee:desk", slug)
    return render(
        request, "referee/call_close.html", {"tournament": tournament, "call": call, "form": form}
    )
