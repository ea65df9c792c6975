"""The privacy pages a player opens himself, on a phone (390x844) and a laptop (1366x768):
the notice, the download of his data (a JSON file of everything about him) and the deletion of
his account, which asks for his password first. Nothing lies beyond the screen's edge."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, login, new_context
from tests.browser.layout import offscreen
from tests.browser.watch import shots_dir

SIZES = {"phone": PHONE, "laptop": {"viewport": {"width": 1366, "height": 768}}}


def _fits(page, found: list[str], where: str) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    if scroll > inner:
        found.append(f"{where}: the page is {scroll}px wide in {inner}")
    found.extend(f"{where}: {bad}" for bad in offscreen(page)[:4])


@pytest.mark.parametrize("size", SIZES)
def test_a_player_reads_downloads_and_deletes_on_a_phone_and_a_laptop(
    browser, live_server, players, tmp_path, size
):
    user = get_user_model().objects.create_user("petra", password="pw-petra")
    players[0].user = user
    players[0].save(update_fields=["user"])
    shots = shots_dir(tmp_path)
    found: list[str] = []
    context = new_context(browser, live_server.url, **SIZES[size])
    page = context.new_page()
    login(page, "petra", "pw-petra")

    page.goto("/privacy/")
    expect(page.locator("h1")).to_have_text("Privacy notice")
    expect(page.get_by_role("link", name="Download my data")).to_be_visible()
    _fits(page, found, f"[{size}] /privacy/")
    page.screenshot(path=shots / f"privacy-{size}-notice.png", full_page=True)

    # The download: a JSON file holding her entry.
    with page.expect_download() as download:
        page.get_by_role("link", name="Download my data").click()
    data = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert players[0].last_name in json.dumps(data, ensure_ascii=False)
    assert download.value.suggested_filename.startswith("my-data-")

    page.goto("/profile/delete/")
    expect(page.locator("h1")).to_have_text("Delete my account")
    _fits(page, found, f"[{size}] /profile/delete/")
    page.screenshot(path=shots / f"privacy-{size}-delete.png", full_page=True)
    # A wrong password deletes nothing and says why, beside the field.
    page.locator("input[type=password]").fill("not-my-password")
    page.click("button.danger")
    expect(page.locator(".errorlist, .form-errors").first).to_be_visible()
    _fits(page, found, f"[{size}] /profile/delete/ refused")
    assert get_user_model().objects.filter(username="petra").exists()
    page.locator("input[type=password]").fill("pw-petra")
    page.click("button.danger")
    expect(page.locator(".messages")).to_contain_text("Your account is deleted.")
    assert not get_user_model().objects.filter(username="petra").exists()
    # Her published entry stays, no longer linked to an account.
    players[0].refresh_from_db()
    assert players[0].user_id is None
    context.close()
    assert not found, "\n".join(found)
