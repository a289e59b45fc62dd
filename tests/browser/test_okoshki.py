"""An Okoshki round on a phone: Game on, a refused Stop, an allowed Stop, the final sheet."""

from __future__ import annotations

import re

from tests.browser.conftest import expect, landed, shot


def add(page, player_name, kind, times=1):
    for _ in range(times):
        btn = page.get_by_role("button", name=re.compile(f"^Add {kind} for {player_name}"))
        landed(page, btn.click)


def test_a_round_with_game_on_and_stop(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile("Okoshki")).click()
    zone0 = page.locator("#zone-0")
    add(page, "Player 1", "Owl", 3)
    expect(zone0.get_by_text("3 Owls")).to_be_visible()
    zone0.get_by_role("button", name="Game on").click()
    expect(page.get_by_text("×2 Game on")).to_be_visible()
    # Stop is refused until the score improves, and the page says why.
    expect(page.locator("#zone-0").get_by_role("button", name=re.compile("^Stop"))).to_be_disabled()
    expect(page.locator("#zone-0").get_by_text("you may stop only with more")).to_be_visible()
    shot(page, "okoshki-refused-stop")
    # A fourth owl does not exist: refused, with the reason.
    page.get_by_role("button", name=re.compile("^Add Owl for Player 1")).click()
    expect(page.get_by_text("The deck has only 3 such cards (Owl)")).to_be_visible()
    add(page, "Player 1", "Gray tabby cat", 3)
    stop = page.locator("#zone-0").get_by_role("button", name=re.compile("^Stop"))
    expect(stop).to_be_enabled()
    expect(stop).to_have_text("Stop · 20")
    shot(page, "okoshki-allowed-stop")
    stop.click()
    expect(page.get_by_text("Round 2 of 6")).to_be_visible()
    # Play out the rest as ties; Player 1 wins with the 20 points.
    for _ in range(5):
        landed(page, page.get_by_role("button", name="Hands empty: round tied").click)
    expect(page.get_by_text("Player 1 wins the game!")).to_be_visible()
    page.locator("#score-sheet").scroll_into_view_if_needed()
    shot(page, "okoshki-final-sheet")
