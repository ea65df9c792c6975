"""Names sorted as people sort them, not by code point."""

from __future__ import annotations

from django.urls import reverse

from tournament.models import Player, Registration
from tournament.names import name_sort_key

# As a person sorts them: particles and accents ignored, case too.
SORTED = [
    ("Jan", "van den Berg"),
    ("Anna", "de Boer"),
    ("Lena", "Mäkinen"),
    ("Luc", "Moreau"),
    ("Eva", "von Otter"),
    ("Piet", "de Vries"),
    ("Zoë", "Zoller"),
]


def test_the_sort_key_ignores_case_accents_and_particles():
    assert sorted(SORTED, key=lambda n: name_sort_key(*n)) == SORTED
    assert name_sort_key("Lena", "MÄKINEN") == name_sort_key("lena", "makinen")


def test_the_player_list_and_the_seating_order_sort_as_people_do(client, tournament):
    for first, last in reversed(SORTED):
        player = Player.objects.create(first_name=first, last_name=last, country="NL")
        Registration.objects.create(
            tournament=tournament, player=player, status=Registration.Status.CONFIRMED
        )
    page = client.get(reverse("tournament:players", args=[tournament.slug])).content.decode()
    positions = [page.index(last) for _, last in SORTED]
    assert positions == sorted(positions)
    assert [(p.first_name, p.last_name) for p in Player.objects.all()] == SORTED


def test_a_renamed_player_moves_in_the_order(tournament):
    player = Player.objects.create(first_name="Ada", last_name="Zander", country="DE")
    Player.objects.create(first_name="Bo", last_name="Moreau", country="FR")
    player.last_name = "de Aa"
    player.save(update_fields=["last_name"])
    assert Player.objects.first() == player
