"""A player turns notifications on, on her phone (390x844) or her laptop (1366x768); the
organiser publishes session 5; her service worker shows "Session 5: table 7, East, with ...".

Headless chromium reaches no real push service, so the subscription the server sends to is
one on a push service on loopback (tests/companion/pushserver.py) whose keys the test holds;
the test decrypts what the server sent there and hands that text to the phone's service
worker with the DevTools protocol (ServiceWorker.deliverPushMessage), as a push service
would deliver it.
"""

from __future__ import annotations

import json

import pytest
from django.db import transaction
from playwright.sync_api import expect

from companion.models import PushSubscription
from tests.browser.conftest import PHONE, TIMEOUT_MS, login, new_context
from tests.companion.conftest import make_anna, make_session5, payloads
from tests.companion.keys import Browser, vapid_pair
from tests.companion.pushserver import PushServer
from tournament import happenings
from tournament.models import Session

NOTIFICATION_SHOWN = """async (text) => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.some((n) => (n.title + ' ' + n.body).includes(text));
}"""


LAPTOP = {"viewport": {"width": 1366, "height": 768}}
SCREENS = {"phone": PHONE, "laptop": LAPTOP}


@pytest.fixture(params=sorted(SCREENS))
def screen(request, browser, live_server):
    """The player's phone, or her laptop: the same page, the same service worker."""
    # wait_for_function evaluates with eval(), which the site's policy forbids: bypassed here
    # as for the shared ``phone`` (tests/browser/conftest.py).
    context = new_context(browser, live_server.url, bypass_csp=True, **SCREENS[request.param])
    page = context.new_page()
    page.screen_name = request.param
    yield page
    context.close()


@pytest.fixture
def session5(tournament):
    return make_session5(tournament)


@pytest.fixture
def anna(session5):
    return make_anna()


def _registration(phone, registrations: list) -> str:
    """The service worker's registration id, once DevTools has reported it.  Its events
    arrive while Playwright waits on the page: each turn waits for the worker to be active,
    a state of the page, not for a fixed time."""
    for _ in range(TIMEOUT_MS // 50):
        live = {r["registrationId"] for r in registrations if not r["isDeleted"]}
        if live:
            [registration_id] = live
            return registration_id
        phone.wait_for_function("navigator.serviceWorker.ready.then((r) => !!r.active)", polling=50)
    raise AssertionError("DevTools reported no service worker registration")


def test_the_seat_of_session_5_reaches_the_phone(
    screen, transactional_db, settings, session5, anna, live_server
):
    phone = screen
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_pair()
    settings.VAPID_SUBJECT = "mailto:desk@example.org"
    phone.context.grant_permissions(["notifications"], origin=live_server.url)
    login(phone, "anna", "pw-anna")
    phone.goto("/profile/notifications/")
    button = phone.get_by_role("button", name="Turn on notifications")
    expect(button).to_be_visible()
    phone.screenshot(path=f"/tmp/push39-notifications-{screen.screen_name}.png", full_page=True)
    button.click()
    # The permission is granted; headless chromium then fails to reach a push service (or
    # reaches one this machine cannot send to): either way the page says what happened.
    expect(phone.locator("[data-push-state]")).not_to_be_empty()
    phone.wait_for_function("Notification.permission === 'granted'")
    phone.wait_for_function("navigator.serviceWorker.ready.then(() => true)")

    with PushServer() as server:
        # The subscription a push service would have given her phone, registered here.
        PushSubscription.objects.filter(user=anna).delete()
        keys = Browser.new()
        PushSubscription.objects.create(
            endpoint=f"{server.url}/push/anna", p256dh=keys.p256dh, auth=keys.auth_b64, user=anna
        )
        # The organiser publishes session 5 (the seating's publish step sends this signal).
        with transaction.atomic():
            happenings.announce(happenings.seating_published, sender=Session, session=session5)
        [message] = payloads(server, keys, "/push/anna")

    cdp = phone.context.new_cdp_session(phone)
    registrations = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    phone.wait_for_function("navigator.serviceWorker.ready.then((r) => !!r.active)")
    registration_id = _registration(phone, registrations)
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": live_server.url, "registrationId": registration_id, "data": json.dumps(message)},
    )
    phone.wait_for_function(NOTIFICATION_SHOWN, arg="table 7, East")
    phone.wait_for_function(NOTIFICATION_SHOWN, arg="with Bert Bos, Carl Cruz and Dora Dahl")
