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
})();
