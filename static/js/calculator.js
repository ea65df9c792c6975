// The hand calculator inside a sheet's dialog: "Use for this hand" sends the han and fu
// (or yakuman) to the sheet page, which fills in the winner it was opened for
// (sheet_hands.js) in the guided flow, or the grid line last tapped (sheet_calculator.js).
// Same origin only.
(function () {
  "use strict";
  const button = document.getElementById("calc-use");
  if (!button || window.parent === window) return;
  button.addEventListener("click", function () {
    window.parent.postMessage(
      {
        type: "hand-value",
        han: Number(button.dataset.han) || 0,
        fu: Number(button.dataset.fu) || 0,
        yakuman: Number(button.dataset.yakuman) || 0,
      },
      location.origin,
    );
  });
  // Served disabled: until this script has run, a tap would send nothing.
  button.disabled = false;
})();
