"""Public pages and who sees draft tournaments."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.conftest import make_players
from tournament.models import Staff


def test_home_lists_published_tournaments_only(client, tournament, draft_tournament):
    page = client.get(reverse("home")).content.decode()
    assert "Test Open" in page
    assert "Secret Cup" not in page


def test_draft_tournament_is_hidden_from_the_public(client, draft_tournament):
    assert client.get(reverse("tournament:detail", args=["secret-cup"])).status_code == 404


def test_draft_tournament_is_visible_to_its_organiser(client, draft_tournament):
    org = get_user_model().objects.create_user("org", password="pw")
    Staff.objects.create(tournament=draft_tournament, user=org, role=Staff.Role.ORGANISER)
    client.force_login(org)
    assert client.get(reverse("tournament:detail", args=["secret-cup"])).status_code == 200


def test_player_list_shows_names_countries_and_ema_numbers(client, tournament):
    make_players(tournament, 3)
    page = client.get(reverse("tournament:players", args=[tournament.slug])).content.decode()
    assert "Last001, First001" in page
    assert "05000002" in page
    assert "Germany" in page


@pytest.mark.parametrize("n", [8, 80])
def test_player_list_queries_do_not_grow_with_players(
    client, tournament, n, django_assert_max_num_queries
):
    make_players(tournament, n)
    with django_assert_max_num_queries(8):
        response = client.get(reverse("tournament:players", args=[tournament.slug]))
    assert response.status_code == 200


def test_seating_page_lists_tables_by_wind_and_players_by_name(client, tournament, seated_session):
    url = reverse("tournament:session", args=[tournament.slug, 1])
    page = client.get(url).content.decode()
    table1 = page.index("Table 1")
    east = page.index("East", table1)
    assert page.index("First000 Last000", east) < page.index("First001 Last001", east)
    assert "Find your table" in page


def test_seating_page_queries_do_not_grow_with_tables(
    client, tournament, seated_session, django_assert_max_num_queries
):
    with django_assert_max_num_queries(8):
        client.get(reverse("tournament:session", args=[tournament.slug, 1]))
