// Page through the rows by itself; every page is fetched fresh, so new results appear
// without a reload. After the last page it starts again at the first.
(() => {
  const box = document.getElementById("projector");
  const rows = document.getElementById("projector-rows");
  const label = document.getElementById("projector-page");
  const seconds = Number(box.dataset.seconds) * 1000;
  let page = 1;
  async function show() {
    try {
      const response = await fetch(`${box.dataset.url}?page=${page}`, {cache: "no-store"});
      if (response.ok) {
        rows.innerHTML = await response.text();
        const info = rows.querySelector("[data-pages]");
        const pages = info ? Number(info.dataset.pages) : 1;
        label.textContent = pages > 1 ? `page ${page} of ${pages}` : "";
        page = page >= pages ? 1 : page + 1;
      }
    } catch (error) { /* the hall's network hiccups: keep the last page up, try again */ }
    setTimeout(show, seconds);
  }
  show();
})();
