// The final-points sheet: the sum of the four scores and its difference to what the table
// must add up to, shown while the referee types. The expected total is the rules core's
// (the ruleset's table total less the riichi sticks left on the table, scoring/rules/
// final.py); the server checks it again on save, so this is a help, never the judge.
(function () {
  "use strict";
  // Text in the page's language: Django's JavaScript catalogue (base.html), else English.
  const gettext = window.gettext || ((text) => text);
  const interpolate =
    window.interpolate || ((fmt, obj) => fmt.replace(/%\((\w+)\)s/g, (_, key) => obj[key]));
  const rows = document.getElementById("final-rows");
  const out = document.getElementById("final-sum");
  if (!rows || !out) return;
  const form = rows.closest("form");
  const tableTotal = Number(rows.dataset.tableTotal);
  const stick = Number(rows.dataset.riichiStick);
  const points = [0, 1, 2, 3].map((i) => form.elements[`points_${i}`]);
  const sticks = form.elements.riichi_left;
  // Table points grouped as the page's language groups them (numbers.js).
  const fmt = {format: window.numbers.tablePoints};

  function update() {
    const typed = points.filter((el) => el.value.trim() !== "");
    const sum = typed.reduce((acc, el) => acc + (Number(el.value) || 0), 0);
    const expected = tableTotal - stick * (Number(sticks.value) || 0);
    const diff = sum - expected;
    out.hidden = false;
    out.className = "final-sum";
    if (typed.length < 4) {
      out.textContent = interpolate(gettext("Sum %(sum)s of %(expected)s (%(left)s to type)"), { sum: fmt.format(sum), expected: fmt.format(expected), left: 4 - typed.length }, true);
      return;
    }
    if (diff === 0) {
      out.textContent = interpolate(gettext("Sum %(sum)s: adds up."), { sum: fmt.format(sum) }, true);
      out.classList.add("ok");
    } else {
      const values = { sum: fmt.format(sum), expected: fmt.format(expected), diff: fmt.format(Math.abs(diff)) };
      out.textContent = interpolate(diff > 0 ? gettext("Sum %(sum)s, expected %(expected)s: %(diff)s too much.") : gettext("Sum %(sum)s, expected %(expected)s: %(diff)s missing."), values, true);
      out.classList.add("bad");
    }
  }
  form.addEventListener("input", update);
  update();
})();
