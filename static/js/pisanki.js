// The Pisanki entry island: paint a display table with brushes (tablecloth, egg, a card of
// one cloth and egg, flowers, face down, copy from the left), or card by card: tap a card,
// then its parts. Each tap shows at once and is sent in order by the interaction layer
// (interact.post); the brush and the card being entered survive a reload (sessionStorage).
// The pictures and words are pisanki-cards.js's.
(function () {
  "use strict";
  const KEY = "pisanki-brush", AT = "pisanki-at";
  const C = function () { return window.pisankiCards; };
  let taps = 0;

  function entry() { return document.getElementById("p-entry"); }
  function load(key) {
    try { return JSON.parse(sessionStorage.getItem(key)) || null; } catch (e) { return null; }
  }
  function brush() { return load(KEY) || {}; }
  function saveBrush(b) { sessionStorage.setItem(KEY, JSON.stringify(b)); }
  // The card entered card by card on this player's table: {p, r, c, name, parts}, or null.
  function at() {
    const a = load(AT), e = entry();
    return a && e && String(a.p) === e.dataset.player && !e.dataset.preview ? a : null;
  }
  function setAt(a) { if (a) sessionStorage.setItem(AT, JSON.stringify(a)); else sessionStorage.removeItem(AT); }
  function counted() { taps += 1; window.pisankiTaps = taps; }
  function holding(b) { return !!(b.cloth || b.egg || b.flower || b.tool); }

  // A cell is drawn again only when its picture changed (or a morph put the server's back):
  // a picture replaced under a pressing finger swallows the tap, and redrawing 24 cells after
  // every answer is work a busy phone does not need.
  function draw(btn, html) {
    if (btn._drawn && btn._drawn.html === html && btn._drawn.dom === btn.innerHTML) return;
    btn.innerHTML = html;
    btn._drawn = { html: html, dom: btn.innerHTML };
  }

  function render(e) {
    if (!e.dataset.preview) withPending(e);
    const grid = JSON.parse(e.dataset.grid);
    const now = at();
    e.querySelectorAll(".p-cell").forEach(function (btn) {
      const cell = grid[+btn.dataset.r][+btn.dataset.c];
      draw(btn, C().cardSvg(cell) + '<span class="p-name">' + btn.dataset.name + "</span>");
      btn.classList.toggle("unset", C().empty(cell));
      btn.classList.toggle("at", !!now && now.r === +btn.dataset.r && now.c === +btn.dataset.c);
    });
    const unsure = e.dataset.preview ? JSON.parse(e.dataset.unsure) : null;
    e.querySelectorAll(".p-cell").forEach(function (btn) {
      btn.classList.toggle("unsure", !!(unsure && unsure[+btn.dataset.r][+btn.dataset.c]));
    });
    // Keep this player's "cells still to enter" badge in step with the taps.
    const left = grid.reduce(function (n, row) {
      return n + row.filter(function (c) { return !(c && c.down) && !C().whole(c); }).length;
    }, 0);
    const badge = document.querySelector(".p-tab.now .p-miss");
    if (badge) { badge.textContent = String(left); badge.hidden = left === 0; }
    const b = now ? {} : brush();
    e.querySelectorAll(".tool").forEach(function (t) {
      const on = t.dataset.kind === "card" ? b.cloth + "/" + b.egg === t.dataset.value : b[t.dataset.kind] === t.dataset.value;
      t.classList.toggle("on", on);
      t.setAttribute("aria-pressed", on ? "true" : "false");
    });
    C().showBrush(b, now);
  }

  function hint(text) { const h = document.getElementById("p-hint"); if (h) { h.textContent = text; h.hidden = !text; } }

  // What brush `b` makes of `cell` (its left neighbour for copy); null = refused (hint says why).
  function paint(cell, left, b) {
    if (!holding(b)) { hint(t("Pick a tablecloth, an egg or a flower first.")); return null; }
    if (b.tool === "down") return cell && cell.down ? {} : { down: true };
    if (b.tool === "erase") return {};
    if (b.tool === "copy") {
      if (!left) { hint(t("There is no cell to the left of this one.")); return null; }
      return JSON.parse(JSON.stringify(left));
    }
    const n = (!cell || cell.down || Object.keys(cell).length === 0)
      ? { egg: null, double: false, flowers: [] } : JSON.parse(JSON.stringify(cell));
    n.flowers = n.flowers || [];
    if (b.cloth) n.cloth = b.cloth;
    if (b.egg) n.egg = b.egg === "none" ? null : b.egg;
    const two = C().doubleEgg(n.cloth);
    if (b.flower) {
      if (two) { hint(two); return null; }
      const same = n.flowers.filter(function (f) { return f === b.flower; }).length;
      const one = [b.flower], pair = [b.flower, b.flower];
      // One tap gives a card both of its flowers when only the pair makes a card of the deck.
      const alone = !C().whole(Object.assign({}, n, { flowers: one })) && C().whole(Object.assign({}, n, { flowers: pair }));
      n.flowers = b.two || same === 1 || (alone && same === 0) ? pair : (same >= 2 ? [] : one);
    }
    n.double = !!two && !!n.egg;
    if (two) n.flowers = [];
    hint("");
    return n;
  }

  // Show a cell's new content at once and queue it for the server (or keep it in the photo
  // preview until "Use this table").
  function commit(e, grid, r, c, next) {
    grid[r][c] = next;
    e.dataset.grid = JSON.stringify(grid);
    if (e.dataset.preview) {
      const unsure = JSON.parse(e.dataset.unsure);
      unsure[r][c] = false;
      e.dataset.unsure = JSON.stringify(unsure);
      render(e);
      return;
    }
    // Queued by the interaction layer (kept over a reload, sent in order, re-sent when the
    // connection drops); its answer, the table as every edit's, is morphed in and the taps
    // still waiting are painted over it again (withPending). Queued before drawing: drawn
    // first, an older tap of the same cell still waiting was painted over this one.
    window.interact.post("pisanki.cell",
      { player: e.dataset.player, name: e.dataset.name, r: r, c: c }, { cell: next });
    render(e);
  }

  function cellName(e, r, c) {
    const btn = e.querySelector('.p-cell[data-r="' + r + '"][data-c="' + c + '"]');
    return btn ? btn.dataset.name : "";
  }

  function tapCell(btn) {
    const e = entry();
    // Build on the taps still waiting even when an answer has just been morphed in.
    if (!e.dataset.preview) withPending(e);
    const grid = JSON.parse(e.dataset.grid);
    const r = +btn.dataset.r, c = +btn.dataset.c;
    counted();
    const b = brush();
    if (!holding(b) && !e.dataset.preview) {
      // No brush in hand: this card is entered card by card, its parts go straight on it.
      setAt({ p: e.dataset.player, r: r, c: c, name: btn.dataset.name, parts: [] });
      hint("");
      render(e);
      return;
    }
    setAt(null);
    const next = paint(grid[r][c], c > 0 ? grid[r][c - 1] : null, b);
    if (next === null) { render(e); return; }
    if (!b.used) { b.used = true; saveBrush(b); }
    commit(e, grid, r, c, next);
  }

  // Card by card: a cloth or egg (or a whole card) that the card has already been given, any
  // after its flowers or face down, and face down after anything, start the next card in reading order (face-down cards
  // skipped); an egg that starts a card keeps the cloth of the card before.
  function tapPart(e, a, kind, value) {
    withPending(e);
    const grid = JSON.parse(e.dataset.grid);
    const rows = grid.length, cols = grid[0].length;
    const parts = kind === "card" ? ["cloth", "egg"] : kind === "tool" ? [value] : [kind];
    let r = a.r, c = a.c, done = a.parts;
    const moves = kind !== "flower" && kind !== "tool" || value === "down";
    if (moves && (parts.some(function (p) { return done.indexOf(p) >= 0; }) || (value === "down" && done.length) ||
                  done.indexOf("flower") >= 0 || done.indexOf("down") >= 0)) {
      const was = grid[r][c] || {};
      do { c += 1; if (c === cols) { c = 0; r += 1; } } while (r < rows && grid[r][c] && grid[r][c].down);
      if (r === rows) { hint(t("That was the last card.")); setAt(null); render(e); return; }
      done = [];
      if (kind === "egg" && was.cloth && !(grid[r][c] && grid[r][c].cloth)) {
        grid[r][c] = Object.assign({ egg: null, double: false, flowers: [] }, grid[r][c], { cloth: was.cloth });
      }
    }
    const b = kind === "card" ? { cloth: value.split("/")[0], egg: value.split("/")[1] } : { [kind]: value };
    const next = paint(grid[r][c], c > 0 ? grid[r][c - 1] : null, b);
    if (next === null) { render(e); return; }
    setAt({ p: a.p, r: r, c: c, name: cellName(e, r, c), parts: done.concat(parts) });
    commit(e, grid, r, c, next);
  }

  // Picks made before painting add up (one tap then paints them all). Once the brush has
  // painted, picking a part it does not have starts a new brush, so a pass of eggs after a
  // pass of cloths keeps each cell's cloth; picking a part it has swaps just that part. A
  // card (one cloth and egg) is a whole new brush; a flower tapped again is two flowers.
  function tapTool(tool) {
    const kind = tool.dataset.kind, value = tool.dataset.value;
    counted();
    const a = at();
    if (a) { tapPart(entry(), a, kind, value); return; }
    let b = brush();
    if (kind === "card") b = { cloth: value.split("/")[0], egg: value.split("/")[1] };
    else if (kind === "flower" && b.flower === value && !b.two) b.two = true;
    else if (b[kind] === value) { delete b[kind]; delete b.two; }  // tap again: that part is off
    else if (kind === "tool" || b.tool) b = { [kind]: value };
    else if (b.used && !(kind in b)) b = { [kind]: value };
    else { b[kind] = value; if (kind === "flower") delete b.two; }
    delete b.used;
    saveBrush(b);
    render(entry());
    hint("");
  }

  function clearBrush() {
    counted();
    saveBrush({});
    setAt(null);
    hint("");
    render(entry());
  }

  // Taps still waiting to be saved show as made (also after a reload).
  function withPending(e) {
    const grid = JSON.parse(e.dataset.grid);
    window.interact.pending().forEach(function (item) {
      const f = Object.fromEntries(item.fields);
      if (f.op === "pisanki.cell" && f.player === e.dataset.player && item.data) {
        grid[+f.r][+f.c] = item.data.cell;
      }
    });
    e.dataset.grid = JSON.stringify(grid);
  }

  function showWhy(btn) {
    const e = entry();
    if (e && btn.dataset.player !== e.dataset.player) {
      // Another player's number: open that player's table, with this why shown there.
      const tab = document.querySelectorAll(".p-tab")[+btn.dataset.player];
      if (tab) {
        const url = new URL(tab.href);
        url.searchParams.set("why", btn.dataset.why);
        window.location.assign(url.toString());
        return;
      }
    }
    document.querySelectorAll(".why").forEach(function (w) { w.hidden = true; });
    document.querySelectorAll(".p-cell.lit").forEach(function (c) { c.classList.remove("lit"); });
    document.querySelectorAll(".pts.on").forEach(function (c) { c.classList.remove("on"); });
    const box = document.getElementById(btn.dataset.why);
    if (!box) return;
    btn.classList.add("on");
    const near = document.getElementById("p-why-near");
    if (e) {
      box.querySelectorAll("[data-cells]").forEach(function (li) {
        li.dataset.cells.split(" ").forEach(function (name) {
          const cell = e.querySelector('.p-cell[data-name="' + name + '"]');
          if (cell) cell.classList.add("lit");
        });
      });
    }
    if (near && e) {
      // The reasons beside the grid, so the lit cells and their why are seen together.
      near.innerHTML = box.innerHTML;
      near.hidden = false;
      near.scrollIntoView({ block: "start", behavior: "instant" });
    } else {
      box.hidden = false;
      box.scrollIntoView({ block: "nearest" });
    }
  }

  function whyFromUrl() {
    const id = new URLSearchParams(window.location.search).get("why");
    const btn = id && document.querySelector('.pts[data-why="' + CSS.escape(id) + '"]');
    if (btn) showWhy(btn);
  }

  document.addEventListener("click", function (ev) {
    const cell = ev.target.closest && ev.target.closest(".p-cell");
    if (cell && entry() && entry().contains(cell)) { tapCell(cell); return; }
    const tool = ev.target.closest && ev.target.closest(".tool");
    if (tool && entry() && entry().contains(tool)) { tapTool(tool); return; }
    const pts = ev.target.closest && ev.target.closest(".pts");
    if (pts) { showWhy(pts); return; }
    if (ev.target.closest && ev.target.closest(".p-brush-clear")) clearBrush();
  });
  // The photo preview (pisanki-photo.js) paints with the same brushes.
  window.pisanki = { entry: entry, render: render, hint: hint };
  document.addEventListener("interact:swapped", function () { const e = entry(); if (e) render(e); });
  const e0 = entry();
  if (e0) { render(e0); whyFromUrl(); }
})();
