"""Polish plurals where a number meets a word: 1, 2, 5, 12, 22 and 25 of each (pure)."""

from __future__ import annotations

import pytest
from babel.support import Translations

from assistant.games import liski as lg
from assistant.messages import nmsg
from assistant.web.i18n import TRANSLATIONS, compile_catalogues

NUMBERS = (1, 2, 5, 12, 22, 25)


@pytest.fixture(scope="module")
def pl():
    compile_catalogues()
    return Translations.load(str(TRANSLATIONS), ["pl"])


def polish(message, pl):
    return message.render(pl.gettext, pl.ngettext, pl)


# After "brakuje" (the only place these counts show) Polish wants the genitive:
# "brakuje 1 korony, 2 koron" (msgctxt "missing"; POLISH_REVIEW.md B1-B6).
WORDS = {  # symbol -> the Polish words for 1, 2, 5, 12, 22, 25
    "crown": ("korony", "koron", "koron", "koron", "koron", "koron"),
    "flower": ("czerwonego kwiatu", "czerwonych kwiatów", "czerwonych kwiatów",
               "czerwonych kwiatów", "czerwonych kwiatów", "czerwonych kwiatów"),
    "pot": ("fioletowego garnka", "fioletowych garnków", "fioletowych garnków",
            "fioletowych garnków", "fioletowych garnków", "fioletowych garnków"),
    "boat": ("niebieskiej łódki", "niebieskich łódek", "niebieskich łódek", "niebieskich łódek",
             "niebieskich łódek", "niebieskich łódek"),
    "leaf": ("zielonego liścia", "zielonych liści", "zielonych liści", "zielonych liści",
             "zielonych liści", "zielonych liści"),
    "any": ("dowolnego symbolu", "dowolnych symboli", "dowolnych symboli", "dowolnych symboli",
            "dowolnych symboli", "dowolnych symboli"),
}


@pytest.mark.parametrize("symbol", list(WORDS))
def test_liski_missing_symbols_in_polish(pl, symbol):
    for n, word in zip(NUMBERS, WORDS[symbol], strict=True):
        assert polish(lg.missing_text({symbol: n}), pl) == f"{n} {word}"


def test_liski_missing_reads_as_one_line(pl):
    text = lg.missing_text({"boat": 3, "any": 4})
    assert str(text) == "3 blue boats, 4 of any symbol"
    assert polish(text, pl) == "3 niebieskich łódek, 4 dowolnych symboli"
    assert pl.gettext("missing: %(what)s") % {"what": polish(text, pl)} == (
        "brakuje 3 niebieskich łódek, 4 dowolnych symboli")


@pytest.mark.parametrize(("n", "text"), [
    (1, "W tej grze może grać najwyżej 1 gracz."), (2, "W tej grze może grać najwyżej 2 graczy."),
    (5, "W tej grze może grać najwyżej 5 graczy."), (12, "W tej grze może grać najwyżej 12 graczy."),
    (22, "W tej grze może grać najwyżej 22 graczy."), (25, "W tej grze może grać najwyżej 25 graczy."),
])
def test_players_limit(pl, n, text):
    msg = nmsg("This game has at most %(num)d player.", "This game has at most %(num)d players.", n)
    assert polish(msg, pl) == text


@pytest.mark.parametrize(("n", "text"), [
    (1, "1 pusty koszyk × −2"), (2, "2 puste koszyki × −2"), (5, "5 pustych koszyków × −2"),
    (12, "12 pustych koszyków × −2"), (22, "22 puste koszyki × −2"), (25, "25 pustych koszyków × −2"),
])
def test_pisanki_empty_baskets(pl, n, text):
    msg = nmsg("%(num)d empty basket × −2", "%(num)d empty baskets × −2", n)
    assert polish(msg, pl) == text


@pytest.mark.parametrize(("n", "text"), [
    (1, "(3 z 1 karty)"), (2, "(3 z 2 kart)"), (5, "(3 z 5 kart)"), (12, "(3 z 12 kart)"),
    (22, "(3 z 22 kart)"), (25, "(3 z 25 kart)"),
])
def test_kitsune_cards_left(pl, n, text):
    assert pl.ngettext("(%(repeats)s of %(num)d card)", "(%(repeats)s of %(num)d cards)", n) % {
        "repeats": 3, "num": n} == text
