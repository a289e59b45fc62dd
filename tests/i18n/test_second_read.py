"""The second whole read of the Polish catalogue (issue 26): cases after numbers and
prepositions, lists of names, the glossary as the one source of game terms."""

from __future__ import annotations

import re

from babel.support import Translations

from assistant.config import ROOT
from assistant.web.i18n import TRANSLATIONS, compile_catalogues
from tests.i18n.test_catalogue import messages

GLOSSARY = ROOT / "assistant/translations/GLOSSARY.md"


def pl():
    compile_catalogues()
    return Translations.load(str(TRANSLATIONS), ["pl"])


# What the second read changed, as a player reads it (msgid → Polish).
FIXED = {
    # the edition's word for a grey kit card ("4 karty szarych kit"), not a cat's kitten
    "grey kit": "szara kita",
    "grey kit −3": "szara kita −3",
    "adopt a grey kit": "adoptuj szarą kitę",
    # a kitsune is counted, not a colour: "o jeden mniej (czerwony)" agreed with nothing
    "%(name)s: one %(colour)s fewer": "%(name)s: o jednego kitsune mniej (kolor %(colour)s)",
    "%(name)s: one %(colour)s more": "%(name)s: o jednego kitsune więcej (kolor %(colour)s)",
    "Block one": "Zablokuj jednego",  # one kitsune: animate accusative, as "zablokuj jednego kitsune"
    "Next card busts: <strong>%(risk)s</strong>":
        "Ryzyko przepadnięcia przy kolejnej karcie: <strong>%(risk)s</strong>",  # which risk
    "No set yet: there is nothing to stop with.":  # the sister line's order
        "Nie ma jeszcze układu: nie ma z czym powiedzieć „Stop”.",
    "No table has this code. Check it, or start a new table.":  # "załóż stół", as elsewhere
        "Żaden stół nie ma tego kodu. Sprawdź go albo załóż nowy stół.",
    # "„Gotowe” pojawiło się" agreed with nothing: the button (przycisk) appeared
    "Not done: “%(what)s” had just appeared under your finger. Tap it again to do it.":
        "Nie zrobiono: przycisk „%(what)s” dopiero co pojawił się pod palcem. "
        "Stuknij go jeszcze raz, żeby to zrobić.",
    "Reveal a card before stopping.":  # "przestań" reads "stop it!"
        "Zanim zakończysz odkrywanie, odkryj co najmniej jedną kartę.",
    "Say which line the older edits come before.":  # a history entry is a "wpis"
        "Wskaż, przed którym wpisem są starsze zmiany.",
    "Second run-out: %(why)s.": "Talia skończyła się po raz drugi: %(why)s.",
    "Dealer": "Rozdający",  # the sheet's column: the glossary's noun, as "Pierwszy rozdający"
}


def test_the_second_reads_fixes():
    t = pl()
    got = {k: t.gettext(k) for k in FIXED}
    assert got == FIXED


def test_cells_left_to_enter_after_numbers():
    t = pl()
    forms = {n: t.ngettext("%(name)s %(num)d cell", "%(name)s %(num)d cells", n)
             % {"name": "Ala", "num": n} for n in (1, 2, 5, 12, 22)}
    assert forms == {1: "Ala: 1 pole", 2: "Ala: 2 pola", 5: "Ala: 5 pól", 12: "Ala: 12 pól",
                     22: "Ala: 22 pola"}


def glossary_rows():
    """(English term, Polish head word, the whole Polish cell) of each row of GLOSSARY.md."""
    rows = []
    for line in GLOSSARY.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] not in ("Term", "---"):
            english, polish = cells[1], cells[2]
            rows.append((english, re.split(r" \(|, ", polish)[0], polish))
    return rows


def test_the_catalogue_uses_the_glossarys_words():
    """Where a glossary term is itself a catalogue message, the catalogue says the glossary's
    Polish, and no message still uses a word the glossary replaced."""
    said: dict[str, list[str]] = {}  # msgid → its Polish in every context
    for m in messages():
        if isinstance(m.id, str):
            said.setdefault(m.id, []).append(m.string.lower())
    rows = glossary_rows()
    assert len(rows) > 30
    checked = [(en, head, cell, said[en]) for en, head, cell in rows if en in said]
    assert len(checked) >= 10, checked
    # The head word in some context ("komplikacja" as a card kind, "komplikację" to choose),
    # else a form the glossary's cell names ("zakryta" on the brush).
    wrong = [c for c in checked if c[1].lower() not in c[3]
             and not all(s in c[2].lower() for s in c[3])]
    assert wrong == []
    replaced = ("kociak", "Odnowa", "Dobrobyt")  # grey kit; Renewal / Prosperity stay as printed
    left = [(m.id, m.string) for m in messages() for w in replaced
            if w.lower() in str(m.string).lower()]
    assert left == []


def test_three_winners_read_as_a_polish_list(app):
    """"Ala, Ola i Ela", never "Ala i Ola i Ela" (POLISH_REVIEW K10)."""
    from assistant.games.ranking import Place, Ranking
    from assistant.web.results import share_text

    r = Ranking(tuple(Place(n, 5, 1) for n in ("Ala", "Ola", "Ela")), ("Ala", "Ola", "Ela"), True)
    with app.test_request_context("/", headers={"Accept-Language": "pl"}):
        assert share_text("Pisanki", r, 0).startswith("★ Ala, Ola i Ela wygrywają: Pisanki")
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert share_text("Pisanki", r, 0).startswith("★ Ala, Ola and Ela win Pisanki")


def test_cells_still_to_enter_end_with_the_note_not_a_semicolon(app, client):
    """"Zostało do wpisania: Ala: 1 pole; Olek: 1 pole (do czasu …)." (POLISH_REVIEW K12)."""
    from tests.web.test_results import pisanki_ops, play

    ops = pisanki_ops(complete=False)
    op, data = ops[-2]  # the first player's whole table, with one cell left out too
    grid = [list(row) for row in data["grid"]]
    grid[0][0] = {}
    ops[-2] = (op, dict(data, grid=grid))
    code = play(app, "pisanki", ops)
    client.set_cookie("lang", "pl")
    text = " ".join(client.get(f"/t/{code}").get_data(as_text=True).split())
    line = re.search(r"Zostało do wpisania:(.*?)</p>", text).group(1)
    assert line.strip() == ("Ala: 1 pole; Olek: 1 pole "
                            "(do czasu wpisania liczą się jako karty rewersem do góry).")


def test_no_english_engine_detail_in_a_polish_sentence():
    """The engines' English field-path details are left out of Polish refusals (K11)."""
    from tests.i18n.test_catalogue import ENGLISH_DETAIL

    t = pl()
    detail = {"why": "column.cards[0].total: must be a whole number", "error": "grid[0][1]: egg"}
    said = {m: t.gettext(m) % detail for m in ENGLISH_DETAIL}
    assert said == {"This card is not valid (%(why)s).": "Ta karta jest niepoprawna.",
                    "These counts do not fit the deck (%(why)s).": "Te liczby nie pasują do talii.",
                    "The confirmed table has a card that cannot be: %(error)s":
                        "Zatwierdzony stół ma kartę, której nie ma w talii."}
