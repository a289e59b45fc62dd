// The Liski board's helpers: − n + steppers, and the three sheets (lay a card, choose or
// correct a card, reveal a fear token), one of each for the whole board. The lay sheet stays
// open between cards and across the board's refreshes, so a new card is two taps.
(function () {
  "use strict";
  let state = null;      // the open sheet: {sheet, op, col, index, kind, card, item, symbols}
  let submitted = null;  // the sheet whose form was just sent

  // The symbols a card may need: its form's card.needs.<symbol> steppers (the page lists them).
  function needFields(form) { return Array.from(form.querySelectorAll('input[name^="card.needs."]')); }

  function sheetEl(name) { return document.getElementById("sheet-" + name); }

  function checked(form, name) {
    return Array.from(form.querySelectorAll('input[name="' + name + '"]:checked')).map(function (i) { return i.value; });
  }

  function setField(form, name, value) {
    const inputs = form.querySelectorAll('[name="' + name + '"]');
    inputs.forEach(function (i) {
      if (i.type === "radio" || i.type === "checkbox") {
        i.checked = Array.isArray(value) ? value.indexOf(i.value) >= 0 : String(i.value) === String(value);
      } else if (i.type !== "submit") {
        i.value = value === undefined || value === null ? "" : value;
      }
    });
  }

  function open(s) {
    ["lay", "card", "fear"].forEach(function (n) { const e = sheetEl(n); if (e) e.hidden = true; });
    const el = sheetEl(s.sheet);
    if (!el) { state = null; return; }
    const form = el.querySelector("form");
    if (s.op) setField(form, "op", s.op);
    setField(form, "col", s.col);
    setField(form, "index", s.index === undefined ? "" : s.index);
    if (s.sheet === "lay") {
      const item = s.item || {};
      setField(form, "item.kind", item.kind || s.kindPick || "ojojanie");
      setField(form, "item.symbols[]", s.symbols || item.symbols || []);
      el.querySelector(".sheet-title").textContent = s.op === "board.stack.edit"
        ? t("Correct card %(n)s of column %(c)s", { n: Number(s.index) + 1, c: Number(s.col) + 1 }) : t("Lay a card");
      el.querySelector(".coltabs").hidden = s.op === "board.stack.edit";
      el.querySelectorAll(".presets-row, .hand-card").forEach(function (b) { b.hidden = s.op === "board.stack.edit"; });
      // The open column's markers, set where its cards are laid.
      el.querySelectorAll(".lay-markers").forEach(function (m) {
        m.hidden = s.op === "board.stack.edit" || m.dataset.col !== String(s.col);
      });
      if (s.note) el.querySelector(".sheet-title").textContent = s.note;
    }
    if (s.sheet === "card") {
      const c = s.card || {};
      const kind = s.kind || c.kind || "";
      setField(form, "card.name", c.name || "");
      setField(form, "card.total", c.total === undefined ? "" : c.total);
      needFields(form).forEach(function (i) { i.value = (c.needs || {})[i.name.slice(11)] || 0; });
      setField(form, "card.transition[]", c.transition || []);
      const select = form.querySelector('select[name="card.kind"]');
      select.value = kind || "problem";
      select.hidden = !!kind;
      const choosing = s.op === "board.card.add";
      const lib = s.op === "board.lib.save";
      if (lib) { select.value = c.kind || "problem"; select.hidden = false; }
      el.querySelectorAll(".libcard").forEach(function (b) {
        b.hidden = !(choosing || lib) || (choosing && kind && b.dataset.kind !== kind);
      });
      el.querySelector(".sheet-or").hidden = !choosing;
      el.querySelector(".lib-hint").hidden = !lib;
      const del = el.querySelector(".libdel");
      del.querySelector("[name=name]").value = lib && c.name ? c.name : "";
      del.querySelector("button").hidden = !(lib && c.name);
      const col = s.col !== undefined && s.col !== "" ? Number(s.col) + 1 : null;
      const what = { problem: t("problem"), complication: t("complication"), nightmare: t("nightmare") }[kind] || t("card");
      el.querySelector(".sheet-title").textContent = s.op === "board.card.edit" ? t("Correct the card")
        : s.op === "board.lib.save" ? t("Library card")
          : col ? t("Choose the %(what)s for column %(c)s", { what: what, c: col }) : t("Choose the %(what)s", { what: what });
    }
    el.hidden = false;
    const fresh = !state || state.col !== s.col;
    state = s;
    if (fresh && s.col !== undefined && s.col !== "") {
      // Show the column above the sheet: its verdict answers each card laid.
      const c = document.getElementById("col-" + s.col);
      if (c) c.scrollIntoView({ block: "start", inline: "start" });
    }
  }

  function beaten(col) {
    const c = document.getElementById("col-" + col);
    return !!c && c.classList.contains("beaten");
  }

  // After a card beats its column: the next column still to beat that has its card chosen
  // (to the right, then from the left), or null.
  function nextToBeat(col) {
    const n = document.querySelectorAll(".lcol").length;
    for (let k = 1; k < n; k++) {
      const i = (Number(col) + k) % n;
      if (!beaten(i) && document.querySelector("#col-" + i + " .ladd [data-sheet=lay]")) return String(i);
    }
    return null;
  }

  function close() {
    ["lay", "card", "fear"].forEach(function (n) { const e = sheetEl(n); if (e) e.hidden = true; });
    state = null;
  }

  function json(text) { try { return text ? JSON.parse(text) : null; } catch (e) { return null; } }

  document.addEventListener("click", function (ev) {
    const tgt = ev.target;
    if (!tgt.closest) return;
    const step = tgt.closest("button[data-step]");
    if (step) {
      const input = step.parentElement.querySelector("input");
      const lo = Number(input.dataset.min || 0), hi = Number(input.dataset.max || 99);
      input.value = String(Math.min(hi, Math.max(lo, (Number(input.value) || 0) + Number(step.dataset.step))));
      return;
    }
    const libcard = tgt.closest(".libcard");
    if (libcard && state && state.op === "board.lib.save") {
      ev.preventDefault();  // in the library: a card opens for correcting, not for laying
      open(Object.assign({}, state, { card: json(libcard.dataset.card), kind: "" }));
      return;
    }
    const opener = tgt.closest("[data-sheet]");
    if (opener) {
      const d = opener.dataset;
      open({ sheet: d.sheet, op: d.op, col: d.col, index: d.index, kind: d.kind,
             card: json(d.card), item: json(d.item) });
      return;
    }
    if (tgt.closest(".sheet-close")) close();
  });

  // "Spend 1 cheese": only the abilities of the paying puchater's own board.
  function ownAbilities(select) {
    const form = select.form;
    const own = (select.selectedOptions[0] || {}).dataset;
    const list = own && own.abilities ? own.abilities.split(" ") : null;
    const ab = form.querySelector("select[name=ability]");
    Array.from(ab.options).forEach(function (o) { o.hidden = o.disabled = !!list && list.indexOf(o.value) < 0; });
    if (ab.selectedOptions[0] && ab.selectedOptions[0].disabled) {
      const first = Array.from(ab.options).find(function (o) { return !o.disabled; });
      if (first) ab.value = first.value;
    }
  }
  document.addEventListener("toggle", function (ev) {
    const w = ev.target.querySelector && ev.target.querySelector("select.who-pays");
    if (w) ownAbilities(w);
  }, true);

  document.addEventListener("change", function (ev) {
    if (ev.target.classList && ev.target.classList.contains("who-pays")) ownAbilities(ev.target);
    if (!state || !ev.target.closest || !ev.target.closest(".sheet")) return;
    const form = ev.target.form;
    if (ev.target.name === "col") {
      state.col = ev.target.value;
      state.note = null;
      open(state);
      const c = document.getElementById("col-" + state.col);
      if (c) c.scrollIntoView({ block: "start", inline: "start" });
    }
    if (ev.target.name === "item.kind" && state.sheet === "lay") { state.kindPick = ev.target.value; state.item = null; }
    if (ev.target.name === "item.symbols[]") state.symbols = checked(form, "item.symbols[]");
  });

  document.addEventListener("submit", function (ev) {
    const sheet = ev.target.closest && ev.target.closest(".sheet");
    submitted = sheet ? sheet.id.replace("sheet-", "") : null;
    if (submitted === "lay" && state) state.wasBeaten = beaten(state.col);
    // "End phase now" tapped with the lay sheet open: this phone is done laying.
    if (state && ev.target.id === "f-end") state.ending = true;
    if (submitted === "card" && state && ev.target.classList.contains("cardform")) {
      // Keep what was entered: a refused card comes back as it was typed.
      const f = ev.target, needs = {};
      const field = function (name) { return f.querySelector('[name="' + name + '"]').value; };
      needFields(f).forEach(function (i) { needs[i.name.slice(11)] = Number(i.value) || 0; });
      state.card = { name: field("card.name"), total: field("card.total"), needs: needs,
                     kind: field("card.kind"), transition: checked(f, "card.transition[]") };
    }
  }, true);

  // After the board is swapped in (an edit, or another phone's), put the open sheet back.
  document.addEventListener("interact:swapped", afterSwap);
  function afterSwap(ev) {
    if (!state) return;
    const failed = (ev && ev.detail && ev.detail.failed) || !!document.querySelector("#table-main .flash-error");
    if (state.ending) {
      state.ending = false;
      if (!failed) {  // (time running out, or another phone ending it, leaves it open:
        submitted = null;  // cards laid in time may still be entered)
        close();
        return;
      }
    }
    if (submitted && !failed) {
      if (submitted === "lay" && state.op === "board.stack.add") {
        state.symbols = [];  // laid: the next card starts with its symbol
        state.item = null;
        state.note = null;
        const next = !state.wasBeaten && beaten(state.col) ? nextToBeat(state.col) : null;
        if (next !== null) {
          // That card beat its column: the next one to beat opens by itself (its tab ticks).
          state.note = t("Column %(num)s ✓ → %(next)s",
                         { num: Number(state.col) + 1, next: Number(next) + 1 });
          state.col = next;
          const c = document.getElementById("col-" + next);
          if (c) c.scrollIntoView({ block: "start", inline: "start" });
        }
      } else if (submitted === state.sheet) {
        submitted = null;
        close();
        return;
      }
    }
    submitted = null;
    open(state);
  }
})();
