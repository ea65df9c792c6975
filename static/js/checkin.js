(function () {
  const search = document.getElementById("checkin-search");
  const all = document.getElementById("checkin-all");
  const rows = Array.from(document.querySelectorAll("#checkin-table tbody tr[data-search]"));
  search.addEventListener("input", function () {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    rows.forEach(function (row) {
      row.hidden = !words.every(function (w) { return row.dataset.search.includes(w); });
    });
  });
  all.addEventListener("change", function () {
    rows.forEach(function (row) { if (!row.hidden) row.querySelector("input").checked = all.checked; });
  });
})();
