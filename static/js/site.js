// Small behaviours every page may use, wired by data attributes: the pages hold no inline
// script or event handler, so the Content-Security-Policy can forbid them (config/settings.py).
//   data-nav-toggle="<id>"   a button that opens and closes the menu with that id
//   data-confirm="<text>"    a form (on submit) or a button (on click) that asks first
//   data-print               a button that prints the page
//   data-autosubmit          a select that submits its form when changed
//   data-show-dialog="<id>"  a button that opens the <dialog> with that id
(() => {
  // With JavaScript the language switch sends itself when changed: its button is hidden.
  document.documentElement.classList.add("js");
  document.querySelectorAll("[data-nav-toggle]").forEach((button) => {
    button.addEventListener("click", () => {
      const nav = document.getElementById(button.dataset.navToggle);
      button.setAttribute("aria-expanded", nav.classList.toggle("open"));
    });
  });
  document.querySelectorAll("form[data-confirm]").forEach((form) => {
    form.addEventListener("submit", (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  });
  document.querySelectorAll("button[data-confirm]").forEach((button) => {
    button.addEventListener("click", (event) => {
      if (!window.confirm(button.dataset.confirm)) event.preventDefault();
    });
  });
  document.querySelectorAll("[data-print]").forEach((button) => {
    button.addEventListener("click", () => window.print());
  });
  document.querySelectorAll("select[data-autosubmit]").forEach((select) => {
    select.addEventListener("change", () => select.form.submit());
  });
  document.querySelectorAll("[data-show-dialog]").forEach((button) => {
    button.addEventListener("click", () => {
      document.getElementById(button.dataset.showDialog).showModal();
    });
  });
})();

// Phones first: wide tables kept inside the screen, the service worker, and
// live regions that refresh by themselves. No inline script (Content-Security-Policy).
(function () {
  "use strict";

  // The last resort of a table that cannot fit even with its columns wrapped (an
  // organiser's wide lists on a phone): it scrolls inside its own box, so that the page
  // itself never gets wider than the screen.
  function contain() {
    for (const table of document.querySelectorAll("table.data-table")) {
      const parent = table.parentElement;
      if (!parent || parent.classList.contains("table-container")) continue;
      if (table.offsetWidth > parent.clientWidth + 1) {
        const box = document.createElement("div");
        box.className = "table-container";
        parent.insertBefore(box, table);
        box.append(table);
      }
    }
  }
  contain();
  document.addEventListener("live:updated", contain);

  // The service worker keeps the pages opened on this phone for a flaky network (sw.js).
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () {
      // Not available (a private window): the site works the same, only less offline.
    });
    const logout = document.querySelector("form[action$='/logout/']");
    if (logout) {
      logout.addEventListener("submit", function () {
        const worker = navigator.serviceWorker.controller;
        if (worker) worker.postMessage("forget-pages");
      });
    }
  }

  // Live regions: <div id="x" data-live="20"> is fetched again every 20 seconds (the same
  // page, so no extra endpoint and the same permissions) and the element with the same id
  // in the answer replaces it. A small fetch poller rather than htmx: it is 40 lines, costs
  // a phone no 50 kB library, and pauses while the page is hidden or the reader is using
  // something inside the region (an open menu or a focused field is never swapped away).
  const regions = document.querySelectorAll("[data-live]");
  if (!regions.length) return;
  const seconds = Math.min(...Array.from(regions, (r) => Number(r.dataset.live) || 30));
  let busy = false;

  async function refresh() {
    if (busy || document.hidden || !navigator.onLine) return;
    busy = true;
    try {
      const response = await fetch(location.href, {
        cache: "no-store",
        headers: { "X-Live-Refresh": "1" },
        credentials: "same-origin",
      });
      if (!response.ok) return;
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      for (const region of document.querySelectorAll("[data-live]")) {
        if (region.contains(document.activeElement) && document.activeElement !== region) continue;
        if (region.querySelector("details[open]")) continue;
        const next = fresh.getElementById(region.id);
        if (next && next.innerHTML !== region.innerHTML) {
          region.innerHTML = next.innerHTML;
          region.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
        }
      }
      document.documentElement.classList.remove("live-stale");
    } catch (error) {
      // A flaky hall network: keep what is shown, mark it as possibly old, try again.
      document.documentElement.classList.add("live-stale");
    } finally {
      busy = false;
    }
  }

  setInterval(refresh, seconds * 1000);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) refresh();
  });
})();
