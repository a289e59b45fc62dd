"""Score the recognisers against photos whose truth is known (sample photos or fresh ones)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from assistant.games.okoshki import CARDS
from assistant.vision import okoshki as vo
from assistant.vision import pisanki as vp
from assistant.vision.synth import card_json


@dataclass
class Score:
    """Counts over a set of photos."""

    total: int = 0
    right: int = 0
    wrong_flagged: int = 0
    wrong: int = 0
    found: int = 0
    invented: int = 0
    kind_right: int = 0
    right_flagged: int = 0  # right answers marked unsure all the same (the players check them)
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # process CPU seconds per photo
    mistakes: list[str] = field(default_factory=list)

    def line(self, name: str) -> str:
        """One printable line of figures."""
        s = np.array(self.seconds) if self.seconds else np.zeros(1)
        return (f"{name}: {len(self.seconds)} photos, {self.right}/{self.total} right "
                f"({self.right / max(1, self.total):.2%}), wrong flagged unsure "
                f"{self.wrong_flagged}/{self.wrong}, seconds median {np.median(s):.2f} "
                f"p95 {np.percentile(s, 95):.2f}")


def score_pisanki(photos: list[tuple[bytes, dict]]) -> Score:
    """Share of cells right, and whether every wrong cell was flagged."""
    sc = Score()
    for data, truth in photos:
        res = vp.recognise(data, truth["rows"], truth["cols"])
        sc.seconds.append(res.seconds)
        for r, row in enumerate(truth["grid"]):
            for c, want in enumerate(row):
                got = res.grid[r][c]
                sc.total += 1
                if card_json(got.card) == want:
                    sc.right += 1
                else:
                    sc.wrong += 1
                    sc.wrong_flagged += got.confidence < vp.UNSURE
                    sc.mistakes.append(f"seed {truth['seed']} r{r}c{c}: {want} -> "
                                       f"{card_json(got.card)} ({got.confidence})")
    return sc


def score_okoshki(photos: list[tuple[bytes, dict]]) -> Score:
    """Cards found, found cards right (by id and by kind), cards invented."""
    sc = Score()
    for data, truth in photos:
        t0 = time.process_time()
        res = vo.recognise(data)
        sc.cpu.append(time.process_time() - t0)
        add_okoshki(sc, res, truth)
    return sc


def add_okoshki(sc: Score, res: vo.ZoneRecognition, truth: dict) -> None:
    """Count one zone's recognition (already made) against its truth into `sc`."""
    sc.seconds.append(res.seconds)
    scale = res.size[0] / 4000
    want = [(c["id"], np.array(c["quad"]) * scale) for c in truth["cards"]]
    used: set[int] = set()
    for card in res.cards:
        q = np.array(card.quad)
        best = max(range(len(want)), key=lambda i: vo.iou(q, want[i][1])) if want else -1
        if best >= 0 and best not in used and vo.iou(q, want[best][1]) > 0.5:
            used.add(best)
            sc.found += 1
            if card.id == want[best][0]:
                sc.right += 1
                sc.right_flagged += card.unsure
            else:
                sc.wrong += 1
                sc.wrong_flagged += card.unsure
                sc.mistakes.append(f"seed {truth['seed']}: {want[best][0]} -> {card.id} "
                                   f"({card.confidence})")
            sc.kind_right += card.kind == CARDS[want[best][0]].kind
        else:
            sc.invented += 1
    sc.total += len(want)


def okoshki_line(sc: Score, name: str) -> str:
    """One printable line of Okoshki figures."""
    s = np.array(sc.seconds) if sc.seconds else np.zeros(1)
    return (f"{name}: {len(sc.seconds)} photos, found {sc.found}/{sc.total} "
            f"({sc.found / max(1, sc.total):.2%}), found right {sc.right}/{sc.found} "
            f"({sc.right / max(1, sc.found):.2%}; kind right {sc.kind_right}/{sc.found}), "
            f"wrong flagged {sc.wrong_flagged}/{sc.wrong}, missed {sc.total - sc.found}, "
            f"invented {sc.invented}, seconds median {np.median(s):.2f} "
            f"p95 {np.percentile(s, 95):.2f}" + (
                f", CPU s per photo median {np.median(sc.cpu):.2f} p95 "
                f"{np.percentile(sc.cpu, 95):.2f}" if sc.cpu else ""))


def load(folder: Path) -> list[tuple[bytes, dict]]:
    """The photos of a sample folder with their truth."""
    return [(p.read_bytes(), json.loads(p.with_suffix(".json").read_text()))
            for p in sorted(folder.glob("*.jpg"))]
