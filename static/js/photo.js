// Photo-assisted entry: shrink the phone's photo to about 2000 px, upload it with a progress
// bar, draw what was found on the picture, and hand the result to the page to pre-fill. The
// players always confirm before anything is saved.
(function () {
  "use strict";
  const MAX_SIDE = 2000;

  async function shrink(file) {
    const bmp = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, MAX_SIDE / Math.max(bmp.width, bmp.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bmp.width * scale);
    canvas.height = Math.round(bmp.height * scale);
    canvas.getContext("2d").drawImage(bmp, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise(function (res) { canvas.toBlob(res, "image/jpeg", 0.9); });
    return { blob: blob, canvas: canvas };
  }

  function upload(url, blob, fields, progress) {
    return new Promise(function (resolve, reject) {
      const form = new FormData();
      form.append("photo", blob, "photo.jpg");
      Object.keys(fields).forEach(function (k) { form.append(k, fields[k]); });
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url);
      xhr.setRequestHeader("X-Assistant-Page", "1");  // errors and warnings in the phone's language
      xhr.upload.onprogress = function (ev) {
        if (ev.lengthComputable) progress.value = Math.round(ev.loaded / ev.total * 90);
      };
      xhr.onload = function () {
        let out = null;
        try { out = JSON.parse(xhr.responseText); } catch (e) { /* not JSON */ }
        if (xhr.status === 200 && out) resolve(out);
        else reject(new Error((out && out.error) || t("The photo could not be read (%(status)s).", { status: xhr.status })));
      };
      xhr.onerror = function () { reject(new Error(t("No connection to the table's server."))); };
      xhr.send(form);
    });
  }

  function poly(ctx, quad, scale, colour, width) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.beginPath();
    quad.forEach(function (p, i) { const x = p[0] * scale, y = p[1] * scale; if (i) ctx.lineTo(x, y); else ctx.moveTo(x, y); });
    ctx.closePath();
    ctx.stroke();
  }

  function lerp(a, b, t) { return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]; }

  // The photo with the outlines found: the table and its cells, or each loose card.
  function annotate(source, result, game, rows, cols) {
    const canvas = document.createElement("canvas");
    canvas.className = "photo-annot";
    canvas.width = Math.min(900, source.width);
    canvas.height = Math.round(source.height * canvas.width / source.width);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
    const scale = canvas.width / result.size[0];
    ctx.font = "bold 14px sans-serif";
    if (game === "pisanki") {
      const q = result.quad;
      poly(ctx, q, scale, "#00e676", 3);
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const top = lerp(q[0], q[1], c / cols), top2 = lerp(q[0], q[1], (c + 1) / cols);
          const bot = lerp(q[3], q[2], c / cols), bot2 = lerp(q[3], q[2], (c + 1) / cols);
          const cell = [lerp(top, bot, r / rows), lerp(top2, bot2, r / rows),
                        lerp(top2, bot2, (r + 1) / rows), lerp(top, bot, (r + 1) / rows)];
          const sure = !result.grid[r][c].unsure;
          poly(ctx, cell, scale, sure ? "rgba(0,230,118,.8)" : "#ff9100", sure ? 1 : 4);
        }
      }
    } else {
      result.cards.forEach(function (card) {
        const sure = !card.unsure;
        poly(ctx, card.quad, scale, sure ? "#00e676" : "#ff9100", sure ? 3 : 5);
        const p = card.quad[0];
        ctx.fillStyle = "rgba(0,0,0,.7)";
        ctx.fillRect(p[0] * scale, p[1] * scale - 16, ctx.measureText(card.kind).width + 6, 17);
        ctx.fillStyle = "#fff";
        ctx.fillText(card.kind, p[0] * scale + 3, p[1] * scale - 3);
      });
    }
    return canvas;
  }

  // Pisanki: when the outline is off, the player drags its corners on the preview and the
  // table is read again with those corners (one step; nothing is saved until confirmed).
  function dragCorners(canvas, source, result, rows, cols, box, blob, progress) {
    const scale = canvas.width / result.size[0];
    const quad = result.quad.map(function (p) { return [p[0], p[1]]; });
    let drag = -1;
    canvas.title = t("Drag a corner of the outline onto the table's corner to read it again");
    canvas.style.touchAction = "none";
    function redraw() {
      const ctx = canvas.getContext("2d");
      ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
      poly(ctx, quad, scale, "#2979ff", 3);
      ctx.fillStyle = "#2979ff";
      quad.forEach(function (p) { ctx.beginPath(); ctx.arc(p[0] * scale, p[1] * scale, 9, 0, 7); ctx.fill(); });
    }
    function at(ev) {
      const r = canvas.getBoundingClientRect();
      return [(ev.clientX - r.left) * canvas.width / r.width / scale,
              (ev.clientY - r.top) * canvas.height / r.height / scale];
    }
    canvas.addEventListener("pointerdown", function (ev) {
      const p = at(ev);
      const r = canvas.getBoundingClientRect();
      let best = -1, dist = Infinity;
      quad.forEach(function (q, i) {
        const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
        if (d < dist) { dist = d; best = i; }
      });
      if (dist * scale * r.width / canvas.width > 44) return;  // not near a corner
      drag = best;
      canvas.setPointerCapture(ev.pointerId);
      redraw();
    });
    canvas.addEventListener("pointermove", function (ev) {
      if (drag < 0) return;
      quad[drag] = at(ev);
      redraw();
    });
    canvas.addEventListener("pointerup", async function () {
      if (drag < 0) return;
      drag = -1;
      progress.hidden = false;
      try {
        const again = await upload(box.dataset.api, blob,
          { rows: rows, cols: cols, corners: JSON.stringify(quad) }, progress);
        const c2 = annotate(source, again, "pisanki", rows, cols);
        dragCorners(c2, source, again, rows, cols, box, blob, progress);
        document.dispatchEvent(new CustomEvent("photo:result",  // corners: learn with them too
          { detail: { game: "pisanki", box: box, result: again, canvas: c2, corners: quad } }));
      } catch (err) {
        if (window.appToast) window.appToast(err.message || String(err));
      } finally {
        progress.hidden = true;
      }
    });
  }

  async function onPhoto(input) {
    let box = input.closest("[data-photo]");
    window.tableBusy = true;  // no refresh of the page part while the photo is on its way
    const game = box.dataset.photo;
    const progress = box.querySelector(".photo-progress");
    const out = box.querySelector(".photo-result");
    const file = input.files && input.files[0];
    if (!file) return;
    progress.hidden = false;
    progress.value = 5;
    out.hidden = true;
    try {
      const shrunk = await shrink(file);
      progress.value = 15;
      const fields = game === "pisanki" ? { rows: box.dataset.rows, cols: box.dataset.cols } : {};
      const result = await upload(box.dataset.api, shrunk.blob, fields, progress);
      progress.value = 100;
      const canvas = annotate(shrunk.canvas, result, game, +box.dataset.rows, +box.dataset.cols);
      if (game === "pisanki") {
        dragCorners(canvas, shrunk.canvas, result, +box.dataset.rows, +box.dataset.cols, box,
          shrunk.blob, progress);
      }
      if (!document.body.contains(box) && box.id) box = document.getElementById(box.id) || box;
      box.photoBlob = shrunk.blob;  // kept for "learn my cards" after the player confirms
      document.dispatchEvent(new CustomEvent("photo:result",
        { detail: { game: game, box: box, result: result, canvas: canvas } }));
    } catch (err) {
      window.tableBusy = false;
      if (window.appToast) window.appToast(err.message || String(err));
    } finally {
      setTimeout(function () { progress.hidden = true; }, 600);
      input.value = "";
    }
  }

  document.addEventListener("change", function (ev) {
    if (ev.target.classList && ev.target.classList.contains("photo-input")) onPhoto(ev.target);
  });

  // Okoshki: show the counts found for the player's zone; "Use these counts" saves them (an edit
  // through the interaction layer: its answer is morphed in like every edit's).
  const NAMES = { sun: t("Sun"), sun_clouded: t("Clouded sun"), sun_rainbow: t("Sun with rainbow"), bird: t("Bird"),
                  owl: t("Owl"), swallow_rainbow: t("Swallow with rainbow"), cat: t("Cat"), cat_red: t("Red cat"),
                  cat_tabby: t("Gray tabby cat"), sky: t("Sky") };
  document.addEventListener("photo:result", function (ev) {
    const d = ev.detail;
    if (d.game !== "okoshki") return;
    const out = d.box.querySelector(".photo-result");
    out.innerHTML = "";
    out.appendChild(d.canvas);
    const unsure = d.result.cards.filter(function (c) { return c.unsure; }).length;
    const p = document.createElement("p");
    p.className = "photo-summary";
    p.textContent = tn("%(num)s card found", "%(num)s cards found", d.result.cards.length) +
      (unsure ? ", " + tn("%(num)s to check (orange)", "%(num)s to check (orange)", unsure) : "") +
      ". " + t("Check the counts, then use them.");
    out.appendChild(p);
    const list = document.createElement("ul");
    list.className = "photo-counts";
    Object.keys(d.result.zone).forEach(function (k) {
      if (!d.result.zone[k]) return;
      const li = document.createElement("li");
      li.textContent = NAMES[k] + ": " + d.result.zone[k];
      list.appendChild(li);
    });
    out.appendChild(list);
    const row = document.createElement("div");
    row.className = "row";
    const use = document.createElement("button");
    use.type = "button"; use.className = "btn btn-primary"; use.textContent = t("Use these counts");
    const drop = document.createElement("button");
    drop.type = "button"; drop.className = "btn"; drop.textContent = t("Discard");
    row.appendChild(use); row.appendChild(drop);
    out.appendChild(row);
    out.hidden = false;
    const learn = d.box.querySelector(".learn");
    if (learn) learn.hidden = false;
    window.tableBusy = true;
    drop.addEventListener("click", function () {
      out.hidden = true; if (learn) learn.hidden = true; window.tableBusy = false;
    });
    use.addEventListener("click", async function () {
      const res = await window.interact.post("zone.fill", { player: d.box.dataset.player }, { zone: d.result.zone });
      window.tableBusy = false;
      if (res.error) { if (window.appToast) window.appToast(res.error); return; }
      const tick = learn && learn.querySelector(".learn-deck");
      if (tick && tick.checked && d.box.photoBlob && d.box.dataset.learn) {
        // The accepted zone teaches the recogniser these real cards: the ones it was sure of.
        const cards = d.result.cards.filter(function (c) { return !c.unsure; })
          .map(function (c) { return { id: c.id, quad: c.quad }; });
        const lf = new FormData();
        lf.append("photo", d.box.photoBlob, "photo.jpg");
        lf.append("cards", JSON.stringify(cards));
        lf.append("csrf_token", d.box.dataset.csrf);
        try {
          const lr = await fetch(d.box.dataset.learn, { method: "POST", body: lf,
            headers: { "X-CSRF-Token": d.box.dataset.csrf } });
          const lo = await lr.json();
          // good news in the info toast, not a refusal's red
          window.interact.toast(lo.error || tn("Learned %(num)s of your cards.", "Learned %(num)s of your cards.", lo.learned),
            lo.error ? {} : { kind: "info" });
        } catch (err) {
          if (window.appToast) window.appToast(err.message || String(err));
        }
      }
    });
  });
})();
