// Changing seats by hand: as soon as both choices are made, ask the server what the change
// would cause (new repeated meetings and tables) and show it before anything is saved.
(function () {
  "use strict";
  // Text in the page's language: Django's JavaScript catalogue (base.html), else English.
  const gettext = window.gettext || ((text) => text);
  const interpolate =
    window.interpolate || ((fmt, obj) => fmt.replace(/%\((\w+)\)s/g, (_, key) => obj[key]));
  const form = document.getElementById("change-form");
  if (!form) return;
  const url = form.dataset.previewUrl;
  const player = document.getElementById("id_player");
  const target = document.getElementById("id_target");
  const box = document.getElementById("preview");
  const description = document.getElementById("preview-description");
  const body = document.getElementById("preview-body");
  let asked = 0;

  function list(className, lines, prefix) {
    const ul = document.createElement("ul");
    ul.className = className;
    for (const line of lines) {
      const li = document.createElement("li");
      li.textContent = prefix + line;
      ul.appendChild(li);
    }
    return ul;
  }

  const grid = document.getElementById("seat-grid");
  const gridTitle = document.getElementById("grid-title");

  // The tables as they would be after the change, the moved players marked.
  function drawGrid(tables) {
    if (!grid) return;
    grid.replaceChildren();
    for (const entry of tables) {
      const card = document.createElement("article");
      card.className = "card table-card";
      const title = document.createElement("h2");
      title.textContent = entry.table;
      const seats = document.createElement("ol");
      seats.className = "seats";
      for (const seat of entry.seats) {
        const li = document.createElement("li");
        const wind = document.createElement("span");
        wind.className = "wind wind-" + seat.wind;
        wind.textContent = seat.wind_label;
        li.append(wind, " ");
        if (seat.moved) {
          li.className = "moved";
          const name = document.createElement("strong");
          name.textContent = seat.name;
          li.append(name, " (moved)");
        } else {
          li.append(seat.name);
        }
        seats.appendChild(li);
      }
      card.append(title, seats);
      grid.appendChild(card);
    }
    if (gridTitle) gridTitle.textContent = gettext("The seating after the change");
  }

  function show(data) {
    box.hidden = false;
    body.replaceChildren();
    if (!data.ok) {
      description.textContent = data.error;
      return;
    }
    drawGrid(data.grid);
    description.textContent = data.description;
    const bad = [
      ...data.new_meetings.map((line) => interpolate(gettext("Repeated meeting: %(line)s"), { line }, true)),
      ...data.new_tables.map((line) => interpolate(gettext("Repeated table: %(line)s"), { line }, true)),
      ...data.warnings,
    ];
    if (bad.length) {
      body.appendChild(list("preview-bad", bad, ""));
    } else {
      const p = document.createElement("p");
      p.className = "preview-ok";
      p.textContent = gettext("No new repeated meeting or table.");
      body.appendChild(p);
    }
    if (data.ended_meetings.length) body.appendChild(list("preview-good", data.ended_meetings, ""));
    if (data.locked) body.appendChild(list("preview-bad", [data.locked], ""));
  }

  function preview() {
    if (!player.value || !target.value) return;
    const mine = ++asked;
    const query = new URLSearchParams({ player: player.value, target: target.value });
    fetch(url + "?" + query, { headers: { Accept: "application/json" } })
      .then((r) => r.json())
      .then((data) => {
        if (mine === asked) show(data); // only the answer to the latest choice
      })
      .catch(() => {});
  }

  player.addEventListener("change", preview);
  target.addEventListener("change", preview);
  // Both chosen before this script loaded, or brought back by Back: preview them now.
  preview();
})();
