// Page through the rows by itself; every page is fetched fresh, so new results appear
// without a reload. After the last page it starts again at the first. With a clock URL
// (the standings' projector), the running session's clock is shown for one page's time
// between the last page and the first, so one screen in the hall rotates both.
(() => {
  const box = document.getElementById("projector");
  const rows = document.getElementById("projector-rows");
  const label = document.getElementById("projector-page");
  const clock = document.getElementById("projector-clock");
  const title = document.getElementById("projector-title");
  const seconds = Number(box.dataset.seconds) * 1000;
  const gettext = window.gettext || ((text) => text);
  const format =
    window.interpolate || ((fmt, obj) => fmt.replace(/%\((\w+)\)s/g, (_, key) => obj[key]));
  const standingsTitle = title ? title.textContent : "";
  // Phases in which the clock means something to the hall; "planned" and "finished" leave
  // the standings alone (clock.js shows the same phases on the clock page).
  const SHOWN = new Set(["playing", "paused", "signal", "over"]);
  let page = 1;
  let ticking = null;

  function showRows() {
    if (ticking) clearInterval(ticking);
    ticking = null;
    clock.hidden = true;
    rows.hidden = false;
    if (title) title.textContent = standingsTitle;
  }

  // The clock for one page's time; false when no session is running, so the standings
  // go on at once.
  async function showClock() {
    if (!box.dataset.clockUrl) return false;
    try {
      const response = await fetch(box.dataset.clockUrl, {cache: "no-store"});
      if (!response.ok) return false;
      const state = await response.json();
      if (!state.session || !SHOWN.has(state.phase)) return false;
      // server time = Date.now() + offset, as on the clock page (clock_time.js).
      const offset = state.server_time - Date.now();
      document.getElementById("projector-clock-session").textContent = state.name;
      document.getElementById("projector-clock-phase").textContent = state.phase_label;
      const put = () => {
        const left = window.clockTime.remaining(state, Date.now() + offset);
        document.getElementById("projector-clock-digits").textContent =
          window.clockTime.format(left);
      };
      put();
      ticking = setInterval(put, 1000);
      if (title) title.textContent = gettext("Clock");
      label.textContent = "";
      rows.hidden = true;
      clock.hidden = false;
      return true;
    } catch (error) {
      return false;
    }
  }

  async function show() {
    try {
      const response = await fetch(`${box.dataset.url}?page=${page}`, {cache: "no-store"});
      if (response.ok) {
        rows.innerHTML = await response.text();
        showRows();
        const info = rows.querySelector("[data-pages]");
        const pages = info ? Number(info.dataset.pages) : 1;
        label.textContent =
          pages > 1 ? format(gettext("page %(page)s of %(pages)s"), {page, pages}, true) : "";
        const last = page >= pages;
        page = last ? 1 : page + 1;
        if (last) {
          setTimeout(async () => {
            setTimeout(show, (await showClock()) ? seconds : 0);
          }, seconds);
          return;
        }
      }
    } catch (error) { /* the hall's network hiccups: keep the last page up, try again */ }
    setTimeout(show, seconds);
  }
  show();
})();
