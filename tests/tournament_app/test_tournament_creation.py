"""Who may create a tournament is the site administrator's decision
(architecture.md), or open to all on a club's server (TOURNAMENT_CREATION=open)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from tournament.models import Tournament

FORM = {
    "name": "Hamburg Riichi Open",
    "country": "DE",
    "start_date": "2026-09-12",
    "end_date": "2026-09-13",
    "ruleset": "ema2016",
    "session_count": "8",
    "player_limit": "80",
    "visibility": "draft",
}
NEW_LINK = reverse("tournament:new")


def test_by_default_a_user_who_signed_up_may_not_create_one(client, stranger):
    client.force_login(stranger)
    assert client.get(NEW_LINK).status_code == 403
    response = client.post(NEW_LINK, FORM)
    assert response.status_code == 403
    assert not Tournament.objects.exists()
    assert NEW_LINK not in client.get(reverse("home")).content.decode()


def test_a_user_the_administrator_approved_creates_one(client, creator):
    client.force_login(creator)
    assert NEW_LINK in client.get(reverse("home")).content.decode()
    response = client.post(NEW_LINK, FORM)
    assert response.status_code == 302
    assert Tournament.objects.filter(name="Hamburg Riichi Open").exists()


def test_a_group_of_organisers_set_in_the_admin_may_create(client, stranger):
    group = Group.objects.create(name="Organisers")
    group.permissions.add(Permission.objects.get(codename="add_tournament"))
    stranger.groups.add(group)
    client.force_login(stranger)
    assert client.get(NEW_LINK).status_code == 200


def test_the_administrator_sets_the_permission_in_the_admin(client, stranger):
    root = get_user_model().objects.create_superuser("root", password="root-pw")
    client.force_login(root)
    assert client.get(NEW_LINK).status_code == 200  # superusers may, always
    page = client.get(reverse("admin:auth_user_change", args=[stranger.pk])).content.decode()
    permission = Permission.objects.get(codename="add_tournament")
    assert f'value="{permission.pk}"' in page  # offered among the user's permissions


def test_an_organiser_of_a_tournament_is_not_a_site_organiser(client, tournament, organiser):
    client.force_login(organiser)
    assert client.get(NEW_LINK).status_code == 403


def test_open_mode_lets_everyone_logged_in_create(client, stranger, settings):
    settings.TOURNAMENT_CREATION = "open"
    client.force_login(stranger)
    assert NEW_LINK in client.get(reverse("home")).content.decode()
    assert client.post(NEW_LINK, FORM).status_code == 302
    client.logout()
    assert NEW_LINK not in client.get(reverse("home")).content.decode()


def test_a_wrong_setting_stops_the_start():
    from tests.test_settings_env import _settings

    result = _settings({"SECRET_KEY": "x", "TOURNAMENT_CREATION": "everyone"}, "s.DEBUG")
    assert result.returncode != 0
    assert "TOURNAMENT_CREATION is 'everyone'" in result.stderr
    result = _settings({"SECRET_KEY": "x"}, "s.TOURNAMENT_CREATION")
    assert result.stdout.strip() == "'organisers'"
