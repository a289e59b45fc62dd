"""No page is wider than the phone: five players with names at the length limit (24 letters)."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import expect, landed, shot

# 24 letters without a space: the longest name a table takes, and the hardest to wrap.
NAMES = ["Aleksandra" + "x" * 14, "Bartłomiej" + "y" * 14, "Christopher" + "z" * 13,
         "Dobrosława" + "w" * 14, "Emmanuelle" + "v" * 14]


@pytest.mark.parametrize("game", ["Pisanki", "Kitsune"])
def test_five_long_names_fit_the_phone(live_server, new_phone, game):
    page = new_phone()
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile(game)).first.click()
    expect(page.locator("#table-main")).to_be_visible()
    for i, name in enumerate(NAMES):
        box = page.get_by_label("New player's name")
        box.fill(name)
        if game == "Kitsune":
            page.get_by_label("New player's age").fill(str(9 + i))
        box.press("Enter")
        expect(page.locator("#table-main")).to_contain_text(name)
    for width in (360, 390, 412):
        page.set_viewport_size({"width": width, "height": 844})
        # A page wider than the phone widens the layout viewport: innerWidth says so at once.
        assert page.evaluate("window.innerWidth") == width, sticking_out(page, width)
        doc = page.evaluate("document.documentElement.scrollWidth")
        assert doc <= width, f"{game}: the page is {doc}px wide on a {width}px phone"
    shot(page, f"{game.lower()}-five-long-names-412")


def sticking_out(page, width):
    """The text that sticks out past the phone's edge (outside the inner scrollers)."""
    return page.evaluate("""(w) => { const out = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        let n;
        while ((n = walker.nextNode())) {
            const r = document.createRange();
            r.selectNodeContents(n);
            const right = r.getBoundingClientRect().right;
            const el = n.parentElement;
            if (right > w + 1 && !el.closest('.sheet-wrap, .p-tabs, .p-tname, .columns'))
                out.push(el.tagName + '.' + el.className + ': ' + n.textContent.trim().slice(0, 40));
        }
        return out.slice(0, 10); }""", width)


SLOTS = [f"egg:{e}" for e in ("purple", "red", "orange", "yellow", "green", "blue")] + [
    "flowers", "tablecloths", "display"]


