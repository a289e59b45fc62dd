// The interaction layer's one state object: the queue, the versions and every flag the modules
// share live here and nowhere else (the modules hold constants and functions only).
export const GUARD_MS = 600;   // a button that changed meaning under the finger ignores a second tap
export const RETRY_MS = [500, 1000, 2000, 4000, 8000];

export const state = {
  // -- the queue (queue.js) --
  queue: [],              // edits not yet answered, oldest first (mirrored in localStorage)
  loadedKey: null,        // the localStorage key the queue was read from
  sending: false,         // the queue is on its way
  ackVersion: 0,          // the table version our last saved edit produced
  gen: 0,                 // bumps on every own edit: a refresh asked for before it is dropped
  sources: {},            // nonce -> the control that was tapped (this page only)
  waiters: {},            // nonce -> resolve() of an interact.post promise
  // -- live refresh (refresh.js) --
  refreshWanted: false,   // a refresh waits for the queue, a finger or a busy island
  refreshing: false,      // a refresh is on its way
  mustRefresh: false,     // asked for by this page: fetch even when it shows the newest version
  pollSaw: 0,             // the newest version the poll reported
  wholeNext: false,       // the next answer should be all of #table-main (not just changed regions)
  refreshLater: null,     // the timer of a postponed refresh
  pressed: false,         // a finger is down: never morph under it
  // -- the tap guard (guard.js) --
  lastClick: null,        // the last click: {t, x, y, target}
  accepted: null,         // the last tap that made an edit: {t, x, y, sig, guard, form}
  changed: new WeakMap(), // control -> when a swap changed its meaning
  // -- messages (toast.js) --
  toastTimer: null,
  pillTimer: null,        // shows the waiting pill only when a tap is not saved at once
};

export function main() { return document.getElementById("table-main"); }

export function csrf() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.content : "";
}
