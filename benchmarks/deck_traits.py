"""Deck 12 with one trait of another deck's style added at a time: a study of which trait makes
Okoshki cards go unfound (issue 27; development data only).

`variant("12-miscut")` is a module-like deck with deck12's interface (W, H, mask(),
okoshki_faces(), pisanki_face(), pisanki_deck()). Names: "12" (deck 12 as drawn) and "12-" with
one trait of TRAITS, or "12-all" (every trait at once), or traits joined by "+"
("12-flat+bigdots"; "12-flat-all" is "12-flat+all"):
- miscut: each card's print (picture, index tab, outline) shifted by 1-3 mm inside the card's
  outline, its own way, the stock showing wider on one side (cut into on the other);
- round: very round corners (a radius of 12 % of the width) instead of clipped ones, the
  picture's corners following them;
- 23: a 2:3 card (60 × 90 mm), drawn at that size: the scene cropped at both sides, not
  stretched, the index tab at its place on the left edge;
- suitstock: the stock's colour by suit (Okoshki) or cloth (Pisanki), mid-tone, not terracotta;
- outline: thick black outlines round every shape of the picture and round the picture;
- halftone: flat fills (the picture's colours quantised) with halftone-dot shading where the
  painting was shaded;
- midindex: the index tab on the left edge at mid-height, not a quarter of the way down;
- bigdots (not in "all"): halftone drawn coarser (dots twice as far apart) and screening every
  fill, light ones too, as pop-art prints often screen whole backgrounds;
- flat (not in "all"; "12-flat-all": flat and every trait of "all"): each Okoshki scene printed
  FLAT, as a pop-art deck's are: the painting's texture smoothed away and its colours
  quantised to FLAT_COLOURS uniform areas with clean edges, the blind kept in its suit's colour
  (and print), no canvas-and-brush texture in the finish; the index drawn as before. Pisanki
  cards stay painted;
- flatter (not in "all"; "12-flatter-all" with it): flat, stronger: 4 colours, and no area
  narrower than about 11 px (a tenth of the window) kept: only the large shapes stay.
The STOCKS (none in "all"; Okoshki cards; faint and wide Pisanki too; "12-clothstock-all"
is clothstock with every trait of "all"), each a way a coloured stock may meet the table:
- clothstock: each suit's stock in one of the zone photos' tablecloth colours (the dark woven
  bases of synth._tablecloth, lit as its pattern lifts them): on a cloth of its colour the
  card's edge is faint (green cards on green felt);
- darkstock, darkerstock: the suit stocks (SUIT_STOCK) darker, at 70 % and 50 % of their
  value: the second at about the cloth's lightness, in the suits' own hues;
- greystock: the suit stocks less saturated (a third of their chroma kept);
- lightstock: the suit stocks pale, lighter than the art (a pastel card);
- faint: the print faded towards its stock (low contrast between print and stock: 45 % of
  the way);
- wide: a wider margin of stock round the picture (18 px, 4.7 mm, instead of 7);
- stockground: the picture's largest area (deck 12's stucco wall, found on the flat scene)
  left unprinted, the stock showing there, as a pop-art print leaves its background to the
  paper;
- samevalue: the print's colours all of about one value (their lightness pulled 75 % of the
  way to its mean, the hues and chroma kept), as pop-art prints saturated colours of one
  value side by side: in grey, which the features see, the picture nearly vanishes.
"""

from __future__ import annotations

import sys
import zlib
from functools import cache
from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import deck12  # noqa: E402

from assistant.games import okoshki as ok  # noqa: E402
from assistant.games import pisanki as pg  # noqa: E402

TRAITS = ("miscut", "round", "23", "suitstock", "outline", "halftone", "midindex")
STRONGER = ("bigdots",)  # a trait drawn stronger, not part of "all"
SCENE = ("flat", "flatter")  # the scene redrawn, not in "all" ("12-flat-all": with all of it)
STOCKS = ("clothstock", "darkstock", "darkerstock", "greystock", "lightstock", "faint", "wide",
          "stockground", "samevalue")  # the stock against the table, and the print: not in "all"
NAMES = ("12", *(f"12-{t}" for t in TRAITS + STRONGER + SCENE + STOCKS), "12-all",
         *(f"12-{t}-all" for t in SCENE + STOCKS))
