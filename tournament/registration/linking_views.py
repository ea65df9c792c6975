"""The pages of linking (linking.py): the player's /profile/link/ and the organiser's
accounts page (pending requests, links and how they were made, undo)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournament.errors import ServiceError
from tournament.models import Player, Registration, Tournament
from tournament.pages import form_error, organised_tournament
from tournament.permissions import require_view
from tournament.registration import linking, selectors
from tournament.registration.linking_forms import CodeForm, MailForm, RequestForm
from web import throttle


@login_required
def profile_link(request):
    """The three ways to link the account to a player on record."""
    code_form = CodeForm(request.POST if "code" in request.POST else None, prefix="c")
    mail_form = MailForm(request.POST if "mail" in request.POST else None, prefix="m")
    address = throttle.client_address(request)
    status = 200
    if request.method == "POST" and "code" in request.POST and code_form.is_valid():
        try:
            player = linking.link_by_code(
                user=request.user,
                tournament_slug=code_form.cleaned_data["tournament"].slug,
                code=code_form.cleaned_data["code"],
                address=address,
            )
        except linking.Throttled as error:
            code_form.add_error(None, error.message)
            status = 429
            wait = error.wait
        except ServiceError as error:
            code_form.add_error(None, error.message)
        else:
            messages.success(
                request, gettext("Your account is linked to {player}.").format(player=player)
            )
            return redirect("profile")
    if request.method == "POST" and "mail" in request.POST and mail_form.is_valid():
        try:
            linking.mail_link_send(
                user=request.user,
                tournament=mail_form.cleaned_data["tournament"],
                ema_number=mail_form.cleaned_data["ema_number"],
                address=address,
                link_url=lambda token: request.build_absolute_uri(
                    reverse("profile_link_mail", args=[token])
                ),
            )
        except linking.Throttled as error:
            mail_form.add_error(None, error.message)
            status = 429
            wait = error.wait
        except ServiceError as error:
            mail_form.add_error(None, error.message)
        else:
            messages.info(
                request,
                gettext(
                    "If that player's record has an e-mail address, a link was sent to it. "
                    "It works for two days."
                ),
            )
            return redirect("profile_link")
    tournaments = Tournament.objects.filter(visibility=Tournament.Visibility.PUBLISHED)
    response = render(
        request,
        "registration/profile_link.html",
        {
            "code_form": code_form,
            "mail_form": mail_form,
            "tournaments": tournaments,
            "player": selectors.player_of(request.user),
            "entries": linked_entries(request.user),
            "requests": request.user.link_requests.select_related("player")[:10],
        },
        status=status,
    )
    if status == 429:
        response["Retry-After"] = str(wait)
    return response


def linked_entries(user):
    """The tournaments' entries the account is linked to, for the profile."""
    return Player.objects.filter(user=user, tournament__isnull=False).select_related("tournament")


@require_POST
@login_required
def profile_link_undo(request, pk: int):
    """The person takes his account off one of his entries."""
    try:
        player = linking.link_undo_mine(user=request.user, player_id=pk)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("Your account is no longer linked to {player} in {tournament}.").format(
                player=player, tournament=player.tournament
            ),
        )
    return redirect("profile_link")


@login_required
def profile_link_mail(request, token: str):
    """The page a mailed link opens: links the account, or says why not."""
    if request.method == "POST":
        try:
            player = linking.mail_link_open(user=request.user, token=token)
        except ServiceError as error:
            messages.error(request, error.message)
            return redirect("profile_link")
        messages.success(
            request, gettext("Your account is linked to {player}.").format(player=player)
        )
        return redirect("profile")
    # A GET only asks: mail scanners that follow links must not link anything.
    return render(request, "registration/profile_link_mail.html", {"token": token})


@login_required
def profile_link_request(request, slug: str):
    """Ask the organisers of a tournament to link the account to one of its players."""
    tournament = get_object_or_404(Tournament, slug=slug)
    require_view(request.user, tournament)
    form = RequestForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            linking.link_request(
                user=request.user,
                registration_id=form.cleaned_data["registration"].pk,
                tournament=tournament,
                message=form.cleaned_data["message"],
            )
        except ServiceError as error:
            form_error(form, error)
        else:
            messages.success(
                request,
                gettext("Your request went to the organisers of {tournament}.").format(
                    tournament=tournament
                ),
            )
            return redirect("profile_link")
    return render(
        request, "registration/profile_link_request.html", {"form": form, "tournament": tournament}
    )


def accounts(request, slug: str):
    """The organiser's page: requests to approve, and every account link with how it was
    made (links made by matching public data, as sign-up once did, are marked)."""
    tournament = organised_tournament(request, slug)
    linked = (
        tournament.registrations.filter(player__user__isnull=False)
        .select_related("player", "player__user")
        .order_by("player__sort_name")
    )
    return render(
        request,
        "tournament/manage/accounts.html",
        {
            "tournament": tournament,
            "requests": linking.link_requests_for(tournament),
            "linked": linked,
        },
    )


@require_POST
def accounts_decide(request, slug: str, pk: int, decision: str):
    tournament = organised_tournament(request, slug)
    if decision not in ("approve", "decline"):
        return redirect("tournament:accounts", slug=slug)
    try:
        done = linking.link_request_decide(
            tournament=tournament, request_id=pk, approve=decision == "approve", by=request.user
        )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("{user} is linked to {player}.").format(user=done.user, player=done.player)
            if decision == "approve"
            else gettext("Request of {user} declined.").format(user=done.user),
        )
    return redirect("tournament:accounts", slug=slug)


@require_POST
def accounts_undo(request, slug: str, pk: int):
    tournament = organised_tournament(request, slug)
    get_object_or_404(Registration, pk=pk, tournament=tournament)
    try:
        player = linking.link_undo(tournament=tournament, registration_id=pk, by=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("{player} has no account now.").format(player=player))
    return redirect("tournament:accounts", slug=slug)
