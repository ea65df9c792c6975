"""An organiser corrects a player's details (kept in the history), a player
edits his own, sign-up asks for an e-mail and a forgotten password can be reset."""

from __future__ import annotations

import re

from django.core import mail
from django.urls import reverse

from tests.conftest import make_players
from tests.tournament_app.conftest import make_player_user, register
from tournament.models import Player, Registration

DETAILS = {
    "first_name": "Aino",
    "last_name": "Mäkinen",
    "ema_number": "14000123",
    "country": "FI",
    "club": "Helsinki Riichi",
    "email": "aino@example.org",
}


def test_the_organiser_corrects_a_player_and_the_history_keeps_before_and_after(
    client, tournament, organiser
):
    player = make_players(tournament, 1)[0]
    registration = Registration.objects.get(player=player)
    client.force_login(organiser)
    url = reverse("tournament:player_edit", args=[tournament.slug, registration.pk])

    response = client.post(url, DETAILS)

    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.last_name, player.ema_number, player.country.code) == (
        "Mäkinen",
        "14000123",
        "FI",
    )
    page = client.get(url).content.decode()
    # Who, and before and after, for the EMA number (05000000 was the made-up one).
    assert "olga_organiser" in page
    assert "05000000" in page and "14000123" in page
    latest = player.history.first()
    assert latest.history_user == organiser and latest.ema_number == "14000123"


def test_saving_unchanged_details_adds_no_history(client, tournament, organiser):
    player = make_players(tournament, 1)[0]
    registration = Registration.objects.get(player=player)
    client.force_login(organiser)
    url = reverse("tournament:player_edit", args=[tournament.slug, registration.pk])
    client.post(url, DETAILS)
    count = player.history.count()
    client.post(url, DETAILS)
    assert player.history.count() == count


def test_an_ema_number_of_another_player_is_refused_naming_him(client, tournament, organiser):
    first, second = make_players(tournament, 2)
    registration = Registration.objects.get(player=second)
    client.force_login(organiser)
    response = client.post(
        reverse("tournament:player_edit", args=[tournament.slug, registration.pk]),
        {**DETAILS, "ema_number": first.ema_number},
    )
    assert response.status_code == 200
    assert f"{first.ema_number} already belongs to {first}." in response.content.decode()


def test_a_referee_cannot_edit_players(client, tournament, referee):
    player = make_players(tournament, 1)[0]
    registration = Registration.objects.get(player=player)
    client.force_login(referee)
    response = client.post(
        reverse("tournament:player_edit", args=[tournament.slug, registration.pk]), DETAILS
    )
    assert response.status_code == 403
    player.refresh_from_db()
    assert player.last_name != "Mäkinen"


def test_a_player_edits_his_own_profile_and_his_account_follows(client, tournament):
    user, player = make_player_user(1)
    register(tournament, player)
    client.force_login(user)
    response = client.post(reverse("profile"), {**DETAILS, "ema_number": player.ema_number})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.email == "aino@example.org" and user.last_name == "Mäkinen"


def test_sign_up_needs_an_e_mail(client, db):
    response = client.post(
        reverse("signup"),
        {
            "username": "noemail",
            "password1": "tiles-and-dice-42",
            "password2": "tiles-and-dice-42",
            "first_name": "No",
            "last_name": "Mail",
            "country": "DE",
        },
    )
    assert response.status_code == 200
    assert not Player.objects.filter(last_name="Mail").exists()


def test_a_forgotten_password_is_reset_by_mail(client, db):
    user, _player = make_player_user(2)
    user.email = "pat@example.org"
    user.save()
    response = client.post(reverse("password_reset"), {"email": "pat@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["pat@example.org"]
    link = re.search(r"https?://[^/]+(/password-reset/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link).url  # Django swaps the token for a session and redirects
    response = client.post(
        form_url, {"new_password1": "new-tiles-99-x", "new_password2": "new-tiles-99-x"}
    )
    assert response.status_code == 302
    assert client.login(username=user.username, password="new-tiles-99-x")