PX_PER_MM = deck12.W / 70  # deck 12 is 70 mm wide
W23 = round(60 * PX_PER_MM)  # a 2:3 card: 60 × 90 mm
FLAT_COLOURS = 6  # a flat scene's colour areas (besides the blind and the index)
FLAT_AREA = 5  # the side of the neighbourhood whose most common colour a flat pixel takes
FLATTER = (4, 11)  # "flatter": fewer colours, only areas wider than about 11 px
ROUND = 0.12  # the very round corners' radius, as a part of the width
# mid-tone stocks, as saturated as deck 12's terracotta (BGR)
SUIT_STOCK = {"red": (60, 62, 172), "yellow": (40, 150, 182), "purple": (132, 70, 122),
              "green": (72, 132, 70), "brown": (52, 92, 132), "blue": (152, 102, 52)}
# the suits' stocks in the tablecloth's colours (synth._tablecloth's bases, BGR, lifted by
# half its pattern's mean): one suit for each cloth, the sixth between two of them
TABLE_STOCK = {"red": (45, 66, 121), "green": (66, 101, 46), "blue": (101, 58, 46),
               "brown": (81, 81, 81), "purple": (36, 46, 92), "yellow": (52, 80, 78)}
STOCK_SCALE = {"darkstock": 0.7, "darkerstock": 0.5}
SAME_VALUE = 0.75  # "samevalue": how far the print's lightness is pulled to its mean
FAINT = 0.45  # "faint": how far the print fades towards its stock
WIDE = 18  # "wide": the margin of stock round the picture (px; deck 12's is 7)
CLOTH_STOCK = {"checked": (44, 140, 164), "striped": (92, 100, 190), "dotted": (150, 92, 50),
               "neutral": (120, 118, 112)}
INK = (24, 20, 26)


def parse(name: str) -> frozenset[str]:
    """The traits a variant's name asks for ("12-all": every one)."""
    if name == "12":
        return frozenset()
    out: set[str] = set()
    # "12-flat-all" is flat and all; "12-flat+bigdots": several traits joined by "+"
    parts = name.removeprefix("12-").replace("-all", "+all").split("+")
    for trait in parts:
        if trait == "all":
            out |= set(TRAITS)
        elif name.startswith("12-") and trait in TRAITS + STRONGER + SCENE + STOCKS:
            out.add(trait)
        else:
            raise ValueError(f"no deck variant {name!r}: one of {', '.join(NAMES)}, or "
                             "traits joined by +")
    return frozenset(out)


def suit_stock(suit: str, traits: frozenset[str]) -> tuple[int, int, int] | None:
    """An Okoshki card's stock colour (BGR) for its suit under the traits (None: deck 12's
    terracotta)."""
    if "clothstock" in traits:
        return TABLE_STOCK[suit]
    if not traits & {"suitstock", *STOCKS} - {"faint", "wide", "stockground"}:
        return None
    bgr = np.array(SUIT_STOCK[suit], np.float32)
    for trait, scale in STOCK_SCALE.items():
        if trait in traits:
            bgr *= scale
    if "greystock" in traits or "lightstock" in traits:
        lab = cv2.cvtColor(np.uint8([[np.clip(bgr, 0, 255)]]), cv2.COLOR_BGR2LAB)[0, 0]
        lab = lab.astype(np.float32)
        if "greystock" in traits:  # a third of the chroma kept
            lab[1:] = 128 + (lab[1:] - 128) / 3
        if "lightstock" in traits:  # pale: light, half the chroma
            lab[0], lab[1:] = 225, 128 + (lab[1:] - 128) / 2
        bgr = cv2.cvtColor(np.uint8([[lab.round()]]), cv2.COLOR_LAB2BGR)[0, 0].astype(np.float32)
    return tuple(int(v) for v in np.clip(bgr.round(), 0, 255))


