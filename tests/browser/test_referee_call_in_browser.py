"""Calling a referee (referee.calls) in two browsers: a player on a phone presses the button
on his table's page; the desk, open on a laptop, shows the call within 5 seconds without a
reload; a referee takes it and closes it with a note; the player's page follows each step."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, login, new_context
from tournament.models import Player, Session, Staff

LAPTOP = {"viewport": {"width": 1366, "height": 768}}


@pytest.fixture
def hall(transactional_db, seated_session):
    """Session 1 running; the East player of table 1 and a referee have accounts."""
    seated_session.state = Session.State.RUNNING
    seated_session.save(update_fields=["state"])
    users = get_user_model().objects
    east = seated_session.seats.get(table__number=1, wind=0)
    Player.objects.filter(pk=east.player_id).update(user=users.create_user("pia", password="pw"))
    Staff.objects.create(
        tournament=seated_session.tournament,
        user=users.create_user("reno", password="pw"),
        role=Staff.Role.REFEREE,
    )
    return seated_session


def test_a_player_calls_and_the_desk_sees_takes_and_closes_it(browser, live_server, hall):
    desk_context = new_context(browser, live_server.url, **LAPTOP)
    phone_context = new_context(browser, live_server.url, **PHONE)
    try:
        desk = desk_context.new_page()
        login(desk, "reno", "pw")
        desk.goto("/t/test-open/referee/")
        expect(desk.locator("#call-list")).to_contain_text("No table is calling.")
        # The referee's first tap on the page allows the chime (browsers play sound only
        # after a gesture).
        desk.click("#call-sound")
        expect(desk.locator("#call-sound")).to_have_attribute("aria-pressed", "true")

        phone = phone_context.new_page()
        login(phone, "pia", "pw")
        phone.goto("/t/test-open/my-table/")
        phone.click("#call-referee")
        expect(phone.locator("#call-state")).to_contain_text("A referee is called")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.screenshot(path="/tmp/call39-phone-called.png", full_page=True)

        # The desk was not reloaded: its poll brings the call within 5 seconds.
        call = desk.locator("#call-list [data-call]")
        expect(call).to_contain_text("Table 1", timeout=5000)
        expect(call).to_contain_text("Session 1")
        expect(call).to_contain_text("First000 Last000")
        expect(desk.locator("#desk-calls")).to_have_attribute("data-chimed", re.compile(r"\d+"))
        # The wait counts up, second by second.
        expect(call.locator(".call-waited")).to_have_text(re.compile(r"^0:0[2-9]$"))
        desk.screenshot(path="/tmp/call39-desk-call.png")

        desk.click("#call-list .call-take")
        expect(desk.locator("#call-list")).to_contain_text("taken by reno")
        expect(phone.locator("#call-state")).to_contain_text(
            "A referee is on the way (reno).", timeout=10000
        )

        desk.click("#call-list .call-close")
        desk.fill("#id_note", "Dead wall miscounted; the hand is replayed.")
        desk.click("#call-close-submit")
        expect(desk.locator("#call-list")).to_contain_text("No table is calling.")
        expect(phone.locator("#call-state")).to_contain_text("The call is closed", timeout=10000)
        expect(phone.locator("#call-referee")).to_be_visible()
        phone.screenshot(path="/tmp/call39-phone-closed.png", full_page=True)

        desk.goto("/t/test-open/referee/log/")
        expect(desk.locator("table.referee-log")).to_contain_text(
            "Dead wall miscounted; the hand is replayed."
        )
        expect(desk.locator("table.referee-log")).to_contain_text("Call taken")
    finally:
        desk_context.close()
        phone_context.close()
