"""Issue 25, strangers not friends: limits across processes, idle tables deleted, a table's cap,
uploads per minute, HSTS only over HTTPS, the service worker's route."""

from __future__ import annotations

import io

import pytest
import sqlalchemy as sa

from assistant import create_app
from assistant.store import events_t, metadata, tables_t
from assistant.web.finish import find_by_result_id
from assistant.web.guard import sweep
from assistant.web.limits_sql import SQLStorage, limits_t
from assistant.web.results import result_id
from tests.conftest import Phone, own_database
from tests.test_store import database_urls


def make_app(url, tmp_path, **config):
    return create_app({"SECRET_KEY": "test", "DATABASE_URL": url, "TESTING": True,
                       "DECK_FOLDER": str(tmp_path / "deck"), **config})


@pytest.fixture(params=database_urls(), ids=lambda u: u.split(":")[0])
def url(request, db_url):
    if request.param == "sqlite":
        yield db_url
        return
    with own_database(request.param) as url:
        engine = sa.create_engine(url)
        metadata.drop_all(engine)
        limits_t.drop(engine, checkfirst=True)
        engine.dispose()
        yield url


def test_new_tables_are_limited_per_client_across_processes(url, tmp_path):
    # Two apps on one database stand for two server processes; the count is in the database.
    apps = [make_app(url, tmp_path, RATELIMIT_SQL=True, CREATE_LIMIT="3 per minute")
            for _ in range(2)]
    try:
        assert all(isinstance(a.extensions["guard_limiter"].storage, SQLStorage) for a in apps)
        phones = [Phone(a.test_client()) for a in apps]
        for p in phones:
            p.get("/")
        codes = [phones[i % 2].client.post("/tables", data={"game": "kitsune", "csrf_token": phones[i % 2].token}).status_code
                 for i in range(4)]
        assert codes == [303, 303, 303, 429]
        other = apps[0].test_client()
        other.environ_base["REMOTE_ADDR"] = "10.0.0.9"
        assert Phone(other).new_table("kitsune")  # another client is not held back
    finally:
        for a in apps:
            a.extensions["store"].dispose()


def test_wrong_codes_count_across_processes(url, tmp_path):
    apps = [make_app(url, tmp_path, RATELIMIT_SQL=True) for _ in range(2)]
    try:
        answers = [apps[i % 2].test_client().get(f"/t/WRONG{i:03d}").status_code for i in range(22)]
        assert answers[:20] == [404] * 20 and answers[20:] == [429, 429]
    finally:
        for a in apps:
            a.extensions["store"].dispose()


def test_postgresql_counts_in_the_database_by_itself(url, tmp_path):
    app = make_app(url, tmp_path)
    try:
        shared = isinstance(app.extensions["guard_limiter"].storage, SQLStorage)
        assert shared is url.startswith("postgresql")  # SQLite (one process) counts in memory
    finally:
        app.extensions["store"].dispose()


def test_uploads_per_minute(app):
    app.config["UPLOAD_LIMIT"] = "2 per minute"
    c = app.test_client()

    def send():
        return c.post("/api/pisanki/recognize",
                      data={"photo": (io.BytesIO(b"not a photo"), "p.jpg")}).status_code

    assert [send(), send()] != [429, 429]
    assert send() == 429
    assert c.post("/api/kitsune/score", json={"players": []}).status_code != 429  # no file


def test_a_table_holds_at_most_max_events(app, phone):
    app.extensions["store"].max_events = 2
    code = phone.new_table("kitsune")
    for name in ("Ala", "Bo"):
        phone.edit(code, "players.add", name=name)
    resp = phone.edit(code, "players.add", name="Cy")
    assert "This table is full (2 edits)" in resp.get_data(as_text=True)
    assert app.extensions["store"].version(code) == 2


def test_idle_tables_go_with_their_events_and_result_links(url, tmp_path):
    app = make_app(url, tmp_path, IDLE_DAYS=30)
    store = app.extensions["store"]
    try:
        phone = Phone(app.test_client())
        old, fresh = phone.new_table("kitsune"), phone.new_table("kitsune")
        phone.edit(old, "players.add", name="Ala")
        with store.engine.begin() as conn:
            conn.execute(tables_t.update().where(tables_t.c.code == old)
                         .values(updated_ms=tables_t.c.updated_ms - 31 * 86_400_000))
        with app.test_request_context():
            rid = result_id(old)
            assert find_by_result_id(rid) is not None
            assert sweep(app) == 1
            assert find_by_result_id(rid) is None
        assert phone.client.get(f"/t/{old}").status_code == 404
        assert phone.client.get(f"/r/{rid}").status_code == 404
        assert phone.client.get(f"/t/{fresh}").status_code == 200
        with store.engine.connect() as conn:
            assert conn.execute(sa.select(sa.func.count()).select_from(events_t)).scalar() == 0
    finally:
        store.dispose()


def test_hsts_only_over_https(client):
    assert "Strict-Transport-Security" not in client.get("/healthz").headers
    resp = client.get("/healthz", base_url="https://localhost")
    assert resp.headers["Strict-Transport-Security"].startswith("max-age=")


def test_the_service_worker_is_served_from_the_root(client):
    resp = client.get("/sw.js")
    assert resp.status_code == 200 and resp.mimetype == "text/javascript"
    assert resp.headers["Cache-Control"] == "no-cache"
    assert b"caches.open" in resp.data and b'req.method !== "GET"' in resp.data
    resp.close()
    page = client.get("/").get_data(as_text=True)
    assert "js/offline.js" in page and 'rel="manifest"' in page
