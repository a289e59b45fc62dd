// The final screen's Share and Print: the Web Share API where the phone has it, else copy a
// short text (the Clipboard API, or a selected text field on plain http where it is missing).
(function () {
  "use strict";
  function toast(text) { if (window.appToast) window.appToast(text); }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; });
    }
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "copy-area";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return Promise.resolve(ok);
  }

  document.addEventListener("click", function (ev) {
    const share = ev.target.closest && ev.target.closest("#share");
    if (share) {
      const text = share.dataset.text, url = share.dataset.url;
      if (navigator.share) {
        navigator.share({ title: document.title, text: text, url: url }).catch(function () {});
        return;
      }
      copy(text + "\n" + url).then(function (ok) {
        share.dataset.copied = ok ? "1" : "0";
        toast(ok ? t("Result copied: paste it in a message.") : t("Copy this: %(text)s", { text: text + " " + url }));
      });
      return;
    }
    if (ev.target.closest && ev.target.closest("#print")) window.print();
  });
})();
