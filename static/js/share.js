// The final screen's Share and Print: the Web Share API where the phone has it, else copy a
// short text (the Clipboard API, or a selected text field on plain http where it is missing).
// The two buttons come disabled and are enabled here: a tap before this script ran would
// have done nothing and said nothing (seen on a loaded machine as a lost "Share" tap).
(function () {
  "use strict";
  function toast(text) { if (window.appToast) window.appToast(text); }

  // The old way: select a text field and copy it; true when the browser says it copied.
  function copyBySelection(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "copy-area";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok;
  }

  // Resolves to whether the text was copied. The Clipboard API can refuse (no permission, the
  // page not focused): then the old way is tried, and the caller says the text if both fail.
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(
        function () { return true; },
        function () { return copyBySelection(text); });
    }
    return Promise.resolve(copyBySelection(text));
  }

  function share(button) {
    const text = button.dataset.text, url = button.dataset.url;
    if (navigator.share) {
      navigator.share({ title: document.title, text: text, url: url }).catch(function () {});
      return;
    }
    copy(text + "\n" + url).then(function (ok) {
      button.dataset.copied = ok ? "1" : "0";
      toast(ok ? t("Result copied: paste it in a message.") : t("Copy this: %(text)s", { text: text + " " + url }));
    });
  }

  document.addEventListener("click", function (ev) {
    if (!ev.target.closest) return;
    const button = ev.target.closest("#share");
    if (button) { share(button); return; }
    if (ev.target.closest("#print")) window.print();
  });
  ["share", "print"].forEach(function (id) {
    const button = document.getElementById(id);
    if (button) button.disabled = false;
  });
})();
