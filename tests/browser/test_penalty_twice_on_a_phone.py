"""Issue 24: the same penalty sent again within a minute asks first, on a phone (390x844)."""

from __future__ import annotations

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
        phone.click("button.primary")
    assert "Log a second, identical penalty?" in phone.inner_text("main")
    assert not phone.is_checked("#id_repeat")
    phone.screenshot(path="/tmp/harden24-penalty-twice.png", full_page=True)
    assert Penalty.objects.count() == 1
    phone.check("#id_repeat")
    phone.click("button.primary")
    phone.wait_for_selector(".messages")
    assert Penalty.objects.count() == 2
