// A tap whose pressed node was replaced still counts. A mouse tap is a pointerdown and a
// pointerup, and Chromium fires no click when the node that got the pointerdown has left the
// document by the pointerup: an edit's answer (or a script redrawing after it) landing between
// the two on a busy phone swallowed the tap without a word. When that happens and the pointerup
// is on the same control (the same form fields, or the same data-* and label), the control is
// clicked once, unless the browser clicked it after all.
import { state } from "./state.js";
import { signature } from "./guard.js";

const CONTROL = "button, a[href], summary, label, input, select, [role=button]";
const SLOP_PX = 16;  // a pointerup this far from its pointerdown is a drag, not a tap

let down = null;  // {node, key, x, y}

// What a control is, independent of the node that draws it.
function keyOf(control) {
  const data = Object.keys(control.dataset).sort()
    .map(function (k) { return k + "=" + control.dataset[k]; }).join("&");
  const form = control.form || control.closest("form");
  return control.tagName + "|" + (control.id || "") + "|" + data + "|" +
    (form ? signature(control) : (control.getAttribute("href") || "") + (control.getAttribute("aria-label") || ""));
}

function onDown(ev) {
  const control = ev.isPrimary && ev.pointerType !== "touch" && ev.target.closest &&
    ev.target.closest(CONTROL);
  // A touch tap's click comes from the gesture, hit-tested after the finger lifts: never lost.
  down = control ? { node: ev.target, key: keyOf(control), x: ev.clientX, y: ev.clientY } : null;
}

function onUp(ev) {
  const d = down;
  down = null;
  if (!d || !ev.isPrimary || d.node.isConnected) return;  // the browser clicks as usual
  if (Math.abs(ev.clientX - d.x) > SLOP_PX || Math.abs(ev.clientY - d.y) > SLOP_PX) return;
  const control = ev.target.closest && ev.target.closest(CONTROL);
  if (!control || keyOf(control) !== d.key) return;
  const clicked = state.lastClick ? state.lastClick.t : -1;
  const x = ev.clientX, y = ev.clientY;
  // The browser's own click, when it comes, is dispatched in this same task, so a timeout
  // sees it; only a tap that got none is clicked.
  setTimeout(function () {
    if ((state.lastClick ? state.lastClick.t : -1) !== clicked || !control.isConnected) return;
    control.dispatchEvent(new MouseEvent("click", {
      bubbles: true, cancelable: true, view: window, clientX: x, clientY: y, detail: 1,
    }));
  }, 0);
}

export function installRescue() {
  document.addEventListener("pointerdown", onDown, true);
  document.addEventListener("pointerup", onUp, true);
  document.addEventListener("pointercancel", function () { down = null; }, true);
}
