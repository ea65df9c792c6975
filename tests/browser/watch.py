"""A watch on every page a browser test opens: console errors, uncaught exceptions, HTTP
answers of 400 and more, and anything wider than the screen.

``watched(context)`` hooks a browser context: each page it opens reports its console errors
and failed responses through Playwright's events, and, once loaded, its own horizontal
overflow through an exposed function (the init script runs in every document, so no step of
a test can forget the check). ``Watch.problems()`` lists what was seen, by URL; a test
asserts it is empty at the end, and ``Watch.expect(status, url_part)`` allows the answers a
test provokes on purpose.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from tests.browser.layout import OFFSCREEN_JS

# Runs in every document of a watched context: once the page has loaded (and its deferred
# scripts have run), measure what lies beyond the right edge and report it.
OVERFLOW_INIT = (
    """
(() => {
  const offscreen = """
    + OFFSCREEN_JS
    + """;
  const report = () => {
    // A phone zooms out a page wider than its screen, and innerWidth grows with it: the
    // screen's own width is the measure (Playwright's screen is the viewport).
    const width = Math.min(window.innerWidth, screen.width);
    const found = offscreen(width);
    const doc = document.documentElement;
    if (doc.scrollWidth > width + 1) found.push(`page ${doc.scrollWidth}px wide`);
    if (window.__watchOverflow) window.__watchOverflow(location.pathname + location.search, found);
  };
  window.addEventListener("load", () => setTimeout(report, 50));
})();
"""
)


@dataclass
class Watch:
    name: str
    errors: list[str] = field(default_factory=list)
    expected: list[tuple[int, str]] = field(default_factory=list)
    pages: int = 0

    def expect(self, status: int, url_part: str) -> None:
        """An answer the test provokes on purpose (a refused form, a page that must be 404)."""
        self.expected.append((status, url_part))

    def _response(self, response) -> None:
        if response.status < 400:
            return
        if any(s == response.status and part in response.url for s, part in self.expected):
            return
        self.errors.append(f"HTTP {response.status} {response.request.method} {response.url}")

    def _console(self, message) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            self.errors.append(f"console error: {message.text} ({where})")

    def _overflow(self, _source, url: str, found: list[str]) -> None:
        self.pages += 1
        if found:
            self.errors.append(f"overflow on {url}: {found[:5]}")

    def attach(self, context) -> None:
        context.expose_binding("__watchOverflow", self._overflow)
        context.add_init_script(OVERFLOW_INIT)
        context.on("page", self._page)
        for page in context.pages:
            self._page(page)

    def _page(self, page) -> None:
        page.on("response", self._response)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))

    def problems(self) -> list[str]:
        return [f"[{self.name}] {e}" for e in self.errors]


def shots_dir(tmp_path: Path) -> Path:
    """Where the screenshots go: $E2E_SCREENSHOTS (CI keeps it as an artifact), else a
    temporary folder of the test."""
    folder = Path(os.environ.get("E2E_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
