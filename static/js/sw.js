// The service worker (HTTPS only, registered by offline.js): the app shell and static files
// from a cache, so a table page reloads with no network and shows its last state (the page
// keeps its queued taps in localStorage and sends them once the network is back).
// Pages are network first; a copy of each page is kept under its own path only, so one
// table's page is never served for another. Nothing else is cached: no edit answer (POST),
// no poll, no fragment, no API answer.
"use strict";
const SHELL = "shell-v1";   // /static/* files
const PAGES = "pages-v1";   // whole pages by path (a table page: /t/<code>)

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (ev) {
  ev.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== SHELL && n !== PAGES; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// The page tells what it loaded before this worker controlled it: cache those files too.
self.addEventListener("message", function (ev) {
  const d = ev.data || {};
  if (d.type === "shell" && Array.isArray(d.urls)) {
    const urls = d.urls.filter(isStatic);
    ev.waitUntil(caches.open(SHELL).then(function (c) {
      return Promise.all(urls.map(function (u) {
        return c.match(u).then(function (hit) { return hit || c.add(u).catch(function () {}); });
      }));
    }));
  }
});

function isStatic(u) {
  const url = new URL(u, self.location.origin);
  return url.origin === self.location.origin && url.pathname.startsWith("/static/");
}
function pageKey(url) { return url.origin + url.pathname; }  // ?lang= shares the page

self.addEventListener("fetch", function (ev) {
  const req = ev.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    // Stale while revalidate: the cached file now, a fresh one for next time.
    ev.respondWith(caches.open(SHELL).then(function (c) {
      return c.match(req).then(function (hit) {
        const net = fetch(req).then(function (resp) {
          if (resp.ok) c.put(req, resp.clone());
          return resp;
        });
        if (hit) { ev.waitUntil(net.catch(function () {})); return hit; }
        return net;
      });
    }));
    return;
  }
  if (req.mode !== "navigate") return;  // polls, fragments, API: the network only
  ev.respondWith(fetch(req).then(function (resp) {
    if (resp.ok && !resp.redirected && (resp.headers.get("Content-Type") || "").startsWith("text/html")) {
      const copy = resp.clone();
      ev.waitUntil(caches.open(PAGES).then(function (c) { return c.put(pageKey(url), copy); }));
    }
    return resp;
  }).catch(function () {
    return caches.open(PAGES).then(function (c) { return c.match(pageKey(url)); })
      .then(function (hit) {
        return hit || new Response("<!doctype html><meta name=viewport content='width=device-width'>" +
          "<p>No connection, and this page was not opened here before.</p>",
          { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
      });
  }));
});
