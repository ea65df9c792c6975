// Numbers drawn by the page's scripts, by the rule of web/numbers.py (the pages' own filters
// |pts and |table_points): tournament points with exactly one decimal, rounded half away from
// zero ("95.7", "-30.0", "6.0"); table points whole and grouped by thousands. The separators
// are the page's language's, written by the server on <meta name="numbers"> (data-decimal,
// data-group; templates/base.html), so a
// number drawn here looks exactly like one the server wrote: Intl.NumberFormat alone would
// leave Polish 4-digit numbers ungrouped ("5000") where the pages write "5 000".
(() => {
  const html = document.documentElement;
  const marks = (document.querySelector("meta[name=numbers]") || {dataset: {}}).dataset;
  const intlPart = (type, fallback) => {
    try {
      const parts = new Intl.NumberFormat(html.lang || "en", {useGrouping: true}).formatToParts(12345.6);
      return (parts.find((p) => p.type === type) || {}).value || fallback;
    } catch (error) {
      return fallback;
    }
  };
  const decimal = marks.decimal ?? intlPart("decimal", ".");
  const group = marks.group ?? intlPart("group", ",");
  const NONE = "—";

  const grouped = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);

  // A number's tenths, counted exactly from its decimal text: 0.15 is 2 tenths as on the
  // server (Decimal), where 0.15 * 10 in floating point would round to 1.
  function tenths(value) {
    if (value === null || value === undefined || value === "" || typeof value === "boolean") return null;
    const text = String(value).trim();
    const m = /^([-+]?)(\d+)(?:\.(\d*))?$/.exec(text);
    if (!m) {
      const n = Number(text);
      return Number.isFinite(n) ? Math.sign(n) * Math.round(Math.abs(n) * 10) : null;
    }
    const frac = (m[3] || "") + "00";
    const count = Number(m[2]) * 10 + Number(frac[0]) + (Number(frac[1]) >= 5 ? 1 : 0);
    return m[1] === "-" ? -count : count;
  }

  function points(value) {
    const t = tenths(value);
    if (t === null) return NONE;
    const sign = t < 0 ? "-" : "";
    const abs = Math.abs(t);
    return `${sign}${Math.floor(abs / 10)}${decimal}${abs % 10}`;
  }

  function tablePoints(value) {
    if (value === null || value === undefined || value === "") return NONE;
    const n = Number(value);
    if (!Number.isFinite(n)) return NONE;
    const whole = Math.sign(n) * Math.round(Math.abs(n));
    return (whole < 0 ? "-" : "") + grouped(String(Math.abs(whole)));
  }

  // A change of table points with its sign: "+8,000", "-3,900"; "" for none.
  function tableDelta(value) {
    const n = Number(value);
    if (!value || !Number.isFinite(n)) return "";
    return (n > 0 ? "+" : "") + tablePoints(n);
  }

  window.numbers = {points, tablePoints, tableDelta};
})();
