"""One tap's path: the Python files and templates an Okoshki "+1" passes on the server.

    .venv/bin/python benchmarks/tap_path.py
Posts one zone.add the way the interaction layer does (X-Interact, X-Regions) to a warm app
and lists every file of the package whose code ran and every template loaded while it was
answered (issue 23 measured 14 Python files and 6–7 templates before the redesign).
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant import create_app  # noqa: E402

TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')


def main() -> int:
    folder = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "path", "DATABASE_URL": f"sqlite:///{folder}/t.db",
                      "TESTING": True, "DECK_FOLDER": f"{folder}/deck"})
    client = app.test_client()
    client.get("/")
    resp = client.post("/tables", data={"game": "okoshki",
                                        "csrf_token": TOKEN_RE.search(
                                            client.get("/").get_data(as_text=True)).group(1)})
    code = resp.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(f"/t/{code}").get_data(as_text=True)
    token = TOKEN_RE.search(page).group(1)
    hashes = " ".join(f"{i}:{h}" for i, h in re.findall(r'id="([^"]+)"[^>]*data-h="([^"]+)"',
                                                         page))
    form = {"op": "zone.add", "player": "0", "kind": "sky", "name": "Player 1", "v": "0",
            "csrf_token": token}
    headers = {"HX-Request": "true", "X-Interact": "1", "X-Regions": hashes}
    client.post(f"/t/{code}/edit", data={**form, "kind": "owl"}, headers=headers)  # warm
    form["v"] = "1"

    files: set[str] = set()
    templates: list[str] = []
    loader = app.jinja_env.loader
    get_source = loader.get_source

    def spy_source(env, name):
        templates.append(name)
        return get_source(env, name)

    def profile(frame, event, _arg):
        if event == "call":
            path = frame.f_code.co_filename
            if "/assistant/" in path:
                files.add(str(Path(path).relative_to(ROOT)))

    app.jinja_env.cache = None  # every template is loaded again, so each one shows
    loader.get_source = spy_source
    sys.setprofile(profile)
    try:
        resp = client.post(f"/t/{code}/edit", data=form, headers=headers)
    finally:
        sys.setprofile(None)
        loader.get_source = get_source
    assert resp.status_code == 200 and resp.headers.get("X-Seq"), resp.headers
    print(f"Python files of assistant/ that ran: {len(files)}")
    for f in sorted(files):
        print("   ", f)
    print(f"templates loaded: {len(set(templates))}")
    for t in sorted(set(templates)):
        print("   ", t)
    return 0


if __name__ == "__main__":
    sys.exit(main())