def largest_area(scene: np.ndarray) -> np.ndarray:
    """The flat scene's most common colour area (deck 12's stucco wall), 255 there: where a
    pop-art print leaves its background to the stock."""
    flat_scene = flat(scene, deck12.IVORY)
    cloth = blind_cloth() > 0
    colours, counts = np.unique(flat_scene[~cloth].reshape(-1, 3), axis=0, return_counts=True)
    top = colours[counts.argmax()]
    m = ((flat_scene == top).all(2) & ~cloth).astype(np.uint8) * 255
    return cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def card_shape(w: int, h: int, inset: int, traits: frozenset[str]) -> np.ndarray:
    """A card's (or its picture's, `inset` in) outline: clipped corners, or very round ones."""
    m = np.zeros((h, w), np.uint8)
    x0, y0, x1, y1 = inset, inset, w - 1 - inset, h - 1 - inset
    if "round" in traits:
        r = max(1, round(ROUND * w) - inset)
        cv2.rectangle(m, (x0 + r, y0), (x1 - r, y1), 255, -1)
        cv2.rectangle(m, (x0, y0 + r), (x1, y1 - r), 255, -1)
        for cx, cy in ((x0 + r, y0 + r), (x1 - r, y0 + r), (x0 + r, y1 - r), (x1 - r, y1 - r)):
            cv2.circle(m, (cx, cy), r, 255, -1, cv2.LINE_AA)
        return m
    cut = deck12.CHAMFER - (3 if inset else 0)  # deck 12's picture: a 3 px smaller chamfer
    pts = [(x0 + cut, y0), (x1 - cut, y0), (x1, y0 + cut), (x1, y1 - cut), (x1 - cut, y1),
           (x0 + cut, y1), (x0, y1 - cut), (x0, y0 + cut)]
    cv2.fillPoly(m, [np.array(pts, np.int32)], 255, cv2.LINE_AA)
    return m


def miscut(name: str) -> tuple[int, int]:
    """The shift (dx, dy) in px of one card's print: 1-3 mm, its own way."""
    rng = np.random.default_rng(zlib.crc32(("miscut-" + name).encode()))
    a, mm = rng.uniform(0, 2 * np.pi), rng.uniform(1, 3)
    return round(mm * PX_PER_MM * np.cos(a)), round(mm * PX_PER_MM * np.sin(a))


def shifted(img: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """`img` moved by (dx, dy), zeros where nothing moved in."""
    out = np.zeros_like(img)
    h, w = img.shape[:2]
    out[max(0, dy):h + min(0, dy), max(0, dx):w + min(0, dx)] = \
        img[max(0, -dy):h - max(0, dy), max(0, -dx):w - max(0, dx)]
    return out


def halftone(art: np.ndarray, pitch: int = 6, screen: float = 0.15) -> np.ndarray:
    """Flat fills (the colours quantised) with the painting's shading as halftone dots
    (`pitch` px apart; `screen`: the ink every fill gets, shaded or not)."""
    px = art.reshape(-1, 3).astype(np.float32)
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 10, 1.0)
    cv2.setRNGSeed(1)
    _, labels, centres = cv2.kmeans(px, 10, None, crit, 1, cv2.KMEANS_PP_CENTERS)
    flat = centres[labels.ravel()].reshape(art.shape)
    # the shading: how much darker the painting is than its flat fill, dots where it is
    lum = cv2.cvtColor(art, cv2.COLOR_BGR2GRAY).astype(np.float32)
    flum = cv2.cvtColor(flat.astype(np.uint8), cv2.COLOR_BGR2GRAY).astype(np.float32)
    dark = np.clip((flum - lum) / 40 + screen, 0, 1)
    dark = cv2.GaussianBlur(dark, (0, 0), 1.5)
    h, w = lum.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u, v = (xx + yy) / np.sqrt(2), (xx - yy) / np.sqrt(2)  # a screen at 45°
    du = (u / pitch) % 1 - 0.5
    dv = (v / pitch) % 1 - 0.5
    dot = np.hypot(du, dv) < 0.5 * np.sqrt(dark)
    out = flat.copy()
    out[dot] *= 0.45
    return np.clip(out, 0, 255).astype(np.uint8)


def blind_cloth() -> np.ndarray:
    """Where deck 12's roller blind covers the glass (its cloth and scalloped hem), 255 there."""
    x0, y0, x1, _ = deck12.GLASS
    m = np.zeros((deck12.H, deck12.W), np.uint8)
    cv2.rectangle(m, (x0, y0), (x1, deck12.HEM), 255, -1)
    for x in range(x0, x1 - 8, 15):
        cv2.ellipse(m, (x + 7, deck12.HEM), (8, 8), 0, 0, 180, 255, -1)
    return m


