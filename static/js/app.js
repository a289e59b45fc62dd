// Small shared island: a clear message when an htmx request (a picker's lazy load) fails.
// Edits go through the interaction layer (static/js/interact/), which says what went wrong itself.
(function () {
  "use strict";
  function say(text) { if (window.interact) window.interact.toast(text); }
  document.body.addEventListener("htmx:responseError", function (ev) {
    const xhr = ev.detail.xhr;
    say(window.interact.errorText(xhr ? xhr.status : 0, xhr ? xhr.responseText : ""));
  });
  document.body.addEventListener("htmx:sendError", function () {
    say(t("No connection to the table's server. Check the Wi-Fi; nothing was changed."));
  });
  // Long names carry soft hyphens (U+00AD) so they break with a hyphen on a narrow phone;
  // copied text leaves them out, so a pasted name is the name as typed.
  document.addEventListener("copy", function (ev) {
    const text = String(window.getSelection() || "");
    if (!text.includes("\u00ad") || !ev.clipboardData) return;
    ev.clipboardData.setData("text/plain", text.replace(/\u00ad/g, ""));
    ev.preventDefault();
  });
})();
