// The Liski board's small helpers: − n + steppers (no typing a digit over a "0").
(function () {
  "use strict";
  document.addEventListener("click", function (ev) {
    const b = ev.target.closest && ev.target.closest("button[data-step]");
    if (!b) return;
    const input = b.parentElement.querySelector("input");
    const lo = Number(input.dataset.min || 0), hi = Number(input.dataset.max || 99);
    input.value = String(Math.min(hi, Math.max(lo, (Number(input.value) || 0) + Number(b.dataset.step))));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
})();
