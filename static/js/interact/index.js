// The interaction layer (../shared/DESIGN.md, "The interaction layer"): the one module through
// which every page talks to the server. An edit is a submit of a form marked data-edit, or
// window.interact.post(op, fields, data) from a script island; either is queued (queue.js), sent
// to /t/<code>/edit and answered with #table-main, morphed in without losing the player's place
// (morph.js). Live refreshes from other phones take the same path (refresh.js). Refusals and
// errors show where the player is looking (toast.js); a button that changed meaning under the
// finger ignores a second tap for a moment (guard.js); a tap whose pressed node a swap replaced
// still counts (rescue.js). All state is in one object (state.js).
import { state } from "./state.js";
import { allow, installGuard } from "./guard.js";
import { installScrollHints, swap } from "./morph.js";
import { enqueue, post, pump, restore } from "./queue.js";
import { installRefresh, refresh } from "./refresh.js";
import { installRescue } from "./rescue.js";
import { errorText, installToast, toast, waiting } from "./toast.js";

// What a button does, in words ("Remove Ala" rather than its "✕").
function what(btn) { return (btn.getAttribute("aria-label") || btn.textContent).trim(); }

// A submit of a form[data-edit] is an edit: queued and sent to the form's action, with the
// submitter's name=value (a name="data" button carries a JSON object the server merges in).
function onSubmit(ev) {
  const form = ev.target;
  if (!form || form.tagName !== "FORM" || !form.hasAttribute("data-edit")) return;
  ev.preventDefault();
  ev.stopPropagation();
  const btn = ev.submitter || form.querySelector("[type=submit]");
  if (!allow(form, btn)) return;
  // Another phone's edit is undone only when this player says so.
  const ask = (btn && btn.dataset.confirm) || form.dataset.confirm;
  if (ask && !window.confirm(ask)) return;
  const fields = [];
  new FormData(form, btn && btn.name ? btn : undefined).forEach(function (v, k) {
    if (k !== "nonce" && k !== "csrf_token" && typeof v === "string") fields.push([k, v]);
  });
  const v = (fields.find(function (kv) { return kv[0] === "v"; }) || [])[1];
  enqueue({ url: form.getAttribute("action"), fields: fields, v: v, label: btn ? what(btn) : "" }, btn || form);
}

installGuard();
installRefresh();
installRescue();
document.addEventListener("submit", onSubmit, true);
installScrollHints();
installToast();
window.addEventListener("online", function () { if (state.queue.length) pump(); });

// The API for script islands and the classic scripts (app.js, live.js, timer.js, photo.js…).
window.interact = {
  /** Queue one edit (op, fields, data) to this page's /t/<code>/edit: {version, error, seq}. */
  post: post,
  /** The edits still waiting to be saved (script islands show them as already made). */
  pending: function () { return state.queue.slice(); },
  /** Fetch #table-main again (with a version seen by the poll: only when this page is older). */
  refresh: refresh,
  swap: swap,
  toast: toast,
  errorText: errorText,
  busy: function () { return state.sending || state.queue.length > 0; },
};
window.appToast = function (text) { toast(text); };

restore();
waiting();
document.documentElement.dataset.interact = "ready";  // tests wait for this
document.dispatchEvent(new CustomEvent("interact:ready"));
