"""The companion's pages and the endpoints its JavaScript posts to (static/js/companion.js)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tournament.models import Player
from tournament.pages import viewable_tournament
from web import throttle

from . import push, selectors, services
from .forms import EndpointForm, PreferencesForm, SubscriptionForm
from .models import MAX_FOLLOWS, PushSubscription

# A browser subscribes once and follows a few players: more from one address in an hour is
# a script (a venue's Wi-Fi shares one address, hence not fewer).
POSTS_PER_ADDRESS = throttle.Limit("companion-address", count=300, seconds=3600, durable=False)
# The largest body a subscription or a follow needs (an endpoint of 1000 characters and
# two keys, as form fields).
MAX_BODY = 4096


def _refused(request) -> JsonResponse | None:
    """Too large or too many: the answer, else None (and the post is counted)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = MAX_BODY + 1
    if length > MAX_BODY:
        return JsonResponse({"error": gettext("The request is too large.")}, status=413)
    client = throttle.client_address(request)
    if throttle.wait(POSTS_PER_ADDRESS, client) is not None:
        return JsonResponse(
            {"error": gettext("Too many requests from your address; try again later.")},
            status=429,
        )
    throttle.hit(POSTS_PER_ADDRESS, client)
    return None


def _errors(form) -> JsonResponse:
    text = "; ".join(f"{name}: {' '.join(errors)}" for name, errors in form.errors.items())
    return JsonResponse({"error": text}, status=400)


@never_cache
def token(request):
    """The CSRF token for companion.js's posts: the pages with its buttons may be cached."""
    return JsonResponse({"token": get_token(request)})


@require_POST
def subscribe(request):
    """A browser's push subscription (an account's, or a spectator's without one)."""
    if (refused := _refused(request)) is not None:
        return refused
    if not push.enabled():
        return JsonResponse(
            {"error": gettext("Push notifications are off on this server.")}, status=409
        )
    form = SubscriptionForm(request.POST)
    if not form.is_valid():
        return _errors(form)
    services.subscribe(**form.cleaned_data, user=request.user, language=get_language() or "")
    return JsonResponse({"ok": True}, status=201)


@require_POST
def unsubscribe(request):
    if (refused := _refused(request)) is not None:
        return refused
    form = EndpointForm(request.POST)
    if not form.is_valid():
        return _errors(form)
    services.unsubscribe(endpoint=form.cleaned_data["endpoint"])
    return JsonResponse({"ok": True})


def _follow_target(request, slug: str, player_id: int):
    tournament = viewable_tournament(request, slug)
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    form = EndpointForm(request.POST)
    if not form.is_valid():
        return None, player, _errors(form)
    subscription = PushSubscription.objects.filter(endpoint=form.cleaned_data["endpoint"]).first()
    if subscription is None:
        answer = JsonResponse(
            {
                "error": gettext(
                    "This browser has no push subscription here: turn on notifications first."
                )
            },
            status=400,
        )
        return None, player, answer
    return subscription, player, None


@require_POST
def follow(request, slug: str, player_id: int):
    """Follow a player (no account needed): his tables and results on this phone."""
    if (refused := _refused(request)) is not None:
        return refused
    subscription, player, answer = _follow_target(request, slug, player_id)
    if answer is not None:
        return answer
    try:
        services.follow(subscription=subscription, player=player)
    except services.CompanionError as error:
        return JsonResponse({"error": error.message}, status=409)
    return JsonResponse({"following": True})


@require_POST
def unfollow(request, slug: str, player_id: int):
    if (refused := _refused(request)) is not None:
        return refused
    subscription, player, answer = _follow_target(request, slug, player_id)
    if answer is not None:
        return answer
    services.unfollow(subscription=subscription, player=player)
    return JsonResponse({"following": False})


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request):
    """The person's switches: each kind of message, by push and by e-mail."""
    preference = selectors.preference_of(request.user)
    form = PreferencesForm(request.POST or None, preference=preference)
    if request.method == "POST" and form.is_valid():
        services.save_preferences(
            user=request.user, switches=form.switches(), language=get_language() or ""
        )
        messages.success(request, gettext("Your notification settings are saved."))
        return redirect("companion:preferences")
    return render(
        request,
        "companion/preferences.html",
        {
            "form": form,
            "push_enabled": push.enabled(),
            "vapid_public_key": push.public_key(),
            "phones": PushSubscription.objects.filter(user=request.user).count(),
            "has_email": bool(request.user.email),
            "max_follows": MAX_FOLLOWS,
        },
    )
