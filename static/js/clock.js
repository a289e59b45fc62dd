// The server's clock on this phone, as NTP does it: several round trips to /clock, and the one
// with the smallest round trip wins (its stamp is the best placed half-way). A burst of samples
// when the page opens, wakes or comes back online, then one every 15 s; samples older than two
// minutes are forgotten, so the offset follows a phone clock that is set or drifts.
// window.tableClock: {offsetMs, rttMs, wire (timed by Resource Timing), now()}; timer.js
// counts down on now().
(function () {
  "use strict";
  const KEEP_MS = 120000;
  const EVERY_MS = 15000;
  let samples = [];
  let busy = false;
  let sent = 0;
  const clock = window.tableClock = { offsetMs: 0, rttMs: null, samples: 0, wire: false,
    now: function () { return Date.now() + clock.offsetMs; } };

  function url() {
    const m = document.getElementById("table-main");
    return m && m.dataset.clock;
  }

  // Until a round trip is measured, the page's own stamp (the Liski timer's data-server-ms).
  function fromPage() {
    const e = document.getElementById("timer");
    if (e && clock.rttMs === null && e.dataset.serverMs) clock.offsetMs = Number(e.dataset.serverMs) - Date.now();
  }

  // The request's own send and first-byte times (Resource Timing), when the browser gives them:
  // they leave out this page's busy moments before the request goes and after the answer comes
  // (a promise to resolve, JSON to parse), which are not the network's and are not symmetric.
  function wire(href) {
    const entries = performance.getEntriesByName(href);
    const e = entries[entries.length - 1];
    if (performance.getEntriesByType("resource").length > 100) performance.clearResourceTimings();
    return e && e.requestStart > 0 && e.responseStart >= e.requestStart ? e : null;
  }

  async function sample() {
    const u = url();
    if (!u) return false;
    const href = new URL(u + (u.indexOf("?") < 0 ? "?" : "&") + "n=" + (++sent), location.href).href;
    const wall0 = Date.now();
    const t0 = performance.now();
    let data;
    try {
      const resp = await fetch(href, { cache: "no-store" });
      if (!resp.ok) return false;
      data = await resp.json();
    } catch (e) { return false; }
    let rtt = performance.now() - t0;
    let mid = wall0 + rtt / 2;
    if (typeof data.server_ms !== "number") return false;
    const w = wire(href);
    if (w) {
      rtt = w.responseStart - w.requestStart;
      mid = Date.now() - performance.now() + (w.requestStart + w.responseStart) / 2;
    }
    // The server stamped its clock about half-way through the round trip.
    samples.push({ at: performance.now(), rtt: rtt, offset: data.server_ms - mid, wire: !!w });
    const cut = performance.now() - KEEP_MS;
    samples = samples.filter(function (s) { return s.at >= cut; });
    let best = samples[0];
    samples.forEach(function (s) { if (s.rtt < best.rtt) best = s; });
    clock.offsetMs = best.offset;
    clock.rttMs = best.rtt;
    clock.wire = best.wire;
    clock.samples = samples.length;
    return true;
  }

  // A few round trips in a row, 30 ms apart (one may meet a busy moment, the best one wins).
  async function burst(n) {
    if (busy) return;
    busy = true;
    try {
      for (let i = 0; i < n; i++) {
        if (!(await sample())) break;
        await new Promise(function (r) { setTimeout(r, 30); });
      }
    } finally { busy = false; }
  }

  fromPage();
  document.addEventListener("DOMContentLoaded", function () { fromPage(); burst(6); });
  setInterval(function () { if (document.visibilityState === "visible") burst(1); }, EVERY_MS);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { samples = []; burst(5); }
  });
  window.addEventListener("pageshow", function (ev) { if (ev.persisted) { samples = []; burst(5); } });
  window.addEventListener("online", function () { burst(5); });
  clock.resync = burst;
})();
