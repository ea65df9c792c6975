// The stream page follows the desk's entry: it asks the state URL every 2 seconds and
// redraws the seats, points, round, counters, sticks and standings in place (no reload).
(() => {
  const box = document.getElementById("stream");
  if (!box) return;
  const url = box.dataset.stateUrl;
  const byId = (id) => document.getElementById(id);
  // Points in the page's language, by the pages' rule (numbers.js).
  const {points, tablePoints, tableDelta} = window.numbers;

  function cell(tag, text, className) {
    const el = document.createElement(tag);
    el.textContent = text;
    if (className) el.className = className;
    return el;
  }

  function draw(state) {
    byId("stream-stage").textContent = state.stage || "";
    byId("stream-round").textContent = state.round || "";
    // After the last hand the core names no next round: the page says the game is over.
    byId("stream-round").hidden = Boolean(state.game_over);
    byId("stream-over").hidden = !state.game_over;
    byId("stream-honba").textContent = String(state.honba || 0);
    byId("stream-sticks").textContent = String(state.sticks || 0);
    byId("stream-hands").textContent = String(state.hands || 0);
    const seats = byId("stream-seats");
    seats.replaceChildren(
      ...(state.seats || []).map((seat) => {
        const li = cell("li", "", "stream-seat" + (seat.dealer ? " dealer" : ""));
        li.dataset.wind = seat.wind;
        const delta = tableDelta(seat.delta);
        li.append(
          cell("span", seat.wind, "stream-wind"),
          cell("span", seat.name, "stream-name"),
          cell("span", tablePoints(seat.points), "stream-points"),
          cell("span", delta, "stream-delta" + (seat.delta < 0 ? " minus" : "")),
        );
        return li;
      }),
    );
    byId("stream-none").hidden = Boolean((state.seats || []).length);
    byId("stream-standings").replaceChildren(
      ...(state.standings || []).map((row) => {
        const tr = document.createElement("tr");
        tr.append(cell("td", String(row.rank ?? "")), cell("td", row.name), cell("td", points(row.total)));
        return tr;
      }),
    );
  }

  async function poll() {
    try {
      const response = await fetch(url, {cache: "no-store"});
      if (!response.ok) throw new Error(String(response.status));
      draw(await response.json());
      byId("stream-offline").hidden = true;
    } catch (error) {
      byId("stream-offline").hidden = false;
    }
    setTimeout(poll, 2000);
  }
  setTimeout(poll, 2000);
})();
