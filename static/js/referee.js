// The referee desk: the name box filters the list of players as the referee types, so a
// few letters find the player without a round trip.  Without JavaScript the form's GET
// search does the same on the server.
(function () {
  const box = document.querySelector("[data-desk-filter]");
  if (!box) return;
  const list = document.querySelector(box.dataset.deskFilter);
  if (!list) return;
  function filter() {
    const words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const item of list.children) {
      const name = item.dataset.name || "";
      item.hidden = !words.every((w) => name.includes(w));
    }
  }
  box.addEventListener("input", filter);
  // On a slow phone the referee may type before this script has loaded, and Back brings the
  // page back with the box still filled: the list follows what the box holds now.
  filter();
})();
