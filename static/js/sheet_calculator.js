// A hand-by-hand sheet receives the calculator's answer (static/js/calculator.js): the han
// and fu go into the winner's cells of the line whose han, fu or yakuman box was tapped last.
(function () {
  "use strict";
  // Text in the page's language: Django's JavaScript catalogue (base.html), else English.
  const gettext = window.gettext || ((text) => text);
  const interpolate =
    window.interpolate || ((fmt, obj) => fmt.replace(/%\((\w+)\)s/g, (_, key) => obj[key]));
  const CELL = /^hands-(\d+)-(han|fu|yakuman)_(\d)$/;
  let target = null; // {row, seat}

  document.addEventListener("focusin", (event) => {
    const match = CELL.exec(event.target.name || "");
    if (match) target = { row: match[1], seat: match[3] };
  });

  function field(kind) {
    return document.querySelector(`[name="hands-${target.row}-${kind}_${target.seat}"]`);
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== window.location.origin) return;
    const data = event.data || {};
    if (data.type !== "hand-value") return;
    // The guided flow (sheet_hands.js) takes the answer while the grid is hidden.
    const grid = document.getElementById("hands");
    if (!grid || grid.offsetParent === null) return;
    const dialog = document.getElementById("calc-dialog");
    if (!target) {
      window.alert(gettext("Tap the winner's han box on the sheet first, then put the hand into it."));
      return;
    }
    const values = data.yakuman ? { yakuman: data.yakuman, han: "", fu: "" } : { han: data.han, fu: data.fu };
    for (const [kind, value] of Object.entries(values)) {
      const input = field(kind);
      if (input) {
        input.value = value;
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
    if (dialog && dialog.open) dialog.close();
    const han = field("han");
    if (han) han.focus();
  });
})();
