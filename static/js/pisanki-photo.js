// The Pisanki photo preview: what a photo of a display table reads is shown in the grid, the
// unsure cells marked ?; the player fixes cells with the brushes (pisanki.js) and ticks "Also
// learn my cards" as needed, then saves the whole table in one edit (one undo) or discards it.
(function () {
  "use strict";
  const P = function () { return window.pisanki; };

  document.addEventListener("photo:result", function (ev) {
    const d = ev.detail;
    const e = P() && P().entry();
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
    // The outline the player dragged: the cards are learned from the cells it gave.
    e.dataset.corners = d.corners ? JSON.stringify(d.corners) : "";
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
    // The buttons say data-end-preview: #p-entry itself carries data-preview meanwhile, so a
    // tap anywhere in the table (a brush, a cell, the tick) must not be taken for them.
    bar.innerHTML = '<button type="button" class="btn btn-primary" data-end-preview="use"></button>' +
      '<button type="button" class="btn" data-end-preview="drop"></button>';
    bar.querySelector('[data-end-preview="use"]').textContent = t("Use this table");
    bar.querySelector('[data-end-preview="drop"]').textContent = t("Discard");
    out.appendChild(bar);
    out.hidden = false;
    const learn = d.box.querySelector(".learn");
    if (learn) learn.hidden = false;
    P().render(e);
    P().hint(t("Checking the photo's table: taps fix cells here; nothing is saved until you use it."));
  });

  // The confirmed table teaches the recogniser what these real cards look like.
  async function learnCards(box, grid, corners) {
    const cells = grid.map(function (row) {
      return row.map(function (c) { return c.down ? null : { cloth: c.cloth, egg: c.egg || null,
        double: !!c.double, flowers: c.flowers || [] }; });
    });
    const lf = new FormData();
    lf.append("photo", box.photoBlob, "photo.jpg");
    lf.append("grid", JSON.stringify(cells));
    if (corners) lf.append("corners", corners);
    lf.append("csrf_token", box.dataset.csrf);
    const lr = await fetch(box.dataset.learn, { method: "POST", body: lf, headers: { "X-CSRF-Token": box.dataset.csrf } });
    const lo = await lr.json();
    // Good news is not shown as a refusal (red): the "info" toast.
    window.interact.toast(lo.error || tn("Learned %(num)s of your cards.", "Learned %(num)s of your cards.", lo.learned),
      lo.error ? {} : { kind: "info" });
  }

  function result0(e) { return e.querySelector(".photo-result"); }

  // A refused table (a rule of the game) goes back to its preview with every fix the player
  // made, the photo and the tick: only the cell at fault needs a tap, not the whole table.
  function reopen(keep, corners) {
    const e = P() && P().entry();
    if (!e) return;
    e.dataset.saved = keep.saved;
    e.dataset.grid = keep.grid;
    e.dataset.unsure = keep.unsure;
    e.dataset.corners = corners || "";
    e.dataset.preview = "1";
    window.tableBusy = true;  // the table as the server has it waits until the preview ends
    const out = result0(e);
    if (out) {
      if (!out.querySelector("[data-end-preview]")) keep.shown.forEach(function (n) { out.appendChild(n); });
      out.hidden = false;
    }
    const learn = e.querySelector(".learn");
    if (learn) learn.hidden = false;
    P().render(e);
  }

  async function endPreview(use) {
    const e = P() && P().entry();
    if (!e || !e.dataset.preview) return;
    const grid = JSON.parse(e.dataset.grid);
    const box = e.querySelector(".photo");
    const tick = box && box.querySelector(".learn-deck");
    const learn = !!(use && tick && tick.checked && box.photoBlob);
    const photo = box && { photoBlob: box.photoBlob, dataset: box.dataset };
    const corners = e.dataset.corners;
    const keep = { grid: e.dataset.grid, unsure: e.dataset.unsure, saved: e.dataset.saved,
                   shown: result0(e) ? Array.from(result0(e).childNodes) : [] };
    delete e.dataset.preview;
    const result = result0(e);
    if (result) result.hidden = true;
    if (!use) {
      e.dataset.grid = e.dataset.saved;
      window.tableBusy = false;
      P().render(e);
      return;
    }
    window.tableBusy = false;
    // The answer is the table as every edit's, morphed in; a refusal comes back as `error`.
    const out = await window.interact.post("pisanki.grid",
      { player: e.dataset.player, name: e.dataset.name }, { grid: grid });
    if (out.error) { reopen(keep, corners); return; }  // the interaction layer showed it
    if (learn) await learnCards(photo, grid, corners);
  }
  document.addEventListener("click", function (ev) {
    const b = ev.target.closest && ev.target.closest("button[data-end-preview]");
    if (b) endPreview(b.dataset.endPreview === "use");
  });
})();
