// The Liski countdown island. The server owns the timer: it sends ends_at on its own clock;
// this phone counts down locally with the clock offset measured by live.js, and plays the
// cues (warning, last-5-second ticks, alarm with flash and vibration). No request per second.
(function () {
  "use strict";
  let audio = null;
  let wakeLock = null;
  const done = new Set();          // cues already played, keyed by run and cue
  let expiredRefresh = "";

  function el() { return document.getElementById("timer"); }
  function clockNow() { return Date.now() + (window.tableClock ? window.tableClock.offsetMs : 0); }

  function read(e) {
    return {
      status: e.dataset.status,
      endsAt: Number(e.dataset.endsAt) || null,
      remaining: Number(e.dataset.remaining) || 0,
      duration: Number(e.dataset.duration) || 0,
      warn: Number(e.dataset.warn) || 10000,
      run: e.dataset.run,
    };
  }

  function fmt(ms) {
    const s = Math.ceil(Math.max(0, ms) / 1000);
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function beep(freq, ms, volume) {
    if (!audio) return false;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    osc.type = "square";
    gain.gain.value = volume || 0.2;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + ms / 1000);
    return true;
  }

  function alarm() {
    [0, 350, 700, 1050].forEach(function (d) { setTimeout(function () { beep(880, 250, 0.35); }, d); });
    if (navigator.vibrate) navigator.vibrate([400, 150, 400, 150, 600]);
    let flash = document.getElementById("flash");
    if (!flash) {
      flash = document.createElement("div");
      flash.id = "flash";
      flash.className = "flash-overlay";
      flash.textContent = "Time is up!";
      flash.addEventListener("click", function () { flash.hidden = true; });
      document.body.appendChild(flash);
    }
    flash.hidden = false;
    setTimeout(function () { flash.hidden = true; }, 4000);
  }

  // Play a cue once per run, and only if its moment is now (a phone that opens the page
  // mid-countdown does not replay cues from the past).
  function cue(key, lateBy, fn) {
    if (done.has(key)) return;
    done.add(key);
    if (lateBy < 1500) fn();
  }

  async function wake(on) {
    if (!("wakeLock" in navigator)) return;
    try {
      if (on && !wakeLock) {
        wakeLock = await navigator.wakeLock.request("screen");
        wakeLock.addEventListener("release", function () { wakeLock = null; });
      } else if (!on && wakeLock) {
        await wakeLock.release();
        wakeLock = null;
      }
    } catch (e) { /* refused (battery saver, not visible): the note says so */ }
  }

  function tick() {
    const e = el();
    if (!e) return;
    const t = read(e);
    const display = e.querySelector(".countdown");
    let rem = t.remaining;
    let status = t.status;
    if (status === "running" && t.endsAt) {
      rem = Math.max(0, t.endsAt - clockNow());
      if (rem === 0) status = "expired";
    }
    display.textContent = fmt(rem);
    e.classList.toggle("warn", status === "running" && rem <= t.warn);
    e.classList.toggle("last5", status === "running" && rem <= 5000);
    e.classList.toggle("expired", status === "expired");
    if (status === "running") {
      const elapsedSince = function (msLeft) { return msLeft - rem; };
      if (rem <= t.warn) cue(t.run + ":warn", elapsedSince(t.warn), function () { beep(660, 300, 0.3); if (navigator.vibrate) navigator.vibrate(200); });
      const s = Math.ceil(rem / 1000);
      if (s >= 1 && s <= 5) cue(t.run + ":tick" + s, elapsedSince(s * 1000), function () { beep(1000, 80, 0.2); });
    }
    if (status === "expired" && t.endsAt) {
      cue(t.run + ":end", clockNow() - t.endsAt, alarm);
      if (expiredRefresh !== t.run && t.status === "running") {
        // The server shows the problems phase once time is up: fetch the fresh board.
        expiredRefresh = t.run;
        const m = document.getElementById("table-main");
        if (m) setTimeout(function () { window.interact.refresh(); }, 400);
      }
    }
    wake(status === "running");
  }

  function capabilities() {
    const parts = [];
    parts.push(audio && audio.state === "running" ? "Sound: on" : "Sound: tap Sound check");
    parts.push("vibrate" in navigator ? "Vibration: yes" : "Vibration: not on this phone");
    parts.push("wakeLock" in navigator ? "Screen stays awake while the timer runs"
      : "This browser cannot keep the screen awake: set a longer screen timeout");
    const c = document.getElementById("capabilities");
    if (c) c.textContent = parts.join(" · ");
  }

  document.addEventListener("click", function (ev) {
    if (!audio) {
      // Phones only allow sound after a tap: the first tap anywhere unlocks it.
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (Ctx) audio = new Ctx();
    }
    if (audio && audio.state === "suspended") audio.resume();
    if (ev.target && ev.target.id === "sound-check") {
      beep(660, 200, 0.3);
      setTimeout(function () { beep(880, 200, 0.3); }, 250);
      if (navigator.vibrate) navigator.vibrate(150);
      setTimeout(capabilities, 50);
    }
  }, true);

  document.addEventListener("table:poll", function (ev) {
    // Initial clock estimate from the page until live.js has a measured one.
    if (window.tableClock && window.tableClock.rttMs === null) {
      const e = el();
      if (e) window.tableClock.offsetMs = Number(e.dataset.serverMs) - Date.now();
    }
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { wakeLock = null; tick(); }
  });
  (function firstOffset() {
    const e = el();
    if (e && window.tableClock && window.tableClock.rttMs === null) {
      window.tableClock.offsetMs = Number(e.dataset.serverMs) - Date.now();
    }
  })();
  setInterval(tick, 100);
  tick();
  capabilities();
})();
