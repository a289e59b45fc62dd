// The Pisanki entry island: paint a display table with brushes (tablecloth, egg, flowers,
// face down, copy from the left). Each tap shows at once and is sent in order by the
// interaction layer (interact.post); brushes survive a reload (sessionStorage). What a card
// is, and the colours, come from the server (#p-cards, the tools' data, pisanki/colours.css).
(function () {
  "use strict";
  const KEY = "pisanki-brush";
  let taps = 0;
  let cards = null;  // from the server (#p-cards): the card pictures' address and every card kind

  function entry() { return document.getElementById("p-entry"); }
  function brush() {
    try { return JSON.parse(sessionStorage.getItem(KEY)) || {}; } catch (e) { return {}; }
  }
  function saveBrush(b) { sessionStorage.setItem(KEY, JSON.stringify(b)); }
  function deck() {
    const box = !cards && document.getElementById("p-cards");
    if (box) { const d = JSON.parse(box.textContent); cards = { base: d.base, kinds: new Set(d.kinds) }; }
    return cards || { base: "", kinds: new Set() };
  }
  // A painted cell as its picture's path; it is a whole card when the deck has that kind.
  function path(cell) {
    const fl = (cell.flowers || []).length ? cell.flowers.join("-") : "none";
    return cell.cloth + "/" + (cell.egg || "none") + "/" + (cell.double ? 1 : 0) + "/" + fl;
  }
  function whole(cell) { return !!(cell && cell.cloth) && deck().kinds.has(path(cell)); }
  function empty(cell) { return !cell || Object.keys(cell).length === 0; }
  // What the server says of a cloth's cards (data-double-egg: they are double eggs, the text
  // says why they take no flowers).
  function doubleEgg(cloth) {
    const e = entry();
    const tool = cloth && e && e.querySelector('.tool[data-kind="cloth"][data-value="' + cloth + '"]');
    return tool ? tool.dataset.doubleEgg || "" : "";
  }

  function eggSvg(egg, cx, cy, rx, ry) {
    return '<ellipse class="egg-' + egg + '" cx="' + cx + '" cy="' + cy + '" rx="' + rx + '" ry="' + ry +
      '" stroke="#222" stroke-width="1.2"/>' +
      '<path d="M' + (cx - rx + 1) + ' ' + cy + ' l' + (rx / 2) + ' -3 l' + (rx / 2) + ' 3 l' + (rx / 2) +
      ' -3 l' + (rx / 2) + ' 3" stroke="#fff" stroke-width="1.6" fill="none"/>';
  }
  function flowerSvg(kind, cx, cy) {
    let s = "";
    for (let i = 0; i < 5; i++) {
      const a = (i * 72) * Math.PI / 180;
      s += '<circle cx="' + (cx + 4 * Math.cos(a)).toFixed(1) + '" cy="' + (cy + 4 * Math.sin(a)).toFixed(1) +
        '" r="3" class="flower-' + kind + '" stroke="#333" stroke-width=".5"/>';
    }
    return s + '<circle cx="' + cx + '" cy="' + cy + '" r="2" fill="#fff3b0"/>';
  }

  // One card picture: the cloth pattern, the egg (or two), the flowers in the top corners.
  function cardSvg(cell) {
    let body;
    if (empty(cell)) {
      body = '<rect x="2" y="2" width="56" height="80" rx="6" fill="none" stroke="#999" stroke-dasharray="4 3"/>';
    } else if (cell.down) {
      return '<img class="pcard" alt="" src="' + deck().base + 'back.jpg">';
    } else if (whole(cell)) {
      // A whole card: the reference deck's own picture, as the camera sees it.
      return '<img class="pcard" alt="" src="' + deck().base + path(cell) + '.jpg">';
    } else {
      const cloth = cell.cloth ? "url(#pat-" + cell.cloth + ")" : "#fff";
      const fill = cell.cloth === "neutral" ? "#d8be96" : cloth;
      body = '<rect x="1" y="1" width="58" height="82" rx="6" fill="' + fill + '" stroke="#444" stroke-width="1.5"/>';
      body += '<rect x="12" y="20" width="36" height="50" rx="18" fill="#fffdf6" opacity=".85"/>';
      if (cell.egg) {
        if (cell.double) body += eggSvg(cell.egg, 22, 47, 9, 13) + eggSvg(cell.egg, 38, 47, 9, 13);
        else body += eggSvg(cell.egg, 30, 46, 12, 17);
      }
      (cell.flowers || []).forEach(function (f, i) { body += flowerSvg(f, i ? 48 : 12, 12); });
      // Not a card yet: the cell's title (from the server) says what it lacks.
      body += '<text x="30" y="80" font-size="12" text-anchor="middle" fill="#b00">?</text>';
    }
    return '<svg viewBox="0 0 60 84" class="pcard" aria-hidden="true">' + body + "</svg>";
  }

  function render(e) {
    if (!e.dataset.preview) withPending(e);
    const grid = JSON.parse(e.dataset.grid);
    e.querySelectorAll(".p-cell").forEach(function (btn) {
      const cell = grid[+btn.dataset.r][+btn.dataset.c];
      btn.innerHTML = cardSvg(cell) + '<span class="p-name">' + btn.dataset.name + "</span>";
      btn.classList.toggle("unset", empty(cell));
    });
    const unsure = e.dataset.preview ? JSON.parse(e.dataset.unsure) : null;
    e.querySelectorAll(".p-cell").forEach(function (btn) {
      btn.classList.toggle("unsure", !!(unsure && unsure[+btn.dataset.r][+btn.dataset.c]));
    });
    // Keep this player's "cells still to enter" badge in step with the taps.
    const left = grid.reduce(function (n, row) {
      return n + row.filter(function (c) { return !(c && c.down) && !whole(c); }).length;
    }, 0);
    const badge = document.querySelector(".p-tab.now .p-miss");
    if (badge) { badge.textContent = String(left); badge.hidden = left === 0; }
    const b = brush();
    e.querySelectorAll(".tool").forEach(function (t) {
      const on = b[t.dataset.kind] === t.dataset.value;
      t.classList.toggle("on", on);
      t.setAttribute("aria-pressed", on ? "true" : "false");
    });
    showBrush(b);
  }

  // What a tap paints, always in view under the grid: a small card of the brush and words.
  function brushWords(b) {
    if (b.tool) return { down: t("turn the card face down (tap again: face up)"), copy: t("copy the card on its left"),
                         erase: t("erase the cell") }[b.tool];
    const parts = [];
    const CLOTHS = { checked: t("checked cloth"), striped: t("striped cloth"), dotted: t("dotted cloth") };
    const EGGS = { purple: t("purple egg"), red: t("red egg"), orange: t("orange egg"), yellow: t("yellow egg"),
                   green: t("green egg"), blue: t("blue egg") };
    const FLOWERS = { blue: t("blue flower"), pink: t("pink flower"), purple: t("purple flower"), yellow: t("yellow flower") };
    const two = doubleEgg(b.cloth);
    if (b.cloth) parts.push(two ? t("neutral cloth (a double egg)") : CLOTHS[b.cloth] || b.cloth);
    if (b.egg) {
      const egg = EGGS[b.egg] || b.egg;
      parts.push(b.egg === "none" ? t("no egg") : (two ? t("double %(egg)s", { egg: egg }) : egg));
    }
    if (b.flower) parts.push(t("%(flower)s (tap again for 2; a card with no egg gets 2)", { flower: FLOWERS[b.flower] || b.flower }));
    return parts.join(" + ");
  }
  function showBrush(b) {
    const box = document.getElementById("p-brush");
    if (!box) return;
    const words = brushWords(b);
    const what = box.querySelector(".p-brush-what");
    const pic = box.querySelector(".p-brush-card");
    const clear = box.querySelector(".p-brush-clear");
    what.textContent = words || t("Pick a tablecloth, an egg or a flower below.");
    clear.hidden = !words;
    let pic_ = "";
    if (b.tool) pic_ = '<span class="swatch ' + (b.tool === "down" ? "back" : b.tool) + '"></span>';
    if (b.cloth) pic_ += '<span class="swatch cloth-' + b.cloth + '"></span>';
    if (b.egg) {
      const dot = '<span class="egg-dot egg-' + b.egg + '"></span>';
      pic_ += doubleEgg(b.cloth) && b.egg !== "none" ? dot + dot : dot;
    }
    if (b.flower) pic_ += '<span class="flower-dot flower-' + b.flower + '"></span>';
    pic.innerHTML = pic_;
  }

  function hint(text) { const h = document.getElementById("p-hint"); if (h) { h.textContent = text; h.hidden = !text; } }

  function paint(cell, left) {
    const b = brush();
    if (b.tool === "down") return cell.down ? {} : { down: true };
    if (b.tool === "erase") return {};
    if (b.tool === "copy") {
      if (!left) { hint(t("There is no cell to the left of this one.")); return null; }
      return JSON.parse(JSON.stringify(left));
    }
    if (!b.cloth && !b.egg && !b.flower) { hint(t("Pick a tablecloth, an egg or a flower first.")); return null; }
    const n = (!cell || cell.down || Object.keys(cell).length === 0)
      ? { egg: null, double: false, flowers: [] } : JSON.parse(JSON.stringify(cell));
    n.flowers = n.flowers || [];
    if (b.cloth) n.cloth = b.cloth;
    if (b.egg) n.egg = b.egg === "none" ? null : b.egg;
    const two = doubleEgg(n.cloth);
    if (b.flower) {
      if (two) { hint(two); return null; }
      const same = n.flowers.filter(function (f) { return f === b.flower; }).length;
      const one = [b.flower], pair = [b.flower, b.flower];
      // One tap gives a card both of its flowers when only the pair makes a card of the deck.
      const alone = !whole(Object.assign({}, n, { flowers: one })) && whole(Object.assign({}, n, { flowers: pair }));
      n.flowers = same >= 2 ? [] : (same === 1 || alone ? pair : one);
    }
    n.double = !!two && !!n.egg;
    if (two) n.flowers = [];
    hint("");
    return n;
  }

  function tapCell(btn) {
    const e = entry();
    const grid = JSON.parse(e.dataset.grid);
    const r = +btn.dataset.r, c = +btn.dataset.c;
    const next = paint(grid[r][c], c > 0 ? grid[r][c - 1] : null);
    if (next === null) return;
    const b = brush();
    if (!b.used) { b.used = true; saveBrush(b); }
    grid[r][c] = next;
    e.dataset.grid = JSON.stringify(grid);
    if (e.dataset.preview) {
      // A photo's table being checked: fixes stay here until "Use this table".
      const unsure = JSON.parse(e.dataset.unsure);
      unsure[r][c] = false;
      e.dataset.unsure = JSON.stringify(unsure);
      render(e);
      return;
    }
    render(e);
    taps += 1;
    window.pisankiTaps = taps;
    // Queued by the interaction layer (kept over a reload, sent in order, re-sent when the
    // connection drops); its answer, the table as every edit's, is morphed in and the taps
    // still waiting are painted over it again (withPending).
    window.interact.post("pisanki.cell",
      { player: e.dataset.player, name: e.dataset.name, r: r, c: c }, { cell: next });
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

  // Picks made before painting add up (one tap then paints them all). Once the brush has
  // painted, picking a part it does not have starts a new brush, so a pass of eggs after a
  // pass of cloths keeps each cell's cloth; picking a part it has swaps just that part.
  function tapTool(t) {
    let b = brush();
    const kind = t.dataset.kind, value = t.dataset.value;
    taps += 1;
    window.pisankiTaps = taps;
    if (b[kind] === value) delete b[kind];      // tap again: that part is off
    else if (kind === "tool" || b.tool) b = { [kind]: value };
    else if (b.used && !(kind in b)) b = { [kind]: value };
    else b[kind] = value;
    delete b.used;
    saveBrush(b);
    render(entry());
    hint("");
  }

  function clearBrush() {
    taps += 1;
    window.pisankiTaps = taps;
    saveBrush({});
    render(entry());
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
      e.querySelector(".p-grid").scrollIntoView({ block: "start", behavior: "instant" });
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
