"""The seating of a small event and of a Swiss round in a real browser, on a phone and on a
desktop: the organiser generates it from the seating page, follows the job, and reads the
quality page, whose figures are the ones the seating's single computation gives
(``quality_now``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, login, new_context
from tests.conftest import make_players, seat_sessions
from tournament.models import Registration, Session, Table
from tournament.seating.core import PlanOptions, plan
from tournament.seating.grid import quality_now

SLUG = "test-open"
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def _generate(page, method: str, seed: str) -> None:
    page.goto(f"/t/{SLUG}/seating/manage/")
    page.check(f"#generate-form input[name=method][value={method}]")
    page.fill("#id_seed", seed)
    # Without a worker the job runs inside the request (SEATING_EAGER_TIME_LIMIT, 20 s): on a
    # busy machine the answer may take longer than a page's usual wait.
    with page.expect_navigation(url=f"**/t/{SLUG}/seating/jobs/*/", timeout=120_000):
        page.click("#generate-form button[type=submit]", no_wait_after=True)
    expect(page.locator("#job-state")).to_contain_text("Done")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_small_event_16x5_is_generated_and_its_quality_read(
    transactional_db, browser, live_server, tournament, organiser, screen
):
    make_players(tournament, 16)
    Registration.objects.filter(tournament=tournament).update(checked_in=True)
    for n in range(1, 5):
        Table.objects.create(tournament=tournament, number=n)
    for n in range(1, 6):
        Session.objects.create(tournament=tournament, number=n)
    context = new_context(
        browser, live_server.url, bypass_csp=True, **(PHONE if screen == "phone" else DESKTOP)
    )
    page = context.new_page()
    try:
        login(page, "olga_organiser", "pw-olga_organiser")
        _generate(page, "plan", "16")
        figures = quality_now(tournament)
        # 16 players in 5 sessions: the affine plane of order 4, every pair meets once.
        assert figures["repeated_meetings"] == 0
        page.goto(f"/t/{SLUG}/seating/quality/")
        expect(page.locator("#q-meetings")).to_have_text("0")
        expect(page.locator("#q-tables")).to_have_text(str(figures["repeated_table_visits"]))
        expect(page.locator("#q-winds")).to_have_text(str(figures["max_wind_imbalance"]))
        assert figures["max_wind_imbalance"] <= 1
        expect(page.locator("#wind-balance tbody tr")).to_have_count(16)
        # Nobody at one physical table more than ceil(5 sessions / 4 tables) + 1 = 3 times.
        assert figures["max_table_visits"] <= 3
        expect(page.locator("#apart-quality")).to_contain_text(
            "No players are kept apart on request."
        )
        page.screenshot(path=f"/tmp/seat38b_quality_16x5_{screen}.png", full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_swiss_round_gives_every_player_each_wind(
    transactional_db, browser, live_server, tournament, organiser, screen
):
    # Sessions 1-3 played (rounds of a plan whose winds are balanced), session 4 to seat by
    # Swiss: over four sessions each player starts once East, South, West and North.
    people = make_players(tournament, 16)
    Registration.objects.filter(tournament=tournament).update(checked_in=True)
    rounds = plan(PlanOptions.from_mapping({"players": 16, "rounds": 4, "seed": 3})).rounds
    sessions, _ = seat_sessions(tournament, people, rounds[:3])
    Session.objects.filter(pk__in=[s.pk for s in sessions]).update(state=Session.State.FINISHED)
    Session.objects.create(tournament=tournament, number=4)
    tournament.session_count = 4
    tournament.save(update_fields=["session_count"])
    context = new_context(
        browser, live_server.url, bypass_csp=True, **(PHONE if screen == "phone" else DESKTOP)
    )
    page = context.new_page()
    try:
        login(page, "olga_organiser", "pw-olga_organiser")
        _generate(page, "swiss", "4")
        page.goto(f"/t/{SLUG}/seating/quality/")
        expect(page.locator("#q-meetings")).to_have_text("0")
        expect(page.locator("#q-winds")).to_have_text("0")
        # Every row of the wind table: 1 1 1 1, imbalance 0.
        expect(page.locator("#wind-balance tbody tr")).to_have_count(16)
        expect(page.locator("#wind-balance tbody tr td:last-child", has_text="1")).to_have_count(0)
        page.screenshot(path=f"/tmp/seat38b_quality_swiss_{screen}.png", full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_organiser_keeps_a_family_apart(
    transactional_db, browser, live_server, tournament, organiser, screen
):
    people = make_players(tournament, 8)
    context = new_context(
        browser, live_server.url, bypass_csp=True, **(PHONE if screen == "phone" else DESKTOP)
    )
    page = context.new_page()
    try:
        login(page, "olga_organiser", "pw-olga_organiser")
        page.goto(f"/t/{SLUG}/seating/manage/")
        page.click("#apart-link a")
        page.wait_for_url(f"**/t/{SLUG}/seating/apart/")
        page.fill("#id_name", "Family Weber")
        page.check(f"#apart-form input[name=players][value='{people[0].pk}']")
        page.check(f"#apart-form input[name=players][value='{people[1].pk}']")
        page.fill("#id_first_sessions", "2")
        page.click("#apart-form button[type=submit]")
        row = page.locator("#apart-groups tbody tr", has_text="Family Weber")
        expect(row).to_contain_text("Last000, First000 · Last001, First001")
        expect(row).to_contain_text("the first 2 sessions")
        page.screenshot(path=f"/tmp/seat38b_apart_{screen}.png", full_page=True)
        row.get_by_role("button", name="Delete Family Weber").click()
        expect(page.locator("#apart-groups")).to_contain_text("No group yet.")
    finally:
        context.close()
