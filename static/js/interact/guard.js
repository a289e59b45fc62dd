// The tap guard: a control that appeared under the finger (Start -> Pause, Resolve -> Refill)
// does not take a tap for a moment, and says so; a guarded form (data-guard) tapped twice before
// its answer came back ignores the second tap. A control whose meaning did not change (a counter
// whose label carries its count) takes every tap.
import { GUARD_MS, state } from "./state.js";
import { toast } from "./toast.js";

const SKIP = { v: 1, nonce: 1, csrf_token: 1 };

// What a button does: its form's fields (op, player, card…) and the submitter's name=value,
// never its text (a count in the label is not a change of meaning).
export function signature(btn) {
  const form = btn.form || btn.closest("form");
  const parts = [];
  if (form) {
    form.querySelectorAll("input[type=hidden]").forEach(function (i) {
      if (!SKIP[i.name]) parts.push(i.name + "=" + i.value);
    });
  }
  if (btn.name) parts.push(btn.name + "=" + btn.value);
  return parts.join("&") + "|" + (btn.getAttribute("formaction") || "");
}

// What the button says, in words ("Remove Ala" rather than its "✕").
function words(btn) { return (btn.getAttribute("aria-label") || btn.textContent).trim().replace(/\s+/g, " "); }

// After a swap: the control now under the last tap, when it means something else now.
export function markChanged() {
  const accepted = state.accepted;
  if (!accepted || accepted.x === null || performance.now() - accepted.t > GUARD_MS) return;
  const el = document.elementFromPoint(accepted.x, accepted.y);
  const btn = el && el.closest("button, input[type=submit]");
  if (btn && signature(btn) !== accepted.sig) {
    const now = performance.now();
    state.changed.set(btn, now);
    if (btn.form) state.changed.set(btn.form, now);
    // Shown dimmed while it ignores taps, so the player sees it is not live yet.
    btn.classList.add("just-changed");
    setTimeout(function () { btn.classList.remove("just-changed"); }, GUARD_MS);
  }
}

// Whether this submit of `form` (by `btn`) is a tap to send; it is then the last accepted one.
export function allow(form, btn) {
  const now = performance.now();
  const lastClick = state.lastClick;
  // The click that made this submit: its own target, not a time window (a loaded phone can
  // stall between the click and its submit longer than any window; the guard then failed).
  const fromClick = lastClick && btn && lastClick.target && lastClick.target.nodeType === 1 &&
    (btn === lastClick.target || btn.contains(lastClick.target));
  const tap = lastClick && lastClick.x !== undefined && (fromClick || now - lastClick.t < 100)
    ? lastClick : null;
  const sig = btn ? signature(btn) : "|";
  const changedAt = (btn && state.changed.get(btn)) || state.changed.get(form);
  if (changedAt && now - changedAt < GUARD_MS) {
    // Never a silent drop: the player learns that this tap did nothing.
    toast(t("Not done: “%(what)s” had just appeared under your finger. Tap it again to do it.",
            { what: btn ? words(btn) : "" }));
    return false;
  }
  // A second tap on a guarded form, or where one was just tapped (Start, then Pause there).
  const accepted = state.accepted;
  const near = tap && accepted && accepted.x !== null &&
    Math.abs(tap.x - accepted.x) < 40 && Math.abs(tap.y - accepted.y) < 40;
  if (accepted && accepted.guard && form.hasAttribute("data-guard") &&
      now - accepted.t < GUARD_MS && (accepted.form === form || near)) return false;
  state.accepted = { t: now, x: tap ? tap.x : null, y: tap ? tap.y : null, sig: sig,
                     guard: form.hasAttribute("data-guard"), form: form };
  return true;
}

// Every click is remembered (capture phase, before any handler): the submit it makes finds it.
export function installGuard() {
  document.addEventListener("click", function (ev) {
    state.lastClick = { t: performance.now(), x: ev.clientX, y: ev.clientY, target: ev.target };
  }, true);
}
