"""Phone screenshots of the day's pages for the README (docs/screenshots/, 390x844).

Run against a server with the demo loaded (make run), e.g.:
    .venv/bin/python scripts/screenshots.py http://127.0.0.1:8000
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
S = "/t/demo-riichi-open"
PASSWORD = "mahjong-demo"


def _login(page, user: str) -> None:
    page.goto("/login/")
    page.fill("#id_username", user)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_load_state()


def _guided_hand(page) -> None:
    """A double ron typed into the guided entry, to show the running totals."""
    page.goto(f"{S}/sessions/5/sheets/1/?mode=hands")
    page.click("#guided label.choice:has-text('Ron')")
    legend = "fieldset:has(> legend:text-is('{}')) label.choice >> nth={}"
    page.click(legend.format("Who dealt in (discarded the winning tile)", 0))
    page.click(legend.format("Who won (up to 3)", 1))
    page.fill("[data-seat='1'][data-part='han']", "3")
    page.fill("[data-seat='1'][data-part='fu']", "30")
    page.click(legend.format("Who won (up to 3)", 2))
    page.fill("[data-seat='2'][data-part='han']", "2")
    page.fill("[data-seat='2'][data-part='fu']", "40")
    page.wait_for_timeout(800)
    page.evaluate("document.activeElement.blur()")


def main(base: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--headless"]
        )

        def phone():
            return browser.new_context(
                base_url=base, viewport={"width": 390, "height": 844}, is_mobile=True
            ).new_page()

        page = phone()
        _login(page, "player")
        page.goto(f"{S}/")
        page.screenshot(path=OUT / "player-event.png")
        page.goto(f"{S}/standings/")
        page.screenshot(path=OUT / "standings.png")
        page.click("table.standings tbody tr >> nth=0 >> a")
        page.wait_for_load_state()
        page.screenshot(path=OUT / "player-page.png")

        page = phone()
        _login(page, "referee")
        page.goto(f"{S}/sessions/4/sheets/")
        page.screenshot(path=OUT / "sheet-list.png")
        _guided_hand(page)
        page.screenshot(path=OUT / "hand-by-hand.png")
        page.goto(f"{S}/sessions/5/sheets/2/?mode=final")
        for i, points in enumerate(["41000", "27000", "30000", "21000"]):
            page.fill(f"#id_points_{i}", points)
        page.evaluate("document.activeElement.blur()")
        page.screenshot(path=OUT / "final-points.png")
        page.goto(f"{S}/referee/")
        page.screenshot(path=OUT / "referee-desk.png")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000")
