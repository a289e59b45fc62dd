"""Issue 15: the home page lists only the tables this phone has joined (kept in its browser)."""

from __future__ import annotations

import re

from tests.browser.conftest import expect, shot


def test_home_lists_only_this_phones_tables(live_server, new_phone):
    a = new_phone()
    errors: list[str] = []
    a.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    a.goto(live_server + "/")
    expect(a.locator("#my-tables-none")).to_be_visible()
    a.get_by_role("button", name=re.compile("Okoshki")).click()
    expect(a).to_have_url(re.compile(r"/t/[A-Z0-9]{8}$"))
    code = a.url.rsplit("/", 1)[-1]
    pretty = f"{code[:4]}-{code[4:]}"
    # The table page records itself once its deferred scripts have run (before
    # DOMContentLoaded); the URL changes earlier, and under load a tab opened at that moment
    # found nothing recorded yet (the failure of 2026-12-06: one full suite run in two here).
    a.wait_for_load_state("domcontentloaded")

    # The same phone (same browser storage) opens the home page again. [A new tab: going back
    # from a table page with page.goto(..., "load") times out on main too, whatever this adds.]
    a = a.context.new_page()
    a.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    a.goto(live_server + "/")
    link = a.locator("#my-tables a")
    expect(link).to_have_count(1)
    expect(link).to_contain_text(pretty)
    expect(link).to_contain_text("Okoshki")
    expect(a.locator("#my-tables-none")).to_be_hidden()
    link.scroll_into_view_if_needed()
    shot(a, "home-my-tables")
    link.click()
    expect(a).to_have_url(re.compile(f"/t/{code}$"))

    b = new_phone()  # another phone sees no code of a table it never opened
    b.goto(live_server + "/")
    expect(b.locator("#my-tables-none")).to_be_visible()
    expect(b.locator("#my-tables a")).to_have_count(0)
    assert code not in b.content()
    assert errors == []
