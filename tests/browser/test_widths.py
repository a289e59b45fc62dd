"""No page is wider than the phone: five players with names at the length limit (24 letters)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import landed, shot

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
