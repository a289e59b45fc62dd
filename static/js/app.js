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

  // One table edit from a script island, answered in JSON ({version, error}). It carries the
  // version this page shows and a one-use nonce, like every form; the page keeps the version.
  window.postEdit = async function (url, csrf, op, fields, data) {
    const m = document.getElementById("table-main");
    const form = new FormData();
    form.append("op", op);
    form.append("v", m ? m.dataset.version : "0");
    form.append("nonce", Math.random().toString(36).slice(2) + Date.now());
    form.append("csrf_token", csrf);
    Object.keys(fields).forEach(function (k) { form.append(k, fields[k]); });
    form.append("data", JSON.stringify(data));
    const resp = await fetch(url, { method: "POST", body: form,
      headers: { "Accept": "application/json", "X-CSRF-Token": csrf } });
    const out = await resp.json();
    if (m && out.version !== undefined) m.dataset.version = String(out.version);
    return out;
  };

  document.body.addEventListener("htmx:responseError", function (ev) {
    const xhr = ev.detail.xhr;
    let text = (xhr && xhr.responseText) || "";
    if (!text || text.length > 300 || text.trim().startsWith("<")) {
      text = t("The server refused that (%(status)s). Reload the page and try again.",
        { status: xhr ? xhr.status : "?" });
    }
    show(text);
  });
  document.body.addEventListener("htmx:sendError", function () {
    show(t("No connection to the table's server. Check the Wi-Fi; nothing was changed."));
  });
  if (toast) toast.addEventListener("click", function () { toast.hidden = true; });
})();
