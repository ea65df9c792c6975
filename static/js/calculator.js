// The hand calculator inside a score sheet's dialog: "Put into the sheet" sends the han and
// fu (or yakuman) to the sheet around the frame, which fills the line last tapped there.
(function () {
  "use strict";
  const button = document.getElementById("calc-use");
  if (!button || window.parent === window) return;
  button.addEventListener("click", () => {
    window.parent.postMessage(
      {
        type: "hand-calculator",
        han: button.dataset.han,
        fu: button.dataset.fu,
        yakuman: button.dataset.yakuman,
      },
      window.location.origin,
    );
  });
})();
