// The tables this phone has joined, kept in this browser only (the server lists no codes).
// A table page records itself; the home page lists what was recorded, newest first.
(function () {
  "use strict";
  var KEY = "companion.tables";
  var MAX = 8;
  var CODE = /^\/t\/([A-Z0-9]{8})$/;

  function load() {
    try {
      var list = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? list.filter(function (t) {
        return t && typeof t.code === "string" && /^[A-Z0-9]{8}$/.test(t.code);
      }) : [];
    } catch (e) {
      return [];  // storage blocked or spoiled: show nothing rather than break the page
    }
  }

  function save(list) {
    try { window.localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX))); } catch (e) { /* private mode */ }
  }

  function remember() {
    var m = CODE.exec(window.location.pathname);
    if (!m || !document.getElementById("table-main")) return;
    var title = String(document.title || "").split(" · ")[0].slice(0, 40);
    var game = (document.body.className.match(/game-([a-z]+)/) || [])[1] || "";
    var list = load().filter(function (t) { return t.code !== m[1]; });
    list.unshift({ code: m[1], title: title, game: game, at: Date.now() });
    save(list);
  }

  function show() {
    var ul = document.getElementById("my-tables");
    if (!ul) return;
    var list = load();
    var none = document.getElementById("my-tables-none");
    if (none) none.hidden = list.length > 0;
    list.forEach(function (t) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.className = "recent-link" + (/^[a-z]+$/.test(t.game || "") ? " game-" + t.game : "");
      a.href = ul.getAttribute("data-url") + t.code;
      var name = document.createElement("span");
      name.textContent = t.title || window.t("Table");
      var code = document.createElement("span");
      code.className = "code";
      code.textContent = t.code.slice(0, 4) + "-" + t.code.slice(4);
      a.appendChild(name);
      a.appendChild(code);
      li.appendChild(a);
      ul.appendChild(li);
    });
  }

  remember();
  show();
})();
