// The clock's time as every screen shows it (the clock page, the projector's clock): one
// place for the arithmetic of tournament/clock/timing.py in the browser.
(function () {
  "use strict";
  window.clockTime = {
    // Minutes and seconds ("90:00"), rounded up as timing.format_remaining does, so that
    // 00:00 means the time is up.
    format(ms) {
      const total = Math.max(0, Math.ceil(ms / 1000));
      const pad = (n) => String(n).padStart(2, "0");
      return pad(Math.floor(total / 60)) + ":" + pad(total % 60);
    },
    // The time left at server time ``now``: from the absolute end the server gave while the
    // clock runs, else (planned, paused) the stored remainder.
    remaining(state, now) {
      return state.ends_at !== null ? Math.max(0, state.ends_at - now) : state.remaining_ms;
    },
  };
})();
