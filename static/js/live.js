// Keeps a table page in step with the other phones: cheap conditional polling of the table's
// version (304 when nothing changed), a refresh of #table-main when it did, and the server
// clock offset for the timer island. Polling pauses while the page is hidden.
(function () {
  "use strict";
  let etag = null;
  let timer = null;
  let pending = false;
  window.tableClock = { offsetMs: 0, rttMs: null };

  function main() { return document.getElementById("table-main"); }

  function editing(m) {
    const a = document.activeElement;
    return a && m.contains(a) && (a.tagName === "INPUT" || a.tagName === "TEXTAREA" || a.tagName === "SELECT")
      && a.type !== "hidden" && a.type !== "submit" && a.type !== "button";
  }

  function refresh() {
    const m = main();
    if (!m) return;
    // Never wipe what a player is typing, nor taps still on their way to the server.
    if (editing(m) || window.tableBusy) { pending = true; return; }
    pending = false;
    htmx.ajax("GET", m.dataset.src, { target: "#table-main", swap: "outerHTML" });
  }

  async function poll() {
    const m = main();
    if (!m) return;
    const headers = {};
    if (etag) headers["If-None-Match"] = etag;
    const t0 = performance.now();
    let resp;
    try {
      resp = await fetch(m.dataset.poll, { cache: "no-store", headers: headers });
    } catch (e) {
      document.body.classList.add("offline");
      return;
    }
    const t1 = performance.now();
    document.body.classList.remove("offline");
    const server = Number(resp.headers.get("X-Server-Ms"));
    const rtt = t1 - t0;
    if (server && (window.tableClock.rttMs === null || rtt <= window.tableClock.rttMs * 1.5)) {
      // The server stamped its clock about half-way through the round trip.
      window.tableClock.offsetMs = server - (Date.now() - rtt / 2);
      window.tableClock.rttMs = rtt;
    }
    if (resp.status === 304) { if (pending) refresh(); return; }
    if (!resp.ok) return;
    etag = resp.headers.get("ETag");
    const data = await resp.json();
    document.dispatchEvent(new CustomEvent("table:poll", { detail: data }));
    if (String(data.version) !== (main() || {}).dataset?.version || pending) refresh();
  }

  function start() {
    stop();
    const m = main();
    const every = Number((m && m.dataset.pollMs) || 1000);
    poll();
    timer = setInterval(poll, every);
  }
  function stop() { if (timer) clearInterval(timer); timer = null; }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { etag = null; start(); } else { stop(); }
  });
  document.body.addEventListener("focusout", function () { if (pending) setTimeout(refresh, 50); });
  // After our own edit the fragment carries the new version: no refetch needed.
  document.body.addEventListener("htmx:afterSwap", function () { etag = null; });
  window.tablePollNow = poll;
  start();
})();
