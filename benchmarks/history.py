"""How long the history page and a result link take with many games on the server (issue 17).

Plays N finished Okoshki games (six rounds each) into a fresh SQLite file, then times
GET /history (every game folded and ranked), GET /history?player=… and GET /r/<id> of the
oldest game (its id is looked up among all tables). Prints milliseconds.

    nice .venv/bin/python benchmarks/history.py [N]
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant import create_app  # noqa: E402


def timed(client, url: str, runs: int = 5) -> tuple[float, str]:
    """Median milliseconds of GET url, and its last body."""
    times, body = [], ""
    for _ in range(runs):
        t0 = time.perf_counter()
        resp = client.get(url)
        times.append((time.perf_counter() - t0) * 1000)
        assert resp.status_code == 200, resp.status_code
        body = resp.get_data(as_text=True)
    return statistics.median(times), body


def main() -> None:
    """Fill a server with N games and print the page times."""
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{tmp}/h.db",
                          "DECK_FOLDER": f"{tmp}/deck"})
        st = app.extensions["store"]
        for i in range(n):
            t = st.create_table("okoshki")
            ops = [("players.rename", {"index": 0, "name": f"Ola{i % 7}"}),
                   ("players.rename", {"index": 1, "name": f"Jan{i % 5}"})]
            for r in range(6):
                w = (i + r) % 2
                ops += [("zone.add", {"player": w, "kind": "owl"})] * 3
                ops.append(("call.stop", {"player": w}))
            for op, data in ops:
                t = st.append(t.code, op, data, base=t.version)
        client = app.test_client()
        first, body = timed(client, "/history", runs=1)
        ms, body = timed(client, "/history")
        links = re.findall(r'href="/r/([a-z0-9]+)"', body)
        print(f"games: {n} (Okoshki, 6 rounds, 26 edits each)")
        print(f"GET /history: first {first:.0f} ms (folds every table), then {ms:.0f} ms")
        ms_p, _ = timed(client, "/history?player=ola3")
        print(f"GET /history?player=ola3: {ms_p:.0f} ms")
        ms_r, _ = timed(client, f"/r/{links[-1]}")
        print(f"GET /r/<id> of the oldest game: {ms_r:.0f} ms")
        st.dispose()


if __name__ == "__main__":
    main()