def test_pisanki_sheet_with_five_long_names_shows_every_total(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Pisanki")).first.click()
    expect(page.locator("html[data-interact=ready]")).to_have_count(1)
    for i, name in enumerate(NAMES):
        box = page.get_by_label("New player's name")
        box.fill(name)
        box.press("Enter")
        expect(page.get_by_label(f"Name of player {i + 1}", exact=True)).to_have_value(name)
    # The nine scoring cards, through the page's own edit queue.
    page.evaluate("""async (slots) => {
        for (const slot of slots) await window.interact.post('pisanki.scoring', {slot: slot, number: 1});
    }""", SLOTS)
    sheet = page.locator("#p-sheet")
    expect(sheet.locator(".p-totals li")).to_have_count(5)
    for width in (360, 390, 412):
        page.set_viewport_size({"width": width, "height": 844})
        assert page.evaluate("window.innerWidth") == width, sticking_out(page, width)
        doc = page.evaluate("document.documentElement.scrollWidth")
        assert doc <= width, f"Pisanki with its sheet is {doc}px wide on a {width}px phone"
        # All five totals are in view across the phone, none cut (the summary above the sheet).
        for li in sheet.locator(".p-totals li").all():
            box = li.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
            expect(li.locator("strong")).to_have_text(re.compile(r"^-?\d+$"))
        wrap = sheet.locator(".sheet-wrap")
        scrolls = wrap.evaluate("w => w.scrollWidth > w.clientWidth")
        hint = sheet.locator(".scroll-hint")
        if scrolls:
            expect(hint).to_be_visible()
            # The first column stays while the sheet scrolls sideways.
            first = sheet.locator("tbody tr").first.locator("th")
            x0 = first.bounding_box()["x"]
            wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
            expect(wrap).to_have_class(re.compile("at-end"))
            assert abs(first.bounding_box()["x"] - x0) < 1
            wrap.evaluate("w => { w.scrollLeft = 0; }")
        else:
            expect(hint).to_be_hidden()
        print(f"\nPisanki sheet at {width}px: page {doc}px wide, sheet scrolls: {scrolls}")
        if width in (360, 390):
            sheet.scroll_into_view_if_needed()
            shot(page, f"pisanki-sheet-five-long-names-{width}")
    assert page.viewport_size["width"] == 412
    page.set_viewport_size({"width": 360, "height": 844})
    assert sheet.locator(".sheet-wrap").evaluate("w => w.scrollWidth > w.clientWidth"), \
        "five 24-letter names should not fit a 360px phone without scrolling"


def fits(page, what):
    """At 360, 390 and 412 px the page is no wider than the phone; back to 390 after."""
    for width in (360, 390, 412):
        page.set_viewport_size({"width": width, "height": 844})
        assert page.evaluate("window.innerWidth") == width, (what, sticking_out(page, width))
        doc = page.evaluate("document.documentElement.scrollWidth")
        assert doc <= width, f"{what}: the page is {doc}px wide on a {width}px phone"
    page.set_viewport_size({"width": 390, "height": 844})


def test_liski_with_five_long_named_puchaters_and_open_pickers_fits(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Liski")).click()
    expect(page.locator("html[data-interact=ready]")).to_have_count(1)
    setup = page.locator("details.lsetup")
    for name, symbol in zip(NAMES, ("crown", "flower", "pot", "boat", "leaf"), strict=True):
        another = setup.locator("details", has_text="Another puchater")
        if another.get_attribute("open") is None:
            another.locator("summary").click()
        form = another.locator("form")
        form.get_by_label("Puchater's name").fill(name)
        form.locator(f"label.symopt:has(input[value={symbol}])").click()
        landed(page, form.get_by_role("button", name="Add").click)
        expect(setup).to_contain_text(name)
    fits(page, "Liski set-up with five long names")
    landed(page, lambda: setup.get_by_role("button", name="Zmarzlin (15)").click())
    landed(page, lambda: page.get_by_role("button", name=re.compile("^Set up")).click())
    fits(page, "Liski board")
    page.locator("#col-0 button.pick").first.click()
    expect(page.locator("#sheet-card")).to_be_visible()
    fits(page, "Liski board with the card picker open")
    page.locator("#sheet-card .sheet-close").first.click()
    page.locator("details.ability summary").first.click()
    fits(page, "Liski board with a puchater's abilities open")
    shot(page, "liski-five-long-names-390")


# -- Issue 26: 360 px in Polish, finished games in the history, long names that break ----------

SHY = "\u00ad"
SMALL = {"width": 360, "height": 740}


@pytest.fixture
def app_server(tmp_path):
    """A live server and its app, so a test can lay tables straight into the store."""
    from assistant import create_app
    from tests.browser.conftest import serve

    app = create_app({"SECRET_KEY": "browser", "DATABASE_URL": f"sqlite:///{tmp_path / 'b.db'}",
                      "POLL_MS": 300, "DECK_FOLDER": str(tmp_path / "deck")})
    for url, _push in serve(app):
        yield url, app


def polish_360(browser):
    """A Polish phone 360 px wide."""
    from tests.browser.test_polish import polish_phone

    ctx, page = polish_phone(browser)
    page.set_viewport_size(SMALL)
    return ctx, page


def long_tables(app):
    """A table of every game with names at the length limit: {game: code}."""
    from tests.web.test_results import play

    symbols = ("crown", "flower", "pot", "boat", "leaf")
    return {
        "pisanki": play(app, "pisanki", [("players.add", {"name": n}) for n in NAMES]),
        "kitsune": play(app, "kitsune", [("players.add", {"name": n, "age": 20 + i})
                                         for i, n in enumerate(NAMES)]),
        "okoshki": play(app, "okoshki", [("players.rename", {"index": i, "name": n})
                                         for i, n in enumerate(NAMES[:2])]),
        "liski": play(app, "liski", [("board.puchater.add", {"name": n, "symbol": s})
                                     for n, s in zip(NAMES, symbols, strict=True)]
                      + [("board.setup", {})]),
    }


def finished_tables(app):
    """A finished game of every game, some with names at the length limit: [code]."""
    from tests.web.test_results import kitsune_ops, liski_ops, okoshki_ops, pisanki_ops, play

    rename = [("players.rename", {"index": i, "name": n}) for i, n in enumerate(NAMES[:2])]
    okoshki = okoshki_ops([0, 0, 1, 0, 0, 0])[2:]  # the rounds, without renaming to Ola / Jan
    long_kitsune = [(op, dict(d, name=NAMES[i]) if op == "players.add" else d)
                    for i, (op, d) in enumerate(kitsune_ops())]
    return [play(app, "pisanki", pisanki_ops()), play(app, "okoshki", rename + okoshki),
            play(app, "okoshki", okoshki_ops([0, 1, 0, 1, 0, 1, 1])), play(app, "kitsune", kitsune_ops()),
            play(app, "kitsune", long_kitsune), play(app, "liski", liski_ops(lose=True))]


def mid_word_breaks(page) -> list[str]:
    """Words the page breaks across two lines with no hyphen shown (visible text only)."""
    return page.evaluate("""() => { const bad = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const r = document.createRange();
        let n;
        while ((n = walker.nextNode())) {
            const t = n.textContent;
            if (t.trim().length < 2 || !n.parentElement.getClientRects().length) continue;
            let prevTop = null, prev = null;
            for (let i = 0; i < t.length; i++) {
                r.setStart(n, i); r.setEnd(n, i + 1);
                const rects = r.getClientRects();
                if (!rects.length) continue;
                const top = rects[rects.length - 1].top;
                // A new line between two letters, not after a soft hyphen or a printed one.
                if (prevTop !== null && top > prevTop + 2 && /[\\p{L}\\p{N}]/u.test(prev)
                        && /[\\p{L}\\p{N}]/u.test(t[i]))
                    bad.push(n.parentElement.tagName + '.' + n.parentElement.className + ': '
                             + t.slice(Math.max(0, i - 12), i) + '|' + t.slice(i, i + 12));
                prevTop = top; prev = t[i];
            }
        }
        return bad.slice(0, 10); }""")


def no_overflow(page, what):
    """Not wider than the phone, and no word broken without a hyphen."""
    width = page.viewport_size["width"]
    assert page.evaluate("window.innerWidth") == width, (what, sticking_out(page, width))
    doc = page.evaluate("document.documentElement.scrollWidth")
    assert doc <= width, f"{what}: the page is {doc}px wide on a {width}px phone"
    assert not mid_word_breaks(page), (what, mid_word_breaks(page))


def test_history_with_finished_games_of_every_game_fits_360(app_server, browser):
    url, app = app_server
    finished_tables(app)
    ctx, page = polish_360(browser)
    page.goto(url + "/history?lang=pl")
    expect(page.locator(".history-link")).to_have_count(6)
    expect(page.locator("#tallies")).to_contain_text("Według gry")
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 740})
        no_overflow(page, f"history at {width}")
        # Every tally and the "By game" heading are in view.
        for el in page.locator("#tallies th, #tallies .tally").all():
            box = el.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (el.inner_text(), box)
        page.screenshot(path=str(shot(page, f"pl-history-{width}")), full_page=True)
    ctx.close()