def flat(scene: np.ndarray, blind, colours: int = FLAT_COLOURS, area: int = FLAT_AREA
         ) -> np.ndarray:
    """Deck 12's painted scene printed flat: texture smoothed away, the colours quantised to
    `colours` uniform areas with clean edges (each pixel the most common colour of the
    `area` × `area` round it: no shape much narrower than that stays); the blind's cloth in its
    `blind` colour, its print (if any) in ivory, so that the suit stays readable."""
    smooth = cv2.bilateralFilter(cv2.medianBlur(scene, 5), 9, 40, 5)
    px = smooth.reshape(-1, 3).astype(np.float32)
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 1.0)
    cv2.setRNGSeed(1)
    _, labels, centres = cv2.kmeans(px, colours, None, crit, 2, cv2.KMEANS_PP_CENTERS)
    labels = labels.reshape(scene.shape[:2])
    # clean edges: each pixel takes the colour most of its neighbourhood has (no specks)
    votes = np.stack([cv2.boxFilter((labels == k).astype(np.float32), -1, (area, area))
                      for k in range(colours)])
    out = centres[votes.argmax(0)].astype(np.uint8)
    # the blind: two inks (the suit's colour, ivory where its florets are), from the painting
    cloth = cv2.erode(blind_cloth(), np.ones((3, 3), np.uint8)) > 0
    ink = np.array(blind, np.float32)
    ivory = np.array(deck12.IVORY, np.float32)
    src = scene[cloth].astype(np.float32)
    near = np.linalg.norm(src - ivory, axis=1) < np.linalg.norm(src - ink, axis=1)
    out[cloth] = np.where(near[:, None], ivory, ink).astype(np.uint8)
    return out


def outline_lines(art: np.ndarray, thick: int = 3) -> np.ndarray:
    """Where thick black outlines round every shape of the picture go (255 there)."""
    edges = cv2.Canny(cv2.GaussianBlur(art, (0, 0), 1.5), 30, 80)
    return cv2.dilate(edges, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (thick, thick)))


def _stock(w: int, h: int, colour) -> np.ndarray:
    """A mottled stock of `colour` (deck 12's mottle)."""
    rng = np.random.default_rng(zlib.crc32(b"deck12-stock"))
    mottle = cv2.GaussianBlur(rng.standard_normal((h, w)).astype(np.float32), (0, 0), 9)
    mottle *= 12 / (mottle.std() + 1e-6)
    img = np.array(colour, np.float32) + mottle[..., None] * np.float32([0.6, 0.8, 1.0])
    return np.clip(img, 0, 255).astype(np.uint8)


