"""Name search ignores case and accents: "wrobel", "szoke", "nunez" and
"lukasz" find Wróbel, Szőke, Núñez and Łukasz at check-in, in the player list and at the desk."""

from __future__ import annotations

import importlib
from urllib.parse import urlencode

import pytest
from django.apps import apps as django_apps
from django.urls import reverse

from referee.selectors import desk_players
from tournament.models import Player, Registration
from tournament.names import fold, search_key

PEOPLE = [
    ("Łukasz", "Wróbel", "PL"),
    ("Réka", "Szőke", "HU"),
    ("Iñigo", "Núñez", "ES"),
    ("Søren", "Østergaard", "DK"),
    ("Jürgen", "Weiß", "DE"),
    ("Anna", "Smith", "GB"),
]
TYPED = {
    "wrobel": "Wróbel",
    "WROBEL": "Wróbel",
    "szoke": "Szőke",
    "nunez": "Núñez",
    "lukasz": "Wróbel",
    "ŁUKASZ": "Wróbel",
    "ostergaard": "Østergaard",
    "soren": "Østergaard",
    "weiss": "Weiß",
    "Weiß": "Weiß",
    "inigo nunez": "Núñez",
}


@pytest.mark.parametrize(
    ("name", "folded"),
    [
        ("Wróbel", "wrobel"),
        ("Szőke", "szoke"),
        ("Núñez", "nunez"),
        ("Łukasz", "lukasz"),
        ("ŁUKASZ", "lukasz"),
        ("Østergaard", "ostergaard"),
        ("Weiß", "weiss"),
        ("Ærø", "aero"),
        ("Đorđević", "dordevic"),
    ],
)
def test_fold(name, folded):
    assert fold(name) == folded


@pytest.fixture
def people(tournament):
    for first, last, country in PEOPLE:
        player = Player.objects.create(first_name=first, last_name=last, country=country)
        Registration.objects.create(
            tournament=tournament, player=player, status=Registration.Status.CONFIRMED
        )
    return tournament


@pytest.mark.parametrize(("typed", "found"), TYPED.items())
def test_player_list_and_desk_find_without_case_and_accents(
    client, organiser, people, typed, found
):
    client.force_login(organiser)
    url = reverse("tournament:players", args=[people.slug]) + "?" + urlencode({"q": typed})
    rows = client.get(url).context["table"].page.object_list
    assert [r.record.player.last_name for r in rows] == [found]
    assert [line.player.last_name for line in desk_players(people, None, typed)] == [found]


def test_the_desk_page_goes_to_the_one_player_found(client, referee, people):
    client.force_login(referee)
    response = client.get(reverse("referee:desk", args=[people.slug]) + "?q=szoke")
    szoke = Player.objects.get(last_name="Szőke")
    assert response.status_code == 302
    assert f"/players/{szoke.pk}/" in response["Location"]


def test_check_in_rows_carry_the_folded_names(client, organiser, people):
    """The check-in page filters its rows in the browser (static/js/checkin.js) against
    ``data-search``, which must hold the folded names the typed words are compared with."""
    client.force_login(organiser)
    page = client.get(reverse("tournament:checkin", args=[people.slug])).content.decode()
    assert 'data-search="lukasz wrobel ' in page
    assert 'data-search="reka szoke ' in page
    assert 'data-search="soren ostergaard ' in page


def test_a_renamed_player_is_found_by_the_new_name(people):
    player = Player.objects.get(last_name="Smith")
    player.last_name = "Żółć"
    player.save(update_fields=["last_name"])
    player.refresh_from_db()
    assert player.search_name == "anna zolc"


def test_the_data_migration_fills_the_folded_names(people):
    Player.objects.update(search_name="")
    migration = importlib.import_module(
        "tournament.migrations.0014_results25_search_name_withdrawal"
    )
    migration.fill_search_names(django_apps, None)
    assert dict(Player.objects.values_list("last_name", "search_name")) == {
        last: search_key(first, last) for first, last, _ in PEOPLE
    }
    assert Player.objects.get(last_name="Wróbel").search_name == "lukasz wrobel"
