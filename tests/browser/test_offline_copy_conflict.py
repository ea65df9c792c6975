"""A kept offline copy put back into the sheet's form keeps its own version, so
saving it meets a newer correction as a conflict that shows both, never overwrites it."""

from __future__ import annotations

from playwright.sync_api import expect

from scoring.models import ScoreSheet, SheetVersion
from scoring.services import sheet_save
from tests.browser.conftest import login

SHEET = "/t/{slug}/sessions/1/sheets/1/"
KEY = "offline-form:sheet:test-open:1:1"


def _save(session, table, points, expected_version, user):
    return sheet_save(
        session=session,
        table=table,
        mode="final",
        entry={"points": points, "riichi_left": 0, "chombo": [0] * 4, "substitutes": [""] * 4},
        expected_version=expected_version,
        user=user,
    )


def test_a_restored_copy_meets_the_newer_correction_as_a_conflict(
    phone, transactional_db, referee, organiser, seated_session
):
    slug = seated_session.tournament.slug
    table = seated_session.tournament.tables.get(number=1)
    _save(seated_session, table, [40000, 30000, 28000, 22000], 0, organiser)  # version 1
    login(phone, "rene_referee", "pw-rene_referee")
    phone.goto(SHEET.format(slug=slug))
    expect(phone.locator("#id_version")).to_have_value("1")
    phone.context.set_offline(True)
    for i, points in enumerate(["41000", "27000", "30000", "22000"]):
        phone.fill(f"#id_points_{i}", points)
    phone.click("button:has-text('Save sheet')")
    # Offline, the page keeps the form in the browser (static/js/offline_forms.js).
    phone.wait_for_function(f"localStorage.getItem('{KEY}') !== null")
    # Meanwhile the organiser corrects the sheet (version 2), and the referee's login
    # changes: the kept copy's csrf token is no longer valid.
    _save(seated_session, table, [45000, 25000, 28000, 22000], 1, organiser)
    phone.evaluate(
        """(key) => {
        const item = JSON.parse(localStorage.getItem(key));
        item.fields = item.fields.map(([k, v]) => [k, k === 'csrfmiddlewaretoken' ? 'x' : v]);
        localStorage.setItem(key, JSON.stringify(item));
    }""",
        KEY,
    )
    phone.context.set_offline(False)
    phone.wait_for_function(f"JSON.parse(localStorage.getItem('{KEY}') || '{{}}').stalled === 403")
    phone.goto(SHEET.format(slug=slug))
    # Back in the form with the version it was typed over, not the page's 2.
    expect(phone.locator("#id_points_0")).to_have_value("41000")
    expect(phone.locator("#id_version")).to_have_value("1")
    phone.click("button:has-text('Save sheet')")
    expect(phone.locator(".their-version")).to_contain_text("45000")
    expect(phone.locator(".your-version")).to_contain_text("41000")
    expect(phone.locator("main")).to_contain_text("saved version 2")
    expect(phone.locator("main")).to_contain_text("Nothing was overwritten")
    phone.screenshot(path="/tmp/harden24-offline-conflict.png", full_page=True)
    sheet = ScoreSheet.objects.get()
    assert sheet.version == 2 and sheet.entry["points"] == [45000, 25000, 28000, 22000]
    assert SheetVersion.objects.count() == 2
