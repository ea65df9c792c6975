// The seating progress page: polls the job's JSON state until it is done or failed. The
// page works without it (a <noscript> refresh); with it the bar moves without reloads.
(function () {
  "use strict";
  const root = document.getElementById("seating-job");
  if (!root) return;
  const url = root.dataset.stateUrl;
  const bar = document.getElementById("job-progress");
  const percent = document.getElementById("job-percent");
  const stateEl = document.getElementById("job-state");
  const message = document.getElementById("job-message");
  const done = document.getElementById("job-done");
  const next = document.getElementById("job-next");
  const POLL_MS = 700;

  function show(job) {
    bar.value = job.percent;
    bar.textContent = job.percent + "%";
    percent.textContent = job.percent;
    stateEl.textContent = job.state_label;
    stateEl.className = "badge badge-" + job.state;
    root.dataset.state = job.state;
    message.textContent = job.message;
    message.classList.toggle("sheet-errors", job.state === "failed");
    if (job.state === "done") {
      next.href = job.next;
      done.hidden = false;
    }
    // A failed job gets its "Run again" button from the server's page.
    if (job.state === "failed") window.location.reload();
  }

  function poll() {
    fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
      .then((job) => {
        show(job);
        if (!job.finished) setTimeout(poll, POLL_MS);
      })
      // A dropped request (the server restarting, say) is tried again a little later.
      .catch(() => setTimeout(poll, POLL_MS * 4));
  }

  if (root.dataset.state !== "done" && root.dataset.state !== "failed") poll();
})();
