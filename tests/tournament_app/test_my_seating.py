"""My seating: the link is shown to a user who plays here (never a link to a 404), and a
user who does not play here is told so on the seating page."""

from django.urls import reverse

from tests.conftest import make_players
from tournament.models import Player, Registration


def test_no_my_seating_link_for_a_player_record_that_does_not_play_here(
    client, tournament, organiser
):
    Player.objects.create(first_name="Org", last_name="Aniser", country="DE", user=organiser)
    client.force_login(organiser)
    page = client.get(reverse("tournament:seating", args=[tournament.slug])).content.decode()
    assert "My seating" not in page


def test_my_seating_link_for_a_registered_player(client, tournament, stranger):
    player = make_players(tournament, 1)[0]
    player.user = stranger
    player.save()
    assert Registration.objects.filter(tournament=tournament, player=player).exists()
    client.force_login(stranger)
    page = client.get(reverse("tournament:seating", args=[tournament.slug])).content.decode()
    assert "My seating" in page
    link = reverse("tournament:player_schedule", args=[tournament.slug, player.pk])
    assert link in page
    assert client.get(link).status_code == 200


def test_my_seating_of_an_organiser_who_does_not_play_shows_the_seating(
    client, tournament, organiser
):
    Player.objects.create(first_name="Olga", last_name="Organiser", country="DE", user=organiser)
    client.force_login(organiser)
    response = client.get(reverse("tournament:seating_mine", args=[tournament.slug]), follow=True)
    assert response.status_code == 200
    assert "You do not play in this tournament" in response.content.decode()
