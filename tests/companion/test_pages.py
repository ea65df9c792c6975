"""The switches on the profile, a browser's subscription and a spectator's follows."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from companion.models import MAX_FOLLOWS, Follow, Preference, PushSubscription
from tournament.models import Player

from .keys import Browser

ENDPOINT = "https://push.example.org/send/abc"


def subscription_data(endpoint: str = ENDPOINT) -> dict:
    browser = Browser.new()
    return {"endpoint": endpoint, "p256dh": browser.p256dh, "auth": browser.auth_b64}


def test_the_switches_say_push_is_off_without_keys_and_are_saved(client, anna):
    client.force_login(anna)
    page = client.get(reverse("companion:preferences"))
    assert "Push notifications are off on this server" in page.content.decode()
    assert "data-push-on" not in page.content.decode()
    # Switched on by default: push for everything, e-mail for the seating.
    assert page.context["form"]["seating.email"].initial is True
    assert page.context["form"]["clock.email"].initial is False
    answer = client.post(reverse("companion:preferences"), {"clock.email": "on"})
    assert answer.status_code == 302
    preference = Preference.objects.get(user=anna)
    assert preference.allows("clock", "email") and not preference.allows("seating", "email")
    assert not preference.allows("seating", "push")


def test_with_keys_the_page_offers_to_turn_notifications_on(client, anna, vapid):
    client.force_login(anna)
    page = client.get(reverse("companion:preferences")).content.decode()
    assert "Turn on notifications" in page and f'data-vapid="{vapid}"' in page


def test_a_subscription_is_stored_for_the_account(client, anna, vapid):
    client.force_login(anna)
    answer = client.post(reverse("companion:subscribe"), subscription_data())
    assert answer.status_code == 201
    assert PushSubscription.objects.get(endpoint=ENDPOINT).user == anna


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"endpoint": "http://push.example.org/x"}, "endpoint"),
        ({"p256dh": "AAAA"}, "p256dh"),
        ({"auth": "not base64 !"}, "auth"),
        ({"endpoint": "https://push.example.org/" + "x" * 1000}, "endpoint"),
    ],
)
def test_a_bad_subscription_is_refused_naming_the_field(client, vapid, db, change, named):
    answer = client.post(reverse("companion:subscribe"), {**subscription_data(), **change})
    assert answer.status_code == 400
    assert answer.json()["error"].startswith(f"{named}:")
    assert not PushSubscription.objects.exists()


def test_a_body_too_large_is_refused(client, vapid, db):
    data = {**subscription_data(), "padding": "x" * 5000}
    assert client.post(reverse("companion:subscribe"), data).status_code == 413


def test_posts_need_the_csrf_token(anna, vapid):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(anna)
    assert browser.post(reverse("companion:subscribe"), subscription_data()).status_code == 403
    token = browser.get(reverse("companion:token")).json()["token"]
    answer = browser.post(
        reverse("companion:subscribe"), subscription_data(), headers={"X-CSRFToken": token}
    )
    assert answer.status_code == 201


def _follow_url(player, name="companion:follow"):
    return reverse(name, kwargs={"slug": player.tournament.slug, "player_id": player.pk})


def test_a_spectator_follows_at_most_so_many_players(client, vapid, session5, tournament):
    from ..conftest import make_players

    client.post(reverse("companion:subscribe"), subscription_data())
    subscription = PushSubscription.objects.get()
    assert subscription.user is None  # no account needed
    players = list(Player.objects.filter(tournament=tournament)) + make_players(
        tournament, MAX_FOLLOWS
    )
    for player in players[:MAX_FOLLOWS]:
        answer = client.post(_follow_url(player), {"endpoint": ENDPOINT})
        assert answer.json() == {"following": True}
    answer = client.post(_follow_url(players[MAX_FOLLOWS]), {"endpoint": ENDPOINT})
    assert answer.status_code == 409
    assert f"You follow {MAX_FOLLOWS} players already" in answer.json()["error"]
    assert Follow.objects.count() == MAX_FOLLOWS
    client.post(_follow_url(players[0], "companion:unfollow"), {"endpoint": ENDPOINT})
    assert Follow.objects.count() == MAX_FOLLOWS - 1


def test_following_needs_a_subscription_and_a_visible_tournament(
    client, vapid, session5, draft_tournament
):
    player = Player.objects.get(first_name="Anna")
    answer = client.post(_follow_url(player), {"endpoint": ENDPOINT})
    assert answer.status_code == 400 and "turn on notifications first" in answer.json()["error"]
    hidden = Player.objects.create(
        first_name="Hidden", last_name="Player", tournament=draft_tournament
    )
    client.post(reverse("companion:subscribe"), subscription_data())
    assert client.post(_follow_url(hidden), {"endpoint": ENDPOINT}).status_code == 404


def test_the_player_page_has_a_follow_button_only_with_push_on(client, session5, settings):
    player = Player.objects.get(first_name="Anna")
    url = reverse(
        "tournament:player", kwargs={"slug": player.tournament.slug, "player_id": player.pk}
    )
    assert "data-follow-url" not in client.get(url).content.decode()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = "BPub", "priv"
    from django.core.cache import cache

    cache.clear()  # the page is cached by what it shows
    page = client.get(url).content.decode()
    assert _follow_url(player) in page and "Follow" in page


def test_a_phone_posted_again_without_a_login_stays_the_account_s(client, anna, vapid):
    data = subscription_data()
    client.force_login(anna)
    client.post(reverse("companion:subscribe"), data)
    client.logout()
    assert client.post(reverse("companion:subscribe"), data).status_code == 201
    assert PushSubscription.objects.get(endpoint=ENDPOINT).user == anna
