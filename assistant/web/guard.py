"""Hostile input and faults: table codes checked; guessing, new tables and uploads rate-limited
per client (across all processes on PostgreSQL); idle tables swept; nonces checked; database
faults answered with one clear line, and the database's health."""

from __future__ import annotations

import re
import time
from typing import Any

import sqlalchemy as sa
from flask import Flask, abort, request, session
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from sqlalchemy.exc import DBAPIError

from assistant.messages import N_, one_line
from assistant.store import normalize_code, now_ms, tables_t
from assistant.web.errors import NO_TABLE, error_answer
from assistant.web.limits_sql import SQLStorage
from assistant.web.security import CSRF_FIELD

CODE_RE = re.compile(r"[A-Za-z0-9-]{1,20}")
NONCE_RE = re.compile(r"[A-Za-z0-9_\-]{1,40}")
# Wrong table codes one client may try (only failed lookups count, so a table's own phones
# are never slowed): 25^8 codes make guessing hopeless at this pace.
# Counted per phone (its session) and, far more loosely, per address: one child's twenty
# typos never lock out the other phones behind the same Wi-Fi, and a script that drops its
# cookies still meets the address limit.
GUESS_LIMIT = "20 per minute"
ADDRESS_LIMIT = "120 per minute"
GUESSING = N_("Too many wrong table codes from here: wait a minute, then try again.")
CREATING = N_("Too many new tables from here: wait a while, or play on a table you have.")
UPLOADING = N_("Too many photos from here: wait a minute, then send it again.")
SWEEP_EVERY_S = 3600  # how often each process looks for idle tables to delete
BUSY = N_("The table is busy: try again in a moment.")
READ_ONLY = N_("The database is read-only: nothing can be saved (check the file's permissions).")
UNREACHABLE = N_("The database cannot be reached: nothing can be read or saved right now.")
DISK_FULL = N_("The server's disk is full: nothing can be saved (the table can still be read).")
HEALTH_CODE = "~health"  # the row /healthz writes and deletes (no table code looks like it)
BAD_TEXT = N_("That edit holds text the database cannot store.")


def db_fault(exc: BaseException) -> tuple[int, str]:
    """The status and one line for a database error."""
    text = str(getattr(exc, "orig", exc)).lower()
    if "locked" in text or "busy" in text or "could not obtain lock" in text:
        return 503, BUSY
    if "full" in text or "no space" in text or "disk quota" in text:
        return 507, DISK_FULL
    if "readonly" in text or "read-only" in text or "read only" in text:
        return 503, READ_ONLY
    if "nul" in text or "too long" in text or "invalid byte" in text:
        return 400, BAD_TEXT
    return 503, UNREACHABLE


def database_health(engine: sa.Engine) -> str | None:
    """None when the database can be read and written, else the one line that says why.
    The write is real: a row is inserted and committed, then deleted and committed, so a
    full disk, a read-only file or a held lock shows here (a write that changes nothing, or
    one rolled back, never reaches the disk)."""
    try:
        with engine.connect() as conn:
            conn.execute(sa.select(tables_t.c.id).limit(1)).first()
            conn.execute(tables_t.delete().where(tables_t.c.code == HEALTH_CODE))
            conn.execute(tables_t.insert().values(code=HEALTH_CODE, game="health", created_ms=0,
                                                  updated_ms=0))
            conn.commit()
            conn.execute(tables_t.delete().where(tables_t.c.code == HEALTH_CODE))
            conn.commit()
    except DBAPIError as exc:
        return db_fault(exc)[1]
    return None


def _failed_lookup(response: Any) -> bool:
    """Did this answer say that no table has the code (what guessing looks like)?"""
    if response.status_code == 404:
        return True
    return (request.endpoint == "tables.join" and response.status_code in (302, 303)
            and "/t/" not in (response.location or ""))


