(function () {
  // The rows carry the names folded by the server (tournament/names.py fold); the typed
  // words are folded the same way, so "lukasz" and "Łukasz" both find "Łukasz".
  const UNDECOMPOSED = { "ł": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŀ": "l", "ŧ": "t", "þ": "th", "æ": "ae", "œ": "oe", "ß": "ss" };
  function fold(text) {
    return Array.from(text.toLowerCase(), function (c) { return UNDECOMPOSED[c] || c; })
      .join("").normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  }
  const search = document.getElementById("checkin-search");
  const all = document.getElementById("checkin-all");
  const rows = Array.from(document.querySelectorAll("#checkin-table tbody tr[data-search]"));
  function filter() {
    const words = fold(search.value).split(/\s+/).filter(Boolean);
    rows.forEach(function (row) {
      row.hidden = !words.every(function (w) { return row.dataset.search.includes(w); });
    });
  }
  search.addEventListener("input", filter);
  // Typed before this script loaded, or brought back by Back: the rows follow the box as it is.
  filter();
  all.addEventListener("change", function () {
    rows.forEach(function (row) { if (!row.hidden) row.querySelector("input").checked = all.checked; });
  });
})();
