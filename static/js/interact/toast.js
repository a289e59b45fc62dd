// Messages where the player is looking: the toast (with its Undo or Reload), the pill that counts
// taps not saved yet, a refusal beside the tapped control, and what an HTTP error means.
import { state } from "./state.js";

export function toast(text, opts) {
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
  clearTimeout(state.toastTimer);
  state.toastTimer = setTimeout(function () { box.hidden = true; }, opts.ms || 7000);
}

export function reloadAction() {
  return { label: t("Reload"), run: function () { location.reload(); } };
}

// What an HTTP error answer means, in the player's words (the server did answer).
export function errorText(status, body) {
  const line = (body || "").trim();
  const said = line && line.length < 200 && line[0] !== "<" && line.indexOf("\n") < 0;
  // A database fault (503 read-only, 507 disk full) is the server's own line, not a crash.
  if ((status === 503 || status === 507) && said) return line;
  if (status >= 500) return t("The server had a problem; nothing was saved.");
  if (status === 400 || status === 403 || status === 419) {
    return t("This page is out of date: reload it (nothing was saved).");
  }
  if (status === 404) return t("This table does not exist any more; nothing was saved.");
  if (status === 413) return t("That was too big to send; nothing was saved.");
  if (status === 429) return t("Too many taps at once: wait a moment (nothing was saved).");
  if (said) return line;
  return t("The server refused that (%(status)s); nothing was saved.", { status: status });
}

// The pill "2 taps waiting…", and html[data-taps] (the tests read it).
export function waiting() {
  let pill = document.getElementById("taps-waiting");
  if (!pill) {
    pill = document.createElement("div");
    pill.id = "taps-waiting";
    pill.className = "taps-waiting";
    pill.setAttribute("role", "status");
    pill.hidden = true;
    document.body.appendChild(pill);
  }
  const n = state.queue.length;
  document.documentElement.dataset.taps = String(n);
  pill.textContent = tn("%(num)s tap waiting…", "%(num)s taps waiting…", n);
  pill.classList.toggle("offline", document.body.classList.contains("offline"));
  // Shown only when a tap is not saved at once (no flicker on a quick answer).
  clearTimeout(state.pillTimer);
  if (!n) { pill.hidden = true; return; }
  if (pill.hidden) {
    state.pillTimer = setTimeout(function () { pill.hidden = state.queue.length === 0; }, 250);
  }
}

// A refusal shows at the control that was tapped when that is in view (else in the toast).
export function mark(source, text) {
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

// The toast goes when tapped (its buttons act first).
export function installToast() {
  const box = document.getElementById("toast");
  if (box) box.addEventListener("click", function () { box.hidden = true; });
}
