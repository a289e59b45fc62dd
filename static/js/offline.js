// What HTTPS gives a table page: a service worker (static/js/sw.js) for the app shell, so the
// page reloads with no network. Only over https: on the plain-http LAN there is none, as
// before. After each change shown, the cached copy of this page gets the table as it is now
// (#table-main from the live page), so an offline reload shows the last state, not the first.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || location.protocol !== "https:") return;
  const PAGES = "pages-v1";
  const sw = document.currentScript && document.currentScript.dataset.sw;

  navigator.serviceWorker.register(sw || "/sw.js", { scope: "/" }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (reg) {
    const urls = performance.getEntriesByType("resource").map(function (e) { return e.name; });
    if (reg.active) reg.active.postMessage({ type: "shell", urls: urls });
    document.documentElement.dataset.sw = "ready";
  }).catch(function () { /* no worker: the page works online as on the LAN */ });

  let pending = null;
  function keepLastState() {
    const live = document.getElementById("table-main");
    if (!live || !window.caches) return;
    const key = location.origin + location.pathname;
    caches.open(PAGES).then(function (c) {
      return c.match(key).then(function (hit) {
        if (!hit) return null;
        return hit.text().then(function (html) {
          const doc = new DOMParser().parseFromString(html, "text/html");
          const old = doc.getElementById("table-main");
          if (!old || old.dataset.code !== live.dataset.code) return null;
          old.outerHTML = live.outerHTML;
          return c.put(key, new Response("<!doctype html>\n" + doc.documentElement.outerHTML,
            { headers: { "Content-Type": "text/html; charset=utf-8" } }));
        });
      });
    }).catch(function () {});
  }
  document.addEventListener("interact:swapped", function () {
    clearTimeout(pending);
    pending = setTimeout(keepLastState, 500);
  });
})();
