"""The identity attacks in a real browser: tournament B's organiser against A's player Anna
(add her by her public details, undo, rewrite) and an outsider (A's slip code with B's name,
B's code, a link mailed to the address B wrote). A's pages never change and nobody becomes
Anna in A. Both people on a 390x844 phone and on a 1366x768 laptop."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from playwright.sync_api import expect

from scoring.models import PersonalCode
from tests.browser.conftest import PHONE, login
from tournament.models import LinkMethod, Player, Registration, Staff, Tournament

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
ANNA = {"first_name": "Anna", "last_name": "Schmidt", "ema_number": "05990001", "country": "DE"}


@pytest.fixture
def event(transactional_db, tournament):
    users = get_user_model().objects
    anna = Player.objects.create(email="anna@a.org", **ANNA)
    Registration.objects.create(tournament=tournament, player=anna, status="confirmed")
    PersonalCode.objects.create(tournament=tournament, player=anna, code="AAAA22")
    Player.objects.filter(pk=anna.pk).update(
        user=users.create_user("anna", password="pw-anna"), link_method=LinkMethod.CODE
    )
    b = Tournament.objects.create(
        name="B Cup",
        slug="b-cup",
        start_date=dt.date(2026, 7, 1),
        end_date=dt.date(2026, 7, 2),
        visibility=Tournament.Visibility.PUBLISHED,
    )
    Staff.objects.create(
        tournament=b, user=users.create_user("bea", password="pw-bea"), role=Staff.Role.ORGANISER
    )
    users.create_user("otto", password="pw-otto")
    return {"a": tournament, "b": b, "anna": anna}


def _open(browser, live_server, options):
    context = browser.new_context(base_url=live_server.url, **options)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return context, page


@pytest.mark.parametrize("options", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_b_s_organiser_and_an_outsider_cannot_reach_a_s_player(
    browser, live_server, event, options
):
    a, b, anna = event["a"], event["b"], event["anna"]
    width = options["viewport"]["width"]

    # B's organiser adds Anna by her public details, opens her row on B's accounts page
    # (no account there: the undo is not offered) and rewrites B's entry.
    context, page = _open(browser, live_server, options)
    try:
        login(page, "bea", "pw-bea")
        page.goto(f"/t/{b.slug}/players/add/")
        page.fill("#id_first_name", ANNA["first_name"])
        page.fill("#id_last_name", ANNA["last_name"])
        page.fill("#id_ema_number", ANNA["ema_number"])
        page.select_option("#id_country", ANNA["country"])
        page.locator("main button.primary").click()
        expect(page).to_have_url(re.compile(f"/t/{b.slug}/players/$"))
        page.goto(f"/t/{b.slug}/accounts/")
        expect(page.locator("main")).not_to_contain_text("Schmidt")
        expect(page.locator("main button", has_text="Undo the link")).to_have_count(0)
        b_registration = Registration.objects.get(tournament=b)
        page.goto(f"/t/{b.slug}/players/{b_registration.pk}/edit/")
        page.fill("#id_first_name", "Hacked")
        page.fill("#id_last_name", "ByB")
        page.fill("#id_ema_number", "05990999")
        expect(page.locator("#id_email")).to_have_value("")  # never A's address
        page.fill("#id_email", "otto@evil.example")
        page.locator("main button.primary").click()
        expect(page.locator(".messages")).to_contain_text("details saved")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # A's public standings still show Anna, nothing of B's.
        page.goto(f"/t/{a.slug}/standings/")
        expect(page.locator("main")).to_contain_text("Schmidt")
        expect(page.locator("main")).not_to_contain_text("Hacked")
        page.screenshot(path=f"/tmp/ident34_b_organiser_{width}.png", full_page=True)
    finally:
        context.close()

    # The outsider: A's slip code under B's name and B's code under A's name link nothing;
    # the link mailed to the address B wrote links B's entry only; in A he has no table.
    context, page = _open(browser, live_server, options)
    try:
        login(page, "otto", "pw-otto")
        b_code = PersonalCode.objects.filter(tournament=b).values_list("code", flat=True)
        for slug, code in ((b.slug, "AAAA22"), (a.slug, b_code.first() or "ZZZZZZ")):
            page.goto("/profile/link/")
            page.select_option("#id_c-tournament", slug)
            page.fill("#id_c-code", code)
            page.click("button[name=code]")
            expect(page.locator("main")).to_contain_text("This code is not accepted.")
        mail.outbox.clear()
        for slug in (a.slug, b.slug):
            page.goto("/profile/link/")
            page.select_option("#id_m-tournament", slug)
            page.fill("#id_m-ema_number", "05990999" if slug == b.slug else ANNA["ema_number"])
            page.click("button[name=mail]")
            expect(page.locator(".messages")).to_contain_text("If that player")
        assert [m.to for m in mail.outbox] == [["otto@evil.example"]]
        path = re.search(r"https?://[^/]+(/profile/link/mail/\S+/)", mail.outbox[0].body)
        page.goto(path.group(1))
        page.locator("main button[type=submit]").click()
        expect(page.locator(".messages")).to_contain_text("Your account is linked to")
        page.goto("/profile/link/")
        expect(page.locator(".linked-entries")).to_contain_text("B Cup")
        expect(page.locator(".linked-entries")).not_to_contain_text("Test Open")
        page.goto(f"/t/{a.slug}/my-table/")
        expect(page.locator("main")).to_contain_text("not linked to a player")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=f"/tmp/ident34_outsider_{width}.png", full_page=True)
    finally:
        context.close()
    anna.refresh_from_db()
    assert anna.user.get_username() == "anna" and anna.first_name == "Anna"
