// Small behaviours every page may use, wired by data attributes: the pages hold no inline
// script or event handler, so the Content-Security-Policy can forbid them (config/settings.py).
//   data-nav-toggle="<id>"   a button that opens and closes the menu with that id
//   data-confirm="<text>"    a form (on submit) or a button (on click) that asks first
//   data-print               a button that prints the page
//   data-autosubmit          a select that submits its form when changed
//   data-show-dialog="<id>"  a button that opens the <dialog> with that id
(() => {
  document.querySelectorAll("[data-nav-toggle]").forEach((button) => {
    button.addEventListener("click", () => {
      const nav = document.getElementById(button.dataset.navToggle);
      button.setAttribute("aria-expanded", nav.classList.toggle("open"));
    });
  });
  document.querySelectorAll("form[data-confirm]").forEach((form) => {
    form.addEventListener("submit", (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  });
  document.querySelectorAll("button[data-confirm]").forEach((button) => {
    button.addEventListener("click", (event) => {
      if (!window.confirm(button.dataset.confirm)) event.preventDefault();
    });
  });
  document.querySelectorAll("[data-print]").forEach((button) => {
    button.addEventListener("click", () => window.print());
  });
  document.querySelectorAll("select[data-autosubmit]").forEach((select) => {
    select.addEventListener("change", () => select.form.submit());
  });
  document.querySelectorAll("[data-show-dialog]").forEach((button) => {
    button.addEventListener("click", () => {
      document.getElementById(button.dataset.showDialog).showModal();
    });
  });
})();
