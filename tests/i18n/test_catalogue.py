"""The Polish catalogue: every message translated, none fuzzy, placeholders kept, plurals right."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from babel.support import Translations

from assistant.web.i18n import TRANSLATIONS, compile_catalogues

PO = TRANSLATIONS / "pl" / "LC_MESSAGES" / "messages.po"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def catalogue():
    with PO.open("rb") as fh:
        return read_po(fh, locale="pl")


def messages():
    return [m for m in catalogue() if m.id]


def test_catalogue_has_messages():
    assert len(messages()) > 50


def test_every_polish_message_is_translated_and_not_fuzzy():
    bad = []
    for m in messages():
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(s and s.strip() for s in strings):
            bad.append(m.id)
    assert not bad, f"{len(bad)} untranslated or fuzzy: {bad[:20]}"


# English engine diagnostics (field paths such as "column.cards[0].total: must be a whole
# number") that only bad API or CLI data can reach: a Polish page says what is wrong without
# them rather than put English in a Polish sentence (POLISH_REVIEW.md K11).
ENGLISH_DETAIL = {"This card is not valid (%(why)s).", "These counts do not fit the deck (%(why)s).",
                  "The confirmed table has a card that cannot be: %(error)s"}


def test_translations_keep_the_placeholders():
    bad = []
    for m in messages():
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        if m.id in ENGLISH_DETAIL:
            wanted = set()
        for s in strings:
            got = set(PLACEHOLDER.findall(s))
            # A plural's "one" form may spell the number out (jeden); nothing else may go.
            if not got <= wanted or not (wanted - {"%(num)d", "%(num)s"}) <= got:
                bad.append((m.id, s))
    assert not bad, bad[:10]


# Plural messages whose Polish needs no agreement with the number (POLISH_REVIEW.md C1:
# "3 do sprawdzenia (na pomarańczowo)" reads the same for 1, 2 and 5).
SAME_IN_EVERY_FORM = {"%(num)s to check (orange)"}


def test_plural_messages_have_three_polish_forms():
    plural = [m for m in messages() if isinstance(m.id, tuple)]
    assert plural, "no plural messages"
    for m in plural:
        assert len(m.string) == 3, m.id
        assert len(set(m.string)) >= 2 or m.id[0] in SAME_IN_EVERY_FORM, m.id


@pytest.fixture(scope="module")
def pl():
    compile_catalogues()
    return Translations.load(str(TRANSLATIONS), ["pl"])


@pytest.mark.parametrize(("n", "form"), [(1, 0), (2, 1), (5, 2), (12, 2), (22, 1), (25, 2),
                                         (0, 2), (4, 1), (14, 2), (21, 2), (104, 1), (112, 2)])
def test_every_plural_message_picks_the_polish_form(pl, n, form):
    for m in messages():
        if isinstance(m.id, tuple):
            got = (pl.npgettext(m.context, m.id[0], m.id[1], n) if m.context
                   else pl.ngettext(m.id[0], m.id[1], n))
            assert got == m.string[form], (m.id, n)


def test_the_catalogue_holds_every_message_of_the_source():
    """A text marked in a template, in Python or in a JS island but missing from messages.po
    would show in English on a Polish phone: `make i18n` adds it, a translator fills it."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    from assistant.config import ROOT

    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    for opts in options_map.values():  # babel.cfg's per-section keywords, as pybabel reads them
        if isinstance(opts.get("keywords"), str):
            from babel.messages.frontend import parse_keywords

            opts["keywords"] = parse_keywords(opts["keywords"].split())
    known = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in messages()}
    missing, seen = set(), set()
    for _file, _line, msg, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map):
        key = msg[0] if isinstance(msg, tuple) else msg
        seen.add((context, key))
        if key and (context, key) not in known:
            missing.add(key)
    assert len(seen) > 500  # the extraction itself works (templates, Python and JS)
    assert not missing, f"run `make i18n` and translate: {sorted(missing)[:10]}"
