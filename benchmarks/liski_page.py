"""Weight of the Liski page at round 6 with a full board (goal from #11: < 150 KB, < 1,500
elements). Builds the board through real edits, renders /t/<code> and prints bytes and
element count. Run: .venv/bin/python benchmarks/liski_page.py
"""

from __future__ import annotations

import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from assistant import create_app  # noqa: E402
from assistant.games.liski import SYMBOLS  # noqa: E402


class Count(HTMLParser):
    def __init__(self):
        super().__init__()
        self.n = 0

    def handle_starttag(self, tag, attrs):
        self.n += 1


def full_board(store, code: str) -> None:
    """Round 6, five puchaters, 3 cards, 2 fear tokens, 6 laid cards on every column, a big
    library, two adopted cards per puchater."""
    def edit(op, **data):
        store.append(code, op, data, base=store.version(code))

    for name in ("Lisia Kapitanka", "Lisia Łotryni", "Lisi Mag"):
        edit("board.puchater.add", name=name)
    edit("board.puchater.add", name="Fox king", symbol="crown")
    edit("board.puchater.add", name="Wiewiórka", symbol="leaf")
    for i in range(30):
        edit("board.lib.save", card={"kind": ("problem", "complication")[i % 2],
                                     "name": f"Card {i}", "total": 3 + i % 4,
                                     "needs": {SYMBOLS[i % 5]: 1}, "transition": ["crown"]})
    edit("board.setup")
    edit("round.set", round=6)  # a correction tool of the planning phase: straight to round 6
    state = store.get(code).state
    pid = [p["id"] for p in state["board"]["puchaters"]]
    for col in range(6):
        for _ in range(3):
            edit("board.card.add", col=col, card={"kind": "problem", "total": 4,
                                                    "needs": {"crown": 1},
                                                    "transition": ["crown", "pot"]})
        edit("board.fear.add", col=col)
        edit("board.fear.add", col=col)
        edit("board.marker", col=col, puchater=pid[col % 5])
    for p in pid:
        for _ in range(2):
            edit("board.cheese", puchater=p)
    edit("timer.start")
    for col in range(6):
        for k in range(6):
            s = SYMBOLS[(col + k) % 5]
            edit("board.stack.add", col=col, item={"kind": "ojojanie", "symbols": [s],
                                                   "transition": [SYMBOLS[(col + k + 1) % 5]]})
    for p in pid[:3]:
        edit("board.ability", puchater=p, ability="greykit" if p != pid[1] else "fox",
             item={"symbols": ["boat", "leaf"]})


def main() -> None:
    tmp = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/b.db",
                      "DECK_FOLDER": tmp})
    store = app.extensions["store"]
    t = store.create_table("liski")
    full_board(store, t.code)
    client = app.test_client()
    html = client.get(f"/t/{t.code}").get_data(as_text=True)
    c = Count()
    c.feed(html)
    state = store.get(t.code).state
    laid = sum(len(col["stack"]) for col in state["board"]["columns"])
    print(f"Liski page at round {state['round']}: {len(html.encode()) / 1024:.1f} KB, "
          f"{c.n} elements ({laid} laid cards, {len(state['board']['library'])} library cards)"
          f" (goals: < 150 KB, < 1,500 elements)")
    store.dispose()


if __name__ == "__main__":
    main()
