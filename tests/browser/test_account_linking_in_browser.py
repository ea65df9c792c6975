"""Linking an account to a player on record, in the browser: public data
proves nothing, the code on the player's slip does, and the organiser sees every link and can
undo it or approve a request.

On a 390x844 phone (the player's) and at 1366x768 (the organiser's laptop)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.models import PersonalCode
from tests.browser.conftest import PHONE, login, new_context
from tournament.models import Player, Registration, Staff

LAPTOP = {"viewport": {"width": 1366, "height": 768}}


@pytest.fixture
def event(transactional_db, tournament):
    users = get_user_model().objects
    anna = Player.objects.create(first_name="Anna", last_name="Wróbel", country="PL")
    bob = Player.objects.create(first_name="Bob", last_name="Birch", country="NL")
    for player in (anna, bob):
        Registration.objects.create(
            tournament=tournament, player=player, status=Registration.Status.CONFIRMED
        )
    PersonalCode.objects.create(tournament=tournament, player=anna, code="K7P2QX")
    organiser = users.create_user("olga", password="pw-olga")
    Staff.objects.create(tournament=tournament, user=organiser, role=Staff.Role.ORGANISER)
    for name in ("anna", "mallory", "bob"):
        users.create_user(name, password=f"pw-{name}")
    return {"tournament": tournament, "anna": anna, "bob": bob}


def _open(browser, live_server, options):
    context = new_context(browser, live_server.url, **options)
    return context, context.new_page()


def _link_with_code(page, slug: str, code: str) -> None:
    page.goto("/profile/link/")
    page.select_option("#id_c-tournament", slug)
    page.fill("#id_c-code", code)
    with page.expect_navigation():
        page.click("button[name=code]")


def test_the_slip_code_links_public_data_does_not(browser, live_server, event):
    tournament, anna = event["tournament"], event["anna"]
    slug = tournament.slug
    context, phone = _open(browser, live_server, PHONE)
    try:
        # Mallory knows Anna's name and country (the standings show them) and a code of
        # another shape: the same answer as for any code not accepted, and nothing linked.
        login(phone, "mallory", "pw-mallory")
        for guess in ("AAAAAA", "k7p2qy"):
            _link_with_code(phone, slug, guess)
            expect(phone.locator("main")).to_contain_text("This code is not accepted.")
        anna.refresh_from_db()
        assert anna.user is None
        # Measured once the answer above is on the screen.
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.context.clear_cookies()

        # Anna types the code of her slip as people type codes (lower case, a space).
        login(phone, "anna", "pw-anna")
        _link_with_code(phone, slug, "k7p 2qx")
        expect(phone).to_have_url(re.compile(r"/profile/$"))
        expect(phone.locator(".messages")).to_contain_text("Your account is linked to")
        anna.refresh_from_db()
        assert anna.user.get_username() == "anna"
    finally:
        context.close()

    context, laptop = _open(browser, live_server, LAPTOP)
    try:
        # The organiser sees the link and how it was made, and undoes it.
        login(laptop, "olga", "pw-olga")
        laptop.goto(f"/t/{slug}/accounts/")
        row = laptop.locator("main table tr", has_text="Wróbel")
        expect(row).to_contain_text("anna")
        assert laptop.evaluate("document.documentElement.scrollWidth") <= 1366
        with laptop.expect_navigation():
            row.locator("button", has_text="Undo the link").click()
        expect(laptop.locator(".messages")).to_contain_text("has no account now")
        anna.refresh_from_db()
        assert anna.user is None
    finally:
        context.close()


def test_the_organiser_approves_a_request(browser, live_server, event):
    tournament, bob = event["tournament"], event["bob"]
    slug = tournament.slug
    context, phone = _open(browser, live_server, PHONE)
    try:
        login(phone, "bob", "pw-bob")
        phone.goto("/profile/link/")
        phone.click(f"main a[href='/profile/link/{slug}/request/']")
        phone.select_option("#id_registration", label=str(bob))
        phone.fill("#id_message", "Table 3 last year, the one with the tea")
        with phone.expect_navigation():
            phone.click("main button[type=submit]")
        bob.refresh_from_db()
        assert bob.user is None  # asked, not linked
    finally:
        context.close()

    context, laptop = _open(browser, live_server, LAPTOP)
    try:
        login(laptop, "olga", "pw-olga")
        laptop.goto(f"/t/{slug}/accounts/")
        request = laptop.locator("main table tr", has_text="the one with the tea")
        expect(request).to_contain_text("bob")
        with laptop.expect_navigation():
            request.locator("button", has_text="Approve").click()
        expect(laptop.locator(".messages")).to_contain_text("bob is linked to")
        bob.refresh_from_db()
        assert bob.user.get_username() == "bob"
    finally:
        context.close()
