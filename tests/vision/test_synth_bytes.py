"""synth.py's photos are the same bytes as before its camera effects were made faster: the
SHA-256 of each photo below was computed by the code of commit 11151a8 (before the change),
so a change to synth.py that alters one byte of a table, zone, registration layout or deck
style the tests draw fails here (the tests' expectations were set on these photos). Each
photo is one other tests draw too, shared once a run (`drawn`, `shared`): this costs no
drawing of its own in a whole run."""

from __future__ import annotations

import hashlib

import pytest

from assistant.vision import synth
from benchmarks import deck8
from tests.browser.test_deck_register import first_table_photo
from tests.vision.conftest import deck_layout
from tests.vision.test_okoshki_full_bleed import zone_7607
from tests.vision.test_pisanki_bleed import _table
from tests.vision.test_register import layout_photo

# what each photo is, and its hash from 11151a8
OLD = {
    # Pisanki display tables on a table-cloth, float32 all through
    "pisanki_photo(7, 3, 5, 1)":
        "3185cf2d4b81622e2f19af19649577995f4c673ea97fd057160e6928c9e05636",
    "pisanki_photo(8, 3, 5, 1)":
        "c7658efa061218b9f10a46fa8194da5be1f7365ceb8270a0bd53be289afab2bc",
    # Okoshki zones on a cluttered table (strength 0.8), the vision deck's cards
    "okoshki_photo(6100, 8)":
        "fde9a362858f97f2470dac3f92578b7b0fd6330d9d780f0d697ff9ebcfe2dc1c",
    "okoshki_photo(6101, 6)":
        "5350c40a2c251fe0fcbd8359b14dbc6b1036c02b7b7253d8c594448e9444308a",
    # deck 8's full-bleed cards in a zone, pasted through their rounded mask
    "deck 8 zone 7607":
        "61fb14ff2433a235739daa8528092e27f895d48c8426487c5083fdb38dbf292c",
    # deck 2's first registration table: a shadow band (float64 from there), motion blur, glare
    "deck 2 table 7050":
        "004bed024ccb910d496c30651bb0f64bbd4fa2c992b8fb0620c1f8bdc58e0403",
    # deck 8's 48 Okoshki cards laid for registration (gaps 2-5 %, none turned), motion blur
    "deck 8 layout 7500":
        "fa2449ac49eaab8873acfd9624d368bd0431a600423c3cde9728acff480753f4",
    # the vision deck's registration layout, pasted by synth._paste on a small canvas
    "test_register.layout_photo":
        "4c06cdeb2ff6db736e9aec4998576f16532a895b6db3db5095d984f443a41241",
    # deck 8's tables on a wood and a plaid ground, cards turned and shifted by hand
    "deck 8 table 8104 wood":
        "cab044e53ee3f0acbd8d33346cb4e75dc6b8bab306e4ba0e340acc0f0acb1cee",
    "deck 8 table 8110 plaid":
        "7b933e408903ff6156874406152a38c0e00470442948bb9f06efdf3305b596d9",
}


def _photo(name: str, shared, drawn) -> bytes:
    """The photo `name`, through the same shared key the other tests draw it under."""
    make = {
        "pisanki_photo(7, 3, 5, 1)": lambda: drawn(synth.pisanki_photo, 7, 3, 5, 1)[0],
        "pisanki_photo(8, 3, 5, 1)": lambda: drawn(synth.pisanki_photo, 8, 3, 5, 1)[0],
        "okoshki_photo(6100, 8)": lambda: drawn(synth.okoshki_photo, 6100, 8)[0],
        "okoshki_photo(6101, 6)": lambda: drawn(synth.okoshki_photo, 6101, 6)[0],
        "deck 8 zone 7607": lambda: zone_7607(shared)[0],
        "deck 2 table 7050": lambda: first_table_photo(shared)[0],
        "deck 8 layout 7500": lambda: shared("deck8-layout-7500",
                                             lambda: deck_layout(deck8, 7500))[0],
        "test_register.layout_photo": lambda: drawn(layout_photo),
        "deck 8 table 8104 wood": lambda: shared("bleed-8104-wood",
                                                 lambda: _table(8104, "wood"))[0],
        "deck 8 table 8110 plaid": lambda: shared("bleed-8110-plaid",
                                                  lambda: _table(8110, "plaid"))[0],
    }
    return make[name]()


@pytest.mark.parametrize("name", list(OLD))
def test_photo_bytes_as_before(name, shared, drawn):
    assert hashlib.sha256(_photo(name, shared, drawn)).hexdigest() == OLD[name]
