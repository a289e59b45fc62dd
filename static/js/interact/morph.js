// Swapping without losing the player's place: the fresh #table-main (or only its changed regions,
// data-partial) is morphed in with Idiomorph, and scroll (the page and every inner scroller),
// focus, half-typed text and open <details> stay where they were.
import { main, state } from "./state.js";
import { markChanged } from "./guard.js";

// The element and its ancestors with where they stand now (the page is scrolled back to them).
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

function formOf(source) {
  return source && (source.form || (source.closest && source.closest("form")));
}

// Keep what this phone has open or half done; the tapped form itself takes the server's word.
function keepAttribute(source, live) {
  const form = formOf(source);
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

// The regions this page holds and their content hashes (assistant/web/regions.py): the
// server answers with only the regions whose hash differs.
export function regionHashes() {
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
  const form = formOf(source);
  const now = form && (form.isConnected ? form : (form.id && document.getElementById(form.id)));
  if (!now || now.tagName !== "FORM") return;
  now.reset();
  if (now.hasAttribute("data-refocus")) {
    const first = now.querySelector("input:not([type=hidden]), textarea");
    if (first) first.focus({ preventScroll: true });
  }
}

// Put the page's scroll (and every inner scroller's) back where the player had it.
function restoreScroll(inner, anchors, y0) {
  inner.forEach(function (s) {
    const el = s.el.isConnected ? s.el : (s.id && document.getElementById(s.id));
    if (el) { el.scrollLeft = s.left; el.scrollTop = s.top; }
  });
  window.scrollTo(window.scrollX, y0);
  const a = anchors.find(function (c) { return c.el.isConnected && c.el.getClientRects().length; });
  if (a) {
    const d = a.el.getBoundingClientRect().top - a.top;
    if (Math.abs(d) >= 1) window.scrollBy(0, d);
  }
}

// An element whose inside a page script draws (data-drawn: the Pisanki cells' pictures) takes
// the server's attributes but keeps its inside: the morph put the server's plain text back, so
// the picture under a pressing finger was replaced (the tap lost) and drawn again at once.
function attributesOnly(el, fresh) {
  Array.from(fresh.attributes).forEach(function (a) {
    if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
  });
  Array.from(el.attributes).forEach(function (a) { if (!fresh.hasAttribute(a.name)) el.removeAttribute(a.name); });
}

// Morph the fresh #table-main (or only its changed regions, data-partial) into the page.
// `source` is the tapped control (own edit); without one it is a live update. False when
// nothing was swapped (older news, or regions this page no longer has: wholeNext is set).
export function swap(html, source, failed) {
  const m = main();
  if (!m) return false;
  const tpl = document.createElement("template");
  tpl.innerHTML = html.trim();
  const fresh = tpl.content.querySelector("#table-main");
  if (!fresh) return false;
  if (Number(fresh.dataset.version) < Number(m.dataset.version)) return false; // older news
  const parts = fresh.dataset.partial === "1" ? Array.from(fresh.children) : null;
  if (parts && parts.some(function (p) { const old = p.id && document.getElementById(p.id); return !old || !m.contains(old); })) {
    state.wholeNext = true;  // this page no longer has a region the answer names: ask for all
    return false;
  }
  const live = !source;
  // A control in a fixed sheet stands still whatever the page's scroll: the page keeps the
  // part of itself in view instead (else a hidden-then-reopened sheet scrolled it to the top).
  const anchors = chain((source && source.isConnected && inFlow(source) && source) || viewAnchor());
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
      beforeNodeMorphed: function (el, fresh) {
        if (el.nodeType !== 1) return true;
        if (el.hasAttribute("data-drawn")) { attributesOnly(el, fresh); return false; }
        return !(live && el.hasAttribute("data-keep-live"));
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
  restoreScroll(inner, anchors, y0);
  markChanged();
  const now = main();
  if (window.htmx && now) {
    if (parts) parts.forEach(function (p) { const el = document.getElementById(p.id); if (el) htmx.process(el); });
    else htmx.process(now);
  }
  if (now) state.ackVersion = Math.max(state.ackVersion, Number(now.dataset.version) || 0);
  document.dispatchEvent(new CustomEvent("interact:swapped", { detail: { live: live, failed: !!failed } }));
  return true;
}

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

export function installScrollHints() {
  document.addEventListener("interact:swapped", scrollHints);
  document.addEventListener("scroll", function (ev) {
    if (ev.target.classList && ev.target.classList.contains("sheet-wrap")) scrollHints();
  }, true);
  window.addEventListener("resize", scrollHints);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scrollHints);
  else scrollHints();
}
