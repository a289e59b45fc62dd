// The Pisanki entry island: paint a display table with brushes (tablecloth, egg, flowers,
// face down, copy from the left). Each tap shows at once and is sent to the server in order
// by the interaction layer (interact.js: one request at a time, kept over a reload); the
// score sheet comes with the refresh when the queue is empty. Brushes survive a refresh of the page part (sessionStorage).
(function () {
  "use strict";
  // The reference deck's colours (assistant/vision/deck.py), for cards still half entered.
  const EGG = { purple: "#823296", red: "#d72828", orange: "#f56e00", yellow: "#f0e628",
                green: "#28a546", blue: "#1e64c8" };
  const FLOWER = { blue: "#28c8f0", pink: "#ffa0cd", purple: "#641496", yellow: "#ffdc00" };
  const KEY = "pisanki-brush";
  let taps = 0;

  function entry() { return document.getElementById("p-entry"); }
  function brush() {
    try { return JSON.parse(sessionStorage.getItem(KEY)) || {}; } catch (e) { return {}; }
  }
  function saveBrush(b) { sessionStorage.setItem(KEY, JSON.stringify(b)); }

  function eggSvg(colour, cx, cy, rx, ry) {
    return '<ellipse cx="' + cx + '" cy="' + cy + '" rx="' + rx + '" ry="' + ry + '" fill="' + colour +
      '" stroke="#222" stroke-width="1.2"/>' +
      '<path d="M' + (cx - rx + 1) + ' ' + cy + ' l' + (rx / 2) + ' -3 l' + (rx / 2) + ' 3 l' + (rx / 2) +
      ' -3 l' + (rx / 2) + ' 3" stroke="#fff" stroke-width="1.6" fill="none"/>';
  }
  function flowerSvg(colour, cx, cy) {
    let s = "";
    for (let i = 0; i < 5; i++) {
      const a = (i * 72) * Math.PI / 180;
      s += '<circle cx="' + (cx + 4 * Math.cos(a)).toFixed(1) + '" cy="' + (cy + 4 * Math.sin(a)).toFixed(1) +
        '" r="3" fill="' + colour + '" stroke="#333" stroke-width=".5"/>';
    }
    return s + '<circle cx="' + cx + '" cy="' + cy + '" r="2" fill="#fff3b0"/>';
  }

  // One card picture: the cloth pattern, the egg (or two), the flowers in the top corners.
  function cardSvg(cell) {
    let body;
    if (!cell || Object.keys(cell).length === 0) {
      body = '<rect x="2" y="2" width="56" height="80" rx="6" fill="none" stroke="#999" stroke-dasharray="4 3"/>';
    } else if (cell.down) {
      return '<img class="pcard" alt="" src="/cards/pisanki/back.jpg">';
    } else if (cell.cloth && (cell.egg || (cell.flowers || []).length === 2)) {
      // A whole card: the reference deck's own picture, as the camera sees it.
      const fl = (cell.flowers || []).length ? cell.flowers.join("-") : "none";
      return '<img class="pcard" alt="" src="/cards/pisanki/' + cell.cloth + "/" + (cell.egg || "none") + "/" +
        (cell.double ? 1 : 0) + "/" + fl + '.jpg">';
    } else {
      const cloth = cell.cloth ? "url(#pat-" + cell.cloth + ")" : "#fff";
      const fill = cell.cloth === "neutral" ? "#d8be96" : cloth;
      body = '<rect x="1" y="1" width="58" height="82" rx="6" fill="' + fill + '" stroke="#444" stroke-width="1.5"/>';
      body += '<rect x="12" y="20" width="36" height="50" rx="18" fill="#fffdf6" opacity=".85"/>';
      if (cell.egg) {
        if (cell.double) body += eggSvg(EGG[cell.egg], 22, 47, 9, 13) + eggSvg(EGG[cell.egg], 38, 47, 9, 13);
        else body += eggSvg(EGG[cell.egg], 30, 46, 12, 17);
      }
      (cell.flowers || []).forEach(function (f, i) { body += flowerSvg(FLOWER[f], i ? 48 : 12, 12); });
      if (!cell.cloth) body += '<text x="30" y="80" font-size="9" text-anchor="middle" fill="#b00">cloth?</text>';
    }
    return '<svg viewBox="0 0 60 84" class="pcard" aria-hidden="true">' + body + "</svg>";
  }

  function render(e) {
    if (!e.dataset.preview) withPending(e);
    const grid = JSON.parse(e.dataset.grid);
    e.querySelectorAll(".p-cell").forEach(function (btn) {
      const cell = grid[+btn.dataset.r][+btn.dataset.c];
      btn.innerHTML = cardSvg(cell) + '<span class="p-name">' + btn.dataset.name + "</span>";
      btn.classList.toggle("unset", !cell || Object.keys(cell).length === 0);
    });
    const unsure = e.dataset.preview ? JSON.parse(e.dataset.unsure) : null;
    e.querySelectorAll(".p-cell").forEach(function (btn) {
      btn.classList.toggle("unsure", !!(unsure && unsure[+btn.dataset.r][+btn.dataset.c]));
    });
    // Keep this player's "cells still to enter" badge in step with the taps.
    const left = grid.reduce(function (n, row) {
      return n + row.filter(function (c) { return !c || Object.keys(c).length === 0; }).length;
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
    const EGGS = { purple: t("purple egg"), red: t("red egg"), orange: t("orange egg"),
                   yellow: t("yellow egg"), green: t("green egg"), blue: t("blue egg") };
    const FLOWERS = { blue: t("blue flower"), pink: t("pink flower"), purple: t("purple flower"),
                      yellow: t("yellow flower") };
    if (b.cloth) parts.push(b.cloth === "neutral" ? t("neutral cloth (a double egg)") : CLOTHS[b.cloth] || b.cloth);
    if (b.egg) {
      const egg = EGGS[b.egg] || b.egg;
      parts.push(b.egg === "none" ? t("no egg") : (b.cloth === "neutral" ? t("double %(egg)s", { egg: egg }) : egg));
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
    if (!words) {
      what.textContent = t("Pick a tablecloth, an egg or a flower below.");
      pic.innerHTML = "";
      clear.hidden = true;
      return;
    }
    what.textContent = words;
    clear.hidden = false;
    let pic_ = "";
    if (b.tool) pic_ = '<span class="swatch ' + (b.tool === "down" ? "back" : b.tool) + '"></span>';
    if (b.cloth) pic_ += '<span class="swatch cloth-' + b.cloth + '"></span>';
    if (b.egg) {
      const dot = '<span class="egg-dot egg-' + b.egg + '"></span>';
      pic_ += b.cloth === "neutral" && b.egg !== "none" ? dot + dot : dot;
    }
    if (b.flower) pic_ += '<span class="flower-dot flower-' + b.flower + '"></span>';
    pic.innerHTML = pic_;
  }

  function hint(text) { const h = document.getElementById("p-hint"); if (h) { h.textContent = text; h.hidden = !text; } }

  function paint(cell, c0, left) {
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
    if (b.flower) {
      if (n.cloth === "neutral") { hint(t("A neutral card is a double egg: it has no flowers.")); return null; }
      const same = n.flowers.filter(function (f) { return f === b.flower; }).length;
      // A card without an egg always has 2 flowers of one kind: one tap gives both.
      const pair = [b.flower, b.flower];
      if (!n.egg && n.cloth) n.flowers = same >= 2 ? [] : pair;
      else n.flowers = same >= 2 ? [] : (same === 1 ? pair : [b.flower]);
    }
    // The rulebook: "Cards with a neutral tablecloth show 2 identical eggs" (RULES.md).
    n.double = n.cloth === "neutral" && !!n.egg;
    if (n.cloth === "neutral") n.flowers = [];
    hint("");
    return n;
  }

  function tapCell(btn) {
    const e = entry();
    const grid = JSON.parse(e.dataset.grid);
    const r = +btn.dataset.r, c = +btn.dataset.c;
    const next = paint(grid[r][c], c, c > 0 ? grid[r][c - 1] : null);
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
    // connection drops); the score sheet comes with the refresh once the queue is empty.
    window.interact.post(e.dataset.edit, "pisanki.cell",
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
  // A photo of this table: show what was read as a preview, unsure cells marked; the player
  // fixes them with the brushes, then saves the whole table in one edit (one undo).
  document.addEventListener("photo:result", function (ev) {
    const d = ev.detail;
    const e = entry();
    if (d.game !== "pisanki" || !e) return;
    const cells = d.result.grid.map(function (row) {
      return row.map(function (g) {
        return g.card ? { cloth: g.card.cloth, egg: g.card.egg, double: g.card.double,
                          flowers: g.card.flowers } : { down: true };
      });
    });
    const unsure = d.result.grid.map(function (row) { return row.map(function (g) { return g.unsure; }); });
    e.dataset.saved = e.dataset.grid;
    e.dataset.grid = JSON.stringify(cells);
    e.dataset.unsure = JSON.stringify(unsure);
    e.dataset.preview = "1";
    window.tableBusy = true;
    const out = d.box.querySelector(".photo-result");
    out.innerHTML = "";
    out.appendChild(d.canvas);
    const n = unsure.flat().filter(Boolean).length;
    const p = document.createElement("p");
    p.className = "photo-summary";
    p.textContent = (n ? tn("Read from the photo: %(num)s card to check, marked ?.", "Read from the photo: %(num)s cards to check, marked ?.", n)
      : t("Read from the photo.")) + " " + t("Fix anything wrong with the brushes, then use this table.");
    out.appendChild(p);
    const bar = document.createElement("div");
    bar.className = "preview-bar";
    bar.innerHTML = '<button type="button" class="btn btn-primary" data-preview="use"></button>' +
      '<button type="button" class="btn" data-preview="drop"></button>';
    bar.querySelector('[data-preview="use"]').textContent = t("Use this table");
    bar.querySelector('[data-preview="drop"]').textContent = t("Discard");
    out.appendChild(bar);
    out.hidden = false;
    const learn = d.box.querySelector(".learn");
    if (learn) learn.hidden = false;
    render(e);
    hint(t("Checking the photo's table: taps fix cells here; nothing is saved until you use it."));
  });

  async function endPreview(use) {
    const e = entry();
    if (!e || !e.dataset.preview) return;
    const grid = e.dataset.grid;
    delete e.dataset.preview;
    const result = e.querySelector(".photo-result");
    if (result) result.hidden = true;
    if (!use) {
      e.dataset.grid = e.dataset.saved;
      window.tableBusy = false;
      render(e);
      return;
    }
    const out = await window.postEdit(e.dataset.edit, e.dataset.csrf, "pisanki.grid",
      { player: e.dataset.player, name: e.dataset.name }, { grid: JSON.parse(grid) });
    window.tableBusy = false;
    if (out.error && window.appToast) window.appToast(out.error);
    const box = e.querySelector(".photo");
    const learn = box && box.querySelector(".learn-deck");
    if (!out.error && learn && learn.checked && box.photoBlob) {
      // The confirmed table teaches the recogniser what these real cards look like.
      const cells = JSON.parse(grid).map(function (row) {
        return row.map(function (c) { return c.down ? null : { cloth: c.cloth, egg: c.egg || null,
          double: !!c.double, flowers: c.flowers || [] }; });
      });
      const lf = new FormData();
      lf.append("photo", box.photoBlob, "photo.jpg");
      lf.append("grid", JSON.stringify(cells));
      lf.append("csrf_token", box.dataset.csrf);
      const lr = await fetch(box.dataset.learn, { method: "POST", body: lf, headers: { "X-CSRF-Token": box.dataset.csrf } });
      const lo = await lr.json();
      if (window.appToast) window.appToast(lo.error || tn("Learned %(num)s of your cards.", "Learned %(num)s of your cards.", lo.learned));
    }
    window.interact.refresh();
  }
  document.addEventListener("click", function (ev) {
    const b = ev.target.closest && ev.target.closest("[data-preview]");
    if (b) endPreview(b.dataset.preview === "use");
  });

  document.addEventListener("interact:swapped", function () { const e = entry(); if (e) render(e); });
  const e0 = entry();
  if (e0) { render(e0); whyFromUrl(); }
})();
