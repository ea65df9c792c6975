"""A referee on a phone logs a lateness and a substitution, and the standings follow the
ruleset (EMA 2016): in a real browser, phone-sized."""

from __future__ import annotations

from decimal import Decimal

from playwright.sync_api import expect

from referee.models import Penalty, Substitution
from scoring.services import sheet_confirm, sheet_save
from tests.browser.conftest import PHONE, login, new_context
from tournament.models import Player, Registration, Session


def _confirm(session, number, points):
    table = session.tournament.tables.get(number=number)
    sheet = sheet_save(
        session=session,
        table=table,
        mode="final",
        entry={"points": points, "riichi_left": 0},
        expected_version=0,
        user=None,
    )
    sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)


def _cell(page, name: str, column: str):
    """The cell of ``name``'s row in ``column`` (the headings as the server wrote them)."""
    expect(page.locator("table.standings thead th").first).to_be_visible()
    heads = [h.strip() for h in page.locator("table.standings thead th").all_inner_texts()]
    row = page.locator(f"table.standings tbody tr:has-text('{name}')")
    return row.locator("td").nth(heads.index(column))


def _tap_size(locator) -> float:
    box = locator.bounding_box()
    return min(box["width"], box["height"])


def test_referee_logs_lateness_and_a_substitute_on_a_phone(
    phone, transactional_db, referee, seated_session
):
    session = seated_session
    session.state = Session.State.RUNNING
    session.save(update_fields=["state"])
    slug = session.tournament.slug
    reserve = Player.objects.create(first_name="Rita", last_name="Reserve", country="NL")
    Registration.objects.create(
        tournament=session.tournament,
        player=reserve,
        status=Registration.Status.CONFIRMED,
        is_reserve=True,
        results_count=False,
    )
    page = phone
    login(page, "rene_referee", "pw-rene_referee")
    page.goto(f"/t/{slug}/")
    page.click("button.nav-toggle")
    page.click("nav >> text=Referee desk")
    expect(page.locator("h1 + .lead")).to_contain_text("Session 1")

    # A few letters of the name find the player; the table comes with it.
    box = page.locator("#desk-q")
    assert _tap_size(box) >= 44
    box.fill("ast002")
    # The list filters as the referee types (one left), and Enter goes to the player.
    expect(page.locator("#desk-everyone > li:visible")).to_have_count(1)
    box.press("Enter")
    expect(page.locator(".lead")).to_contain_text("Table 1, West")
    late = page.locator(".kind-grid a:has-text('Late')")
    assert _tap_size(late) >= 44
    late.click()
    page.fill("#id_minutes", "7")
    page.click("button:has-text('Log late')")
    expect(page.locator(".messages")).to_contain_text("Late for First002 Last002: -7 points")

    # 12 minutes is past the EMA's 10: the page offers the substitution instead.
    page.goto(f"/t/{slug}/referee/")
    page.fill("#desk-q", "ast001")
    page.press("#desk-q", "Enter")
    page.click(".kind-grid a:has-text('Late')")
    page.fill("#id_minutes", "12")
    page.click("button:has-text('Log late')")
    expect(page.locator(".errorlist")).to_contain_text("replaced by a substitute")
    page.click("a.big-button:has-text('Record a substitution instead')")
    page.check("label:has-text('Rita Reserve') input")
    page.check("label:has-text('From the start of the session') input")
    page.fill("#id_reason", "12 minutes late")
    page.click("button:has-text('Put the reserve in the seat')")
    expect(page.locator(".messages")).to_contain_text("Rita Reserve plays for First001 Last001")

    assert Penalty.objects.get().points == Decimal(-7)
    assert Substitution.objects.get().substitute == reserve

    # The tables hand in their sheets: table 1 is now Last000, the reserve, Last002, Last003.
    _confirm(session, 1, [35000, 40000, 25000, 20000])
    _confirm(session, 2, [30000, 30000, 30000, 30000])
    page.goto(f"/t/{slug}/standings/")
    # EMA 5.7: Last002 3rd at the table: -5 table, -5 uma, -7 late = -17.
    expect(_cell(page, "Last002, First002", "Total")).to_have_text("-17.0")
    # EMA 5.8: the substituted player misses the session: -15 and -15 uma.
    expect(_cell(page, "Last001, First001", "Total")).to_have_text("-30.0")
    # The reserve's place counts for the opponents' uma (seated from the start): Last000
    # is 2nd, +5 table +5 uma; the reserve's own result is -30.
    expect(_cell(page, "Last000, First000", "Total")).to_have_text("10.0")
    expect(_cell(page, "Reserve, Rita", "Total")).to_have_text("-30.0")


def test_what_the_referee_typed_before_the_script_loaded_still_filters(
    transactional_db, browser, live_server, referee, seated_session
):
    """A slow phone shows the box before its script arrives; the letters typed meanwhile
    filter the list as soon as it does."""
    # Without the service worker, which would fetch the script past the page's routes.
    context = new_context(browser, live_server.url, service_workers="block", **PHONE)
    try:
        page = context.new_page()
        login(page, "rene_referee", "pw-rene_referee")
        held = []
        page.route("**/js/referee.js", lambda route: held.append(route))
        page.goto(f"/t/{seated_session.tournament.slug}/referee/", wait_until="commit")
        page.locator("#desk-q").fill("ast002")
        expect(page.locator("#desk-everyone > li:visible")).to_have_count(8)
        # The page cannot have run the script yet: it is still held here.
        assert len(held) == 1
        held[0].continue_()
        expect(page.locator("#desk-everyone > li:visible")).to_have_count(1)
        expect(page.locator("#desk-everyone > li:visible")).to_contain_text("Last002")
    finally:
        context.close()
