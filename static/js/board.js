// The live board of a session's tables: fetches its rows every 15 seconds and swaps them
// in. Without JavaScript the page still shows the board as it was when loaded.
(function () {
  "use strict";
  const root = document.getElementById("session-board");
  if (!root) return;
  const url = root.dataset.rowsUrl;
  const POLL_MS = 15000;

  function poll() {
    fetch(url, { headers: { Accept: "text/html" }, cache: "no-store" })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((html) => {
        root.innerHTML = html;
      })
      // A dropped request (the server restarting, say) is simply tried at the next turn.
      .catch(() => {})
      .finally(() => setTimeout(poll, POLL_MS));
  }
  setTimeout(poll, POLL_MS);
})();
