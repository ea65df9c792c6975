// The hand-by-hand sheet, one hand at a time, for a referee standing at a table with one
// hand on a phone.
//
// A progressive enhancement of the sheet's grid, not a second form: the guided controls
// write into the same formset fields (hands-N-kind, -who, -han_0 ...), which stay in the
// page, hidden, and the page's own Save button submits them to the same view and service
// (scoring/services.py sheet_save) as the desk's grid. So without JavaScript the grid still
// works, the two views can never disagree, and the offline queue (offline_forms.js) stores
// exactly what the grid would send. The running totals and the round come from the rules
// core through the sheet's check URL (JSON): no rule is repeated here.
(function () {
  "use strict";
  // Text in the page's language: Django's JavaScript catalogue (base.html), else English.
  const gettext = window.gettext || ((text) => text);
  const interpolate =
    window.interpolate || ((fmt, obj) => fmt.replace(/%\((\w+)\)s/g, (_, key) => obj[key]));
  const form = document.getElementById("sheet-form");
  if (!form || form.dataset.mode !== "hands") return;
  const grid = document.getElementById("hands");
  const total = document.getElementById("id_hands-TOTAL_FORMS");
  const template = document.getElementById("empty-hand");
  const names = JSON.parse(document.getElementById("sheet-names").textContent);
  const WINDS = [gettext("East"), gettext("South"), gettext("West"), gettext("North")];
  const SEATS = "ESWN";
  // How many players may win on one discard under the event's ruleset (EMA 3.3.1: all;
  // WRC 5.7.6: head bump, one; Aalto 20: two, a third makes an abortive draw).
  const MAX_RON = { all: 3, double_only: 2, head_bump: 1 }[form.dataset.multipleRon] || 3;
  const KIND_HELP = {
    ron: gettext("won on a discard"),
    tsumo: gettext("self-drawn win"),
    draw: gettext("exhaustive draw"),
    chombo: gettext("penalty, hand replayed"),
    abortive: gettext("hand replayed"),
    nagashi: gettext("mangan at a draw"),
  };

  // --- the formset's fields ---------------------------------------------------------------
  function field(row, name) {
    return form.elements[`hands-${row}-${name}`];
  }
  function value(row, name) {
    const el = field(row, name);
    if (!el) return "";
    return el.type === "checkbox" ? el.checked : el.value;
  }
  function set(row, name, v) {
    const el = field(row, name);
    if (!el) return;
    if (el.type === "checkbox") el.checked = Boolean(v);
    else el.value = v === null || v === undefined ? "" : String(v);
  }
  function rows() {
    return Number(total.value);
  }
  function addRow() {
    // Django's empty form renumbered (formset prefix), as the grid's "+ Add a hand" does.
    const html = template.innerHTML.replace(/__prefix__/g, total.value);
    grid.insertAdjacentHTML("beforeend", html);
    total.value = rows() + 1;
  }
  function filled(row) {
    return Boolean(value(row, "kind"));
  }
  function winnersOf(row) {
    const out = [];
    for (let i = 0; i < 4; i++) {
      if (value(row, `han_${i}`) !== "" || value(row, `yakuman_${i}`) !== "" || chosen[row]?.has(i)) {
        out.push(i);
      }
    }
    return out;
  }

  const addButton = document.getElementById("add-hand");
  if (addButton) addButton.addEventListener("click", addRow);

  // Winners picked but whose han is not typed yet, per row (the fields alone cannot tell).
  const chosen = {};

  // --- small DOM helpers --------------------------------------------------------------------
  let uid = 0;
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }
  function seatName(i) {
    return `${WINDS[i]} · ${names[i]}`;
  }
  function choices(legend, type, group, checkedFn, onChange, disabledFn) {
    // A group of big radio buttons or check boxes, one per seat.
    return h(
      "fieldset",
      { class: "guided-choices" },
      h("legend", { text: legend }),
      [0, 1, 2, 3].map((i) => {
        const id = `g${++uid}`;
        return h(
          "label",
          { class: "choice", for: id },
          h("input", {
            type,
            id,
            name: `guided-${group}`,
            value: String(i),
            checked: checkedFn(i),
            disabled: disabledFn ? disabledFn(i) : false,
            onchange: (event) => onChange(i, event.target.checked),
          }),
          h("span", { text: seatName(i) }),
        );
      }),
    );
  }
  function numberBox(label, row, name, attrs) {
    const id = `g${++uid}`;
    return h(
      "label",
      { class: "guided-number", for: id },
      h("span", { text: label }),
      h("input", {
        id,
        type: "number",
        inputmode: "numeric",
        pattern: "[0-9]*",
        min: "0",
        value: value(row, name),
        ...attrs,
        oninput: (event) => {
          set(row, name, event.target.value);
          changed();
        },
      }),
    );
  }

  // --- the guided panel ---------------------------------------------------------------------
  const panel = h("section", { class: "guided", id: "guided", "aria-label": gettext("Hand by hand") });
  const bar = h("div", { class: "guided-bar" });
  const roundLine = h("p", { class: "guided-round", "aria-live": "polite" });
  const totalsList = h("ol", { class: "guided-totals" });
  bar.append(roundLine, totalsList);
  const handNav = h("nav", { class: "guided-hands", "aria-label": gettext("Hands of this sheet") });
  const body = h("div", { class: "guided-body" });
  const status = h("p", { class: "guided-status", role: "status" });
  const back = h("button", { type: "button", class: "big-button", onclick: () => go(current - 1) }, gettext("← Previous"));
  const next = h("button", { type: "button", class: "big-button primary", id: "guided-next", onclick: nextHand }, gettext("Next hand →"));
  const steps = h("div", { class: "guided-steps" }, back, next);
  panel.append(bar, handNav, body, status, steps);
  const switcher = h("button", { type: "button", class: "button", id: "guided-switch" });
  grid.before(switcher, panel);

  let current = 0;
  let preview = null; // the last answer of the check URL
  let focusNext = null;

  function firstOpenRow() {
    const bad = grid.querySelector(".hand-row.has-error");
    if (bad) return Array.from(grid.querySelectorAll(".hand-row")).indexOf(bad);
    let row = 0;
    while (row < rows() && filled(row)) row++;
    return row;
  }

  function go(row) {
    if (row < 0) return;
    while (row >= rows()) addRow();
    current = row;
    render();
    const heading = body.querySelector("h2");
    if (heading) heading.focus();
  }

  function clearWin(row, i) {
    set(row, `han_${i}`, "");
    set(row, `fu_${i}`, "");
    set(row, `yakuman_${i}`, "");
    chosen[row]?.delete(i);
  }

  function setKind(row, kind) {
    const before = value(row, "kind");
    set(row, "kind", kind);
    if (before === kind) return;
    // What the new kind does not use is cleared, so that the line never holds a stale han.
    if (!["ron", "tsumo"].includes(kind)) {
      for (let i = 0; i < 4; i++) clearWin(row, i);
      set(row, "liable", "");
    }
    if (!["ron", "chombo", "nagashi"].includes(kind)) set(row, "who", "");
    if (!["draw", "nagashi"].includes(kind)) for (let i = 0; i < 4; i++) set(row, `tenpai_${i}`, false);
    if (kind === "chombo") for (let i = 0; i < 4; i++) set(row, `riichi_${i}`, false);
    if (kind === "tsumo" && winnersOf(row).length > 1) {
      for (const i of winnersOf(row).slice(1)) clearWin(row, i);
    }
    if (kind !== "abortive") set(row, "abortive", "");
  }

  function winnerBox(row, i) {
    const calc = document.getElementById("calc-dialog");
    return h(
      "fieldset",
      { class: "guided-win" },
      h("legend", { text: `${seatName(i)} won` }),
      h(
        "div",
        { class: "guided-numbers" },
        numberBox(gettext("Han"), row, `han_${i}`, { "data-seat": i, "data-part": "han" }),
        numberBox(gettext("Fu"), row, `fu_${i}`, { step: "10", "data-seat": i, "data-part": "fu" }),
        numberBox(gettext("or yakuman"), row, `yakuman_${i}`, { max: "6", "data-seat": i, "data-part": "yakuman" }),
      ),
      calc
        ? h(
            "button",
            {
              type: "button",
              class: "button",
              onclick: () => {
                calcTarget = { row, seat: i };
                calc.showModal();
              },
            },
            gettext("From the calculator"),
          )
        : null,
    );
  }

  function render() {
    const row = current;
    const kind = value(row, "kind");
    // The hand list: tap a number to correct an earlier hand.
    handNav.replaceChildren(
      ...Array.from({ length: Math.max(rows(), row + 1) }, (_, i) => i)
        .filter((i) => filled(i) || i === row)
        .map((i) =>
          h(
            "button",
            {
              type: "button",
              class: `button small${i === row ? " primary" : ""}`,
              "aria-current": i === row ? "step" : false,
              "aria-label": interpolate(gettext("Hand %(number)s"), { number: i + 1 }, true),
              onclick: () => go(i),
            },
            String(i + 1),
          ),
        ),
    );
    const kindSelect = field(row, "kind");
    const kinds = Array.from(kindSelect.options).filter((o) => o.value);
    const parts = [
      h("h2", { tabindex: "-1", text: interpolate(gettext("Hand %(number)s"), { number: row + 1 }, true) }),
      h(
        "fieldset",
        { class: "guided-choices guided-kinds" },
        h("legend", { text: gettext("What happened") }),
        kinds.map((o) => {
          const id = `g${++uid}`;
          return h(
            "label",
            { class: "choice", for: id },
            h("input", {
              type: "radio",
              id,
              name: "guided-kind",
              value: o.value,
              checked: kind === o.value,
              onchange: () => {
                setKind(row, o.value);
                render();
                changed();
              },
            }),
            h("span", {}, h("b", { text: o.text }), h("small", { text: KIND_HELP[o.value] || "" })),
          );
        }),
      ),
    ];
    const who = value(row, "who");
    const whoIndex = who ? SEATS.indexOf(who) : -1;
    const winners = winnersOf(row);
    if (kind === "ron") {
      parts.push(
        choices(gettext("Who dealt in (discarded the winning tile)"), "radio", "who", (i) => i === whoIndex, (i) => {
          set(row, "who", SEATS[i]);
          clearWin(row, i); // the discarder cannot win on his own tile
          render();
          changed();
        }),
        choices(
          MAX_RON > 1 ? interpolate(gettext("Who won (up to %(n)s)"), { n: MAX_RON }, true) : gettext("Who won"),
          MAX_RON > 1 ? "checkbox" : "radio",
          "winners",
          (i) => winners.includes(i),
          (i, on) => {
            chosen[row] = chosen[row] || new Set();
            if (MAX_RON === 1) for (const j of winnersOf(row)) if (j !== i) clearWin(row, j);
            if (on) {
              chosen[row].add(i);
              focusNext = `[data-seat="${i}"][data-part="han"]`;
            } else clearWin(row, i);
            render();
            changed();
          },
          (i) => i === whoIndex || (!winners.includes(i) && winners.length >= MAX_RON),
        ),
      );
      for (const i of winners) parts.push(winnerBox(row, i));
    } else if (kind === "tsumo") {
      parts.push(
        choices(gettext("Who won"), "radio", "winner", (i) => winners.includes(i), (i) => {
          for (const j of winnersOf(row)) if (j !== i) clearWin(row, j);
          chosen[row] = new Set([i]);
          focusNext = `[data-seat="${i}"][data-part="han"]`;
          render();
          changed();
        }),
      );
      for (const i of winners) parts.push(winnerBox(row, i));
    } else if (kind === "chombo" || kind === "nagashi") {
      const legend = kind === "chombo" ? gettext("Who made the chombo") : gettext("Who made nagashi mangan");
      parts.push(
        choices(legend, "radio", "who", (i) => i === whoIndex, (i) => {
          set(row, "who", SEATS[i]);
          changed();
        }),
      );
    } else if (kind === "abortive") {
      const source = field(row, "abortive");
      const id = `g${++uid}`;
      const select = h("select", {
        id,
        onchange: (event) => {
          set(row, "abortive", event.target.value);
          changed();
        },
      });
      for (const o of source.options) select.append(h("option", { value: o.value, selected: o.value === source.value }, o.text));
      parts.push(h("label", { class: "guided-select", for: id }, h("span", { text: gettext("Which abortive draw") }), select));
    }
    if (kind === "draw" || kind === "nagashi") {
      parts.push(
        choices(gettext("Tenpai at the draw"), "checkbox", "tenpai", (i) => value(row, `tenpai_${i}`), (i, on) => {
          set(row, `tenpai_${i}`, on);
          changed();
        }),
      );
    }
    if (kind && kind !== "chombo") {
      parts.push(
        choices(gettext("Riichi declared in this hand"), "checkbox", "riichi", (i) => value(row, `riichi_${i}`), (i, on) => {
          set(row, `riichi_${i}`, on);
          changed();
        }),
      );
    }
    if (kind === "ron" || kind === "tsumo") {
      const source = field(row, "liable");
      const id = `g${++uid}`;
      const select = h("select", {
        id,
        onchange: (event) => {
          set(row, "liable", event.target.value);
          changed();
        },
      });
      for (const o of source.options) select.append(h("option", { value: o.value, selected: o.value === source.value }, o.text));
      parts.push(
        h(
          "details",
          { class: "guided-more", open: Boolean(source.value) },
          h("summary", { text: gettext("Liability (pao)") }),
          h("label", { class: "guided-select", for: id }, h("span", { text: gettext("Liable player") }), select),
        ),
      );
    }
    const serverError = grid.querySelectorAll(".hand-row")[row]?.querySelector(".hand-error");
    if (serverError) parts.push(h("p", { class: "hand-error", role: "alert", text: serverError.textContent.trim() }));
    // Keep the keyboard's place: the control that had the focus gets it back in the new
    // panel (the same choice, or the same number box), so Tab and Space go on from there.
    const active = document.activeElement;
    let again = null;
    if (active && body.contains(active)) {
      if (active.dataset.part) again = `[data-seat="${active.dataset.seat}"][data-part="${active.dataset.part}"]`;
      else if (active.name) again = `input[name="${active.name}"][value="${active.value}"]`;
    }
    body.replaceChildren(...parts);
    if (again && !focusNext) focusNext = again;
    back.disabled = row === 0;
    showTotals();
    if (focusNext) {
      const el = body.querySelector(focusNext);
      focusNext = null;
      if (el) el.focus();
    }
  }

  // --- running totals from the rules core ---------------------------------------------------
  function previewIndex(row) {
    // The check answers for the filled lines only; blank lines are skipped as on save.
    let index = 0;
    for (let i = 0; i < row; i++) if (filled(i)) index++;
    return index;
  }

  function showTotals() {
    const hands = preview?.hands || [];
    const index = previewIndex(current);
    const line = filled(current) ? hands[index] : null;
    let round = "";
    if (line) {
      // The server words the round and its counters (scoring/wording.py).
      round = line.round_name;
      if (line.riichi_on_table) {
        round += ", " + interpolate(gettext("%(count)s riichi on the table"), { count: line.riichi_on_table }, true);
      }
    } else if (index === hands.length && preview?.next) {
      const n = preview.next;
      round = n.round_name;
    } else if (index === 0) {
      round = gettext("East 1");
    }
    roundLine.textContent =
      interpolate(gettext("Hand %(number)s"), { number: current + 1 }, true) + (round ? ` · ${round}` : "");
    // Totals after this hand when it is entered, else after the hands before it.
    const after = line ? line.totals : hands[index - 1]?.totals || preview?.start || null;
    totalsList.replaceChildren(
      ...[0, 1, 2, 3].map((i) =>
        h(
          "li",
          { class: line && line.dealer === SEATS[i] ? "dealer" : "" },
          h("span", { class: `wind wind-${i}`, text: SEATS[i] }),
          h("span", { class: "guided-name", text: names[i] }),
          h("b", { text: after ? window.numbers.tablePoints(after[i]) : "…" }),
          line && line.delta[i] ? h("small", { class: line.delta[i] > 0 ? "up" : "down", text: window.numbers.tableDelta(line.delta[i]) }) : null,
        ),
      ),
    );
    if (preview && !preview.ok) {
      status.textContent = preview.error;
      status.className = "guided-status hand-error";
    } else if (preview && preview.game_over && index >= hands.length - 1 && filled(current)) {
      status.textContent = gettext("The game is over after this hand: save the sheet below.");
      status.className = "guided-status done";
    } else {
      status.textContent = "";
      status.className = "guided-status";
    }
  }

  let timer = null;
  let asked = 0;
  function changed() {
    clearTimeout(timer);
    timer = setTimeout(check, 350);
  }

  async function check() {
    const mine = ++asked;
    const data = new FormData(form);
    data.delete("action");
    try {
      const response = await fetch(form.dataset.checkUrl, {
        method: "POST",
        body: data,
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      const answer = await response.json();
      if (mine !== asked) return answer; // a newer question is on its way
      if (answer.ok) answer.start = answer.hands.length ? null : answer.totals;
      preview = answer;
    } catch (error) {
      if (mine !== asked) return null;
      preview = { ok: true, hands: preview?.hands || [], offline: true, next: preview?.next };
      status.textContent = gettext("No network: the totals come back with it. Nothing typed is lost.");
    }
    showTotals();
    if (preview.offline) {
      status.textContent = gettext("No network: the totals come back with it. Nothing typed is lost.");
      status.className = "guided-status hand-error";
    }
    return preview;
  }

  async function nextHand() {
    if (!filled(current)) {
      status.textContent = interpolate(gettext("Choose what happened in hand %(number)s."), { number: current + 1 }, true);
      status.className = "guided-status hand-error";
      body.querySelector("input")?.focus();
      return;
    }
    clearTimeout(timer);
    const answer = await check();
    if (answer && answer.ok === false && answer.error_hand !== null && answer.error_hand !== undefined) {
      const index = previewIndex(current);
      if (answer.error_hand <= index) return; // this hand (or an earlier one) needs a fix
    }
    go(current + 1);
  }

  // --- the calculator's answer ---------------------------------------------------------------
  let calcTarget = null;
  window.addEventListener("message", (event) => {
    if (event.origin !== location.origin || !calcTarget || !event.data || event.data.type !== "hand-value") return;
    const { row, seat } = calcTarget;
    set(row, `han_${seat}`, event.data.yakuman ? "" : event.data.han);
    set(row, `fu_${seat}`, event.data.yakuman ? "" : event.data.fu);
    set(row, `yakuman_${seat}`, event.data.yakuman || "");
    document.getElementById("calc-dialog").close();
    calcTarget = null;
    render();
    changed();
  });

  // --- guided or grid -------------------------------------------------------------------------
  // A phone gets one hand at a time; a desk or a laptop the grid; either can switch, and
  // the choice is remembered on this device.
  const KEY = "sheet-view";
  function apply(guided) {
    form.classList.toggle("guided-on", guided);
    panel.hidden = !guided;
    switcher.textContent = guided ? gettext("Show all hands as a grid") : gettext("One hand at a time");
    if (guided) {
      current = Math.min(current, rows());
      render();
      check();
    }
  }
  // Whatever way the hands are typed (the grid's boxes as much as the guided choices), the
  // check follows them: the stream page shows a stage table's hands from it, hand by hand.
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  switcher.addEventListener("click", () => {
    const guided = !form.classList.contains("guided-on");
    localStorage.setItem(KEY, guided ? "guided" : "grid");
    apply(guided);
  });
  current = firstOpenRow();
  const stored = localStorage.getItem(KEY);
  apply(stored ? stored === "guided" : window.matchMedia("(max-width: 900px)").matches);
})();
