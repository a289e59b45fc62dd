"""Shared fixtures: an app over a fresh SQLite file, a client that carries the CSRF token."""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
import re
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from assistant import create_app

if os.environ.get("PYTEST_XDIST_WORKER"):
    import cv2
    from threadpoolctl import threadpool_limits

    # one core per xdist worker: no fight between two workers' pools. BLAS alike: OpenBLAS's
    # second thread spins while it waits, and with three workers on two cores a matrix
    # product outside a photo read (views.classify in the vision tests, a registration) took
    # about six times the CPU of one thread (0.95 s against 5.9 s for the same 36 cells)
    cv2.setNumThreads(1)
    threadpool_limits(limits=1, user_api="blas")

TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')
VERSION_RE = re.compile(r'data-version="(\d+)"')


@contextmanager
def database_lock(url: str):
    """Hold one database alone: whoever else uses the same URL (another run on this machine)
    waits its turn."""
    key = hashlib.sha256(url.encode()).hexdigest()[:16]
    with open(Path(tempfile.gettempdir()) / f"assistant-test-db-{key}.lock", "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        yield


_OWN: dict[tuple[str, str], str] = {}


def _worker_database(url: str) -> str:
    """The URL of this xdist worker's own database on `url`'s server, made on first use."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    if (url, worker) not in _OWN:
        import sqlalchemy as sa

        given = sa.engine.make_url(url)
        name = f"{given.database}_{worker}"
        # one CREATE DATABASE at a time: it copies template1, which must have no other user
        with database_lock(url):
            engine = sa.create_engine(url, isolation_level="AUTOCOMMIT")
            try:
                with engine.connect() as conn:
                    if conn.execute(sa.text("SELECT 1 FROM pg_database WHERE datname = :n"),
                                    {"n": name}).first() is None:
                        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
            finally:
                engine.dispose()
        _OWN[url, worker] = given.set(database=name).render_as_string(hide_password=False)
    return _OWN[url, worker]


def postgres_url() -> str:
    """TEST_DATABASE_URL (`make test` starts a throwaway server), or the test skipped saying
    why."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip(os.environ.get("TEST_DATABASE_SKIP")
                    or "TEST_DATABASE_URL is not set (make test sets it)")
    return url


@contextmanager
def own_database(url: str):
    """A PostgreSQL database for a test alone; yields its URL. Each xdist worker has its own
    database on the server `url` names (the workers took turns on one database before: a
    worker sat idle 30–60 s at a time while another's test or hosted stack held it)."""
    mine = _worker_database(url)
    with database_lock(mine):  # another run on this machine with the same URL waits
        yield mine


def _shared_dir(tmp_path_factory) -> Path:
    """The run's folder of what `shared` and `shared_folder` made."""
    base = tmp_path_factory.getbasetemp()
    # under xdist each worker's base is a folder of the run's own; without it the parent is
    # common to every run, so the cache stays in the run's folder (never a stale answer)
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "shared"
    folder.mkdir(exist_ok=True)
    return folder


@contextmanager
def _alone(folder: Path, key: str):
    """Hold `key` alone: the first worker to ask makes it while the others wait."""
    with open(folder / f"{key}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="session")
def shared(tmp_path_factory):
    """`shared(key, make)`: what make() returns, made once a run and shared by every xdist
    worker (pickled on disk, the first worker to ask makes it while the others wait)."""
    folder = _shared_dir(tmp_path_factory)

    def get(key: str, make):
        path = folder / f"{key}.pickle"
        with _alone(folder, key):
            if not path.exists():
                part = path.with_suffix(".part")
                part.write_bytes(pickle.dumps(make()))
                part.replace(path)
            return pickle.loads(path.read_bytes())

    return get


@pytest.fixture(scope="session")
def drawn(shared):
    """`drawn(fn, *args)`: fn(*args), a synthetic photo (the same for the same arguments),
    drawn once a run and shared by every test and xdist worker that asks for it."""

    def get(fn, *args):
        what = f"{fn.__module__}.{fn.__qualname__}{args!r}"
        return shared(f"drawn-{hashlib.sha256(what.encode()).hexdigest()[:16]}",
                      lambda: fn(*args))

    return get


@pytest.fixture(scope="session")
def shared_folder(tmp_path_factory):
    """`shared_folder(key, fill, dest)`: a folder that fill(folder) writes (a registered deck),
    written once a run and shared by every xdist worker; each caller gets its own copy at
    `dest` (returned), so what a test adds to it reaches no other test."""
    folder = _shared_dir(tmp_path_factory)

    def get(key: str, fill, dest: Path) -> Path:
        made = folder / f"{key}.folder"
        with _alone(folder, key):
            if not made.exists():
                part = folder / f"{key}.part"
                shutil.rmtree(part, ignore_errors=True)  # a fill that failed before
                part.mkdir()
                fill(part)
                part.rename(made)
        shutil.copytree(made, dest, dirs_exist_ok=True)
        return dest

    return get


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'test.db'}"


@pytest.fixture
def app(db_url, tmp_path):
    app = create_app({"SECRET_KEY": "test", "DATABASE_URL": db_url, "TESTING": True,
                      "DECK_FOLDER": str(tmp_path / "deck")})
    yield app
    app.extensions["store"].dispose()
    from assistant.vision.register import use_folder

    use_folder(None)  # a registered deck never leaks into the next test


@pytest.fixture
def client(app):
    return app.test_client()


class Phone:
    """A test client that behaves like one phone: it reads the token and version it was shown."""

    def __init__(self, client):
        self.client = client
        self.token = ""
        self.version = 0

    def get(self, url, **kw):
        resp = self.client.get(url, **kw)
        self._read(resp)
        return resp

    def _read(self, resp):
        text = resp.get_data(as_text=True)
        m = TOKEN_RE.search(text)
        if m:
            self.token = m.group(1)
        m = VERSION_RE.search(text)
        if m:
            self.version = int(m.group(1))

    def new_table(self, game):
        if not self.token:
            self.get("/")
        resp = self.client.post("/tables", data={"game": game, "csrf_token": self.token})
        assert resp.status_code == 303, resp.get_data(as_text=True)
        code = resp.headers["Location"].rsplit("/", 1)[-1]
        self.get(f"/t/{code}")
        return code

    def edit(self, code, op, htmx=True, version=None, nonce=None, url=None, **data):
        form = {"op": op, "v": self.version if version is None else version,
                "csrf_token": self.token, **data}
        if nonce:
            form["nonce"] = nonce
        headers = {"HX-Request": "true"} if htmx else {}
        resp = self.client.post(url or f"/t/{code}/edit", data=form, headers=headers)
        self._read(resp)
        return resp


@pytest.fixture
def phone(app):
    return Phone(app.test_client())


@pytest.fixture
def phone2(app):
    return Phone(app.test_client())

