// Live refresh: another phone changed the table (static/js/live.js polls and calls refresh), or
// this page asks for the table as the server has it (an error, the timer). The fresh #table-main
// comes through the same morph as an own edit's answer, never while this phone's taps are on
// their way, under a pressed finger, or while an island is busy (window.tableBusy).
import { main, state } from "./state.js";
import { regionHashes, swap } from "./morph.js";

// A refresh is either asked for by this page (no argument), which always fetches, or wanted
// because a poll saw a newer version (`seen`), which is dropped when this page already shows that
// version (an own edit's answer brought it: no second GET).
export function refresh(seen) {
  if (typeof seen === "number" && seen > 0) state.pollSaw = Math.max(state.pollSaw, seen);
  else state.mustRefresh = true;
  return run();
}

export async function run() {
  const m = main();
  if (!m) return;
  if (state.sending || state.queue.length) { state.refreshWanted = true; return; }  // pump() refreshes after
  if (window.tableBusy || state.refreshing || state.pressed) {
    state.refreshWanted = true;
    clearTimeout(state.refreshLater);
    state.refreshLater = setTimeout(run, 400);
    return;
  }
  state.refreshWanted = false;
  if (!state.mustRefresh && !state.wholeNext && Number(m.dataset.version) >= state.pollSaw) return;  // has it
  const must = state.mustRefresh;
  const whole = state.wholeNext;
  state.mustRefresh = false;
  state.wholeNext = false;
  state.refreshing = true;
  const g = state.gen;
  const headers = { "HX-Request": "true", "X-Interact": "1" };
  const hashes = whole ? null : regionHashes();
  if (hashes) headers["X-Regions"] = hashes;
  let again = false;
  try {
    const resp = await fetch(m.dataset.src, { cache: "no-store", headers: headers });
    document.body.classList.remove("offline");
    if (!resp.ok) return;
    const html = await resp.text();
    // An own edit made meanwhile brings (or will bring) a newer table: this one is stale.
    if (g !== state.gen || state.sending || state.queue.length || window.tableBusy || state.pressed) {
      again = true;
      return;
    }
    if (!swap(html, null) && state.wholeNext) again = true;
  } catch (e) {
    document.body.classList.add("offline");  // no answer at all: say so, as a send does
    again = true;
  } finally {
    state.refreshing = false;
    if (again) {
      state.refreshWanted = true;
      state.mustRefresh = state.mustRefresh || must;
      state.wholeNext = state.wholeNext || whole;
    }
    if (state.refreshWanted && !state.sending && !state.queue.length) setTimeout(run, 300);
  }
}

// Never morph under a pressed finger: a tap is a pointerdown and a pointerup on one element.
export function installRefresh() {
  document.addEventListener("pointerdown", function () { state.pressed = true; }, true);
  ["pointerup", "pointercancel"].forEach(function (type) {
    document.addEventListener(type, function () { state.pressed = false; }, true);
  });
}
