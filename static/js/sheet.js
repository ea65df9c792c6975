// Add a line to the sheet: clone Django's empty form and renumber it (formset prefix).
document.getElementById("add-hand").addEventListener("click", () => {
  const total = document.getElementById("id_hands-TOTAL_FORMS");
  const html = document.getElementById("empty-hand").innerHTML.replace(/__prefix__/g, total.value);
  document.getElementById("hands").insertAdjacentHTML("beforeend", html);
  total.value = Number(total.value) + 1;
});
