"""The player list: filters, search, exports, organiser actions, query count."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.conftest import make_players
from tests.tournament_app.conftest import make_player_user, register
from tournament.models import Player, Registration


@pytest.fixture
def mixed(tournament):
    make_players(tournament, 3)
    register(
        tournament,
        Player.objects.create(first_name="Zofia", last_name="Nowak", country="PL", email="z@x.pl"),
        status=Registration.Status.WAITING,
    )
    register(tournament, make_player_user(1)[1], status=Registration.Status.WITHDRAWN)
    register(tournament, make_player_user(2)[1], is_reserve=True)
    return tournament


def _url(tournament, **params):
    from urllib.parse import urlencode

    return reverse("tournament:players", args=[tournament.slug]) + "?" + urlencode(params)


def _names(response):
    return [r.record.player.last_name for r in response.context["table"].page.object_list]


def test_filter_by_country_and_status_and_search(client, mixed):
    assert _names(client.get(_url(mixed, country="PL"))) == ["Nowak"]
    assert _names(client.get(_url(mixed, status="waiting"))) == ["Nowak"]
    assert _names(client.get(_url(mixed, status="reserve"))) == ["Player002"]
    assert _names(client.get(_url(mixed, q="last001"))) == ["Last001"]
    page = client.get(_url(mixed)).content.decode()
    assert "Poland" in page and 'value="PL"' in page  # only countries present are offered


def test_public_list_hides_withdrawn_players_and_e_mail_addresses(client, mixed):
    response = client.get(_url(mixed))
    assert "Player001" not in _names(response)
    assert "z@x.pl" not in response.content.decode()
    assert 'aria-label="Confirm' not in response.content.decode()


def test_organiser_sees_everyone_with_actions(client, mixed, organiser):
    client.force_login(organiser)
    response = client.get(_url(mixed))
    page = response.content.decode()
    assert "Player001" in _names(response)
    assert "z@x.pl" in page
    assert 'aria-label="Confirm Zofia Nowak"' in page


def test_csv_and_xlsx_exports_follow_the_filter(client, mixed):
    response = client.get(_url(mixed, country="DE", _export="csv"))
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0] == "Last name,First name,EMA number,Country,Club,Status,Reserve"
    assert "Last000,First000,05000000,DE,,Confirmed," in lines
    assert "Player002,Pat002,05900002,DE,,Reserve,yes" in lines
    assert len(lines) == 1 + 3 + 1  # header, three players, the reserve (DE)
    response = client.get(_url(mixed, _export="xlsx"))
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert [c.value for c in sheet[1]][:3] == ["Last name", "First name", "EMA number"]
    assert sheet.max_row == 1 + 5  # everyone but the withdrawn player


def test_actions_confirm_and_withdraw_from_the_list(client, mixed, organiser):
    client.force_login(organiser)
    waiting = Registration.objects.get(player__last_name="Nowak")
    url = reverse("tournament:registration_action", args=[mixed.slug, waiting.pk, "confirm"])
    client.post(url)
    waiting.refresh_from_db()
    assert waiting.status == Registration.Status.CONFIRMED
    url = reverse("tournament:registration_withdraw", args=[mixed.slug, waiting.pk])
    response = client.post(url, {"next": _url(mixed, country="PL"), "reason": "ill"})
    assert response.url == _url(mixed, country="PL")
    waiting.refresh_from_db()
    assert waiting.status == Registration.Status.WITHDRAWN


def test_actions_are_for_organisers_only(client, mixed, referee):
    client.force_login(referee)
    registration = Registration.objects.get(player__last_name="Nowak")
    url = reverse("tournament:registration_action", args=[mixed.slug, registration.pk, "confirm"])
    assert client.post(url).status_code == 403


@pytest.mark.parametrize("n", [8, 120])
def test_organiser_list_queries_do_not_grow_with_players(
    client, tournament, organiser, n, django_assert_max_num_queries
):
    make_players(tournament, n)
    client.force_login(organiser)
    with django_assert_max_num_queries(12):
        response = client.get(_url(tournament, country="DE"))
    assert response.status_code == 200


def test_an_export_imports_into_the_next_tournament(client, mixed, organiser, draft_tournament):
    from tournament.registration.importing import read_player_file
    from tournament.registration.services import registration_import

    client.force_login(organiser)
    exported = client.get(_url(mixed, _export="csv")).content
    rows = read_player_file("players.csv", exported)
    report, result = registration_import(tournament=draft_tournament, rows=rows)
    assert report.is_clean
    # Each tournament's entries are its own: the next tournament makes six of its own.
    assert (result.confirmed, result.reserves, result.new_players) == (5, 1, 6)