@pytest.mark.parametrize("game", ["pisanki", "kitsune", "okoshki", "liski"])
def test_every_game_with_24_letter_names_fits_360_in_polish(app_server, browser, game):
    url, app = app_server
    code = long_tables(app)[game]
    ctx, page = polish_360(browser)
    page.goto(f"{url}/t/{code}?lang=pl")
    expect(page.locator("html[data-interact=ready]")).to_have_count(1)
    no_overflow(page, game)
    page.screenshot(path=str(shot(page, f"pl-{game}-long-names-360")), full_page=True)
    page.goto(f"{url}/t/{code}/final")
    no_overflow(page, f"{game} final")
    ctx.close()


def test_a_long_name_breaks_with_a_hyphen_and_copies_without_one(app_server, browser):
    url, app = app_server
    code = long_tables(app)["okoshki"]
    ctx, page = polish_360(browser)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"{url}/t/{code}?lang=pl")
    expect(page.locator("html[data-interact=ready]")).to_have_count(1)
    head = page.locator("#zone-0 h2")
    # The name is too long for one line at 360 px: it breaks, and the break shows a hyphen.
    assert head.evaluate("h => h.getClientRects().length && h.offsetHeight > 1.5 * "
                         "parseFloat(getComputedStyle(h).lineHeight || 20)"), head.bounding_box()
    assert SHY in head.text_content() and head.text_content().replace(SHY, "") == NAMES[0]
    assert not mid_word_breaks(page)
    # What is stored and sent stays as typed: the name field, the share text, result.json.
    expect(page.get_by_label("Imię gracza 1", exact=True)).to_have_value(NAMES[0])
    assert SHY not in page.content().split("<body", 1)[0]
    data = page.request.get(f"{url}/t/{code}/result.json").json()
    assert [p["name"] for p in data["players"]] == NAMES[:2]
    # Copying the name from the page gives the name, not hidden hyphens.
    head.evaluate("""h => { const r = document.createRange(); r.selectNodeContents(h);
                     getSelection().removeAllRanges(); getSelection().addRange(r); }""")
    page.keyboard.press("Control+C")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.strip() == NAMES[0], repr(copied)
    ctx.close()


