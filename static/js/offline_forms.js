// Forms that must survive a flaky hall network (the score sheets: <form data-offline-key>).
//
// The form is sent by fetch instead of the browser's own submit. If the network is down
// (or the request fails on the way), the form's data is kept in localStorage, exactly as
// the form would have sent it: every field including the hidden ones (csrf token, sheet
// version, any idempotency token), and the button pressed. It is sent again when the
// network is back, from whichever page of the site is open, and removed as soon as the
// server has answered. Never twice: one send at a time per sheet, and the server refuses a
// repeated save anyway (the stored sheet's version moved on; idempotency tokens too).
(function () {
  "use strict";
  // Text in the page's language: Django's JavaScript catalogue (base.html), else English.
  const gettext = window.gettext || ((text) => text);
  const interpolate =
    window.interpolate || ((fmt, obj) => fmt.replace(/%\((\w+)\)s/g, (_, key) => obj[key]));
  // One sender per browser: the hand calculator's frame loads this page's scripts too.
  if (window.top !== window) return;
  const PREFIX = "offline-form:";
  const LEASE_MS = 30000;
  const sending = new Set();

  function pending() {
    const items = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(PREFIX)) continue;
      try {
        items.push(JSON.parse(localStorage.getItem(key)));
      } catch (error) {
        localStorage.removeItem(key); // not ours any more
      }
    }
    return items;
  }

  function banner(text, kind) {
    let box = document.getElementById("offline-banner");
    if (!box) {
      box = document.createElement("p");
      box.id = "offline-banner";
      box.setAttribute("role", "status");
      document.querySelector("main")?.prepend(box);
    }
    box.className = `offline-banner ${kind || ""}`;
    box.textContent = text;
    box.hidden = !text;
  }

  function showPending() {
    const items = pending().filter((item) => !item.stalled);
    if (!items.length) return banner("");
    const what = items.map((item) => item.label).join(", ");
    banner(
      interpolate(gettext("Kept on this phone, not sent yet: %(what)s. It is sent as soon as the network is back."), { what }, true),
      "waiting",
    );
  }

  async function send(asked) {
    const { mine, ...item } = asked; // "mine": the copy this tab has just stored itself
    if (sending.has(item.key)) return;
    // Another tab of the same site may be sending this copy right now: it leaves a mark
    // in the stored copy; a mark older than the lease is from a tab that died meanwhile.
    if (item.sendingSince && Date.now() - item.sendingSince < LEASE_MS && !mine) return;
    sending.add(item.key);
    localStorage.setItem(PREFIX + item.key, JSON.stringify({ ...item, sendingSince: Date.now() }));
    let response;
    try {
      response = await fetch(item.action, {
        method: "POST",
        body: new URLSearchParams(item.fields),
        credentials: "same-origin",
        redirect: "manual", // a redirect is the server's "saved"; its page is fetched below
        headers: { "X-Offline-Resend": item.queued ? "1" : "0" },
      });
    } catch (error) {
      sending.delete(item.key);
      if (localStorage.getItem(PREFIX + item.key)) {
        localStorage.setItem(PREFIX + item.key, JSON.stringify({ ...item, sendingSince: 0 }));
      }
      showPending(); // still no network: keep it, try again later
      return;
    }
    sending.delete(item.key);
    if (response.status >= 400) {
      // Refused before the sheet was looked at (403: the login or its csrf token changed
      // while the copy waited; 5xx: the server failed). Nothing was stored, so the copy is
      // kept, no longer sent by itself, and put back into the sheet's form when it is
      // opened again, to be checked and saved by hand.
      localStorage.setItem(
        PREFIX + item.key,
        JSON.stringify({ ...item, sendingSince: 0, stalled: response.status }),
      );
    } else {
      // The server answered the sheet itself (saved, or refused with the reason): forget
      // the copy before anything else, so that no second send can start.
      localStorage.removeItem(PREFIX + item.key);
    }
    if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
      // Saved. Show the sheet as the server has it now (with its "saved" message).
      location.assign(item.done);
      return;
    }
    // Not saved (a rule broken, someone else's newer version): the server's page explains
    // why and holds what was typed. Show it in place of this one.
    const html = await response.text();
    document.open();
    document.write(html);
    document.close();
  }

  function sendAll() {
    if (!navigator.onLine) return showPending();
    for (const item of pending()) if (!item.stalled) send(item);
  }

  // A copy the server refused (see send) goes back into its form when that page is open.
  function restore() {
    for (const item of pending()) {
      if (!item.stalled) continue;
      const form = document.querySelector(`form[data-offline-key="${CSS.escape(item.key)}"]`);
      if (!form) continue;
      // The page's own csrf and form tokens are the valid ones. The copy keeps its own
      // sheet version: it was typed over that version, and a newer correction
      // saved meanwhile must meet it as a conflict that shows both, never be overwritten
      // by a copy put back under the page's current version.
      const skip = new Set(["csrfmiddlewaretoken", "form_token", "action"]);
      for (const [name, value] of item.fields) {
        if (skip.has(name)) continue;
        const field = form.elements[name];
        if (!field || field instanceof RadioNodeList) continue;
        if (field.type === "checkbox") field.checked = true;
        else field.value = value;
      }
      banner(
        interpolate(gettext("Your %(label)s was not accepted (error %(error)s); it is back in the form: check it and save again."), { label: item.label, error: item.stalled }, true),
        "waiting",
      );
    }
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented) return; // a data-confirm question answered "no" (site.js)
    if (!(form instanceof HTMLFormElement) || !form.dataset.offlineKey) return;
    // getAttribute: form.action and form.method are shadowed by fields of those names (the
    // sheet's submit buttons are called "action").
    if ((form.getAttribute("method") || "get").toLowerCase() !== "post") return;
    const submitter = event.submitter;
    // "Check and show totals" stores nothing: online, the browser sends it as usual.
    if (submitter && submitter.value === "check" && navigator.onLine) return;
    event.preventDefault();
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    const item = {
      key: form.dataset.offlineKey,
      label: form.dataset.offlineLabel || document.title,
      action: new URL(form.getAttribute("action") || "", location.href).href,
      done: form.dataset.offlineDone || location.pathname,
      fields: Array.from(data.entries()).filter(([, v]) => typeof v === "string"),
      queued: !navigator.onLine,
      at: new Date().toISOString(),
    };
    // Kept first, sent second: a crash or a dead battery in between loses nothing. A newer
    // copy of the same sheet replaces an older one that was never sent.
    localStorage.setItem(PREFIX + item.key, JSON.stringify(item));
    if (!navigator.onLine) {
      showPending();
      return;
    }
    for (const button of form.querySelectorAll("button[type=submit], button:not([type])")) {
      button.disabled = true; // one tap, one send
    }
    send({ ...item, mine: true }).finally(() => {
      for (const button of form.querySelectorAll("button")) button.disabled = false;
    });
  });

  window.addEventListener("online", sendAll);
  window.addEventListener("offline", showPending);
  setInterval(sendAll, 20000);
  restore();
  sendAll();
})();
