"""The suite's own `expect` (conftest.py): Playwright's assertions asked in slices, never a
weaker or shorter check than Playwright's own."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SLICE_MS, expect

LATER = """(ms) => setTimeout(() => { document.getElementById('x').textContent = 'after'; }, ms)"""


def test_a_change_after_the_first_slice_is_still_seen(new_phone):
    page = new_phone()
    page.set_content("<p id=x>before</p>")
    page.evaluate(LATER, SLICE_MS + 600)  # well inside Playwright's 5 s, past the first slice
    expect(page.locator("#x")).to_have_text("after")
    page.set_content("<p id=x>before</p>")
    page.evaluate(LATER, SLICE_MS + 600)
    expect(page.locator("#x")).not_to_have_text("before", timeout=SLICE_MS * 2)


def test_no_time_limit_stays_no_time_limit(new_phone):
    page = new_phone()
    page.set_content("<p id=x>before</p>")
    page.evaluate(LATER, SLICE_MS + 600)
    expect(page.locator("#x")).to_have_text("after", timeout=0)  # Playwright's "wait for ever"


def test_an_assertion_that_never_holds_fails_naming_what_it_saw(new_phone):
    page = new_phone()
    page.set_content("<p id=x>before</p>")
    with pytest.raises(AssertionError, match="before") as failed:
        expect(page.locator("#x")).to_have_text("after", timeout=SLICE_MS + 500)
    assert any("slices" in note for note in getattr(failed.value, "__notes__", []))
    with pytest.raises(AssertionError):
        expect(page.locator("#x")).not_to_be_visible(timeout=500)


def test_an_assertion_without_a_timeout_is_playwrights_own(live_server, new_phone):
    page = new_phone()
    expect(page.request.get(live_server + "/")).to_be_ok()
    with pytest.raises(AssertionError):
        expect(page.request.get(live_server + "/no-such-page")).to_be_ok()