REAL = ["Aleksandra", "Bartłomiej", "Christopher", "Dobrosława", "Emmanuelle"]


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("names", [REAL, NAMES], ids=["real-names", "24-letter-names"])
def test_every_player_tab_in_view_at_360_with_five_players(app_server, browser, lang, names):
    url, app = app_server
    from tests.web.test_results import play

    code = play(app, "pisanki", [("players.add", {"name": n}) for n in names])
    ctx, page = polish_360(browser)
    for p in (0, 4):
        page.goto(f"{url}/t/{code}?lang={lang}&p={p}")
        expect(page.locator("html[data-interact=ready]")).to_have_count(1)
        tabs = page.locator(".p-tab")
        expect(tabs).to_have_count(5)
        # The page scrolls down to the tabs (only the page: the tab row keeps its own scroll).
        page.locator(".p-tabs").evaluate("n => n.scrollIntoView({block: 'center'})")
        for i, tab in enumerate(tabs.all()):
            box = tab.bounding_box()
            # On screen across the phone (no tab to scroll to), a finger-sized target ...
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (i, box)
            assert box["width"] >= 44 and box["height"] >= 44, (i, box)
            # ... that is what a tap at its middle hits (not cut by a scroller's edge) ...
            hit = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y)?.closest('.p-tab')",
                                [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
            assert hit, (i, box)
            # ... with its name and its count badge whole.
            badge = tab.locator(".p-miss").bounding_box()
            assert badge["x"] >= box["x"] and badge["x"] + badge["width"] <= box["x"] + box["width"]
            assert tab.evaluate("t => t.scrollWidth <= t.clientWidth"), (i, tab.inner_text())
        expect(tabs.nth(p)).to_have_class(re.compile(r"\bnow\b"))
        no_overflow(page, f"Pisanki tabs, player {p + 1}")
        # As cells are painted the badge counts down (pisanki.js) to hidden at 0: the tabs keep
        # their shape, so the grid under the finger stays put.
        grid_y = page.locator(".p-grid").bounding_box()["y"]
        for left in (9, 1, 0):
            page.evaluate("""(left) => { const b = document.querySelector('.p-tab.now .p-miss');
                b.textContent = String(left); b.hidden = left === 0; }""", left)
            assert page.locator(".p-grid").bounding_box()["y"] == grid_y, left
        shot(page, f"{lang}-pisanki-tabs-{len(names[0])}-360-p{p}")
    ctx.close()


def test_the_join_address_breaks_after_a_slash_never_in_the_code(tmp_path, browser):
    """A LAN address is too long for one line at 360 px: it breaks after a slash and the code
    stays whole (it used to break anywhere, so '…/t/46DWW4Q' + 'W' on the next line, depending
    on the code's letters)."""
    from assistant import create_app
    from tests.browser.conftest import serve

    app = create_app({"SECRET_KEY": "browser", "DATABASE_URL": f"sqlite:///{tmp_path / 'j.db'}",
                      "DECK_FOLDER": str(tmp_path / "deck"),
                      "PUBLIC_URL": "http://192.168.100.123:50000"})
    code = app.extensions["store"].create_table("pisanki").code
    for url, _push in serve(app):
        ctx, page = polish_360(browser)
        try:
            page.goto(f"{url}/t/{code}?lang=pl")
            page.locator("details.join summary").click()
            join = page.locator(".join-url")
            expect(join).to_have_text(f"http://192.168.100.123:50000/t/{code}")
            lines = join.evaluate("""el => { const r = document.createRange(), tops = [];
                for (const node of el.childNodes) {
                    if (node.nodeType !== 3) continue;
                    r.selectNodeContents(node);
                    const rects = [...r.getClientRects()];
                    tops.push([node.textContent, rects.length ? rects[0].top : null]);
                }
                return tops; }""")
            assert join.evaluate("el => el.getClientRects()[0].height") > 30  # two lines
            # The whole panel (its QR code first) is on the screen, not run off its left edge.
            for part in (".join-panel", ".join-panel .qr"):
                box = page.locator(part).bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= 360, (part, box)
            assert not mid_word_breaks(page), mid_word_breaks(page)
            # The code's own text node sits on one line, after the host's.
            code_node = [top for text, top in lines if text == code]
            host_node = [top for text, top in lines if text.startswith("192.168")]
            assert code_node and host_node and code_node[0] > host_node[0], lines
            shot(page, "pl-join-address-360")
        finally:
            ctx.close()
