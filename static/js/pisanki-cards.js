// The Pisanki card pictures and brush words for the entry island (pisanki.js): a painted
// cell drawn as the deck's own picture when it is a whole card, else as a sketch; what the
// brush in hand paints, in words and small swatches. What a card is comes from the server
// (#p-cards, the tools' data).
(function () {
  "use strict";
  let cards = null;  // from the server (#p-cards): the card pictures' address and every card kind

  function entry() { return document.getElementById("p-entry"); }
  function deck() {
    const box = !cards && document.getElementById("p-cards");
    if (box) { const d = JSON.parse(box.textContent); cards = { base: d.base, kinds: new Set(d.kinds) }; }
    return cards || { base: "", kinds: new Set() };
  }
  // A painted cell as its picture's path; it is a whole card when the deck has that kind.
  function path(cell) {
    const fl = (cell.flowers || []).length ? cell.flowers.join("-") : "none";
    return cell.cloth + "/" + (cell.egg || "none") + "/" + (cell.double ? 1 : 0) + "/" + fl;
  }
  function whole(cell) { return !!(cell && cell.cloth) && deck().kinds.has(path(cell)); }
  function empty(cell) { return !cell || Object.keys(cell).length === 0; }
  // What the server says of a cloth's cards (data-double-egg: they are double eggs, the text
  // says why they take no flowers).
  function doubleEgg(cloth) {
    const e = entry();
    const tool = cloth && e && e.querySelector('.tool[data-kind="cloth"][data-value="' + cloth + '"]');
    return tool ? tool.dataset.doubleEgg || "" : "";
  }

  function eggSvg(egg, cx, cy, rx, ry) {
    return '<ellipse class="egg-' + egg + '" cx="' + cx + '" cy="' + cy + '" rx="' + rx + '" ry="' + ry +
      '" stroke="#222" stroke-width="1.2"/>' +
      '<path d="M' + (cx - rx + 1) + ' ' + cy + ' l' + (rx / 2) + ' -3 l' + (rx / 2) + ' 3 l' + (rx / 2) +
      ' -3 l' + (rx / 2) + ' 3" stroke="#fff" stroke-width="1.6" fill="none"/>';
  }
  function flowerSvg(kind, cx, cy) {
    let s = "";
    for (let i = 0; i < 5; i++) {
      const a = (i * 72) * Math.PI / 180;
      s += '<circle cx="' + (cx + 4 * Math.cos(a)).toFixed(1) + '" cy="' + (cy + 4 * Math.sin(a)).toFixed(1) +
        '" r="3" class="flower-' + kind + '" stroke="#333" stroke-width=".5"/>';
    }
    return s + '<circle cx="' + cx + '" cy="' + cy + '" r="2" fill="#fff3b0"/>';
  }

  // One card picture: the cloth pattern, the egg (or two), the flowers in the top corners.
  function cardSvg(cell) {
    let body;
    if (empty(cell)) {
      body = '<rect x="2" y="2" width="56" height="80" rx="6" fill="none" stroke="#999" stroke-dasharray="4 3"/>';
    } else if (cell.down) {
      return '<img class="pcard" alt="" src="' + deck().base + 'back.jpg">';
    } else if (whole(cell)) {
      // A whole card: the reference deck's own picture, as the camera sees it.
      return '<img class="pcard" alt="" src="' + deck().base + path(cell) + '.jpg">';
    } else {
      const cloth = cell.cloth ? "url(#pat-" + cell.cloth + ")" : "#fff";
      const fill = cell.cloth === "neutral" ? "#d8be96" : cloth;
      body = '<rect x="1" y="1" width="58" height="82" rx="6" fill="' + fill + '" stroke="#444" stroke-width="1.5"/>';
      body += '<rect x="12" y="20" width="36" height="50" rx="18" fill="#fffdf6" opacity=".85"/>';
      if (cell.egg) {
        if (cell.double) body += eggSvg(cell.egg, 22, 47, 9, 13) + eggSvg(cell.egg, 38, 47, 9, 13);
        else body += eggSvg(cell.egg, 30, 46, 12, 17);
      }
      (cell.flowers || []).forEach(function (f, i) { body += flowerSvg(f, i ? 48 : 12, 12); });
      // Not a card yet: the cell's title (from the server) says what it lacks.
      body += '<text x="30" y="80" font-size="12" text-anchor="middle" fill="#b00">?</text>';
    }
    return '<svg viewBox="0 0 60 84" class="pcard" aria-hidden="true">' + body + "</svg>";
  }

  // What a tap paints, always in view under the grid: a small card of the brush and words.
  function brushWords(b) {
    if (b.tool) return { down: t("turn the card face down (tap again: face up)"), copy: t("copy the card on its left"),
                         erase: t("erase the cell") }[b.tool];
    const parts = [];
    const CLOTHS = { checked: t("checked cloth"), striped: t("striped cloth"), dotted: t("dotted cloth") };
    const EGGS = { purple: t("purple egg"), red: t("red egg"), orange: t("orange egg"), yellow: t("yellow egg"),
                   green: t("green egg"), blue: t("blue egg") };
    const FLOWERS = { blue: t("blue flower"), pink: t("pink flower"), purple: t("purple flower"), yellow: t("yellow flower") };
    const two = doubleEgg(b.cloth);
    if (b.cloth) parts.push(two ? t("neutral cloth (a double egg)") : CLOTHS[b.cloth] || b.cloth);
    if (b.egg) {
      const egg = EGGS[b.egg] || b.egg;
      parts.push(b.egg === "none" ? t("no egg") : (two ? t("double %(egg)s", { egg: egg }) : egg));
    }
    if (b.flower) {
      const f = FLOWERS[b.flower] || b.flower;
      parts.push(b.two ? t("2 × %(flower)s", { flower: f }) : t("%(flower)s (tap again for 2)", { flower: f }));
    }
    return parts.join(" + ");
  }
  // `at`: the card being entered card by card (its parts go straight on it), else null.
  function showBrush(b, at) {
    const box = document.getElementById("p-brush");
    if (!box) return;
    const words = at ? t("Card %(cell)s: tap its cloth, egg, flowers; the next cloth or egg goes on to the next card.",
      { cell: at.name }) : brushWords(b);
    const what = box.querySelector(".p-brush-what");
    const pic = box.querySelector(".p-brush-card");
    const clear = box.querySelector(".p-brush-clear");
    what.textContent = words || t("Tap a card, then its cloth and egg; or pick a brush first.");
    clear.hidden = !words;
    let pic_ = "";
    if (at) b = {};
    if (b.tool) pic_ = '<span class="swatch ' + (b.tool === "down" ? "back" : b.tool) + '"></span>';
    if (b.cloth) pic_ += '<span class="swatch cloth-' + b.cloth + '"></span>';
    if (b.egg) {
      const dot = '<span class="egg-dot egg-' + b.egg + '"></span>';
      pic_ += doubleEgg(b.cloth) && b.egg !== "none" ? dot + dot : dot;
    }
    if (b.flower) pic_ += ('<span class="flower-dot flower-' + b.flower + '"></span>').repeat(b.two ? 2 : 1);
    pic.innerHTML = pic_;
  }

  window.pisankiCards = { cardSvg: cardSvg, whole: whole, empty: empty, doubleEgg: doubleEgg, showBrush: showBrush };
})();
