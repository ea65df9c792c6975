// The player's hand-by-hand sheet (templates/scoring/reporting/enter.html): "+ Add a hand"
// clones Django's empty form and renumbers it (formset prefix). A file, not an inline
// script: the Content-Security-Policy allows scripts from this site only.
(function () {
  "use strict";
  const button = document.getElementById("add-hand");
  if (!button) return;
  button.addEventListener("click", function () {
    const total = document.getElementById("id_hands-TOTAL_FORMS");
    const html = document.getElementById("empty-hand").innerHTML.replace(/__prefix__/g, total.value);
    document.getElementById("hands").insertAdjacentHTML("beforeend", html);
    total.value = Number(total.value) + 1;
  });
})();
