"""Pages that answered 500 to odd input answer 4xx with a message, or
work: exports in formats we do not write, ids beyond 64 bits, a pasted page in a search box,
a table that is not a number."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Registration
from web.converters import MAX_ID, IdConverter, parse_id

HUGE = "9" * 20  # beyond 64 bits
JUST_BEYOND = str(MAX_ID + 1)  # 19 digits, one more than a signed 64-bit integer


def test_the_id_converter_is_bounded_to_63_bits():
    converter = IdConverter()
    assert converter.to_python(str(MAX_ID)) == MAX_ID
    with pytest.raises(ValueError):
        converter.to_python(JUST_BEYOND)
    assert parse_id(HUGE) is None
    assert parse_id(JUST_BEYOND) is None
    assert parse_id("-1") is None
    assert parse_id("٣") is None  # a digit to str.isdigit, not to the database
    assert parse_id(" 12 ") == 12


@pytest.mark.parametrize("fmt", ["ods", "yaml", "xls", "latex", "tsv"])
@pytest.mark.parametrize("page", ["tournament:players", "tournament:standings"])
def test_exports_in_formats_we_do_not_write_are_400(client, tournament, page, fmt):
    response = client.get(reverse(page, args=[tournament.slug]), {"_export": fmt})
    assert response.status_code == 400
    assert "csv, json, xlsx" in response.content.decode()


@pytest.mark.parametrize("page", ["tournament:players", "tournament:standings"])
def test_the_formats_we_write_still_export(client, tournament, page):
    response = client.get(reverse(page, args=[tournament.slug]), {"_export": "csv"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")


@pytest.fixture
def ref_client(client, referee):
    client.force_login(referee)
    return client


@pytest.fixture
def org_client(client, organiser):
    client.force_login(organiser)
    return client


@pytest.mark.parametrize("number", [HUGE, JUST_BEYOND])
def test_ids_beyond_64_bits_in_urls_are_404(ref_client, tournament, seated_session, number):
    slug = tournament.slug
    for path in [
        f"/t/{slug}/referee/players/{number}/",
        f"/t/{slug}/referee/penalties/{number}/withdraw/",
        f"/t/{slug}/sessions/{number}/sheets/",
        f"/t/{slug}/sessions/1/sheets/{number}/",
        f"/t/{slug}/players/{number}/",
        f"/t/{slug}/results/{number}/",
        f"/t/{slug}/sessions/{number}/",
    ]:
        assert ref_client.get(path).status_code == 404, path


def test_a_huge_session_in_the_query_is_404(ref_client, tournament, seated_session):
    url = reverse("referee:desk", args=[tournament.slug])
    assert ref_client.get(url, {"session": HUGE}).status_code == 404
    log = reverse("referee:log", args=[tournament.slug])
    assert ref_client.get(log, {"session": HUGE, "player": HUGE}).status_code == 200


def test_a_search_of_100000_characters_is_refused_with_a_message(
    ref_client, tournament, seated_session
):
    url = reverse("referee:desk", args=[tournament.slug])
    response = ref_client.get(url, {"q": "ab " * 33_334}, follow=True)
    assert response.status_code == 200
    assert "Search: type at most 100 characters" in response.content.decode()


def test_check_in_with_an_id_beyond_64_bits(org_client, tournament, seated_session):
    url = reverse("tournament:checkin", args=[tournament.slug])
    response = org_client.post(url, {"registration": [HUGE]}, follow=True)
    assert response.status_code == 200
    assert "Tick the players to check in first." in response.content.decode()


@pytest.mark.parametrize("table", ["abc", HUGE, "-1"])
def test_fixing_a_player_to_a_table_that_is_not_a_number(
    org_client, tournament, seated_session, table
):
    registration = Registration.objects.filter(tournament=tournament).first()
    url = reverse("tournament:seating_fix_table", args=[tournament.slug])
    response = org_client.post(url, {"registration": registration.pk, "table": table}, follow=True)
    assert response.status_code == 200
    assert "table: the tournament has no table" in response.content.decode()
    response = org_client.post(url, {"registration": HUGE, "table": "1"}, follow=True)
    assert "Pick a player of this tournament" in response.content.decode()
