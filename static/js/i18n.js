// The JS islands' words, from the same gettext catalogue as the pages: the server renders the
// phone's strings into <script type="application/json" id="i18n-strings"> (CSP: no inline code).
// t("English text", {name: x}) and tn("%(num)s crown", "%(num)s crowns", n) are found by
// `make i18n` (pybabel) and by assistant/web/i18n.py, so a new string needs nothing else.
(function () {
  "use strict";
  let data = { lang: "en", s: {}, p: {} };
  const el = document.getElementById("i18n-strings");
  if (el) {
    try { data = JSON.parse(el.textContent); } catch (e) { /* keep English */ }
  }

  function fill(text, params) {
    if (!params) return text;
    return text.replace(/%\((\w+)\)[sd]/g, function (m, k) {
      return params[k] === undefined ? m : String(params[k]);
    });
  }

  // Which plural form: gettext's rule for Polish (1 / 2–4 but not 12–14 / the rest), else English.
  function pluralIndex(n) {
    if (data.lang === "pl") {
      if (n === 1) return 0;
      const d = n % 10, h = n % 100;
      return d >= 2 && d <= 4 && (h < 12 || h > 14) ? 1 : 2;
    }
    return n === 1 ? 0 : 1;
  }

  window.t = function (msgid, params) {
    return fill(data.s[msgid] || msgid, params);
  };
  window.tn = function (singular, plural, n, params) {
    const forms = data.p[singular];
    const all = Object.assign({ num: n }, params || {});
    if (forms) return fill(forms[Math.min(pluralIndex(n), forms.length - 1)], all);
    return fill(n === 1 ? singular : plural, all);
  };
  window.pageLang = data.lang;
  window.pluralIndex = pluralIndex;
})();
