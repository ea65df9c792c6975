"""Players' own pages: sign up for an account, register for a tournament, withdraw, the
player list and the player's details (the organiser's desk is in ``desk_views.py``).

Self-registration needs an account: the player can then see and withdraw their own
registration, nobody can sign others up or withdraw them, and an organiser's confirmation
goes to a person who can log in. The account and the player record are made in one form.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournament.errors import ServiceError
from tournament.models import Registration, Tournament
from tournament.pages import (
    form_error,
    organised_tournament,
    table_export,
    viewable_tournament,
)
from tournament.permissions import is_organiser, require_view
from tournament.registration import selectors
from tournament.registration import services as reg_services
from tournament.registration.filters import RegistrationFilter
from tournament.registration.forms import (
    PersonForm,
    PlayerEditForm,
    SignUpForm,
)
from tournament.registration.ownership import may_see_private, owns_details
from tournament.registration.tables import RegistrationTable
from web import throttle
from web.query import paginate_table

# Accounts made from one address (OWASP Authentication Cheat Sheet: limit per address).
SIGNUPS_PER_ADDRESS = throttle.Limit("signup-address", count=10, seconds=3600)


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}):
        next_url = ""
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        # New accounts from one address are limited (each brings its own guesses of slip
        # codes and links): the refusal is a 429 with the wait.
        address = throttle.client_address(request)
        left = throttle.wait(SIGNUPS_PER_ADDRESS, address)
        if left is not None:
            form.add_error(
                None,
                gettext(
                    "Too many new accounts from this address. Try again in {minutes} minutes."
                ).format(minutes=throttle.minutes(left)),
            )
            response = render(
                request, "registration/signup.html", {"form": form, "next": next_url}, status=429
            )
            response["Retry-After"] = str(left)
            return response
    if request.method == "POST" and form.is_valid():
        check = reg_services.player_check(form.row())
        form.add_check_errors(check)
        if not form.errors:
            try:
                user, number_held = reg_services.player_sign_up(
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                    check=check,
                )
            except ServiceError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
            else:
                throttle.hit(SIGNUPS_PER_ADDRESS, throttle.client_address(request))
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                if number_held:
                    messages.warning(
                        request,
                        gettext(
                            "The EMA number you gave belongs to a player on record, so your "
                            "new player record is without it. If that player is you, link your "
                            "account to him on your profile."
                        ),
                    )
                messages.success(
                    request,
                    gettext("Welcome, {first_name}! Your account is ready.").format(
                        first_name=user.first_name
                    ),
                )
                return redirect(next_url or "home")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


@login_required
def register(request, slug: str):
    """Register the logged-in player (making their player record first if they have none)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    require_view(request.user, tournament)
    now = timezone.now()
    player = selectors.player_of(request.user)
    registration = selectors.registration_of(tournament, request.user)
    form = None
    if player is None:
        form = PersonForm(
            request.POST or None,
            initial={
                "first_name": request.user.first_name,
                "last_name": request.user.last_name,
                "email": request.user.email,
            },
        )
    if request.method == "POST":
        if form is not None and form.is_valid():
            check = reg_services.player_check(form.row())
            form.add_check_errors(check)
            if not form.errors:
                try:
                    player = reg_services.player_profile_create(user=request.user, check=check)
                except ServiceError as error:
                    form.add_error(
                        error.field if error.field in form.fields else None, error.message
                    )
        if player is not None:
            try:
                registration = reg_services.registration_self_register(
                    tournament=tournament, player=player, now=now
                )
            except ServiceError as error:
                messages.error(request, error.message)
            else:
                # The consents asked on the form, each on its own (GDPR Art. 7), recorded
                # in the entry's history.
                reg_services.player_update(
                    player=registration.player,
                    data={
                        "consent_stream": request.POST.get("consent_stream") == "1",
                        "consent_photos": request.POST.get("consent_photos") == "1",
                    },
                    user=request.user,
                )
                if registration.status == Registration.Status.WAITING:
                    messages.warning(
                        request,
                        gettext(
                            "The tournament is full: you are on the waiting list. You move up "
                            "when someone withdraws."
                        ),
                    )
                else:
                    messages.success(
                        request,
                        gettext("You are registered. An organiser will confirm your place."),
                    )
                return redirect(tournament.get_absolute_url())
    return render(
        request,
        "tournament/register.html",
        {
            "tournament": tournament,
            "form": form,
            "player": player,
            "registration": registration,
            "is_open": selectors.registration_is_open(tournament, now),
        },
    )


