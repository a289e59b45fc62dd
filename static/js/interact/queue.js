// The queue: an edit is kept in localStorage (per table) with the version it was made on and a
// one-use nonce, sent in order, and sent again after a reload or a dropped connection (the nonce
// makes a re-send safe). Every answer is #table-main's HTML (all of it, or its changed regions),
// morphed in; its headers say the version (X-Version), the edit's seq (X-Seq) and a message
// (X-Message, X-Error: "1" for a refusal).
import { RETRY_MS, csrf, main, state } from "./state.js";
import { regionHashes, swap } from "./morph.js";
import { run } from "./refresh.js";
import { errorText, mark, reloadAction, toast, waiting } from "./toast.js";

function nonce() {
  const b = new Uint8Array(12);
  crypto.getRandomValues(b);
  return Array.from(b, function (x) { return x.toString(16).padStart(2, "0"); }).join("");
}
function sleep(ms) { return new Promise(function (res) { setTimeout(res, ms); }); }

// -- kept per table in this browser -------------------------------------------------------------
function storeKey() {
  const m = main();
  return m && m.dataset.code ? "interact-queue:" + m.dataset.code : null;
}
function save() {
  const k = storeKey();
  if (!k) return;
  try {
    if (state.queue.length) localStorage.setItem(k, JSON.stringify(state.queue));
    else localStorage.removeItem(k);
  } catch (e) { /* private mode: the queue still lives in this page */ }
  waiting();
}
export function restore() {
  const k = storeKey();
  if (!k || k === state.loadedKey) return;
  state.loadedKey = k;
  try { state.queue = JSON.parse(localStorage.getItem(k)) || []; } catch (e) { state.queue = []; }
  if (state.queue.length) pump();
}

// -- sending ------------------------------------------------------------------------------------
function body(item) {
  const f = new FormData();
  item.fields.forEach(function (kv) { if (kv[0] !== "v") f.append(kv[0], kv[1]); });
  // Own earlier edits of this page are not someone else's change: build on them.
  f.append("v", String(Math.max(Number(item.v) || 0, state.ackVersion)));
  f.append("nonce", item.nonce);
  f.append("csrf_token", csrf());
  if (item.data !== undefined) f.append("data", JSON.stringify(item.data));
  return f;
}

export async function pump() {
  if (state.sending) return;
  state.sending = true;
  let tries = 0;
  while (state.queue.length) {
    const item = state.queue[0];
    let resp;
    const headers = { "X-CSRF-Token": csrf(), "HX-Request": "true", "X-Interact": "1",
                      "Accept": "text/html" };
    const hashes = state.wholeNext ? null : regionHashes();
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
    // A proxy's "the app did not answer" (Caddy's 502 when an idle connection to the app
    // closed under it, 504 when the app was too slow): no answer from the app either, so the
    // tap is kept and sent again, as above (the nonce makes that safe).
    if (resp.status === 502 || resp.status === 504) {
      waiting();
      await sleep(RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)]);
      continue;
    }
    document.body.classList.remove("offline");
    // Busy (a lock held for a moment): the server says when to try again; the tap stays queued.
    if (resp.status === 503 && resp.headers.get("Retry-After")) {
      waiting();
      await sleep(Number(resp.headers.get("Retry-After")) * 1000 || RETRY_MS[0]);
      continue;
    }
    tries = 0;
    state.queue.shift();
    save();
    state.gen++;
    await answer(item, resp);
  }
  state.sending = false;
  waiting();
  if (state.refreshWanted) run();
}

async function answer(item, resp) {
  const source = state.sources[item.nonce] || null;
  delete state.sources[item.nonce];
  const done = state.waiters[item.nonce];
  delete state.waiters[item.nonce];
  if (!resp.ok) {
    const text = errorText(resp.status, await resp.text().catch(function () { return ""; }));
    toast(text, { actions: resp.status === 400 ? [reloadAction()] : [] });
    wantWhole();  // show the table as the server has it, all of it
    if (done) done({ version: null, error: text, seq: null, status: resp.status });
    return;
  }
  const version = Number(resp.headers.get("X-Version"));
  if (version) state.ackVersion = Math.max(state.ackVersion, version);
  const message = resp.headers.get("X-Message");
  const text = message ? decodeURIComponent(message) : null;
  const isError = resp.headers.get("X-Error") === "1";
  const out = { version: version, error: isError ? text : null, seq: Number(resp.headers.get("X-Seq")) || null };
  if (!swap(await resp.text(), source, isError) && state.wholeNext) {
    state.refreshWanted = true;
    state.mustRefresh = true;
  }
  // A refused island edit (no tapped control) may have drawn the tap already: put all back.
  if (isError && !source) wantWhole();
  if (isError && text) {
    if (!(source && mark(source, text))) toast(text);
  } else if (out.seq && undoable(item)) {
    const did = resp.headers.get("X-Done");  // the edit's history line, as a sentence
    toast(did ? decodeURIComponent(did) : t("Done."), {
      kind: "info", actions: [{ label: t("↶ Undo"), run: function () { undoSeq(out.seq); } }],
    });
  }
  if (done) done(out);
}

function wantWhole() {
  state.refreshWanted = true;
  state.mustRefresh = true;
  state.wholeNext = true;
}

function undoable(item) {
  const ops = (document.body.dataset.destructive || "").split(" ");
  const op = (item.fields.find(function (kv) { return kv[0] === "op"; }) || [])[1];
  return op && ops.indexOf(op) >= 0;
}

// Undo belongs to the phone that edited: the toast's Undo takes back that one line.
function undoSeq(seq) {
  const m = main();
  if (!m || !m.dataset.editUrl) return;
  enqueue({ url: m.dataset.editUrl, fields: [["op", "undo"], ["target", String(seq)], ["v", m.dataset.version]] }, null);
}

// Queue one edit ({url, fields: [[name, value]…], v, label?, data?}); `source` is the tapped control.
export function enqueue(item, source) {
  restore();
  item.nonce = item.nonce || nonce();
  item.at = Date.now();
  if (source) state.sources[item.nonce] = source;
  state.queue.push(item);
  state.gen++;
  save();
  pump();
  return item.nonce;
}

// An island's edit: `op` with `fields` (strings) and `data` (a JSON object the server merges in),
// sent to this page's /t/<code>/edit; resolves with {version, error, seq} once it is answered.
export function post(op, fields, data) {
  const m = main();
  const list = [["op", op]];
  Object.keys(fields || {}).forEach(function (k) { list.push([k, String(fields[k])]); });
  return new Promise(function (resolve) {
    const n = nonce();
    state.waiters[n] = resolve;
    enqueue({ url: m.dataset.editUrl, fields: list, v: m.dataset.version, data: data, nonce: n }, null);
  });
}
