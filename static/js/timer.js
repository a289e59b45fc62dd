// The Liski countdown island. The server owns the timer: it sends ends_at on its own clock;
// this phone counts down locally with the clock offset measured by clock.js, and plays the
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
      flash.textContent = t("Time is up!");
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

  // Keeping the screen awake. The Screen Wake Lock API exists only in secure contexts
  // (HTTPS, localhost); a phone on http://192.168.x.y gets the long-known fallback instead:
  // a tiny muted, looping, inline video, started from a tap, keeps the screen on while it plays.
  const awake = { method: ("wakeLock" in navigator && window.isSecureContext) ? "wake lock" : "video",
                  active: false, video: null, failed: false, tapAt: 0 };
  window.liskiAwake = awake;
  let wakeBusy = false;

  function awakeVideo() {
    if (awake.video) return awake.video;
    const v = document.createElement("video");
    v.className = "nosleep";
    v.muted = v.loop = true;
    ["muted", "playsinline"].forEach(function (a) { v.setAttribute(a, ""); });
    v.setAttribute("aria-hidden", "true");
    const base = (document.getElementById("timer") || {}).dataset || {};
    [["webm", base.nosleepWebm], ["mp4", base.nosleepMp4]].forEach(function (p) {
      if (!p[1]) return;
      v.appendChild(Object.assign(document.createElement("source"), { src: p[1], type: "video/" + p[0] }));
    });
    document.body.appendChild(v);
    awake.video = v;
    return v;
  }

  // Must run inside a tap (browsers start a video with no tap only when muted, and some not
  // even then): the Start / Resume buttons and "Keep this screen on" call it.
  function awakeFromTap() {
    if (awake.method !== "video") return wake(true);
    awake.tapAt = Date.now();
    const v = awakeVideo();
    const p = v.play();
    if (p && p.then) {
      p.then(function () { awake.active = true; awake.failed = false; bar(); })
        .catch(function () { awake.active = false; awake.failed = true; bar(); });
    }
  }

  async function wake(on) {
    if (awake.method === "video") {
      // A tap starts the video before the server has answered: keep it a while, then stop
      // it once the timer is neither running nor paused.
      const v = awake.video;
      if (!on && v && !v.paused && Date.now() - awake.tapAt > 8000) v.pause();
      awake.active = !!(v && !v.paused);
      return;
    }
    if (wakeBusy) return;
    wakeBusy = true;
    try {
      if (on && !wakeLock) {
        wakeLock = await navigator.wakeLock.request("screen");
        awake.active = true;
        wakeLock.addEventListener("release", function () { wakeLock = null; awake.active = false; });
      } else if (!on && wakeLock) {
        await wakeLock.release();
        wakeLock = null;
        awake.active = false;
      }
    } catch (e) { awake.failed = true; /* refused (battery saver, not visible) */ }
    wakeBusy = false;
  }

  // The slim bar (and the table view) follow the timer while it runs or is paused.
  function bar() {
    const e = el();
    const b = document.getElementById("lbar");
    const live = !!e && (e.dataset.status === "running" || e.dataset.status === "paused");
    if (!b) return;
    const keep = b.querySelector(".keep-on");
    if (keep) keep.hidden = !live || awake.active || awake.method !== "video";
  }

  function tableView(open) {
    let v = document.getElementById("tableview");
    if (!open) {
      if (v) v.hidden = true;
      if (document.fullscreenElement && document.exitFullscreen) document.exitFullscreen().catch(function () {});
      return;
    }
    if (!v) {
      v = document.createElement("div");
      v.id = "tableview";
      v.className = "tableview";
      v.setAttribute("role", "dialog");
      v.innerHTML = '<p class="tv-phase"></p><div class="tv-time" role="timer"></div>' +
        '<div class="tv-buttons"><button class="btn tv-pause" type="button"></button>' +
        '<button class="btn tv-close" type="button"></button></div>';
      v.querySelector(".tv-close").textContent = "× " + t("Close");
      v.querySelector(".tv-close").setAttribute("aria-label", t("Close the table view"));
      v.setAttribute("aria-label", t("Table view"));
      document.body.appendChild(v);
      let armed = 0;
      v.querySelector(".tv-pause").addEventListener("click", function (ev) {
        // Tap-safe: the first tap arms, a second tap within 3 s pauses (or resumes).
        const btn = ev.currentTarget;
        const e = el();
        const want = e && e.dataset.status === "paused" ? "timer.resume" : "timer.pause";
        if (Date.now() - armed > 3000) {
          armed = Date.now();
          btn.classList.add("armed");
          btn.textContent = want === "timer.pause" ? t("Tap again to pause") : t("Tap again to resume");
          return;
        }
        armed = 0;
        btn.classList.remove("armed");
        const f = document.querySelector('#timer form input[name=op][value="' + want + '"]');
        if (f) f.form.requestSubmit();
      });
      v.querySelector(".tv-close").addEventListener("click", function () { tableView(false); });
    }
    v.hidden = false;
    if (v.requestFullscreen) v.requestFullscreen().catch(function () {});
    tick();
  }

  function tick() {
    const e = el();
    if (!e) return;
    const tm = read(e);
    const display = e.querySelector(".countdown");
    let rem = tm.remaining;
    let status = tm.status;
    if (status === "running" && tm.endsAt) {
      rem = Math.max(0, tm.endsAt - clockNow());
      if (rem === 0) status = "expired";
    }
    display.textContent = fmt(rem);
    const small = document.querySelector("#lbar .lbar-time");
    if (small) small.textContent = fmt(rem);
    const tv = document.getElementById("tableview");
    if (tv && !tv.hidden) {
      tv.querySelector(".tv-time").textContent = fmt(rem);
      const ph = e.querySelector(".phase-name");
      tv.querySelector(".tv-phase").textContent = (ph ? ph.textContent : "") +
        (status === "paused" ? " · " + t("paused") : "");
      tv.classList.toggle("warn", status === "running" && rem <= tm.warn);
      tv.classList.toggle("expired", status === "expired");
      const pb = tv.querySelector(".tv-pause");
      if (!pb.classList.contains("armed")) pb.textContent = status === "paused" ? t("Resume") : t("Pause");
      pb.hidden = !(status === "running" || status === "paused");
    }
    e.classList.toggle("warn", status === "running" && rem <= tm.warn);
    e.classList.toggle("last5", status === "running" && rem <= 5000);
    e.classList.toggle("expired", status === "expired");
    if (status === "running") {
      const elapsedSince = function (msLeft) { return msLeft - rem; };
      if (rem <= tm.warn) cue(tm.run + ":warn", elapsedSince(tm.warn), function () { beep(660, 300, 0.3); if (navigator.vibrate) navigator.vibrate(200); });
      const s = Math.ceil(rem / 1000);
      if (s >= 1 && s <= 5) cue(tm.run + ":tick" + s, elapsedSince(s * 1000), function () { beep(1000, 80, 0.2); });
    }
    if (status === "expired" && tm.endsAt) {
      cue(tm.run + ":end", clockNow() - tm.endsAt, alarm);
      if (expiredRefresh !== tm.run && tm.status === "running") {
        // The server shows the problems phase once time is up: fetch the fresh board.
        expiredRefresh = tm.run;
        const m = document.getElementById("table-main");
        if (m) setTimeout(function () { window.interact.refresh(); }, 400);
      }
    }
    wake(status === "running" || status === "paused");
    bar();
    return status === "running" ? rem : 0;
  }
  function capabilities() {
    const parts = [];
    // An iPhone's silent switch mutes Web Audio unless the audio session plays (iOS 16.4+).
    const muted = !navigator.audioSession && /iPhone|iPad|iPod/.test(navigator.userAgent);
    parts.push(!(audio && audio.state === "running") ? t("Sound: tap Sound check")
      : muted ? t("Sound: on, but the silent switch mutes the alarm: turn it off") : t("Sound: on"));
    parts.push("vibrate" in navigator ? t("Vibration: yes") : t("Vibration: not on this phone"));
    let screen;
    if (awake.method === "wake lock") {
      screen = awake.failed ? t("Screen: the wake lock was refused (battery saver?): set a longer screen timeout")
        : t("Screen: kept awake by the wake lock while the timer runs");
    } else if (awake.failed || !document.createElement("video").canPlayType) {
      screen = t("Screen: this browser cannot keep it awake: set a longer screen timeout");
    } else {
      screen = t("Screen: kept awake by a silent video while the timer runs (no wake lock at this address)");
    }
    parts.push(screen);
    const c = document.getElementById("capabilities");
    if (c) { c.dataset.awake = awake.failed ? "none" : awake.method; c.textContent = parts.join(" · "); }
  }
  document.addEventListener("click", function (ev) {
    if (!audio) {
      // Phones only allow sound after a tap: the first tap anywhere unlocks it.
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (navigator.audioSession) navigator.audioSession.type = "playback";  // past the silent switch
      if (Ctx) audio = new Ctx();
    }
    if (audio && audio.state === "suspended") audio.resume();
    const hit = ev.target && ev.target.closest ? ev.target.closest("[data-awake], .keep-on, .tv-open") : null;
    if (hit && hit.classList.contains("tv-open")) tableView(true);
    else if (hit) awakeFromTap();
    if (ev.target && ev.target.id === "sound-check") {
      if (awake.method === "video" && !awake.video) {
        // Try the video once, so the note says whether it works on this phone.
        awakeFromTap();
        awake.tapAt = Date.now() - 7000;  // only a trial: tick() stops it in 1 s unless the timer runs
      }
      beep(660, 200, 0.3);
      setTimeout(function () { beep(880, 200, 0.3); }, 250);
      if (navigator.vibrate) navigator.vibrate(150);
      setTimeout(capabilities, 50);
      setTimeout(capabilities, 600);
    }
  }, true);

  document.addEventListener("interact:swapped", capabilities);  // the note is the island's own
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { wakeLock = null; tick(); }
  });
  // Each phone turns the second when the server's clock does (static/js/clock.js): ticks at most
  // 100 ms apart, and the one before a turn wakes a few ms early and waits out the rest on the
  // clock itself, since a timer on a busy phone fires late and the same second should show on
  // every phone at once (a few ms of waiting, once a second, only while the timer runs).
  const EARLY_MS = 6;
  (function loop() {
    const running = tick() > 0;
    const e = el();
    const endsAt = running && e ? Number(e.dataset.endsAt) : 0;
    const rem = endsAt ? endsAt - clockNow() : 0;
    if (rem <= 0 || rem % 1000 >= 100) { setTimeout(loop, 100); return; }
    const turnAt = endsAt - Math.floor(rem / 1000) * 1000;  // where the shown second changes
    setTimeout(function () {
      const stop = performance.now() + 20;
      while (clockNow() < turnAt && performance.now() < stop) { /* the last few ms */ }
      loop();
    }, Math.max(0, rem % 1000 - EARLY_MS));
  })();
  capabilities();
})();
