"""The same penalty sent again within a minute asks first, on a phone (390x844)."""

from __future__ import annotations

from playwright.sync_api import expect

from referee.models import Penalty
from tests.browser.conftest import login


def test_the_same_penalty_twice_asks_before_the_second(
    phone, transactional_db, referee, seated_session
):
    slug = seated_session.tournament.slug
    player = seated_session.seats.order_by("table__number", "wind").first().player
    url = f"/t/{slug}/referee/players/{player.pk}/penalty/chombo/"
    login(phone, "rene_referee", "pw-rene_referee")
    for _ in range(2):  # the form loaded twice (two phones, a reload), sent twice
        phone.goto(url)
        phone.fill("#id_hand", "E2")
        with phone.expect_navigation():  # the form posts; its answer is a page
            phone.click("button.primary")
    expect(phone.locator("main")).to_contain_text("Log a second, identical penalty?")
    expect(phone.locator("#id_repeat")).not_to_be_checked()
    phone.screenshot(path="/tmp/harden24-penalty-twice.png", full_page=True)
    assert Penalty.objects.count() == 1
    phone.check("#id_repeat")
    with phone.expect_navigation():
        phone.click("button.primary")
    expect(phone.locator(".messages")).to_be_visible()
    assert Penalty.objects.count() == 2
