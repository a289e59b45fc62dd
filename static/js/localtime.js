// Dates and times in the phone's language and time zone: the server writes
// <time datetime="…Z" data-local="date|time"> with a UTC fallback; this formats it here.
(function () {
  "use strict";
  const STYLES = {
    date: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
    time: { day: "numeric", month: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit" },
  };
  function local(root) {
    const lang = document.documentElement.lang || undefined;
    root.querySelectorAll("time[data-local]").forEach(function (el) {
      const when = new Date(el.getAttribute("datetime"));
      if (isNaN(when)) return;
      const fmt = new Intl.DateTimeFormat(lang, STYLES[el.dataset.local] || STYLES.date);
      el.textContent = fmt.format(when);
      el.title = "";
    });
  }
  local(document);
  document.body.addEventListener("htmx:afterSettle", function (ev) { local(ev.target); });
})();