@require_POST
@login_required
def withdraw(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    require_view(request.user, tournament)
    registration = selectors.registration_of(tournament, request.user)
    if registration is None:
        messages.error(request, gettext("You are not registered for this tournament."))
    else:
        try:
            reg_services.registration_withdraw(
                registration=registration, by_player=True, user=request.user
            )
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, gettext("You have withdrawn from the tournament."))
    return redirect(tournament.get_absolute_url())


def players(request, slug: str):
    """The player list: sortable, searchable, filtered by country and status, exported.

    Organisers see every registration with e-mail, check-in and actions; everyone else sees
    the players who have not withdrawn.
    """
    tournament = viewable_tournament(request, slug)
    organiser = is_organiser(request.user, tournament)
    registrations = selectors.tournament_registrations(tournament)
    if not organiser:
        registrations = registrations.exclude(status=Registration.Status.WITHDRAWN)
    filterset = RegistrationFilter(
        request.GET or None,
        queryset=registrations,
        country_codes=selectors.registration_countries(tournament),
        organiser=organiser,
    )
    table = RegistrationTable(
        filterset.qs,
        organiser=organiser,
        teams=bool(tournament.team_size),
        tournament_id=tournament.pk,
    )
    exported = table_export(request, table, f"{tournament.slug}-players", title=gettext("Players"))
    if exported is not None:
        return exported
    paginate_table(request, table, per_page=100)
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "tournament/players.html",
        {
            "tournament": tournament,
            "table": table,
            "filter": filterset,
            "organiser": organiser,
            "query": query.urlencode(),
            "shown": table.paginator.count,
        },
    )


def _edit_player(request, player, *, template: str, context: dict, done_url: str):
    """The form of a player's own details; a correction is saved with history."""
    form = PlayerEditForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        changed = reg_services.profile_update(
            profile=player, data=form.cleaned_data, user=request.user
        )
        if changed:
            messages.success(request, gettext("{player}: details saved.").format(player=player))
        else:
            messages.info(request, gettext("Nothing changed."))
        return redirect(done_url)
    player.refresh_from_db()  # the form wrote its (invalid) data into the instance
    return render(
        request,
        template,
        {"form": form, "player": player, "changes": selectors.player_changes(player), **context},
    )


def player_edit(request, slug: str, pk: int):
    """The organiser corrects the details of a registered player (in place when
    his tournament owns them, else in a copy of its own; never a person with an account's,
    and never showing another tournament's private details)."""
    tournament = organised_tournament(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), pk=pk, tournament=tournament
    )
    player = registration.player
    # Back to where the organiser came from (the dashboard's EMA banner, the player list).
    back = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}):
        back = ""
    form = PlayerEditForm(
        request.POST or None,
        instance=player,
        private=may_see_private(tournament, player),
        locked=player.user_id is not None,
    )
    if request.method == "POST" and form.is_valid():
        try:
            player, changed = reg_services.player_correct(
                tournament=tournament, player=player, data=form.cleaned_data, user=request.user
            )
        except ServiceError as error:
            form_error(form, error)
        else:
            if changed:
                messages.success(request, gettext("{player}: details saved.").format(player=player))
            else:
                messages.info(request, gettext("Nothing changed."))
            return redirect(back or reverse("tournament:players", args=[slug]))
    player.refresh_from_db()  # the form wrote its (invalid) data into the instance
    return render(
        request,
        "tournament/manage/player_edit.html",
        {
            "form": form,
            "player": player,
            "changes": selectors.player_changes(player),
            "tournament": tournament,
            "registration": registration,
            "next": back,
            "owned": owns_details(tournament, player),
        },
    )


@login_required
def profile(request):
    """A player edits his own details."""
    player = selectors.player_of(request.user)
    if player is None:
        messages.info(
            request, gettext("Your account has no player record yet: it is made when you register.")
        )
        return redirect("home")
    return _edit_player(
        request,
        player,
        template="registration/profile.html",
        context={},
        done_url=reverse("profile"),
    )
