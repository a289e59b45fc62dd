// The interaction layer (../shared/DESIGN.md): the one module through which every page talks
// to the server. An edit (a form marked data-edit, or window.postEdit from a script island) is
// queued in localStorage with its version and a one-use nonce, sent in order, and re-sent after
// a reload or a dropped connection (the nonce makes a re-send safe). The answer is morphed
// into #table-main with Idiomorph, so scroll (the page and every horizontal scroller), focus,
// half-typed text and open <details> stay; live refreshes from other phones take the same
// path. Refusals and errors show in a toast in the viewport and say what they are.
(function () {
  "use strict";
  const GUARD_MS = 600;   // a button that changed meaning under the finger ignores a second tap
  const RETRY_MS = [500, 1000, 2000, 4000, 8000];
  let queue = [];         // edits not yet answered, oldest first (mirrored in localStorage)
  let loadedKey = null;
  let sending = false;
  let ackVersion = 0;     // the table version our last saved edit produced
  let gen = 0;            // bumps on every own edit: a refresh asked for before it is dropped
  let refreshWanted = false;
  let refreshing = false;
  let wholeNext = false;  // the next refresh asks for all of #table-main (not just changed regions)
  let accepted = null;    // the last tap that made an edit: {t, x, y, sig}
  let lastClick = null;
  const sources = {};     // nonce -> the control that was tapped (this page only)
  const changed = new WeakMap();  // control -> when a swap changed its meaning
  const waiters = {};     // nonce -> resolve() of a postEdit promise

  function main() { return document.getElementById("table-main"); }
  function csrf() {
    const meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }
  function nonce() {
    const b = new Uint8Array(12);
    crypto.getRandomValues(b);
    return Array.from(b, function (x) { return x.toString(16).padStart(2, "0"); }).join("");
  }
  function sleep(ms) { return new Promise(function (res) { setTimeout(res, ms); }); }

  // -- the queue, kept per table in this browser ---------------------------------------------
  function storeKey() {
    const m = main();
    return m && m.dataset.code ? "interact-queue:" + m.dataset.code : null;
  }
  function save() {
    const k = storeKey();
    if (!k) return;
    try {
      if (queue.length) localStorage.setItem(k, JSON.stringify(queue));
      else localStorage.removeItem(k);
    } catch (e) { /* private mode: the queue still lives in this page */ }
    waiting();
  }
  function restore() {
    const k = storeKey();
    if (!k || k === loadedKey) return;
    loadedKey = k;
    try { queue = JSON.parse(localStorage.getItem(k)) || []; } catch (e) { queue = []; }
    if (queue.length) pump();
  }

  // -- messages -------------------------------------------------------------------------------
  let toastTimer = null;
  function toast(text, opts) {
    opts = opts || {};
    const box = document.getElementById("toast");
    if (!box) return;
    box.innerHTML = "";
    box.className = "toast" + (opts.kind === "info" ? " toast-info" : "");
    const p = document.createElement("span");
    p.textContent = text;
    box.appendChild(p);
    (opts.actions || []).forEach(function (a) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn btn-small toast-action";
      b.textContent = a.label;
      b.addEventListener("click", function (ev) { ev.stopPropagation(); box.hidden = true; a.run(); });
      box.appendChild(b);
    });
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { box.hidden = true; }, opts.ms || 7000);
  }
  function reloadAction() { return { label: t("Reload"), run: function () { location.reload(); } }; }

  // What an HTTP error answer means, in the player's words (the server did answer).
  function errorText(status, body) {
    if (status >= 500) return t("The server had a problem; nothing was saved.");
    if (status === 400 || status === 403 || status === 419) {
      return t("This page is out of date: reload it (nothing was saved).");
    }
    if (status === 404) return t("This table does not exist any more; nothing was saved.");
    if (status === 413) return t("That was too big to send; nothing was saved.");
    if (status === 429) return t("Too many taps at once: wait a moment (nothing was saved).");
    const line = (body || "").trim();
    if (line && line.length < 200 && line[0] !== "<") return line;
    return t("The server refused that (%(status)s); nothing was saved.", { status: status });
  }

  function waiting() {
    let pill = document.getElementById("taps-waiting");
    if (!pill) {
      pill = document.createElement("div");
      pill.id = "taps-waiting";
      pill.className = "taps-waiting";
      pill.setAttribute("role", "status");
      pill.hidden = true;
      document.body.appendChild(pill);
    }
    const n = queue.length;
    document.documentElement.dataset.taps = String(n);  // taps not answered yet (tests read it)
    pill.textContent = tn("%(num)s tap waiting…", "%(num)s taps waiting…", n);
    pill.classList.toggle("offline", document.body.classList.contains("offline"));
    // Shown only when a tap is not saved at once (no flicker on a quick answer).
    clearTimeout(waiting.timer);
    if (!n) { pill.hidden = true; return; }
    if (pill.hidden) waiting.timer = setTimeout(function () { pill.hidden = queue.length === 0; }, 250);
  }

  // -- swapping without losing the player's place ----------------------------------------------
  function chain(el) {
    const out = [];
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      out.push({ el: e, top: e.getBoundingClientRect().top });
      if (out.length > 12) break;
    }
    return out;
  }
  // Something of the page itself in view (not a fixed sheet, toast or the sticky top bar).
  function inFlow(el) {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const pos = getComputedStyle(e).position;
      if (pos === "fixed" || pos === "sticky") return false;
    }
    return true;
  }
  function viewAnchor() {
    const h = window.innerHeight;
    for (const y of [h / 2, h / 3, h * 0.2, h * 0.65, h * 0.8, 90]) {
      for (const x of [window.innerWidth / 2, 16]) {
        const el = document.elementFromPoint(Math.round(x), Math.round(y));
        if (el && el !== document.body && el !== document.documentElement && inFlow(el)) return el;
      }
    }
    return null;
  }
  function scrolled(root) {
    const out = [];
    root.querySelectorAll("*").forEach(function (el) {
      if (el.scrollLeft || el.scrollTop) out.push({ el: el, id: el.id, left: el.scrollLeft, top: el.scrollTop });
    });
    return out;
  }

  function dirty(el) {
    if (el.tagName === "TEXTAREA") return el.value !== el.defaultValue;
    if (el.tagName === "INPUT") {
      if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
      if (el.type === "hidden" || el.type === "file") return false;
      return el.value !== el.defaultValue;
    }
    if (el.tagName === "SELECT") {
      return Array.from(el.options).some(function (o) { return o.selected !== o.defaultSelected; });
    }
    return false;
  }

  // Keep what this phone has open or half done; the tapped form itself takes the server's word.
  function keepAttribute(source, live) {
    const form = source && (source.form || source.closest && source.closest("form"));
    return function (attr, el, type) {
      if (attr === "open" && el.tagName === "DETAILS") {
        if (!live && form && el.contains(form)) return true;
        return live ? false : type !== "remove";
      }
      if (attr === "value" || attr === "checked" || attr === "selected") {
        const field = el.tagName === "OPTION" ? el.closest("select") : el;
        if (!field || (form && field.form === form)) return true;
        if (dirty(field)) return false;
      }
      if (live && el.dataset && el.dataset.keep && el.dataset.keep.split(" ").indexOf(attr) >= 0) return false;
      return true;
    };
  }

  function signature(btn) {
    const form = btn.form || btn.closest("form");
    const op = form && form.querySelector('input[name="op"]');
    return (op ? op.value : btn.getAttribute("hx-vals") || btn.dataset.lv || "") + "|" + btn.textContent.trim();
  }
  // After a swap: the control now under the last tap, when it means something else now.
  function markChanged() {
    if (!accepted || accepted.x === null || performance.now() - accepted.t > GUARD_MS) return;
    const el = document.elementFromPoint(accepted.x, accepted.y);
    const btn = el && el.closest("button, input[type=submit]");
    if (btn && signature(btn) !== accepted.sig) {
      const t = performance.now();
      changed.set(btn, t);
      if (btn.form) changed.set(btn.form, t);
      // Shown dimmed while it ignores taps, so the player sees it is not live yet.
      btn.classList.add("just-changed");
      setTimeout(function () { btn.classList.remove("just-changed"); }, GUARD_MS);
    }
  }

  // The regions this page holds and their content hashes (assistant/web/regions.py): the
  // server answers with only the regions whose hash differs.
  function regionHashes() {
    const m = main();
    if (!m || !m.dataset.h) return null;
    const out = ["table-main:" + m.dataset.h];
    m.querySelectorAll("[data-h]").forEach(function (el) { if (el.id) out.push(el.id + ":" + el.dataset.h); });
    return out.join(" ");
  }

  // A saved form shows the server's values: typed text is cleared (the morph spares the value
  // of the focused field, so a name added with Enter stayed in the box). A form marked
  // data-refocus keeps the keyboard in its first field for the next entry.
  function settle(source) {
    const form = source && (source.form || (source.closest && source.closest("form")));
    const now = form && (form.isConnected ? form : (form.id && document.getElementById(form.id)));
    if (!now || now.tagName !== "FORM") return;
    now.reset();
    if (now.hasAttribute("data-refocus")) {
      const first = now.querySelector("input:not([type=hidden]), textarea");
      if (first) first.focus({ preventScroll: true });
    }
  }

  // Morph the fresh #table-main (or only its changed regions, data-partial) into the page.
  // `source` is the tapped control (own edit).
  function swap(html, source, failed) {
    const m = main();
    if (!m) return false;
    const tpl = document.createElement("template");
    tpl.innerHTML = html.trim();
    const fresh = tpl.content.querySelector("#table-main");
    if (!fresh) return false;
    if (Number(fresh.dataset.version) < Number(m.dataset.version)) return false; // older news
    const parts = fresh.dataset.partial === "1" ? Array.from(fresh.children) : null;
    if (parts && parts.some(function (p) { const old = p.id && document.getElementById(p.id); return !old || !m.contains(old); })) {
      wholeNext = true;  // this page no longer has a region the answer names: ask for all
      return false;
    }
    const live = !source;
    const anchors = chain((source && source.isConnected && source) || viewAnchor());
    const inner = scrolled(m);
    const y0 = window.scrollY;
    // Focus is kept for typing only: a focused button would be kept by the morph even when
    // the fresh table no longer has it (Idiomorph spares the active element).
    const active = document.activeElement;
    if (active && m.contains(active) && !/^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) active.blur();
    const opts = {
      morphStyle: "outerHTML", ignoreActiveValue: true, restoreFocus: true,
      callbacks: {
        beforeAttributeUpdated: keepAttribute(source, live),
        // An island's own message (data-keep-live) is not reset by another phone's update.
        beforeNodeMorphed: function (el) {
          return !(live && el.nodeType === 1 && el.hasAttribute("data-keep-live"));
        },
      },
    };
    if (parts) {
      parts.forEach(function (p) { Idiomorph.morph(document.getElementById(p.id), p, opts); });
      // The regions not sent are the same at the new version.
      m.dataset.version = fresh.dataset.version;
      m.querySelectorAll('input[name="v"]').forEach(function (i) { i.value = fresh.dataset.version; });
    } else {
      Idiomorph.morph(m, fresh, opts);
    }
    if (!live && !failed) settle(source);
    inner.forEach(function (s) {
      const el = s.el.isConnected ? s.el : (s.id && document.getElementById(s.id));
      if (el) { el.scrollLeft = s.left; el.scrollTop = s.top; }
    });
    window.scrollTo(window.scrollX, y0);
    const a = anchors.find(function (c) { return c.el.isConnected; });
    if (a) {
      const d = a.el.getBoundingClientRect().top - a.top;
      if (Math.abs(d) >= 1) window.scrollBy(0, d);
    }
    markChanged();
    const now = main();
    if (window.htmx && now) {
      if (parts) parts.forEach(function (p) { const el = document.getElementById(p.id); if (el) htmx.process(el); });
      else htmx.process(now);
    }
    if (now) ackVersion = Math.max(ackVersion, Number(now.dataset.version) || 0);
    document.dispatchEvent(new CustomEvent("interact:swapped", { detail: { live: live, failed: !!failed } }));
    return true;
  }

  // -- live refresh (another phone changed the table) ------------------------------------------
  // Never morph under a pressed finger: a tap is a pointerdown and a pointerup on one element.
  let pressed = false;
  document.addEventListener("pointerdown", function () { pressed = true; }, true);
  ["pointerup", "pointercancel"].forEach(function (type) {
    document.addEventListener(type, function () { pressed = false; }, true);
  });

  // A refresh is either asked for by this page (an island's JSON edit, an error, the timer),
  // which always fetches, or wanted because a poll saw a newer version, which is dropped when
  // this page already shows that version (an own edit's answer brought it: no second GET).
  let mustRefresh = false;
  let pollSaw = 0;
  function refresh(seen) {
    if (typeof seen === "number" && seen > 0) pollSaw = Math.max(pollSaw, seen);
    else mustRefresh = true;
    return run();
  }

  async function run() {
    const m = main();
    if (!m) return;
    if (sending || queue.length) { refreshWanted = true; return; }  // pump() refreshes after
    if (window.tableBusy || refreshing || pressed) {
      refreshWanted = true;
      clearTimeout(run.later);
      run.later = setTimeout(run, 400);
      return;
    }
    refreshWanted = false;
    if (!mustRefresh && !wholeNext && Number(m.dataset.version) >= pollSaw) return;  // has it
    const must = mustRefresh;
    const whole = wholeNext;
    mustRefresh = false;
    wholeNext = false;
    refreshing = true;
    const g = gen;
    const headers = { "HX-Request": "true", "X-Interact": "1" };
    const hashes = whole ? null : regionHashes();
    if (hashes) headers["X-Regions"] = hashes;
    let again = false;
    try {
      const resp = await fetch(m.dataset.src, { cache: "no-store", headers: headers });
      if (!resp.ok) return;
      const html = await resp.text();
      // An own edit made meanwhile brings (or will bring) a newer table: this one is stale.
      if (g !== gen || sending || queue.length || window.tableBusy || pressed) {
        again = true;
        return;
      }
      if (!swap(html, null) && wholeNext) again = true;
    } catch (e) {
      again = true;
    } finally {
      refreshing = false;
      if (again) {
        refreshWanted = true;
        mustRefresh = mustRefresh || must;
        wholeNext = wholeNext || whole;
      }
      if (refreshWanted && !sending && !queue.length) setTimeout(run, 300);
    }
  }

  // -- sending --------------------------------------------------------------------------------
  function body(item) {
    const f = new FormData();
    item.fields.forEach(function (kv) { if (kv[0] !== "v") f.append(kv[0], kv[1]); });
    // Own earlier edits of this page are not someone else's change: build on them.
    f.append("v", String(Math.max(Number(item.v) || 0, ackVersion)));
    f.append("nonce", item.nonce);
    f.append("csrf_token", csrf());
    if (item.data !== undefined) f.append("data", JSON.stringify(item.data));
    return f;
  }

  async function pump() {
    if (sending) return;
    sending = true;
    let tries = 0;
    while (queue.length) {
      const item = queue[0];
      let resp;
      const headers = { "X-CSRF-Token": csrf(), "HX-Request": "true", "X-Interact": "1",
                        "Accept": item.json ? "application/json" : "text/html" };
      const hashes = item.json || wholeNext ? null : regionHashes();
      if (hashes) headers["X-Regions"] = hashes;
      try {
        resp = await fetch(item.url, {
          method: "POST", body: body(item), credentials: "same-origin", headers: headers,
        });
      } catch (e) {
        // No answer at all: keep the tap and send it again (the nonce makes that safe).
        document.body.classList.add("offline");
        waiting();
        await sleep(RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)]);
        continue;
      }
      tries = 0;
      document.body.classList.remove("offline");
      queue.shift();
      save();
      gen++;
      await answer(item, resp);
    }
    sending = false;
    waiting();
    if (pump.jsonSent) { pump.jsonSent = false; refresh(); } else if (refreshWanted) run();
  }

  async function answer(item, resp) {
    const source = sources[item.nonce];
    delete sources[item.nonce];
    const done = waiters[item.nonce];
    delete waiters[item.nonce];
    if (!resp.ok) {
      const text = errorText(resp.status, await resp.text().catch(function () { return ""; }));
      toast(text, { actions: resp.status === 400 ? [reloadAction()] : [] });
      refreshWanted = true;  // show the table as the server has it, all of it
      mustRefresh = true;
      wholeNext = true;
      if (done) done({ error: text, status: resp.status });
      return;
    }
    const version = Number(resp.headers.get("X-Version"));
    if (version) ackVersion = Math.max(ackVersion, version);
    const message = resp.headers.get("X-Message");
    const text = message ? decodeURIComponent(message) : null;
    const isError = resp.headers.get("X-Error") === "1";
    let out = { version: version, error: isError ? text : null, seq: Number(resp.headers.get("X-Seq")) || null };
    if (item.json) {
      out = Object.assign(await resp.json(), out);
      pump.jsonSent = true;
      if (isError) wholeNext = true;  // the island showed the refused tap: put all back
      const m = main();
      if (m && version && Number(m.dataset.version) < version && !queue.length) m.dataset.version = String(version);
    } else if (!swap(await resp.text(), source || null, isError) && wholeNext) {
      refreshWanted = true;
      mustRefresh = true;
    }
    if (isError && text) {
      if (!(source && mark(source, text))) toast(text);
    } else if (out.seq && undoable(item)) {
      toast(item.label ? t("Done: %(what)s.", { what: item.label }) : t("Done."), {
        kind: "info", actions: [{ label: t("↶ Undo"), run: function () { undoSeq(out.seq); } }],
      });
    }
    if (done) done(out);
  }

  // A refusal shows at the control that was tapped when that is in view (else in the toast).
  function mark(source, text) {
    const form = source.form || source.closest("form") || source;
    if (!form || !form.isConnected) return false;
    const r = form.getBoundingClientRect();
    if (r.bottom < 60 || r.bottom > window.innerHeight - 80 || !r.height) return false;
    // A control in a narrow grid cell (an Okoshki card) would squeeze the line into a column of
    // one word each: the toast, across the screen, reads better.
    if (form.parentElement && form.parentElement.getBoundingClientRect().width < 200) return false;
    document.querySelectorAll(".tap-msg").forEach(function (n) { n.remove(); });
    const note = document.createElement("p");
    note.className = "tap-msg";
    note.setAttribute("role", "alert");
    note.textContent = text;
    form.insertAdjacentElement("afterend", note);
    setTimeout(function () { note.remove(); }, 6000);
    return true;
  }

  function undoable(item) {
    const ops = (document.body.dataset.destructive || "").split(" ");
    const op = (item.fields.find(function (kv) { return kv[0] === "op"; }) || [])[1];
    return op && ops.indexOf(op) >= 0;
  }
  function undoSeq(seq) {
    const m = main();
    if (!m || !m.dataset.undo) return;
    enqueue({ url: m.dataset.undo, fields: [["target", String(seq)], ["v", m.dataset.version]] }, null);
  }

  function enqueue(item, source) {
    restore();
    item.nonce = item.nonce || nonce();
    item.at = Date.now();
    if (source) sources[item.nonce] = source;
    queue.push(item);
    gen++;
    save();
    pump();
    return item.nonce;
  }

  // -- taps on edit forms ---------------------------------------------------------------------
  // What a button does, in words ("Remove Ala" rather than its "✕").
  function what(btn) { return (btn.getAttribute("aria-label") || btn.textContent).trim(); }

  function isEdit(form) {
    return form && form.tagName === "FORM" && (form.hasAttribute("data-edit") ||
      (form.getAttribute("hx-target") === "#table-main" && form.hasAttribute("hx-post")));
  }

  document.addEventListener("click", function (ev) {
    lastClick = { t: performance.now(), x: ev.clientX, y: ev.clientY, target: ev.target };
  }, true);

  document.addEventListener("submit", function (ev) {
    const form = ev.target;
    if (!isEdit(form)) return;
    ev.preventDefault();
    ev.stopPropagation();
    const btn = ev.submitter || form.querySelector("[type=submit]");
    const now = performance.now();
    // The click that made this submit: its own target, not a time window (a loaded phone can
    // stall between the click and its submit longer than any window; the guard then failed).
    const fromClick = lastClick && btn && lastClick.target && lastClick.target.nodeType === 1 &&
      (btn === lastClick.target || btn.contains(lastClick.target));
    const tap = lastClick && lastClick.x !== undefined && (fromClick || now - lastClick.t < 100)
      ? lastClick : null;
    const sig = btn ? signature(btn) : "|";
    // A button that changed meaning under the finger (Start -> Pause) ignores a second tap for
    // a moment; so does a guarded form tapped twice before its answer came back.
    const changedAt = (btn && changed.get(btn)) || changed.get(form);
    if (changedAt && now - changedAt < GUARD_MS) return;
    // A second tap on a guarded form, or where one was just tapped (Start, then Pause there).
    const near = tap && accepted && accepted.x !== null &&
      Math.abs(tap.x - accepted.x) < 40 && Math.abs(tap.y - accepted.y) < 40;
    if (accepted && accepted.guard && form.hasAttribute("data-guard") &&
        now - accepted.t < GUARD_MS && (accepted.form === form || near)) return;
    accepted = { t: now, x: tap ? tap.x : null, y: tap ? tap.y : null, sig: sig,
                 guard: form.hasAttribute("data-guard"), form: form };
    // Another phone's edit is undone only when this player says so.
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
    const fields = [];
    new FormData(form, btn && btn.name ? btn : undefined).forEach(function (v, k) {
      if (k !== "nonce" && k !== "csrf_token" && typeof v === "string") fields.push([k, v]);
    });
    const v = (fields.find(function (kv) { return kv[0] === "v"; }) || [])[1];
    const url = form.getAttribute("hx-post") || form.getAttribute("action");
    enqueue({ url: url, fields: fields, v: v, label: btn ? what(btn) : "" }, btn || form);
  }, true);

  // One-tap buttons without a form: hx-post + hx-vals, or data-lv (the edit's fields) posted
  // to the nearest data-edit-url (the Liski board). Same queue; the answer is morphed in.
  document.addEventListener("click", function (ev) {
    const btn = ev.target.closest && ev.target.closest("button[hx-post][hx-vals], button[data-lv]");
    if (!btn || btn.disabled || !main() || !main().contains(btn)) return;
    const home = btn.dataset.lv !== undefined ? btn.closest("[data-edit-url]") : null;
    const url = home ? home.dataset.editUrl : btn.getAttribute("hx-post");
    if (!url) return;
    ev.preventDefault();
    ev.stopPropagation();
    const now = performance.now();
    const changedAt = changed.get(btn);
    if (changedAt && now - changedAt < GUARD_MS) return;
    let vals = {};
    try { vals = JSON.parse(home ? btn.dataset.lv : btn.getAttribute("hx-vals")) || {}; } catch (e) { return; }
    const fields = Object.keys(vals).map(function (k) { return [k, String(vals[k])]; });
    accepted = { t: now, x: ev.clientX, y: ev.clientY, sig: signature(btn), guard: false };
    enqueue({ url: url, fields: fields, v: main().dataset.version, label: what(btn) }, btn);
  }, true);

  // -- the API for script islands and other modules ------------------------------------------
  window.interact = {
    /** Queue one edit to #table-main's data-edit-url; its answer (the table, as every edit's)
     * is morphed in; resolve with {version, error, seq} from the answer's headers. */
    post: function (op, fields, data) {
      const m = main();
      const list = [["op", op]];
      Object.keys(fields || {}).forEach(function (k) { list.push([k, String(fields[k])]); });
      return new Promise(function (resolve) {
        const n = nonce();
        waiters[n] = resolve;
        enqueue({ url: m.dataset.editUrl, fields: list, v: m.dataset.version, data: data, nonce: n }, null);
      });
    },
    /** The edits still waiting to be saved (script islands show them as already made). */
    pending: function () { return queue.slice(); },
    refresh: refresh,
    swap: swap,
    toast: toast,
    errorText: errorText,
    busy: function () { return sending || queue.length > 0; },
  };
  // Kept for the islands written before this module: same queue, same answer.
  window.postEdit = function (_url, _csrf, op, fields, data) { return window.interact.post(op, fields, data); };
  window.appToast = function (text) { toast(text); };

  // A table that scrolls inside itself (.sheet-wrap[data-hint]) says so while it does.
  function scrollHints() {
    document.querySelectorAll(".sheet-wrap[data-hint]").forEach(function (wrap) {
      const hint = document.getElementById(wrap.dataset.hint);
      const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
      wrap.classList.toggle("scrolls", scrolls);
      wrap.classList.toggle("at-end", wrap.scrollLeft + wrap.clientWidth >= wrap.scrollWidth - 2);
      if (hint) hint.hidden = !scrolls;
    });
  }
  document.addEventListener("interact:swapped", scrollHints);
  document.addEventListener("scroll", function (ev) {
    if (ev.target.classList && ev.target.classList.contains("sheet-wrap")) scrollHints();
  }, true);
  window.addEventListener("resize", scrollHints);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scrollHints);
  else scrollHints();

  const toastBox = document.getElementById("toast");
  if (toastBox) toastBox.addEventListener("click", function () { toastBox.hidden = true; });
  window.addEventListener("online", function () { if (queue.length) pump(); });
  restore();
  waiting();
  document.documentElement.dataset.interact = "ready";  // tests wait for this
})();
