"""own_database (tests/conftest.py): each xdist worker its own PostgreSQL database."""

from __future__ import annotations

import uuid

import pytest
import sqlalchemy as sa

from tests.conftest import own_database, postgres_url


@pytest.fixture
def pg_url():
    return postgres_url()


def tables(url: str) -> set[str]:
    engine = sa.create_engine(url)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_each_worker_has_a_database_of_its_own(pg_url, monkeypatch):
    got = {}
    for worker in ("gwselftest0", "gwselftest1"):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
        with own_database(pg_url) as url:
            got[worker] = url
    a, b = got["gwselftest0"], got["gwselftest1"]
    assert len({a, b, pg_url}) == 3
    assert sa.engine.make_url(a).database.endswith("_gwselftest0")
    name = f"mine_{uuid.uuid4().hex[:8]}"
    engine = sa.create_engine(a)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(f"CREATE TABLE {name} (x int)"))
        assert name in tables(a)
        assert name not in tables(b) and name not in tables(pg_url)  # no other worker sees it
    finally:
        with engine.begin() as conn:
            conn.execute(sa.text(f"DROP TABLE {name}"))
        engine.dispose()


def test_without_xdist_the_given_database_is_used(pg_url, monkeypatch):
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    with own_database(pg_url) as url:
        assert url == pg_url
