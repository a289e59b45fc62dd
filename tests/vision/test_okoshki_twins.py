"""Print or plain twins (the same window and colour, one with a fine print on its curtains)
told apart by the print's texture (okoshki_twins; issue 27: Okoshki ids)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from assistant.games import okoshki as ok
from assistant.vision import evaluate, register, synth
from assistant.vision.okoshki_describe import SH, SW, _card_balanced
from assistant.vision.okoshki_twins import print_lean
from assistant.vision.okoshki_views import TWINS, view_table
from benchmarks import deck4

STILL = np.eye(2, 3, dtype=np.float32)


def register_faces(folder, faces: dict) -> None:
    """`faces` written into `folder` at twice the deck's frame, as registration keeps them,
    and that folder made the registered deck."""
    for cid, face in faces.items():
        cv2.imwrite(str(folder / f"{cid}.png"), cv2.resize(face, (2 * SW, 2 * SH),
                                                           interpolation=cv2.INTER_AREA))
    register.use_folder(folder)


@pytest.fixture
def deck4_registered(tmp_path):
    """Deck 4 (fine pale crosses on the print curtains) registered from its own faces."""
    faces = deck4.okoshki_faces()
    register_faces(tmp_path, faces)
    yield faces
    register.use_folder(None)


def view(cid: str) -> np.ndarray:
    """A card's registered view on the deck's frame (SW × SH), as the close look has it."""
    ids, starts = view_table()[:2]
    return view_table()[4][starts[ids.index(cid)]]


def photographed(face: np.ndarray, width: int, blur: float, light: float = 1.0) -> np.ndarray:
    """A face as a zone photo shows it: `width` pixels across, softened, lit `light` times
    brighter, flat at SW × SH and white-balanced on its frame."""
    h = round(width * face.shape[0] / face.shape[1])
    small = cv2.GaussianBlur(cv2.resize(face, (width, h), interpolation=cv2.INTER_AREA),
                             (0, 0), blur)
    small = np.clip(small.astype(np.float32) * light, 0, 255).astype(np.uint8)
    return _card_balanced(cv2.resize(small, (SW, SH), interpolation=cv2.INTER_AREA))


def test_zone_photos_read_print_and_plain_twins_apart(deck4_registered):
    # seeds 7602 and 7604 of the benchmark's zones (cards about 150 px wide in the working
    # image): a print card read as its plain twin and two plain cards read as their print
    # twins before, all marked; now each is read as itself
    twins_confused = []
    for seed in (7602, 7604):
        photo = synth.okoshki_photo(seed, 10 + ((seed - 7600) * 7) % 21, deck4_registered,
                                    deck4.mask())
        sc = evaluate.score_okoshki([photo])
        assert sc.found == sc.total
        assert sc.wrong == sc.wrong_flagged
        for m in sc.mistakes:
            want, got = m.split(": ")[1].split(" (")[0].split(" -> ")
            if TWINS[want] == got:
                twins_confused.append(m)
    assert twins_confused == []


@pytest.mark.parametrize("colour", ["brown", "green", "red", "purple"])
def test_a_soft_photo_leans_to_its_own_twin_whatever_the_light(deck4_registered, colour):
    plain, printed = f"{colour}-2", f"{colour}-print-2"
    where = np.ones((SH, SW), bool)
    for light in (0.85, 1.0, 1.15):  # a zone's light shifts colour as much as a print does
        of_print = photographed(deck4_registered[printed], 160, 0.7, light)
        of_plain = photographed(deck4_registered[plain], 160, 0.7, light)
        assert print_lean(of_print, view(printed), view(plain), (STILL, STILL), where) > 0.3
        assert print_lean(of_plain, view(printed), view(plain), (STILL, STILL), where) < -0.3


def test_asked_the_other_way_round_the_lean_is_its_opposite(deck4_registered):
    # each face is laid onto the card on its own: neither twin is favoured by being the one
    # the card was aligned on
    where = np.ones((SH, SW), bool)
    for cid in ("blue-3", "yellow-print-1"):
        photo = photographed(deck4_registered[cid], 150, 1.0)
        a, b = view(cid), view(TWINS[cid])
        there = print_lean(photo, a, b, (STILL, STILL), where)
        back = print_lean(photo, b, a, (STILL, STILL), where)
        assert there > 0
        assert back == pytest.approx(-there, abs=1e-6)


def test_a_card_lying_over_one_curtain_leaves_no_telling(deck4_registered):
    # the print twin's print over the left curtain only (another card's edge): the two
    # curtains disagree, so the print says nothing
    plain, printed = "red-3", "red-print-3"
    photo = photographed(deck4_registered[plain], 160, 0.7)
    photo[:, :SW // 2] = photographed(deck4_registered[printed], 160, 0.7)[:, :SW // 2]
    lean = print_lean(photo, view(printed), view(plain), (STILL, STILL), np.ones((SH, SW), bool))
    assert lean == 0.0


def test_every_card_has_a_twin_of_the_other_print():
    for c in ok.DECK:
        t = ok.CARDS[TWINS[c.id]]
        assert t.window == c.window and t.suit != c.suit
        assert t.suit.split("-")[0] == c.suit.split("-")[0]


def test_a_twin_face_cut_askew_at_registration_leaves_no_telling(tmp_path):
    # the plain card's registered face cut askew (sheared and stretched, as a layout photo's
    # cut can leave it): the two faces then differ all along the window's frame, which is the
    # cut and not a print: the print says nothing (the close look decides)
    faces = deck4.okoshki_faces()
    plain, printed = "red-3", "red-print-3"
    for cid, face in faces.items():
        face = cv2.resize(face, (2 * SW, 2 * SH), interpolation=cv2.INTER_AREA)
        if cid == plain:
            askew = np.float32([[1.08, 0.0, -0.04 * 2 * SW], [-0.11, 1.0, 0.06 * 2 * SH]])
            face = cv2.warpAffine(face, askew, (2 * SW, 2 * SH), borderMode=cv2.BORDER_REPLICATE)
        cv2.imwrite(str(tmp_path / f"{cid}.png"), face)
    register.use_folder(tmp_path)
    try:
        photo = photographed(faces[plain], 160, 0.7)
        lean = print_lean(photo, view(plain), view(printed), (STILL, STILL),
                          np.ones((SH, SW), bool))
        assert lean == 0.0  # no telling: neither twin
    finally:
        register.use_folder(None)


def faint(faces: dict, alpha: float) -> dict:
    """Deck 4's faces with the yellow prints faded to `alpha` of their strength (a
    registration photo that washed the pale crosses out: the twins then differ by 15–35 Lab
    units at most, below DIFFER)."""
    faded = dict(faces)
    for n in range(1, 5):
        plain, printed = faces[f"yellow-{n}"], faces[f"yellow-print-{n}"]
        faded[f"yellow-print-{n}"] = cv2.addWeighted(plain, 1 - alpha, printed, alpha, 0)
    return faded


@pytest.mark.parametrize(("alpha", "least"), [(0.0, None), (0.05, None), (0.35, 0.5)])
def test_a_faint_print_is_told_by_the_twins_own_largest_difference(tmp_path, alpha, least):
    # yellow-3 and yellow-4: their print faded to 35 % never differs from the plain face by
    # DIFFER, so no pixel was compared and the look said 0 (the benchmark's deck 4 marked 17
    # right yellow ids unsure for it); the bar is now a share of the twins' largest
    # difference. Faces that do not differ (0 %) or barely (5 %) still leave no telling.
    faces = faint(deck4.okoshki_faces(), alpha)
    register_faces(tmp_path, faces)
    try:
        where = np.ones((SH, SW), bool)
        for n in (3, 4):
            printed, plain = f"yellow-print-{n}", f"yellow-{n}"
            for light in (0.85, 1.15):
                leans = [print_lean(photographed(faces[cid], 150, 0.7, light), view(printed),
                                    view(plain), (STILL, STILL), where) for cid in (printed, plain)]
                if least is None:
                    assert leans == [0.0, 0.0]
                else:
                    assert leans[0] >= least and leans[1] <= -least
    finally:
        register.use_folder(None)
