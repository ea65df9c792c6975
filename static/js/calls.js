// The referee desk's queue of calls from the tables: asks the server every 3 seconds (a
// small JSON answer, one query for the calls), swaps the list when it changed, counts each
// call's wait up every second, and sounds a chime for a call it had not seen.
//
// Browsers play sound only after a gesture on the page: the first tap or key anywhere
// unlocks it (the desk is used with a thumb, so that comes soon); until then the button
// says so. The button mutes and unmutes; the choice is kept on this device.
(function () {
  const section = document.getElementById("desk-calls");
  if (!section) return;
  const list = document.getElementById("call-list");
  const button = document.getElementById("call-sound");
  const gettext = window.gettext || ((text) => text);
  const url = section.dataset.callsUrl;
  const POLL_MS = 3000;
  let offset = 0; // server clock minus this device's clock, in milliseconds
  let seen = new Set(Array.from(list.querySelectorAll("[data-call]"), (li) => li.dataset.call));
  let audio = null;
  let muted = localStorage.getItem("referee-call-sound") === "off";
  let busy = false;

  function label() {
    if (muted) button.textContent = gettext("Sound off");
    else if (!audio || audio.state !== "running") button.textContent = gettext("Tap to allow the sound");
    else button.textContent = gettext("Sound on");
    button.setAttribute("aria-pressed", String(!muted));
  }

  function unlock() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    if (!audio) audio = new Ctx();
    if (audio.state !== "running") audio.resume().then(label, label);
    label();
  }

  function chime() {
    section.dataset.chimed = String(Date.now());
    if (muted || !audio || audio.state !== "running") return;
    // Two short rising tones: unlike the clock's gong, so a referee knows which it is.
    [[660, 0], [880, 0.18]].forEach(([f, d]) => {
      const at = audio.currentTime + d;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.55);
    });
  }

  function tick() {
    const now = Date.now() + offset;
    for (const li of list.querySelectorAll("[data-opened]")) {
      const seconds = Math.max(0, Math.floor((now - Number(li.dataset.opened)) / 1000));
      const m = Math.floor(seconds / 60);
      const s = String(seconds % 60).padStart(2, "0");
      const out = li.querySelector(".call-waited");
      if (out) out.textContent = `${m}:${s}`;
    }
  }

  async function poll() {
    if (busy || document.hidden) return;
    busy = true;
    try {
      const response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
      if (!response.ok) return;
      const data = await response.json();
      offset = data.server_time - Date.now();
      const fresh = data.ids.map(String).filter((id) => !seen.has(id));
      seen = new Set(data.ids.map(String));
      // A list the referee is using (a focused button) is left alone until the next poll.
      if (list.innerHTML !== data.html && !list.contains(document.activeElement)) {
        list.innerHTML = data.html;
      }
      section.dataset.calls = String(data.ids.length);
      tick();
      if (fresh.length) chime();
      document.documentElement.classList.remove("live-stale");
    } catch (error) {
      document.documentElement.classList.add("live-stale");
    } finally {
      busy = false;
    }
  }

  button.addEventListener("click", function () {
    if (audio && audio.state === "running") {
      muted = !muted;
      localStorage.setItem("referee-call-sound", muted ? "off" : "on");
    }
    unlock();
    label();
  });
  document.addEventListener("pointerdown", unlock, { once: true });
  document.addEventListener("keydown", unlock, { once: true });
  label();
  tick();
  setInterval(tick, 1000);
  setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) poll();
  });
})();
