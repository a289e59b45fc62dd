"""The interaction layer on phones: taps keep the player's place, live updates keep scroll and
open pickers, no tap is lost over a reload, errors say what they are, Start ignores a slip."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import expect, landed, new_version, shot
from tests.browser.test_liski_board import choose


def ready(page):
    """Wait until the page's scripts run (a tap before that is a plain form post) and its
    pictures are in (the first card pictures are drawn on the server; an edit sent meanwhile
    waits for a free connection)."""
    expect(page.locator("html[data-interact=ready]")).to_have_count(1, timeout=20000)
    page.wait_for_load_state("load", timeout=30000)


def open_game(page, live_server, game):
    page.goto(live_server + "/")
    page.get_by_role("button", name=re.compile(game)).click()
    expect(page.locator("#table-main")).to_be_visible()
    ready(page)


def add_players(page, *names):
    for name in names:
        page.get_by_label("New player's name").fill(name)
        if page.get_by_label("New player's age").count():
            page.get_by_label("New player's age").fill("10")
        landed(page, lambda: page.get_by_role("button", name="Add").click())


def liski_board(page):
    """Two puchaters, the nightmare, the board set up: six columns to swipe."""
    setup = page.locator("details.lsetup")
    for name in ("Lisi Mag", "Lisia Kapitanka"):
        landed(page, lambda name=name: setup.get_by_role("button", name=re.compile(
            "^\\+ .*" + name)).click())
    landed(page, lambda: setup.get_by_role("button", name="Zmarzlin (15)").click())
    landed(page, lambda: page.get_by_role("button", name=re.compile("^Set up")).click())


def tap_at_mid_page(page, button, name):
    """Scroll so that `button` sits mid-screen, tap it, and measure how far the page moved."""
    button.scroll_into_view_if_needed()
    page.evaluate("(b) => window.scrollBy(0, b.getBoundingClientRect().top - window.innerHeight / 2)",
                  button.element_handle())
    y0 = page.evaluate("window.scrollY")
    assert y0 > 200, f"{name}: the control is not below the top of the page"
    # What is under the finger: the tapped control, or what stands in its place afterwards.
    # (the control and its ancestors: when a picker closes, the column that held it).
    page.evaluate("""(b) => { window.__tapped = [];
        for (let e = b; e && e !== document.body; e = e.parentElement)
            window.__tapped.push([e, e.getBoundingClientRect().top]); }""", button.element_handle())
    landed(page, button.click)
    moved = page.evaluate("""() => { const c = window.__tapped.find(([e]) => e.isConnected);
        return Math.abs(c[0].getBoundingClientRect().top - c[1]); }""")
    scrolled = page.evaluate("window.scrollY") - y0
    print(f"\n{name}: tap at page y={y0:.0f}: the control moved {moved:.0f} px on screen"
          f" (page scrolled {scrolled:+.0f} px to keep it there)")
    assert moved < 40, f"{name}: the control moved {moved} px on screen"
    return moved


def test_a_tap_at_mid_page_keeps_the_page_still_on_every_game(live_server, new_phone):
    page = new_phone()
    # Okoshki: a card low on the page, then a refused one (the message shows in view).
    open_game(page, live_server, "Okoshki")
    card = page.get_by_role("button", name=re.compile("^Add Owl for Player 2"))
    tap_at_mid_page(page, card, "okoshki card")
    for _ in range(2):
        landed(page, card.click)
    card.click()
    expect(page.locator(".tap-msg, #toast").filter(has_text=re.compile("The deck has only 3 such cards"))).to_be_in_viewport()
    shot(page, "interact-okoshki-refusal")
    tap_at_mid_page(page, page.locator("#zone-1").get_by_role("button", name="Game on"), "okoshki game on")

    # Liski: a marker on a column and the timer's Start with the page scrolled.
    open_game(page, live_server, "Liski")
    liski_board(page)
    choose(page, 2, "Pogryziony ołówek 3")
    tap_at_mid_page(page, page.get_by_role("button", name="Add a fear token to column 3"),
                    "liski fear token")
    tap_at_mid_page(page, page.get_by_role("button", name="Marker of Lisi Mag on column 3"),
                    "liski marker")

    # Kitsune: a colour tap of the turn helper.
    open_game(page, live_server, "Kitsune")
    add_players(page, "Ala", "Bo", "Cyryl", "Dorota", "Ewa")
    tap_at_mid_page(page, page.get_by_role("button", name="Ewa: one red more"), "kitsune play area")

    # Pisanki: a scoring card chosen low on the page.
    open_game(page, live_server, "Pisanki")
    add_players(page, "Ala", "Olek")
    slot = page.locator("details.slot", has_text="Display").first
    slot.locator("summary").click()
    tap_at_mid_page(page, slot.get_by_role("button", name=re.compile("card 1:")), "pisanki scoring card")


def test_another_phones_edit_keeps_scroll_and_the_open_picker(live_server, new_phone):
    a = new_phone()
    open_game(a, live_server, "Liski")
    liski_board(a)
    b = new_phone()
    b.goto(a.url)
    ready(b)
    # Phone A swipes to column 4, opens its "+ Lay a card" picker and starts a card.
    choose(a, 3, "Pogryziony ołówek 3")
    col = a.locator("#col-3")
    col.get_by_role("button", name="+ Lay a card").click()
    expect(a.locator("#sheet-lay")).to_be_visible()
    a.locator("#sheet-lay form label.symopt:has(input[name='item.symbols[]'][value=crown])").click()
    # What phone A looks at: column 4's place on the screen and the columns' sideways scroll.
    look = "[document.querySelector('#col-3').getBoundingClientRect().top, document.querySelector('.columns').scrollLeft, window.scrollY]"
    before = a.evaluate(look)
    assert before[1] > 300
    full = len(a.evaluate("document.getElementById('table-main').outerHTML"))
    # Phone A's live refreshes bring only the regions that changed (assistant/web/regions.py).
    # (headers only: a body read in the event handler can fail once the page has dropped it)
    live: list[tuple[str, int]] = []
    a.on("response", lambda r: live.append((r.headers.get("x-regions-sent", ""),
                                            int(r.headers.get("content-length", "0"))))
         if r.url.endswith("/main") else None)
    # Phone B lays a fear token on column 1 and starts the timer.
    landed(b, lambda: b.get_by_role("button", name="Add a fear token to column 1").click())
    after_fear = b.locator("#table-main").get_attribute("data-version")
    expect(a.locator("#table-main")).to_have_attribute("data-version", after_fear, timeout=5000)
    landed(b, lambda: b.get_by_role("button", name="▶ Start").click())
    new_version(a, after_fear, timeout=5000)
    expect(a.locator("#timer")).to_have_attribute("data-status", "running", timeout=5000)
    after = a.evaluate(look)
    print(f"\nphone A [picker top on screen, columns scrollLeft, scrollY] before {before},"
          f" after another phone's edits {after}")
    assert abs(after[0] - before[0]) < 40 and abs(after[1] - before[1]) < 2
    expect(a.locator("#sheet-lay")).to_be_visible()
    expect(a.locator("#sheet-lay input[name='item.symbols[]'][value=crown]")).to_be_checked()
    print(f"phone A's live refreshes (regions sent, bytes): {live}; all of #table-main: {full}")
    # Only changed regions, never all of it (Start changes the phase: much of the board; the
    # byte figures are in tests/web/test_regions.py and benchmarks/live_bytes.py).
    assert live and all(n.isdigit() and size < full for n, size in live), live
    shot(a, "interact-live-keeps-picker")


def test_a_reload_with_taps_waiting_loses_none(live_server, new_phone):
    page = new_phone()
    open_game(page, live_server, "Pisanki")
    add_players(page, "Ala", "Olek")
    # A slow Wi-Fi: 600 ms each way.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 600,
                                                  "downloadThroughput": -1, "uploadThroughput": -1})
    entry = page.locator("#p-entry")
    entry.get_by_role("button", name="Tablecloth dotted", exact=True).click()
    names = [f"{c}{r}" for r in (1, 2) for c in "ABCDEF"]
    for n in names:
        entry.get_by_role("button", name=f"Cell {n}", exact=True).click()
    expect(page.locator("#taps-waiting")).to_have_text(re.compile(r"\d+ taps? waiting"))
    waiting = page.locator("#taps-waiting").text_content()
    shot(page, "interact-taps-waiting")
    resent: list[str] = []
    page.reload(wait_until="commit")
    page.on("request", lambda r: resent.append(r.url) if r.method == "POST" else None)
    ready(page)
    # The taps kept in the browser are sent again after the reload until all are saved. (Not
    # the pill: a reloaded page shows it only after 250 ms, so "hidden" was also true while the
    # restored taps were still on their way, and the other phone read a half-saved table.)
    expect(page.locator("html[data-taps='0']")).to_have_count(1, timeout=30000)
    expect(page.locator("#taps-waiting")).to_be_hidden()
    assert resent, "nothing was sent again after the reload"
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                  "downloadThroughput": -1, "uploadThroughput": -1})
    other = new_phone()
    other.goto(page.url)
    grid = other.evaluate("JSON.parse(document.getElementById('p-entry').dataset.grid)")
    saved = [c.get("cloth") for row in grid[:2] for c in row]
    print(f"\n{waiting} before the reload, {len(resent)} sent again after it;"
          f" saved: {saved.count('dotted')} of 12")
    assert saved == ["dotted"] * 12


def test_an_error_answer_says_what_it_is_and_is_not_sent_again(live_server, new_phone):
    page = new_phone()
    open_game(page, live_server, "Okoshki")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.route("**/edit", lambda route: route.fulfill(status=500, body="Internal Server Error"))
    page.get_by_role("button", name=re.compile("^Add Owl for Player 1")).click()
    expect(page.locator("#toast")).to_have_text(re.compile("The server had a problem; nothing was saved"))
    page.unroute("**/edit")
    # A token that the server no longer takes: the page is out of date.
    page.evaluate("document.querySelector('meta[name=csrf-token]').content = 'stale'")
    page.get_by_role("button", name=re.compile("^Add Owl for Player 1")).click()
    expect(page.locator("#toast")).to_have_text(re.compile("This page is out of date: reload"))
    expect(page.locator("#toast").get_by_role("button", name="Reload")).to_be_visible()
    shot(page, "interact-out-of-date")
    page.wait_for_timeout(2000)  # long enough for any re-send to show up
    assert len(posts) == 2, posts
    assert "no connection" not in (page.locator("#toast").text_content() or "").lower()
    expect(page.locator("#taps-waiting")).to_be_hidden()


@pytest.mark.parametrize("gap_ms", [80, 250])
def test_a_double_tap_on_start_leaves_the_timer_running(live_server, new_phone, gap_ms):
    page = new_phone()
    open_game(page, live_server, "Liski")
    box = page.get_by_role("button", name="▶ Start").bounding_box()
    # Two taps at one spot gap_ms apart on the page's own clock (a busy test machine must not
    # stretch the gap): whatever button is under the finger at each moment gets the tap.
    page.evaluate("""async ({x, y, gap}) => {
        const tap = () => document.elementFromPoint(x, y).dispatchEvent(
            new MouseEvent("click", {bubbles: true, cancelable: true, clientX: x, clientY: y}));
        tap();
        await new Promise(r => setTimeout(r, gap));
        tap();
    }""", {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "gap": gap_ms})
    expect(page.locator("#timer")).to_have_attribute("data-status", "running")
    expect(page.locator("#taps-waiting:not([hidden]), .just-changed")).to_have_count(0)
    expect(page.locator("#timer")).to_have_attribute("data-status", "running")
    expect(page.locator("#timer").get_by_role("button", name="Pause")).to_be_visible()
    # The slipped tap is either ignored before the answer came, or said to be not done.
    toast = page.locator("#toast")
    assert toast.is_hidden() or "Not done" in (toast.text_content() or "")


def test_undo_takes_back_this_phones_edit_and_history_names_phones(live_server, new_phone):
    a = new_phone()
    open_game(a, live_server, "Okoshki")
    b = new_phone()
    b.goto(a.url)
    ready(b)
    # Each phone says who it is.
    for page, name in ((a, "Ala"), (b, "Bartek")):
        page.locator("#whoami summary").click()
        page.get_by_label("This phone's name").fill(name)
        landed(page, lambda page=page: page.locator("#whoami").get_by_role("button", name="Save").click())
        expect(page.locator("#whoami summary")).to_have_text(f"This phone is {name}")
    landed(a, a.get_by_role("button", name=re.compile("^Add Owl for Player 1")).click)
    version = a.locator("#table-main").get_attribute("data-version")
    landed(b, b.get_by_role("button", name=re.compile("^Add Bird for Player 2")).click)
    new_version(a, version, timeout=5000)
    # A's Undo says what it takes back: A's owl, not B's later bird.
    expect(a.locator(".undo-what")).to_contain_text(re.compile("owl", re.I))
    landed(a, a.get_by_role("button", name="↶ Undo").click)
    expect(a.get_by_label(re.compile("^Add Owl for Player 1"))).to_have_accessible_name(re.compile(r"\(has 0\)"))
    expect(a.get_by_label(re.compile("^Add Bird for Player 2"))).to_have_accessible_name(re.compile(r"\(has 1\)"))
    expect(a.locator("#history-lines")).to_contain_text("Bartek")
    expect(a.locator("#history-lines")).to_contain_text("Ala (you)")
    shot(a, "interact-undo-per-phone")
    # Undoing B's line from A asks first; declining keeps it.
    line = a.locator("#history-lines li", has_text="Bartek").filter(has_text="Bird").first
    a.once("dialog", lambda d: d.dismiss())
    line.get_by_role("button").click()
    expect(a.get_by_label(re.compile("^Add Bird for Player 2"))).to_have_accessible_name(re.compile(r"\(has 1\)"))
    a.once("dialog", lambda d: d.accept())
    landed(a, line.get_by_role("button").click)
    expect(a.get_by_label(re.compile("^Add Bird for Player 2"))).to_have_accessible_name(re.compile(r"\(has 0\)"))


def test_history_shows_twelve_lines_and_more_on_demand(live_server, new_phone):
    page = new_phone()
    open_game(page, live_server, "Okoshki")
    for _ in range(7):  # 14 edits: a sun in, a sun out
        landed(page, page.get_by_role("button", name=re.compile("^Add Sun for Player 2")).click)
        landed(page, page.get_by_role("button", name="Remove Sun from Player 2").click)
    lines = page.locator("#history-lines > li:not(.h-more)")
    expect(lines).to_have_count(12)
    page.get_by_role("button", name="More…").click()
    expect(lines).not_to_have_count(12)
    assert lines.count() > 12


@pytest.mark.parametrize("game", ["Kitsune", "Pisanki"])
def test_enter_adds_the_player_and_empties_the_field_for_the_next_name(
        live_server, new_phone, game):
    page = new_phone()
    open_game(page, live_server, game)
    name = page.get_by_label("New player's name")
    for i, who in enumerate(["Ala", "Bartek", "Celina"]):
        name.click()
        name.press_sequentially(who)
        if game == "Kitsune":
            page.get_by_label("New player's age").fill(str(20 + i))
            name.click()
        landed(page, lambda: name.press("Enter"))
        expect(page.get_by_label(f"Name of player {i + 1}", exact=True)).to_have_value(who)
        # The field is empty and keeps the keyboard for the next name.
        expect(name).to_have_value("")
        expect(name).to_be_focused()
        if game == "Kitsune":
            expect(page.get_by_label("New player's age")).to_have_value("")
    shot(page, f"interact-{game.lower()}-added-three")


def undo_offered(page, step, said, name=None):
    """Do a destructive step: a toast says what was done (its history line, not the
    button's label) and offers Undo; tap it."""
    landed(page, step)
    toast = page.locator("#toast")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text(said)
    if name:
        shot(page, name)
    landed(page, toast.get_by_role("button", name="↶ Undo").click)


@pytest.mark.parametrize("game", ["Kitsune", "Pisanki"])
def test_removing_a_player_is_undone_in_one_tap(live_server, new_phone, game):
    page = new_phone()
    open_game(page, live_server, game)
    add_players(page, "Ala", "Bartek")
    remove = page.get_by_role("button", name="Remove Bartek")
    undo_offered(page, remove.click, "Removed player Bartek.")
    expect(page.get_by_label("Name of player 2", exact=True)).to_have_value("Bartek")


def test_liski_phase_steps_and_removals_are_undone_in_one_tap(live_server, new_phone):
    page = new_phone()
    open_game(page, live_server, "Liski")
    setup = page.locator("details.lsetup")
    landed(page, setup.get_by_role("button", name=re.compile(r"^\+ .*Lisi Mag")).click)
    undo_offered(page, setup.get_by_role("button", name="Remove Lisi Mag").click, "Removed a puchater.")
    expect(setup.locator("ul.puchaters").get_by_text("Lisi Mag")).to_have_count(1)
    landed(page, page.get_by_role("button", name="▶ Start").click)
    timer = page.locator("#timer")
    undo_offered(page, page.get_by_role("button", name="End phase now").click, "Ended the ojojanie phase.",
                 "interact-liski-undo-toast")
    expect(timer).to_have_attribute("data-status", "running")
    undo_offered(page, page.get_by_role("button", name="↺ Reset").click, "Reset the timer.")
    expect(timer).to_have_attribute("data-status", "running")


def test_an_okoshki_tied_round_is_undone_in_one_tap(live_server, new_phone):
    page = new_phone()
    open_game(page, live_server, "Okoshki")
    landed(page, page.get_by_role("button", name=re.compile("^Add Owl for Player 1")).click)
    expect(page.get_by_text("Round 1 of 6")).to_be_visible()
    undo_offered(page, page.get_by_role("button", name="Hands empty: round tied").click,
                 "Round tied (hands empty).")
    expect(page.get_by_text("Round 1 of 6")).to_be_visible()
