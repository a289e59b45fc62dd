"""No page is wider than the phone: five players with names at the length limit (24 letters)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shot

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
        page.wait_for_function(f"window.innerWidth === {width}")
        doc = page.evaluate("document.documentElement.scrollWidth")
        assert doc <= width, f"{game}: the page is {doc}px wide on a {width}px phone"
    shot(page, f"{game.lower()}-five-long-names-412")
