"""Playwright driving Debian's chromium against pytest-django's live server.

Browser downloads do not work here, so the tests use /usr/bin/chromium. Where it is missing
the tests are skipped, unless REQUIRE_BROWSER is set (as .ci/run does), when they fail.
"""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# Playwright's sync API runs an event loop in the test thread; Django's ORM refuses to run
# inside one unless told that this is deliberate. Only the browser tests set it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# How long every wait of a browser test may take: the page's own timeout (clicks, navigation,
# wait_for_function) and every ``expect(...)``. Sized for a busy 2-core machine, where a page
# that takes 200 ms alone can take seconds; a test that passes waits only as long as it must.
TIMEOUT_MS = 15_000


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"chromium not found at {CHROMIUM}; run scripts/system-deps.sh")
        pytest.skip("chromium is not installed (scripts/system-deps.sh installs it)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=TIMEOUT_MS)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--headless",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def new_context(browser, base_url: str, **options):
    """A browser context whose pages wait up to ``TIMEOUT_MS`` (every test opens its contexts
    here, so that no page falls back to Playwright's own 30 s or to a shorter one)."""
    context = browser.new_context(base_url=base_url, **options)
    context.set_default_timeout(TIMEOUT_MS)
    return context


def _page(browser, live_server, *, strict: bool, **options):
    # Playwright's wait_for_function evaluates its predicate with eval(), which the site's
    # Content-Security-Policy forbids as it should; the tests that use it run with the policy
    # bypassed. The pages themselves are held to it by test_csp.py (``strict_page``).
    context = new_context(browser, live_server.url, bypass_csp=not strict, **options)
    page = context.new_page()
    return context, page


@pytest.fixture
def page(browser, live_server):
    context, page = _page(browser, live_server, strict=False)
    yield page
    context.close()


@pytest.fixture
def phone(browser, live_server):
    """A phone-sized page (the referees' and players' screen)."""
    context, page = _page(browser, live_server, strict=False, **PHONE)
    yield page
    context.close()


@pytest.fixture
def strict_page(browser, live_server):
    """A page under the site's Content-Security-Policy, as every visitor's browser is."""
    context, page = _page(browser, live_server, strict=True)
    yield page
    context.close()


@pytest.fixture
def strict_phone(browser, live_server):
    context, page = _page(browser, live_server, strict=True, **PHONE)
    yield page
    context.close()


def login(page, username: str, password: str) -> None:
    page.goto("/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    # The form posts and the answer is a new page (the next page, or the form with its error):
    # wait for that navigation, not for the load state of the login page still showing.
    with page.expect_navigation():
        page.click("button[type=submit]")
