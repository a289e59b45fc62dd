// Small shared island: show a clear message when a request fails instead of doing nothing.
(function () {
  "use strict";
  const toast = document.getElementById("toast");
  let hideTimer = null;

  function show(text) {
    if (!toast) return;
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(hideTimer);
    hideTimer = setTimeout(function () { toast.hidden = true; }, 6000);
  }
  window.appToast = show;

  document.body.addEventListener("htmx:responseError", function (ev) {
    const xhr = ev.detail.xhr;
    let text = (xhr && xhr.responseText) || "";
    if (!text || text.length > 300 || text.trim().startsWith("<")) {
      text = "The server refused that (" + (xhr ? xhr.status : "?") + "). Reload the page and try again.";
    }
    show(text);
  });
  document.body.addEventListener("htmx:sendError", function () {
    show("No connection to the table's server. Check the Wi-Fi; nothing was changed.");
  });
  if (toast) toast.addEventListener("click", function () { toast.hidden = true; });
})();
