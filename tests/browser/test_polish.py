"""A phone set to Polish walks every page of every game: no English UI words, nothing too wide.

Screenshots of each page at 390x844 land in screenshots/pl-*.png for a person to look at.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.browser.conftest import PHONE, expect, landed, shot

SAMPLES = Path(__file__).parents[2] / "sample_photos"
# Words of the English interface that never appear in the Polish one (names and card names
# as printed - AGAIN, KEEP GOING, NO!, Start, Stop, Ranking - are the same in both).
ENGLISH = (
    "Join", "Players", "Player", "Undo", "Recent", "edits", "Score", "sheet", "Round", "Sound",
    "check", "Add", "Save", "Pick", "Tap", "Photo", "Register", "History", "Total", "missing",
    "beaten", "Nothing", "Back", "the", "and", "of", "your", "with", "table", "card", "cards",
    "cheese", "fear", "token", "Remove", "phase", "Choose", "Enter", "Deck", "egg", "flower",
    "Game", "Games", "Results", "Share", "Print", "Next", "Reset", "Pause", "Resume", "Length",
    "Paused", "Time", "left", "Column", "Lay", "Set", "up", "new", "yet", "turn", "Goal",
    "Busted", "points", "Companion", "Language", "Oops", "phone", "Scoring", "Refill",
    "Planning", "Problems", "Puchaters", "Nightmare", "Complication", "Cheese", "Big",
    "round", "crown", "flower", "pot", "boat", "leaf", "blocked", "any",
)
WORD = re.compile(r"\b(" + "|".join(map(re.escape, ENGLISH)) + r")\b")
NAMES = ("Ala", "Ola")


def polish_phone(browser):
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                              has_touch=True, locale="pl-PL")
    page = ctx.new_page()
    page.set_default_timeout(8000)
    return ctx, page


def read_page(page) -> str:
    """What a player reads: the visible text and the labels of controls."""
    return page.evaluate("""() => {
        const parts = [document.title, document.body.innerText];
        for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],img[alt]')) {
            for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
                const v = el.getAttribute(a); if (v) parts.push(v);
            }
        }
        return parts.join('\\n');
    }""")


def check(page, name: str) -> None:
    """The page reads Polish: <html lang="pl">, no English word, nothing wider than the phone."""
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    text = read_page(page)
    for n in NAMES:
        text = text.replace(n, "")
    found = sorted(set(WORD.findall(text)))
    lines = [line.strip()[:80] for line in text.splitlines() if WORD.search(line)][:5]
    assert not found, f"{name}: English words {found} in {lines}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name}: the page is {width}px wide"
    shot(page, f"pl-{name}")


def new_game(page, base, game):
    page.goto(base + "/")
    page.get_by_role("button", name=re.compile(game)).click()
    expect(page.locator("#table-main")).to_be_visible()


def add_players(page, *players):
    for name, age in players:
        page.get_by_label("Imię nowego gracza").fill(name)
        if age:
            page.get_by_label("Wiek nowego gracza").fill(age)
        landed(page, lambda: page.get_by_role("button", name="Dodaj", exact=True).click())


def test_every_page_in_polish(live_server, browser):
    ctx, page = polish_phone(browser)
    try:
        page.goto(live_server + "/")
        check(page, "home")
        page.goto(live_server + "/join?code=ZZZZ")
        check(page, "join-unknown")
        page.goto(live_server + "/t/QQQQQQQQ")
        check(page, "error-404")
        page.goto(live_server + "/deck/")
        check(page, "deck")

        # Kitsune: players, a revealed card with the bust risk, a bust.
        new_game(page, live_server, "Kitsune")
        add_players(page, ("Ala", "9"), ("Ola", "11"))
        landed(page, lambda: page.locator("#turn").get_by_role("button", name="Czerwona").click())
        expect(page.locator(".krisk")).to_contain_text("Ryzyko przepadnięcia przy kolejnej karcie:")
        check(page, "kitsune-turn")
        page.locator("summary", has_text="Dołącz").click()
        check(page, "join-panel")
        page.goto(page.url.split("?")[0] + "/final")
        check(page, "kitsune-final")

        # Okoshki: a tap, the sets, the score sheet, the photo preview.
        new_game(page, live_server, "Okoshki")
        landed(page, lambda: page.get_by_role("button", name=re.compile("^Gracz 1, Słońce: dodaj jedną")).click())
        check(page, "okoshki")
        photo = SAMPLES / "okoshki" / "zone-202-12.jpg"
        page.wait_for_load_state("load")
        page.get_by_label("Zdjęcie strefy: Gracz 1").set_input_files(str(photo))
        expect(page.get_by_role("button", name="Użyj tych liczb")).to_be_visible(timeout=60000)
        check(page, "okoshki-photo-preview")

        # Pisanki: players, the scoring cards, the painting tools.
        new_game(page, live_server, "Pisanki")
        add_players(page, ("Ala", ""), ("Ola", ""))
        check(page, "pisanki")

        # Liski: the timer and the setup of the board.
        new_game(page, live_server, "Liski")
        check(page, "liski")
        page.get_by_role("button", name="Sprawdź dźwięk").click()
        check(page, "liski-sound-check")

        page.goto(live_server + "/history")
        check(page, "history")
    finally:
        ctx.close()


def test_the_switch_changes_the_language_and_is_remembered(live_server, browser):
    ctx, page = polish_phone(browser)
    try:
        page.goto(live_server + "/")
        expect(page.get_by_role("heading", name="Dołącz do stołu")).to_be_visible()
        page.get_by_role("link", name="EN").click()
        expect(page.get_by_role("heading", name="Join a table")).to_be_visible()
        page.goto(live_server + "/")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        data = json.loads(page.locator("#i18n-strings").text_content())
        assert data["lang"] == "en"
        page.get_by_role("link", name="PL").click()
        expect(page.locator("html")).to_have_attribute("lang", "pl")
        # the islands' scripts are deferred: t() exists once i18n.js has run on the new page
        page.wait_for_function("() => window.pageLang === 'pl' && typeof window.tn === 'function'")
        assert page.evaluate("t('Use these counts')") == "Użyj tych liczb"
        assert [page.evaluate(f"tn('%(num)s card found', '%(num)s cards found', {n})")
                for n in (1, 2, 5, 12, 22, 25)] == [
            "Znaleziono 1 kartę", "Znaleziono 2 karty", "Znaleziono 5 kart",
            "Znaleziono 12 kart", "Znaleziono 22 karty", "Znaleziono 25 kart"]
    finally:
        ctx.close()


def test_sheets_turn_notes_and_the_pisanki_photo_in_polish(live_server, browser):
    """The pages with numbers in them: the Pisanki sheet and photo preview, Kitsune's bust and
    its turn notes on the final page (set up in English, read in Polish: one phone, two tongues)."""
    from tests.browser.test_pisanki import SCORING

    ctx, page = polish_phone(browser)
    try:
        page.goto(live_server + "/?lang=en")
        page.get_by_role("button", name=re.compile("Pisanki")).click()
        for name in NAMES:
            page.get_by_label("New player's name").fill(name)
            landed(page, lambda: page.get_by_role("button", name="Add").click())
        for label, number in SCORING.items():
            slot = page.locator("details.slot", has_text=label).first
            slot.locator("summary").click()
            btn = slot.get_by_role("button", name=re.compile(f"card {number}:"))
            landed(page, lambda btn=btn: btn.click())
        entry = page.locator("#p-entry")
        for tool in ("Tablecloth checked", "Egg purple"):
            entry.get_by_role("button", name=tool, exact=True).click()
        for cell in ("A1", "B1", "C1"):
            entry.get_by_role("button", name=f"Cell {cell}", exact=True).click()
        expect(page.locator("html[data-taps='0']")).to_have_count(1)  # every tap saved
        page.goto(page.url.split("?")[0] + "?lang=pl")
        page.locator("#p-sheet").scroll_into_view_if_needed()
        expect(page.locator("#p-sheet")).to_contain_text("Razem")
        check(page, "pisanki-sheet")
        page.wait_for_load_state("load")
        photo = SAMPLES / "pisanki" / "table-101-4x6.jpg"
        page.locator("#photo-pisanki input[type=file]").set_input_files(str(photo))
        expect(page.locator("#photo-pisanki canvas")).to_be_visible(timeout=60000)
        page.locator("#photo-pisanki").scroll_into_view_if_needed()
        check(page, "pisanki-photo-preview")

        page.goto(live_server + "/?lang=en")
        page.get_by_role("button", name=re.compile("Kitsune")).click()
        for name, age in (("Ala", "9"), ("Ola", "11")):
            page.get_by_label("New player's name").fill(name)
            page.get_by_label("New player's age").fill(age)
            landed(page, lambda: page.get_by_role("button", name="Add").click())
        for _ in range(2):
            landed(page, page.locator("#turn").get_by_role("button", name=re.compile("^Red$"))
                   .first.click)
        page.goto(page.url.split("?")[0] + "?lang=pl")
        expect(page.get_by_text("Tura przepadła: karta Czerwona powtarza kolor.")).to_be_visible()
        check(page, "kitsune-bust")
        landed(page, page.get_by_role("button", name=re.compile("Odrzuć")).first.click)
        page.goto(page.url.split("?")[0] + "/final")
        page.locator("summary", has_text="Notatki z tur").click()
        expect(page.get_by_text("Ala: tura przepadła")).to_be_visible()
        check(page, "kitsune-turn-notes")
    finally:
        ctx.close()


def test_the_liski_board_report_and_sheets_in_polish(live_server, browser):
    """A Liski round set up in English, read in Polish: the column verdicts, the lay sheet,
    the problems report with cheese, the refill report and the round-by-round sheet."""
    from tests.browser.test_liski_board import choose, lay, new_liski

    ctx, page = polish_phone(browser)
    try:
        page.goto(live_server + "/?lang=en")
        setup = new_liski(page, live_server)
        landed(page, lambda: setup.get_by_role("button", name="Zmarzlin (15)").click())
        landed(page, lambda: page.get_by_role("button", name=re.compile("^Set up")).click())
        choose(page, 1, "Pogryziony ołówek 3")
        choose(page, 2, "Pogryziony ołówek 3")
        page.locator("#col-1").get_by_role("button", name="+ Lay a card").click()
        lay(page, "crown", "flower")
        lay(page, "flower", "leaf")
        lay(page, "leaf")
        page.locator("#sheet-lay .sheet-close").click()
        landed(page, lambda: page.locator("#col-1").get_by_role(
            "button", name="Marker of Lisi Mag on column 2").click())

        url = page.url.split("?")[0]
        page.goto(url + "?lang=pl")
        col2 = page.locator("#col-2")
        expect(col2.locator(".lverdict")).to_have_text(
            "brakuje 1 korony, 1 czerwonego kwiatu, 1 dowolnego symbolu")
        page.locator("#col-1").scroll_into_view_if_needed()
        check(page, "liski-board")
        col2.get_by_role("button", name=re.compile("Połóż")).first.click()
        expect(page.locator("#sheet-lay")).to_be_visible()
        check(page, "liski-lay-sheet")
        page.locator("#sheet-lay .sheet-close").click()

        page.goto(url + "?lang=en")
        landed(page, lambda: page.get_by_role("button", name="▶ Start").click())
        landed(page, lambda: page.get_by_role("button", name="End phase now").click())
        landed(page, lambda: page.get_by_role("button", name="Resolve the problems phase").click())
        page.goto(url + "?lang=pl")
        page.locator(".lreport").scroll_into_view_if_needed()
        check(page, "liski-problems")
        landed(page, lambda: page.get_by_role("button", name=re.compile("Uzupełnij")).first.click())
        page.locator(".lreport").evaluate("e => e.scrollIntoView({block: 'start'})")
        check(page, "liski-refill")
        page.goto(url + "/final")
        check(page, "liski-final")
    finally:
        ctx.close()


def test_okoshki_game_on_stop_and_the_sheet_in_polish(live_server, browser):
    """Okoshki's reasons and sheet in Polish: a refused Stop says why, a refused card names the
    deck's count, the six-round sheet and the winner."""
    from tests.browser.test_okoshki import add

    ctx, page = polish_phone(browser)
    try:
        page.goto(live_server + "/?lang=en")
        page.get_by_role("button", name=re.compile("Okoshki")).click()
        add(page, "Player 1", "Owl", 3)
        landed(page, page.locator("#zone-0").get_by_role("button", name="Game on").click)
        url = page.url.split("?")[0]
        page.goto(url + "?lang=pl")
        zone0 = page.locator("#zone-0")
        expect(zone0.get_by_role("button", name=re.compile("^Stop"))).to_be_disabled()
        zone0.scroll_into_view_if_needed()
        check(page, "okoshki-refused-stop")
        zone0.get_by_role("button", name=re.compile("^Gracz 1, Sowa: dodaj jedną")).click()
        expect(page.locator("#toast, .tap-msg").filter(has_text="Sowa")).to_be_visible()
        check(page, "okoshki-refused-card")
        page.goto(url + "?lang=en")
        add(page, "Player 1", "Gray tabby cat", 3)
        landed(page, page.locator("#zone-0").get_by_role("button", name=re.compile("^Stop")).click)
        for _ in range(5):
            landed(page, page.get_by_role("button", name="Hands empty: round tied").click)
        page.goto(url + "?lang=pl")
        page.locator("#score-sheet").scroll_into_view_if_needed()
        check(page, "okoshki-sheet")
        page.goto(url + "/final")
        check(page, "okoshki-final")
    finally:
        ctx.close()
