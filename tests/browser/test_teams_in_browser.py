"""Teams on a phone: the team pages and the team standings fit 390 px without
sideways scroll, with long team and player names; the team projector shows whole rows."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db.models import F, Value
from django.db.models.functions import Concat
from playwright.sync_api import expect

from tests.browser.conftest import login, new_context
from tests.browser.layout import clipped_rows, offscreen
from tournament.demo import DEMO_PASSWORD
from tournament.models import Player, Tournament
from tournament.registration.teams import team_save, team_settings_update

S = "/t/demo-riichi-open"
LONG = "-Wolkenstein-Trostburg-Rodenegg von Maximiliane-Charlotte"


@pytest.fixture
def demo_teams(transactional_db):
    call_command("load_demo", "--allow-production", stdout=io.StringIO())
    Player.objects.update(last_name=Concat(F("last_name"), Value(LONG)))
    tournament = Tournament.objects.get(slug="demo-riichi-open")
    team_settings_update(tournament=tournament, size=4, score="best", best=3, apart=True)
    tournament.refresh_from_db()
    registrations = list(
        tournament.registrations.filter(is_reserve=False).order_by("player__sort_name")
    )
    teams = []
    for t in range(len(registrations) // 4):
        members = [r.pk for r in registrations[t * 4 : t * 4 + 4]]
        name = f"Mahjong-Freunde Großraum Nordrhein-Westfalen {t}"
        teams.append(team_save(tournament=tournament, name=name, members=members, user=None))
    return teams


def test_team_pages_fit_a_phone_and_the_projector_shows_whole_rows(
    phone, browser, live_server, demo_teams
):
    pages = [f"{S}/standings/teams/", f"{S}/standings/"]
    login(phone, "organiser", DEMO_PASSWORD)
    pages += [f"{S}/teams/", f"{S}/teams/{demo_teams[0].pk}/", f"{S}/teams/new/"]
    found = {}
    for url in pages:
        response = phone.goto(url)
        assert response.status == 200, url
        bad = offscreen(phone)
        if bad:
            found[url] = bad[:5]
    assert found == {}
    phone.goto(f"{S}/standings/teams/")
    expect(phone.locator("table.standings thead th:visible")).to_have_text(
        ["Rank", "Team", "Score"]
    )

    context = new_context(browser, live_server.url, viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{S}/standings/teams/projector/")
    # Measured once the projector has its first page of rows (static/js/projector.js).
    expect(page.locator("#projector-rows")).to_contain_text("Mahjong-Freunde")
    assert offscreen(page) == []
    assert clipped_rows(page) == []
    context.close()
