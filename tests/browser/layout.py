"""Layout checks shared by the browser tests: what lies beyond the right edge of the screen.

``document.scrollWidth`` alone misses what a box with ``overflow: hidden`` or ``auto``
clips: the sheet list's Enter links were cut off that way while the page itself was as wide
as the phone. So every table cell, link and form control the reader can see is measured
against ``window.innerWidth``.
"""

from __future__ import annotations

OFFSCREEN_JS = """
(screen) => {
  // A phone's browser zooms out a page wider than the screen, and window.innerWidth grows
  // with it: measure against the screen's own width as well.
  const width = Math.min(window.innerWidth, screen);
  const out = [];
  const selector = "td, th, a, button, input, select, textarea, label, summary";
  for (const el of document.querySelectorAll(selector)) {
    if (el.closest("dialog:not([open]), template, [hidden], .visually-hidden")) continue;
    if (el.type === "hidden") continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // display: none
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      const text = (el.innerText || el.value || el.name || el.id || "").trim().slice(0, 40);
      const where = `${Math.round(box.left)}..${Math.round(box.right)}`;
      out.push(`${el.tagName.toLowerCase()} "${text}" ${where}`);
    }
  }
  return out;
}
"""


def offscreen(page) -> list[str]:
    """The visible cells, links and controls that reach beyond the screen's edges."""
    return page.evaluate(OFFSCREEN_JS, page.viewport_size["width"])


CLIPPED_ROWS_JS = """
() => {
  // Rows cut by the bottom of a projector screen: a row shows whole or not at all.
  const height = window.innerHeight;
  return Array.from(document.querySelectorAll("tr"))
    .filter((tr) => {
      const b = tr.getBoundingClientRect();
      return b.top < height && b.bottom > height + 0.5;
    })
    .map((tr) => tr.innerText.slice(0, 40));
}
"""


def clipped_rows(page) -> list[str]:
    return page.evaluate(CLIPPED_ROWS_JS)
