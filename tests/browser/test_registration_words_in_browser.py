"""The organiser adds a player and imports a file in a real browser: the same wrong values get
the same words on the form and in the import's list of bad rows, in German on a 390x844
phone and in English at 1366x768; a ticked "reserve" box makes a reserve."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, login, new_context
from tests.browser.watch import shots_dir
from tournament.models import Registration

SLUG = "test-open"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


@pytest.mark.parametrize(("language", "options"), [("de", PHONE), ("en", LAPTOP)])
def test_the_form_and_the_import_say_the_same_and_a_ticked_box_makes_a_reserve(
    transactional_db, browser, live_server, tournament, organiser, language, options, tmp_path
):
    shots = shots_dir(tmp_path)
    context = new_context(browser, live_server.url, **options)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    try:
        login(page, "olga_organiser", "pw-olga_organiser")
        page.goto(f"/t/{SLUG}/players/add/")
        page.fill("#id_first_name", "Anna")
        page.fill("#id_last_name", "Schmidt")
        page.fill("#id_ema_number", "0500003")  # seven digits starting with 0: one is missing
        page.select_option("#id_country", "DE")
        page.fill("#id_email", "anna@")
        page.check("#id_reserve")
        with page.expect_navigation():
            page.click("button.primary")
        errors = page.locator(".field.has-error .errorlist li")
        expect(errors).to_have_count(2)
        typed = errors.all_inner_texts()
        page.screenshot(path=str(shots / f"player-add-errors-{language}.png"), full_page=True)
        expect(page.locator("#id_reserve")).to_be_checked()  # the tick comes back with the errors

        page.goto(f"/t/{SLUG}/players/import/")
        text = "first name,last name,ema number,country,email\nAnna,Schmidt,0500003,DE,anna@\n"
        page.set_input_files(
            "input[type=file]",
            files=[{"name": "p.csv", "mimeType": "text/csv", "buffer": text.encode()}],
        )
        with page.expect_navigation():
            page.click("form.card button[type=submit]")
        row = page.locator(".bad-rows tbody tr")
        expect(row).to_have_count(1)
        for message in typed:
            expect(row).to_contain_text(message)
        page.screenshot(path=str(shots / f"player-import-errors-{language}.png"), full_page=True)
        assert not Registration.objects.exists()

        page.goto(f"/t/{SLUG}/players/add/")
        page.fill("#id_first_name", "Anna")
        page.fill("#id_last_name", "Schmidt")
        page.fill("#id_ema_number", "05000003")
        page.select_option("#id_country", "DE")
        page.check("#id_reserve")
        with page.expect_navigation():
            page.click("button.primary")
        expect(page.locator(".messages, .message, [role=status]").first).to_be_visible()
        registration = Registration.objects.get()
        assert registration.is_reserve and registration.player.ema_number == "05000003"
    finally:
        context.close()
