"""Issue #12 points 7-10 on the page: fear tokens as printed, steppers, correcting cards and
the library, the puchaters' own abilities."""

from __future__ import annotations

import re

from tests.browser.conftest import expect, landed, shot
from tests.browser.test_liski_board import choose, new_liski


def set_up(page, live_server, puchaters=("Lisi Mag", "Lisia Kapitanka")):
    new_liski(page, live_server, puchaters)
    landed(page, lambda: page.get_by_role("button", name=re.compile("^Set up")).click())


def reveal(page, col, kind, number=2, symbol=None):
    page.locator(f"#col-{col}").get_by_role("button", name=re.compile("^Reveal fear token")).first.click()
    sheet = page.locator("#sheet-fear")
    expect(sheet).to_be_visible()
    sheet.get_by_text(kind, exact=True).click()
    steps = number - 2
    for _ in range(abs(steps)):
        sheet.get_by_role("button", name="Number on the token: one " + ("more" if steps > 0 else "less")).click()
    if symbol:
        sheet.locator(f"label.symopt:has(input[name=symbol][value={symbol}])").click()
    landed(page, lambda: sheet.get_by_role("button", name="Reveal").click())


def test_both_rulebook_fear_examples_on_the_page(live_server, new_phone):
    page = new_phone()
    set_up(page, live_server)
    choose(page, 1, "Rozbity kubek 4")
    choose(page, 2, "Skołtunione futro 4")
    for col in (1, 2):
        landed(page, lambda col=col: page.locator(f"#col-{col}").get_by_role(
            "button", name=re.compile("^Add a fear token")).click())
    reveal(page, 1, "a symbol and a number", 2, "leaf")
    reveal(page, 2, "a symbol and a number", 2, "pot")
    # Rulebook: 4 in total incl. 1 crown and 2 leaves; 4 in total incl. 3 pots and 1 leaf.
    expect(page.locator("#col-1 .lneed")).to_have_text(re.compile(r"^needs 4"))
    expect(page.locator("#col-1 .lverdict")).to_have_text(
        "missing: 1 crown, 2 green leaves, 1 of any symbol")
    expect(page.locator("#col-2 .lneed")).to_have_text(re.compile(r"^needs 4"))
    expect(page.locator("#col-2 .lverdict")).to_have_text("missing: 3 purple pots, 1 green leaf")
    expect(page.locator("#col-2 .lneed [aria-label=pot]")).to_have_count(3)
    page.locator("#col-2").scroll_into_view_if_needed()
    shot(page, "liski-fear-symbol-token")
    # A number token adds to the total.
    choose(page, 3, "Skołtunione futro 4")
    landed(page, lambda: page.locator("#col-3").get_by_role(
        "button", name=re.compile("^Add a fear token")).click())
    reveal(page, 3, "a number (adds to the total)", 3)
    expect(page.locator("#col-3 .lneed")).to_have_text(re.compile(r"^needs 7"))


def test_steppers_refuse_a_total_below_the_symbols_and_cards_can_be_corrected(
        live_server, new_phone):
    page = new_phone()
    set_up(page, live_server)
    page.locator("#col-4 button.pick").first.click()
    sheet = page.locator("#sheet-card")
    sheet.get_by_label("Card name").fill("Mokra skarpeta")
    sheet.get_by_label("Total symbols").fill("1")
    plus = sheet.get_by_role("button", name="needs boat: one more")
    plus.click()
    plus.click()
    expect(sheet.get_by_role("textbox", name="needs boat")).to_have_value("2")
    shot(page, "liski-card-steppers")
    sheet.get_by_role("button", name="Save card").click()  # refused: no new version
    # Refusals show at the tapped control or in the toast (the interaction layer).
    expect(page.locator(".tap-msg, #toast").filter(has_text="smaller than its specific symbols (2)")).to_have_count(1)
    expect(page.locator("#col-4 button.pick")).to_have_count(1)  # nothing saved
    # Correct the number: the sheet came back open with what was entered.
    expect(sheet).to_be_visible()
    expect(sheet.get_by_label("Card name")).to_have_value("Mokra skarpeta")
    expect(sheet.get_by_role("textbox", name="needs boat")).to_have_value("2")
    sheet.get_by_label("Total symbols").fill("3")
    sheet.get_by_role("button", name="needs boat: one more").click()
    landed(page, lambda: sheet.get_by_role("button", name="Save card").click())
    expect(page.locator("#col-4 .lname")).to_have_text("Mokra skarpeta")
    expect(page.locator("#col-4 .lneed")).to_have_text(re.compile(r"^needs 3"))
    # Correct the placed card: tap it, change its number and transition symbols.
    page.locator("#col-4").get_by_role("button", name="Edit Mokra skarpeta on column 5").click()
    expect(sheet.get_by_label("Total symbols")).to_have_value("3")
    sheet.get_by_label("Total symbols").fill("5")
    sheet.locator("label.symopt:has(input[name='card.transition[]'][value=leaf])").click()
    landed(page, lambda: sheet.get_by_role("button", name="Save card").click())
    expect(page.locator("#col-4 .lneed")).to_have_text(re.compile(r"^needs 5"))
    expect(page.locator("#col-4 .lcard .trans [aria-label=leaf]")).to_have_count(1)

    # The library: the corrected card is there with 5; correct it again, then delete it.
    page.get_by_role("button", name=re.compile("^Card library")).click()
    sheet.get_by_role("button", name="Mokra skarpeta 5").click()
    expect(sheet.get_by_label("Total symbols")).to_have_value("5")
    sheet.get_by_label("Total symbols").fill("6")
    landed(page, lambda: sheet.get_by_role("button", name="Save card").click())
    page.get_by_role("button", name=re.compile("^Card library")).click()
    sheet.get_by_role("button", name="Mokra skarpeta 6").click()
    landed(page, lambda: sheet.get_by_role("button", name="Delete this card from the library").click())
    page.get_by_role("button", name=re.compile("^Card library")).click()
    expect(sheet.get_by_role("button", name=re.compile("^Mokra skarpeta"))).to_have_count(0)
    expect(sheet.get_by_role("button", name="Rozbity kubek 4")).to_be_visible()


def test_each_board_offers_its_own_abilities_and_setup_needs_a_puchater(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Liski")).click()
    # Set up is always in its place; without a puchater it says why it did nothing.
    page.get_by_role("button", name=re.compile("^Set up")).click()
    expect(page.get_by_text("Add at least one puchater first")).to_be_visible()
    setup = page.locator("details.lsetup")
    for name in ("Lisia Kapitanka", "Lisia Łotryni"):
        landed(page, lambda name=name: setup.get_by_role("button", name=re.compile(name)).click())
    landed(page, lambda: page.get_by_role("button", name=re.compile("^Set up")).click())
    choose(page, 0, "Pogryziony ołówek 3")
    expect(page.locator("#col-0 .marker")).to_have_text(["Kapitanka", "Łotryni"])
    for who in ("Lisia Kapitanka", "Lisia Łotryni"):
        landed(page, lambda who=who: page.get_by_role("button", name=f"One cheese more for {who}").click())
    page.get_by_text("Spend 1 cheese…").click()
    form = page.locator("form.abform").first
    offered = lambda: [o for o in form.locator("select[name=ability] option").all()  # noqa: E731
                       if not o.is_disabled()]
    assert [o.get_attribute("value") for o in offered()] == ["greykit", "fox3", "fox"]
    form.locator("select[name=puchater]").select_option(label="Lisia Łotryni")
    assert [o.get_attribute("value") for o in offered()] == ["cluster", "fox", "draw"]
    shot(page, "liski-abilities")
