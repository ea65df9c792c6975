"""The Django admin as a fallback, and opening and closing registration."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.conftest import make_players
from tests.tournament_app.conftest import NOW
from tournament.errors import ServiceError
from tournament.registration import selectors as registration_selectors
from tournament.registration.services import registration_window_close, registration_window_open

MODELS = ["tournament", "player", "registration", "session", "seat", "table", "staff"]


@pytest.mark.parametrize("model", MODELS)
def test_admin_lists_and_adds_every_model(
    client, seated_session, model, django_assert_max_num_queries
):
    admin = get_user_model().objects.create_superuser("root", password="root-pw")
    client.force_login(admin)
    with django_assert_max_num_queries(15):
        response = client.get(reverse(f"admin:tournament_{model}_changelist"))
    assert response.status_code == 200
    assert client.get(reverse(f"admin:tournament_{model}_add")).status_code == 200


def test_registration_opens_only_for_a_published_tournament(draft_tournament, tournament):
    with pytest.raises(ServiceError, match="Publish the tournament first"):
        registration_window_open(tournament=draft_tournament, now=NOW)
    registration_window_open(tournament=tournament, now=NOW)
    assert registration_selectors.registration_is_open(tournament, NOW)
    registration_window_close(tournament=tournament, now=NOW)
    assert not registration_selectors.registration_is_open(tournament, NOW)


def test_dashboard_buttons_open_and_close_registration(client, tournament, organiser):
    client.force_login(organiser)
    client.post(reverse("tournament:open_registration", args=[tournament.slug]))
    tournament.refresh_from_db()
    assert tournament.registration_opens is not None and tournament.registration_closes is None
    response = client.post(
        reverse("tournament:close_registration", args=[tournament.slug]), follow=True
    )
    assert "Registration is closed." in response.content.decode()


def test_organiser_withdrawal_reports_who_moves_up(client, tournament, organiser):
    tournament.player_limit = 1
    tournament.save()
    first, second = make_players(tournament, 2)
    tournament.registrations.filter(player=second).update(status="waiting")
    client.force_login(organiser)
    registration = tournament.registrations.get(player=first)
    url = reverse("tournament:registration_withdraw", args=[tournament.slug, registration.pk])
    page = client.post(url, {"reason": "cancelled by e-mail"}, follow=True).content.decode()
    assert "First001 Last001 moves up from the waiting list (to be confirmed)." in page