class Variant:
    """Deck 12 with some traits added: deck12's interface, its cards drawn anew."""

    def __init__(self, name: str):
        self.name = name
        self.traits = parse(name)
        self.W = W23 if "23" in self.traits else deck12.W
        self.H = deck12.H

    def mask(self) -> np.ndarray:
        """The card's shape, 255 inside."""
        return card_shape(self.W, self.H, 0, self.traits)

    def _picture(self, scene: np.ndarray, index) -> np.ndarray:
        """The scene at this variant's width (cropped at both sides), its index drawn."""
        img = np.array(scene)
        if self.W != deck12.W:  # cropped, then the tab drawn at the left edge as on deck 12
            cut = (deck12.W - self.W) // 2
            img = np.zeros_like(img)
            img[:, :self.W] = scene[:, cut:cut + self.W]
        if "midindex" in self.traits:  # the tab drawn as on deck 12, the picture rolled under it
            down = self.H // 2 - (deck12.TAB[1] + deck12.TAB[3]) // 2
            img = np.roll(img, -down, 0)
            index(img)
            img = np.roll(img, down, 0)
        else:
            index(img)
        img = img[:, :self.W]
        lines = outline_lines(img) if "outline" in self.traits else None
        if "halftone" in self.traits:
            img = halftone(img)
        if "bigdots" in self.traits:
            img = halftone(img, pitch=12, screen=0.35)
        if lines is not None:  # found on the painting: the shapes, not the dots
            img[lines > 0] = INK
        return img

    def _finish(self, art: np.ndarray, name: str, stock, texture: bool = True) -> np.ndarray:
        """As deck 12's finish: the picture on the stock, soft, lit and textured (`texture`:
        the canvas-and-brush, not on a flat print); then the variant's outline round the
        picture and its miscut."""
        w, h = self.W, self.H
        panel = card_shape(w, h, WIDE if "wide" in self.traits else deck12.MARGIN, self.traits)
        if "outline" in self.traits:  # a thick black rule round the picture
            ring = cv2.subtract(panel, cv2.erode(panel, np.ones((5, 5), np.uint8)))
            art = art.copy()
            art[ring > 127] = INK
        art = cv2.GaussianBlur(art, (0, 0), 0.7)
        a = cv2.GaussianBlur(panel.astype(np.float32) / 255, (0, 0), 1.2)[..., None]
        if "miscut" in self.traits:
            dx, dy = miscut(name)
            art, a = shifted(art, dx, dy), shifted(a, dx, dy)
        colour = deck12.TERRACOTTA if stock is None else stock
        base = deck12._stock() if (w, colour) == (deck12.W, deck12.TERRACOTTA) \
            else _stock(w, h, colour)
        if "samevalue" in self.traits:  # one value: the lightness pulled to its mean
            lab = cv2.cvtColor(art, cv2.COLOR_BGR2LAB).astype(np.float32)
            lab[..., 0] += SAME_VALUE * (lab[..., 0].mean() - lab[..., 0])
            art = cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)
        if "faint" in self.traits:  # the print faded towards its stock
            art = art * (1 - FAINT) + np.array(colour, np.float32) * FAINT
        out = base * (1 - a) + art * a
        rng = np.random.default_rng(zlib.crc32(("deck12-finish-" + name).encode()))
        lx, tx, ty = (int(v) for v in rng.integers(0, deck12.W, 3))
        light, tex = deck12._sheets()
        ty = ty % h
        out = out * light[:, lx:lx + w]
        if texture:
            out = out + tex[ty:ty + h, tx:tx + w]
        return np.clip(out, 0, 255).astype(np.uint8)

    @cache  # noqa: B019  (a handful of variants live for the whole run)
    def okoshki_face(self, cid: str) -> np.ndarray:
        """One Okoshki card of this variant."""
        suit = ok.CARDS[cid].suit.split("-")[0]
        scene = deck12.okoshki_scene(cid)
        if "flat" in self.traits:
            scene = flat(scene, deck12.BLIND[suit])
        if "flatter" in self.traits:
            scene = flat(scene, deck12.BLIND[suit], *FLATTER)
        stock = suit_stock(suit, self.traits)
        if "stockground" in self.traits:  # the background left to the stock
            scene = scene.copy()
            scene[largest_area(deck12.okoshki_scene(cid)) > 0] = \
                deck12.TERRACOTTA if stock is None else stock
        art = self._picture(scene, lambda img: deck12.index_okoshki(img, cid))
        return self._finish(art, cid, stock, texture=not self.traits & set(SCENE))

    def okoshki_faces(self) -> dict[str, np.ndarray]:
        """All 48 Okoshki cards of this variant by id."""
        return {c.id: self.okoshki_face(c.id) for c in ok.DECK}

    @cache  # noqa: B019
    def pisanki_face(self, card: pg.Card | None) -> np.ndarray:
        """One Pisanki card of this variant (None: its back)."""
        def index(img):
            if card is not None:
                deck12.index_pisanki(img, card)
        art = self._picture(deck12.pisanki_scene(card), index)
        stock = CLOTH_STOCK[card.cloth] if card is not None and "suitstock" in self.traits \
            else None
        return self._finish(art, repr(card), stock)

    def pisanki_deck(self) -> list[pg.Card | None]:
        """Deck 12's split of the 75 exhibition cards."""
        return deck12.pisanki_deck()


@cache
def variant(name: str) -> Variant:
    """The deck variant called `name` (one of NAMES)."""
    return Variant(name)


def namespace(name: str) -> SimpleNamespace:
    """The variant as a module-like namespace (W, H, mask, okoshki_faces, pisanki_face, ...)."""
    v = variant(name)
    return SimpleNamespace(W=v.W, H=v.H, mask=v.mask, okoshki_faces=v.okoshki_faces,
                           okoshki_face=v.okoshki_face, pisanki_face=v.pisanki_face,
                           pisanki_deck=v.pisanki_deck)
