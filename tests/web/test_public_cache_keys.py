"""The public pages' cache keys a page on the query parameters it reads, never on
the raw query string: random parameters make no renders and no keys."""

from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.prod.test_public_cache import confirm_sheet

pytestmark = pytest.mark.django_db


def _keys() -> set[str]:
    return {k for k in cache._cache if "tournament-page" in k}  # LocMemCache's store


@pytest.fixture
def played(tournament, seated_session):
    confirm_sheet(seated_session, tournament.tables.get(number=1), [40000, 30000, 28000, 22000])
    return tournament


@pytest.mark.parametrize(
    "url_name", ["tournament:standings", "tournament:seating", "tournament:results"]
)
def test_random_parameters_are_one_page(client, played, url_name):
    url = reverse(url_name, args=[played.slug])
    assert client.get(url)["X-Cache"] == "miss"
    keys = _keys()
    for _ in range(40):
        response = client.get(url, {"x": uuid.uuid4().hex, "utm_source": uuid.uuid4().hex})
        assert response["X-Cache"] == "hit"
    assert _keys() == keys


def test_a_parameter_the_page_reads_is_a_page_of_its_own(client, played):
    url = reverse("tournament:standings", args=[played.slug])
    client.get(url)
    assert client.get(url, {"sort": "-name"})["X-Cache"] == "miss"
    assert client.get(url, {"sort": "-name", "junk": "1"})["X-Cache"] == "hit"
    # The same parameters in another order are the same page.
    client.get(url, {"sort": "name", "per_page": "5"})
    assert client.get(f"{url}?per_page=5&sort=name")["X-Cache"] == "hit"


def test_the_view_and_its_links_see_only_what_the_page_reads(client, played):
    url = reverse("tournament:standings", args=[played.slug])
    page = client.get(url, {"sort": "name", "x": "MARKER-NOT-READ"}).content.decode()
    # Not in the language switch's "next", nor in a sort link: another visitor is served
    # this copy.
    assert "MARKER-NOT-READ" not in page


def test_a_page_that_declares_nothing_ignores_every_parameter(rf, played):
    from django.contrib.auth.models import AnonymousUser
    from django.http import HttpResponse

    from web.cache import RESULTS, public_page

    seen = []

    @public_page(RESULTS)
    def view(request, slug):
        seen.append(dict(request.GET))
        return HttpResponse("ok")

    for query in ({"a": "1"}, {"b": "2"}, {}):
        request = rf.get("/t/x/", query)
        request.user = AnonymousUser()
        view(request, played.slug)
    assert seen == [{}]  # rendered once; the two others were hits


def test_logged_in_visitors_keep_every_parameter(client, organiser, played):
    client.force_login(organiser)
    url = reverse("tournament:standings", args=[played.slug])
    response = client.get(url, {"x": "MARKER-LOGGED-IN"})
    assert "X-Cache" not in response
    assert "MARKER-LOGGED-IN" in response.content.decode()  # in the language switch's next