def init_guard(app: Flask) -> None:
    """Check codes and nonces, limit code guessing, and answer database faults clearly."""
    @app.url_value_preprocessor
    def _check_code(_endpoint: str | None, values: dict[str, Any] | None) -> None:
        code = (values or {}).get("code")
        if code is not None and not CODE_RE.fullmatch(code):
            abort(404, description=NO_TABLE)
        for value in (values or {}).values():  # no NUL or huge value ever reaches the database
            if isinstance(value, str) and ("\x00" in value or len(value) > 200):
                abort(404, description="There is no such page.")

    @app.before_request
    def _check_nonce() -> None:
        if request.method == "POST" and not request.path.startswith("/api/"):
            nonce = request.form.get("nonce")
            if nonce and not NONCE_RE.fullmatch(nonce):
                abort(400, description="The edit's nonce is not valid: reload the page.")

    @app.errorhandler(DBAPIError)
    def _db(exc: DBAPIError):
        code, line = db_fault(exc)
        app.logger.warning("database fault: %s", one_line(exc, 300))
        resp = error_answer(code, line)
        if line == BUSY:
            resp.headers["Retry-After"] = "1"
        return resp

    engine = app.extensions["store"].engine
    shared = app.config.get("RATELIMIT_SQL", engine.dialect.name == "postgresql")
    limiter = Limiter(get_remote_address, app=app, headers_enabled=False,
                      storage_uri="assistant-sql://" if shared else "memory://",
                      storage_options={"engine": engine} if shared else {})
    app.extensions["guard_limiter"] = limiter
    known: set[str] = set()  # codes of existing tables (forgotten when idle ones are deleted)
    next_sweep = [time.monotonic() + float(app.config.get("SWEEP_AFTER_S", 60))]

    @app.before_request
    def _sweep() -> None:
        """Now and then (each process, hourly), delete the tables idle for IDLE_DAYS."""
        if time.monotonic() < next_sweep[0]:
            return
        next_sweep[0] = time.monotonic() + SWEEP_EVERY_S
        try:
            sweep(app)
        except DBAPIError as exc:  # another process sweeping at the same moment
            app.logger.warning("sweep failed: %s", one_line(exc, 300))
        known.clear()

    def _right_code() -> bool:
        """A request for an existing table is never limited, whatever this client tried."""
        code = (request.view_args or {}).get("code")
        if code is None:
            code = normalize_code(request.args.get("code", ""))[:20]
        if not CODE_RE.fullmatch(code or "-"):
            return False
        if code not in known:
            with app.extensions["store"].engine.connect() as conn:
                row = conn.execute(sa.select(tables_t.c.id).where(tables_t.c.code == code))
                if row.first() is None:
                    return False
            known.add(code)
        return True

    per_phone = limiter.shared_limit(GUESS_LIMIT, scope="table-codes", key_func=_phone_key,
                                     exempt_when=_right_code, deduct_when=_failed_lookup,
                                     error_message=GUESSING)
    per_address = limiter.shared_limit(ADDRESS_LIMIT, scope="table-codes-address",
                                       exempt_when=_right_code, deduct_when=_failed_lookup,
                                       error_message=GUESSING)
    endpoints = {r.endpoint for r in app.url_map.iter_rules()
                 if "code" in r.arguments or r.endpoint == "tables.join"}
    for endpoint in sorted(endpoints):
        app.view_functions[endpoint] = per_address(per_phone(app.view_functions[endpoint]))
    creating = limiter.shared_limit(lambda: app.config["CREATE_LIMIT"], scope="new-tables",
                                    exempt_when=lambda: request.method != "POST",
                                    error_message=CREATING)
    uploading = limiter.shared_limit(lambda: app.config["UPLOAD_LIMIT"], scope="uploads",
                                     exempt_when=lambda: not request.files,
                                     error_message=UPLOADING)
    for endpoint in ("tables.create", "finish.rematch"):
        if endpoint in app.view_functions:
            app.view_functions[endpoint] = creating(app.view_functions[endpoint])
    for endpoint in sorted({r.endpoint for r in app.url_map.iter_rules() if "POST" in r.methods}):
        app.view_functions[endpoint] = uploading(app.view_functions[endpoint])


def sweep(app: Flask) -> int:
    """Delete the tables idle for IDLE_DAYS (their events, snapshots and result links) and the
    rate-limit counters whose window has ended; how many tables."""
    days = float(app.config["IDLE_DAYS"])
    gone = app.extensions["store"].delete_idle(now_ms() - int(days * 86_400_000))
    storage = app.extensions["guard_limiter"].storage
    if isinstance(storage, SQLStorage):
        storage.sweep()
    if gone:
        app.logger.info("deleted %d tables idle for %g days", gone, days)
    return gone


def _phone_key() -> str:
    """One phone: its address and the random token of its session (a phone without a session
    yet shares the address's count with the others that have none)."""
    token = session.get(CSRF_FIELD) or session.get("device") or ""
    return f"{get_remote_address()}|{token}"
