"""The Content-Security-Policy forbids inline scripts, event handlers and style
attributes, so no page may use them. Every main page is loaded in chromium, as a visitor and
as the organiser, and any violation the browser reports fails the test; the behaviours moved
to static/js/ still work."""

from __future__ import annotations

import io

from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import expect

from referee.models import Penalty
from tests.browser.conftest import login
from tournament.demo import DEMO_PASSWORD, DEMO_SLUG
from tournament.models import Player, SeatingJob

# The browser reports a violation as a DOM event (and in the console); both are collected.
LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""

# What the policy forbids, found in the page itself: an inline handler is only reported when
# it runs, so a button nobody pressed would otherwise hide one.
INLINE = """
() => {
  const found = [];
  for (const el of document.querySelectorAll("*")) {
    for (const attr of el.getAttributeNames()) {
      if (attr.startsWith("on") || attr === "style") found.push(`<${el.localName} ${attr}>`);
    }
  }
  for (const script of document.querySelectorAll("script:not([src])")) {
    if (script.type !== "application/json") found.push("inline <script>");
  }
  return found;
}
"""


def _demo():
    call_command("load_demo", "--allow-production", stdout=io.StringIO())


def _pages(public_only: bool) -> list[str]:
    slug = DEMO_SLUG
    player = Player.objects.filter(registrations__tournament__slug=slug).first()

    def t(name, *args):
        return reverse(f"tournament:{name}", args=[slug, *args])

    pages = [
        reverse("home"),
        reverse("login"),
        reverse("signup"),
        t("detail"),
        t("players"),
        t("seating"),
        t("session", 5),
        t("session_print_tables", 5),
        t("session_print_hall", 5),
        t("seating_quality"),
        t("player_schedule", player.pk),
        t("session_clock", 5),
        t("standings"),
        t("standings_projector"),
        t("results"),
        t("session_results", 1),
        t("session_results_projector", 1),
        t("player", player.pk),
        reverse("scoring:calculator", args=[slug]),
    ]
    if public_only:
        return pages
    job = SeatingJob.objects.filter(tournament__slug=slug).first()
    penalty = Penalty.objects.filter(tournament__slug=slug).first()
    return [
        *pages,
        t("dashboard"),
        t("settings"),
        t("tables"),
        t("schedule"),
        t("staff"),
        t("player_add"),
        t("player_import"),
        t("checkin"),
        t("seating_manage"),
        t("seating_job", job.pk),
        t("session_seating_edit", 6),
        reverse("scoring:session", args=[slug, 1]),
        reverse("scoring:sheet", args=[slug, 1, 1]),
        reverse("scoring:sheet", args=[slug, 5, 1]),
        reverse("scoring:history", args=[slug, 1, 1]),
        reverse("referee:desk", args=[slug]),
        reverse("referee:log", args=[slug]),
        reverse("referee:player", args=[slug, player.pk]),
        reverse("referee:penalty_new", args=[slug, player.pk, "late"]),
        reverse("referee:penalty_correct", args=[slug, penalty.pk]),
        reverse("referee:substitute", args=[slug, player.pk]),
        reverse("referee:disqualify", args=[slug, player.pk]),
    ]


def _violations(page, paths: list[str]) -> dict[str, list[str]]:
    console: list[str] = []
    page.on(
        "console",
        lambda msg: console.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    page.add_init_script(LISTEN)
    found = {}
    for path in paths:
        console.clear()
        response = page.goto(path)
        assert response.status < 400, (path, response.status)
        assert "content-security-policy" in response.headers, path
        # The deferred scripts have run and their first fetches have come back.
        page.wait_for_load_state("networkidle")
        seen = page.evaluate("window.__csp") + console + page.evaluate(INLINE)
        if seen:
            found[path] = seen
    return found


def test_public_pages_break_no_policy(strict_page, transactional_db):
    _demo()
    assert _violations(strict_page, _pages(public_only=True)) == {}


def test_organiser_pages_break_no_policy(strict_page, transactional_db):
    _demo()
    login(strict_page, "organiser", DEMO_PASSWORD)
    strict_page.wait_for_url("**/")
    assert _violations(strict_page, _pages(public_only=False)) == {}


def test_behaviours_moved_out_of_the_pages_still_work(strict_phone, transactional_db):
    phone = strict_phone
    _demo()
    phone.add_init_script(LISTEN)
    # The menu button (was an inline onclick).
    phone.goto(reverse("tournament:detail", args=[DEMO_SLUG]))
    expect(phone.locator("#main-nav")).to_be_hidden()
    phone.click("text=Menu")
    expect(phone.locator("#main-nav")).to_be_visible()
    expect(phone.locator("button.nav-toggle")).to_have_attribute("aria-expanded", "true")
    # The standings' "after session" choice submits itself (was an inline onchange).
    phone.goto(reverse("tournament:standings", args=[DEMO_SLUG]))
    phone.select_option("select[name=after]", "2")
    phone.wait_for_url("**after=2**")
    # The projector pages through by itself (was an inline script): its rows arrive.
    phone.goto(reverse("tournament:standings_projector", args=[DEMO_SLUG]))
    phone.wait_for_selector("#projector-rows tr")
    assert phone.evaluate("window.__csp") == []
    # The hand-by-hand sheet adds a line (was an inline script) and opens the calculator in
    # its dialog (the site may frame itself: frame-ancestors 'self').
    login(phone, "referee", DEMO_PASSWORD)
    phone.wait_for_url("**/")
    phone.goto(reverse("scoring:sheet", args=[DEMO_SLUG, 5, 1]) + "?mode=hands")
    total = phone.locator("#id_hands-TOTAL_FORMS")
    before = int(total.input_value())  # as the server wrote it: no script changes it alone
    # A phone opens the sheet one hand at a time (static/js/sheet_hands.js): the grid first.
    phone.click("#guided-switch")
    phone.click("#add-hand")
    expect(total).to_have_value(str(before + 1))
    phone.click("button:has-text('Hand calculator')")
    phone.frame_locator("#calc-dialog iframe").locator("#id_tiles").wait_for()
    assert phone.evaluate("window.__csp") == []
