// What every page needs, without inline scripts (the Content-Security-Policy allows only
// files from static/): the menu button on a phone, and live regions that refresh by
// themselves.
(function () {
  "use strict";

  // The menu on a phone: one button opens and closes the tournament's navigation.
  const toggle = document.querySelector(".nav-toggle");
  const nav = document.getElementById("main-nav");
  if (toggle && nav) {
    toggle.addEventListener("click", function () {
      const open = nav.classList.toggle("open");
      toggle.setAttribute("aria-expanded", String(open));
    });
  }

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

  // Buttons that open a <dialog> (the hand calculator beside a sheet).
  for (const button of document.querySelectorAll("[data-open-dialog]")) {
    button.addEventListener("click", function () {
      document.getElementById(button.dataset.openDialog)?.showModal();
    });
  }

  // A choice that shows its result at once (the standings "after session" menu).
  for (const select of document.querySelectorAll("select[data-autosubmit]")) {
    select.addEventListener("change", function () {
      select.form.requestSubmit();
    });
  }

  // Forms and buttons that ask before they do something hard to undo (withdrawing from an
  // event, ending a session): data-confirm on the form or on the button pressed.
  document.addEventListener(
    "submit",
    function (event) {
      const question =
        (event.submitter && event.submitter.dataset.confirm) || event.target.dataset.confirm;
      if (question && !window.confirm(question)) {
        event.preventDefault();
        event.stopImmediatePropagation(); // nor kept for later by offline_forms.js
      }
    },
    true,
  );

  // Print buttons of the seating slips and hall lists.
  for (const button of document.querySelectorAll("[data-print]")) {
    button.addEventListener("click", function () {
      window.print();
    });
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
