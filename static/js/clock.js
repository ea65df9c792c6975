// The session clock page: counts down from the server's state, corrects for this device's
// clock offset, sounds the signal (Web Audio, no file) and changes colour. No build step.
(function () {
  "use strict";
  // Text in the page's language: Django's JavaScript catalogue (base.html), else English.
  const gettext = window.gettext || ((text) => text);
  const interpolate =
    window.interpolate || ((fmt, obj) => fmt.replace(/%\((\w+)\)s/g, (_, key) => obj[key]));
  const root = document.getElementById("clock");
  if (!root) return;
  const stateUrl = root.dataset.stateUrl;
  const labels = JSON.parse(document.getElementById("clock-labels").textContent);
  const digits = document.getElementById("clock-digits");
  const phaseEl = document.getElementById("clock-phase");
  const afterEl = document.getElementById("clock-after");
  const playingEl = document.getElementById("clock-playing");
  const offlineEl = document.getElementById("clock-offline");
  const soundBtn = document.getElementById("clock-sound");
  const fullBtn = document.getElementById("clock-fullscreen");
  const POLL_MS = 5000;

  let state = JSON.parse(document.getElementById("clock-initial").textContent);
  // What the server rendered into the page, to notice changes made by someone else.
  const initialVersion = state.version;
  const initialFinished = finishedKey(state);
  // server time = Date.now() + offset. The page's own server_time is a first guess (it
  // ignores the time the page took to arrive); each poll refines it.
  let offset = state.server_time - Date.now();
  const samples = []; // [round trip, offset] of the last polls
  let signalSeen = null; // signal_given as last shown; null before the first render
  let audio = null;

  function finishedKey(s) {
    return s.tables.filter((t) => t.finished).map((t) => t.number + (t.ended_by_time ? "t" : "")).join(",");
  }

  function serverNow() {
    return Date.now() + offset;
  }

  const format = window.clockTime.format;

  // The same arithmetic as tournament/clock/timing.py, from the absolute times the server
  // gave, so the display runs smoothly between polls and every screen agrees.
  function reading() {
    const now = serverNow();
    const remaining = window.clockTime.remaining(state, now);
    let phase = state.phase;
    let signalGiven = state.signal_given;
    if (state.ends_at !== null) {
      if (state.signal_at !== null && now >= state.signal_at) signalGiven = true;
      phase = remaining <= 0 ? "over" : signalGiven ? "signal" : "playing";
    }
    return { remaining: remaining, phase: phase, signalGiven: signalGiven };
  }

  function render() {
    const r = reading();
    const text = format(r.remaining);
    if (digits.textContent !== text) digits.textContent = text;
    document.title = text + " · " + state.name;
    phaseEl.textContent = labels[r.phase] || r.phase;
    root.className = "clock phase-" + r.phase + (r.signalGiven ? " signal-given" : "");
    root.dataset.phase = r.phase;
    afterEl.textContent = state.after_signal_text;
    afterEl.hidden = !(r.signalGiven && r.phase !== "finished");
    const playing = state.tables.filter((t) => !t.finished).map((t) => t.name);
    playingEl.hidden = !(r.signalGiven && state.state === "running" && playing.length);
    // Names while few remain (what the organiser waits for); a count while most still play.
    playingEl.textContent =
      playing.length <= 8
        ? interpolate(gettext("Still playing: %(tables)s"), { tables: playing.join(", ") }, true)
        : interpolate(gettext("%(n)s tables still playing"), { n: playing.length }, true);
    // Sound only when the signal happens while the page is open, not on every reload.
    if (signalSeen === false && r.signalGiven && state.state === "running") gong();
    signalSeen = r.signalGiven;
  }

  function poll() {
    const sent = Date.now();
    return fetch(stateUrl, { cache: "no-store", headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(response.status);
        return response.json();
      })
      .then((fresh) => {
        const received = Date.now();
        // The server read its clock about halfway through the round trip; the sample with
        // the shortest round trip of the last few is the most accurate (as NTP does).
        samples.push([received - sent, fresh.server_time - (sent + received) / 2]);
        if (samples.length > 10) samples.shift();
        offset = samples.reduce((a, b) => (b[0] < a[0] ? b : a))[1];
        root.dataset.offsetMs = String(Math.round(offset));
        state = fresh;
        offlineEl.hidden = true;
        render();
        // Someone else ran the clock or reported a table: the staff's buttons must match.
        const staffPage = document.querySelector(".clock-control, #clock-table-status");
        if (staffPage && (fresh.version !== initialVersion || finishedKey(fresh) !== initialFinished)) {
          window.location.reload();
        }
      })
      .catch(() => {
        offlineEl.hidden = false;
      });
  }

  // --- the signal: a gong made with the Web Audio API ---------------------------------
  function audioContext() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    if (!audio) audio = new Ctx();
    return audio;
  }

  function strike(ctx, at) {
    // A bell-like tone: a few inharmonic partials, each dying away.
    [[196, 0.5], [392 * 1.01, 0.25], [196 * 2.76, 0.18], [196 * 5.4, 0.08]].forEach(([f, g]) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(g, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 3.5);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 3.6);
    });
  }

  function gong() {
    root.dataset.signalSounded = String(Date.now());
    const ctx = audioContext();
    if (!ctx) return;
    const play = () => [0, 1.6, 3.2].forEach((d) => strike(ctx, ctx.currentTime + d));
    if (ctx.state === "suspended") ctx.resume().then(play, () => {});
    else play();
  }

  function soundOn() {
    // Browsers allow sound only after a tap or a key; this is that tap.
    const ctx = audioContext();
    if (!ctx) return;
    ctx.resume().then(() => {
      soundBtn.textContent = gettext("Sound: on");
      soundBtn.setAttribute("aria-pressed", "true");
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      gain.gain.value = 0.05;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.08); // a short tick to show that sound works
    }, () => {});
  }

  soundBtn.addEventListener("click", soundOn);
  fullBtn.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen();
    else if (root.requestFullscreen) root.requestFullscreen();
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) poll();
  });

  render();
  poll();
  setInterval(render, 200);
  setInterval(poll, POLL_MS);
})();
