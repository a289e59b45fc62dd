// Keeps a table page in step with the other phones. Push first: an EventSource on
// /t/<code>/events hears "version N" the moment the server accepts an edit, and the page fetches
// what changed (static/js/interact/refresh.js). When push is unavailable (the server is full,
// an older server, a dropped line) the page polls /t/<code>/poll once a second (304 while
// nothing changed) and tries push again with a growing pause. On wake, pageshow and online it
// asks at once and reconnects; a stream silent for longer than two heartbeats is taken as dead.
// A stream that had been open a while and is cut (its lifetime ends, a worker restarts) is
// reopened at once: only a stream that fails to open waits, longer each time.
// While the page is hidden it holds no connection at all.
(function () {
  "use strict";
  const SILENT_MS = 50000;   // the server sends an event at least every 20 s
  const LIVED_MS = 1000;     // a stream open this long before its cut is reopened at once
  let etag = null;
  let pollTimer = null;
  let es = null;
  let retryTimer = null;
  let backoff = 1000;
  let lastHeard = 0;
  let openedAt = 0;
  const live = window.tableLive = { mode: "off", events: 0, polls: 0, reconnects: 0, pause: 0 };

  function main() { return document.getElementById("table-main"); }
  function visible() { return document.visibilityState !== "hidden"; }

  // A version seen (by push or poll): refresh through the interaction layer when it is news.
  function saw(version) {
    const m = main();
    if (m && String(version) !== m.dataset.version && window.interact) window.interact.refresh(Number(version));
  }

  async function poll() {
    const m = main();
    if (!m) return;
    live.polls++;
    const headers = {};
    if (etag) headers["If-None-Match"] = etag;
    let resp;
    try {
      resp = await fetch(m.dataset.poll, { cache: "no-store", headers: headers });
    } catch (e) {
      document.body.classList.add("offline");
      return;
    }
    document.body.classList.remove("offline");
    if (resp.status === 304 || !resp.ok) return;
    etag = resp.headers.get("ETag");
    const data = await resp.json();
    document.dispatchEvent(new CustomEvent("table:poll", { detail: data }));
    saw(data.version);
  }

  function startPolling() {
    if (pollTimer || !visible()) return;
    const m = main();
    pollTimer = setInterval(poll, Number((m && m.dataset.pollMs) || 1000));
  }
  function stopPolling() { if (pollTimer) clearInterval(pollTimer); pollTimer = null; }

  function onEvent(ev) {
    lastHeard = Date.now();
    live.events++;
    let data;
    try { data = JSON.parse(ev.data); } catch (e) { return; }
    saw(data.version);
  }

  function close() {
    if (es) { es.close(); es = null; }
    clearTimeout(retryTimer);
    retryTimer = null;
  }

  function connect() {
    close();
    const m = main();
    if (!m || !visible()) return;
    if (!window.EventSource || !m.dataset.events) { live.mode = "poll"; startPolling(); return; }
    live.reconnects++;
    es = new EventSource(m.dataset.events);
    es.addEventListener("version", onEvent);
    es.addEventListener("hb", onEvent);
    es.onopen = function () {
      lastHeard = openedAt = Date.now();
      live.mode = "push";
      backoff = 1000;
      stopPolling();
      document.body.classList.remove("offline");
    };
    // Cut or refused: poll meanwhile (the first event of a new stream is the table's version, so
    // nothing said meanwhile is missed). A stream that had been open reopens at once (within
    // 0.3 s, so a restarted worker's phones do not all come back in the same instant); one that
    // would not open (push full, a 503; the server gone) is tried later, longer each time.
    es.onerror = function () {
      const lived = live.mode === "push" && Date.now() - openedAt >= LIVED_MS;
      close();
      live.mode = "poll";
      poll();
      startPolling();
      if (lived) {
        live.pause = Math.random() * 300;
      } else {
        live.pause = backoff + Math.random() * backoff / 2;
        backoff = Math.min(backoff * 2, 15000);
      }
      retryTimer = setTimeout(connect, live.pause);
    };
  }

  // Back from sleep, from the background or offline: ask now, and open a fresh stream.
  function wake() {
    if (!visible()) return;
    etag = null;
    backoff = 1000;
    poll();
    connect();
  }

  setInterval(function () {
    if (es && live.mode === "push" && Date.now() - lastHeard > SILENT_MS) wake();
  }, 5000);
  document.addEventListener("visibilitychange", function () {
    if (visible()) wake(); else { close(); stopPolling(); live.mode = "off"; }
  });
  window.addEventListener("pageshow", function (ev) { if (ev.persisted) wake(); });
  window.addEventListener("pagehide", function () { close(); stopPolling(); });
  window.addEventListener("online", wake);
  // After a swap the page carries a new version: ask again without the old ETag.
  document.addEventListener("interact:swapped", function () { etag = null; });
  window.tablePollNow = poll;
  window.tableLive.wake = wake;
  connect();
})();
