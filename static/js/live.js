// Keeps a table page in step with the other phones: cheap conditional polling of the table's
// version (304 when nothing changed), a refresh of #table-main when it did (static/js/interact/), and the server
// clock offset for the timer island. Polling pauses while the page is hidden.
(function () {
  "use strict";
  let etag = null;
  let timer = null;
  window.tableClock = { offsetMs: 0, rttMs: null };

  function main() { return document.getElementById("table-main"); }

  // Fetch the fresh table part through the interaction layer (morphed in: scroll, open
  // pickers, focus and half-typed text stay; it waits while this phone's taps are on the way).
  function refresh(version) {
    if (window.interact) window.interact.refresh(version);
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
    if (resp.status === 304) return;
    if (!resp.ok) return;
    etag = resp.headers.get("ETag");
    const data = await resp.json();
    document.dispatchEvent(new CustomEvent("table:poll", { detail: data }));
    if (String(data.version) !== (main() || {}).dataset?.version) refresh(Number(data.version));
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
  // After a swap the page carries a new version: ask again without the old ETag.
  document.addEventListener("interact:swapped", function () { etag = null; });
  window.tablePollNow = poll;
  start();
})();
