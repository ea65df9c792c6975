"""Players' own pages: sign up for an account, register for a tournament, withdraw.

Self-registration needs an account: the player can then see and withdraw their own
registration, nobody can sign others up or withdraw them, and an organiser's confirmation
goes to a person who can log in. The account and the player record are made in one form.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from . import selectors
from .forms import PersonForm, SignUpForm
from .models import Registration, Tournament
from .permissions import require_view
from .services import ServiceError
from .services import registration as reg_services


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}):
        next_url = ""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        check = reg_services.player_check(form.row())
        form.add_check_errors(check)
        if not form.errors:
            try:
                user = reg_services.player_sign_up(
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                    check=check,
                )
            except ServiceError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                for warning in check.warnings:
                    messages.warning(request, warning)
                messages.success(request, f"Welcome, {user.first_name}! Your account is ready.")
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
                if registration.status == Registration.Status.WAITING:
                    messages.warning(
                        request,
                        "The tournament is full: you are on the waiting list. You move up "
                        "when someone withdraws.",
                    )
                else:
                    messages.success(
                        request, "You are registered. An organiser will confirm your place."
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
        messages.error(request, "You are not registered for this tournament.")
    else:
        try:
            reg_services.registration_withdraw(registration=registration)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, "You have withdrawn from the tournament.")
    return redirect(tournament.get_absolute_url())
