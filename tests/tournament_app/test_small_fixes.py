"""Issue 14, item 9: the smaller faults seen on the event day."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import make_players
from tests.tournament_app.test_import_page import HEADER, _upload
from tournament.models import Player


def test_a_logged_out_organiser_is_sent_to_log_in_not_shown_a_bare_403(client, tournament):
    url = reverse("tournament:dashboard", args=[tournament.slug])
    response = client.get(url)
    assert response.status_code == 302
    assert response.url == f"{reverse('login')}?next={url}"


def test_a_logged_in_stranger_gets_a_page_of_the_site_with_the_reason(client, tournament, stranger):
    client.force_login(stranger)
    response = client.get(reverse("tournament:dashboard", args=[tournament.slug]))
    assert response.status_code == 403
    page = response.content.decode()
    assert "Only the tournament&#x27;s organisers may do this." in page
    assert 'class="topbar"' in page  # the site's layout, not Django's bare page


def test_my_seating_of_an_organiser_who_does_not_play_shows_the_seating(
    client, tournament, organiser
):
    Player.objects.create(first_name="Olga", last_name="Organiser", country="DE", user=organiser)
    client.force_login(organiser)
    response = client.get(reverse("tournament:seating_mine", args=[tournament.slug]), follow=True)
    assert response.status_code == 200
    assert "You do not play in this tournament" in response.content.decode()


def test_no_import_of_zero_good_rows_is_offered(client, tournament, organiser):
    client.force_login(organiser)
    make_players(tournament, 1)
    text = HEADER + ";Weber;05000002;DE;;\nLea;Fischer;123;DE;;\n"
    page = _upload(client, tournament, text).content.decode()
    assert "Nothing was imported" in page and "every row has errors" in page
    assert "Import only the" not in page and "0 good" not in page
