"""The set-up script (scripts/devenv.py): its decisions with the system calls stubbed, and the
throwaway PostgreSQL for real (started, used, stopped; stopped too when interrupted)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scripts import devenv
from scripts.devenv import CADDY, CHROMIUM, Facts, Stop, decide, decide_hosted, prepare

ROOT = Path(__file__).resolve().parents[1]
PG15 = "/usr/lib/postgresql/15/bin"
APT = ["apt-get"]
SUDO_APT = ["sudo", "-n", "DEBIAN_FRONTEND=noninteractive", "apt-get"]


class FakeSystem:
    """A machine described by a few facts; apt-get 'installs' by adding the package's files."""

    def __init__(self, root=False, sudo=None, chromium=False, pg=None, apt_installs=None,
                 caddy=True):
        self.root = root
        self.sudo = sudo  # None: no sudo binary; False: asks for a password; True: works
        self.files = set()
        if chromium:
            self.files.add(CHROMIUM)
        if caddy:
            self.files.add(CADDY)
        for bindir in pg or []:
            self.files |= {f"{bindir}/initdb", f"{bindir}/postgres"}
        self.apt_installs = {"chromium", "postgresql", "caddy"} if apt_installs is None else apt_installs
        self.calls: list[list[str]] = []

    def is_root(self):
        return self.root

    def which(self, name):
        return "/usr/bin/sudo" if name == "sudo" and self.sudo is not None else None

    def exists(self, path):
        return path in self.files

    def glob(self, pattern):
        assert pattern == "/usr/lib/postgresql/*/bin"
        return sorted({f.rsplit("/", 1)[0] for f in self.files if f.startswith("/usr/lib/postgresql/")})

    def run(self, argv, quiet=False):
        self.calls.append(argv)
        if argv == ["sudo", "-n", "true"]:
            return 0 if self.sudo else 1
        if "install" in argv:
            if "chromium" in argv and "chromium" in self.apt_installs:
                self.files.add(CHROMIUM)
            if "postgresql" in argv and "postgresql" in self.apt_installs:
                self.files |= {"/usr/lib/postgresql/17/bin/initdb", "/usr/lib/postgresql/17/bin/postgres"}
            if "caddy" in argv and "caddy" in self.apt_installs:
                self.files.add(CADDY)
            return 0 if set(argv) & {"chromium", "postgresql", "caddy"} <= self.apt_installs else 100
        return 0

    def apt_calls(self):
        return [c for c in self.calls if "apt-get" in c]


def quiet(*_a, **_k):
    pass


@pytest.fixture(autouse=True)
def keep_environ(monkeypatch):
    monkeypatch.delenv("DEBIAN_FRONTEND", raising=False)  # prepare sets it for apt-get as root


# (case, the machine, TEST_DATABASE_URL, the apt-get commands run, postgres plan, its bin folder)
CASES = [
    ("root, all there: nothing installed", FakeSystem(root=True, chromium=True, pg=[PG15]), None,
     [], "start", PG15),
    ("root, nothing there: both installed in one go", FakeSystem(root=True), None,
     [APT + ["update", "-qq"], APT + ["install", "-y", "-q", "chromium", "postgresql"]],
     "start", "/usr/lib/postgresql/17/bin"),
    ("root, no chromium: only chromium", FakeSystem(root=True, pg=[PG15]), None,
     [APT + ["update", "-qq"], APT + ["install", "-y", "-q", "chromium"]], "start", PG15),
    ("root, no postgres: only postgresql", FakeSystem(root=True, chromium=True), None,
     [APT + ["update", "-qq"], APT + ["install", "-y", "-q", "postgresql"]],
     "start", "/usr/lib/postgresql/17/bin"),
    ("sudo, no chromium: sudo -n apt-get", FakeSystem(sudo=True, pg=[PG15]), None,
     [SUDO_APT + ["update", "-qq"], SUDO_APT + ["install", "-y", "-q", "chromium"]], "start", PG15),
    ("sudo, nothing there", FakeSystem(sudo=True), None,
     [SUDO_APT + ["update", "-qq"], SUDO_APT + ["install", "-y", "-q", "chromium", "postgresql"]],
     "start", "/usr/lib/postgresql/17/bin"),
    ("neither, all there: fine without installing", FakeSystem(chromium=True, pg=[PG15]), None,
     [], "start", PG15),
    ("neither, no postgres: its tests skip", FakeSystem(chromium=True), None, [], "skip", None),
    ("sudo asks a password, no postgres: skip", FakeSystem(sudo=False, chromium=True), None,
     [], "skip", None),
    ("TEST_DATABASE_URL given: used as is, no postgres install",
     FakeSystem(root=True, chromium=True), "postgresql+psycopg://a:b@127.0.0.1/x", [], "given", None),
    ("TEST_DATABASE_URL given, neither: no install needed", FakeSystem(chromium=True),
     "postgresql+psycopg://a:b@127.0.0.1/x", [], "given", None),
    ("several versions: the newest by number (17 over 9.6)",
     FakeSystem(root=True, chromium=True, pg=["/usr/lib/postgresql/9.6/bin", PG15,
                                              "/usr/lib/postgresql/17/bin"]),
     None, [], "start", "/usr/lib/postgresql/17/bin"),
    ("postgresql fails to install: its tests skip, chromium still installed",
     FakeSystem(root=True, apt_installs={"chromium"}), None,
     [APT + ["update", "-qq"], APT + ["install", "-y", "-q", "chromium", "postgresql"]], "skip", None),
]


@pytest.mark.parametrize(("system", "url", "apt", "postgres", "bindir"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_prepare_installs_what_is_missing_the_way_it_can(system, url, apt, postgres, bindir):
    env = {"TEST_DATABASE_URL": url} if url else {}
    plan = prepare(system, env, say=quiet)
    assert system.apt_calls() == apt
    assert plan.postgres == postgres
    assert plan.pg_bindir == bindir
    assert system.exists(CHROMIUM)
    if postgres == "skip":
        assert "postgresql" in plan.skip_reason
    if system.root:
        assert ["sudo", "-n", "true"] not in system.calls  # root never asks sudo


@pytest.mark.parametrize("system", [FakeSystem(), FakeSystem(sudo=False), FakeSystem(pg=[PG15])],
                         ids=["no sudo", "sudo asks a password", "no sudo, postgres there"])
def test_no_chromium_and_no_way_to_install_it_stops_with_the_exact_command(system):
    with pytest.raises(Stop) as e:
        prepare(system, {}, say=quiet)
    missing = "chromium" if system.glob("/usr/lib/postgresql/*/bin") else "chromium postgresql"
    assert f"`sudo apt-get install -y {missing}`" in str(e.value)
    assert "\n" not in str(e.value)
    assert system.apt_calls() == []


def test_chromium_that_fails_to_install_stops():
    system = FakeSystem(root=True, pg=[PG15], apt_installs=set())
    with pytest.raises(Stop, match="apt-get install chromium failed"):
        prepare(system, {}, say=quiet)


def test_steps_print_what_they_do_and_how_long():
    lines = []
    prepare(FakeSystem(root=True, pg=[PG15]), {}, say=lambda s, **_: lines.append(s))
    assert lines[0] == "==> Installing chromium with apt-get (as root)"
    assert lines[1].startswith("    done in ") and lines[1].endswith(" s")


# --------------------------------------------------------------------------- the real server
def pg_or_skip() -> str:
    bindir = devenv.pg_bindir(devenv.System())
    if not bindir:
        pytest.skip("no PostgreSQL binaries in /usr/lib/postgresql/*/bin")
    return bindir


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"


def test_throwaway_postgres_starts_answers_and_is_gone_after_stop():
    import psycopg

    server = devenv.Postgres(pg_or_skip())
    try:
        url = server.start()
        with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as conn:
            assert conn.execute("SELECT current_database()").fetchone() == ("assistant_test",)
        pid = server.proc.pid
    finally:
        server.stop()
    assert not alive(pid)
    assert not os.path.exists(server.folder)


def start_driver(tmp_path, command):
    """`devenv.py pg -- command` in a child; wait until the command runs; return (child, url)."""
    out = tmp_path / "url"
    env = {k: v for k, v in os.environ.items() if k != "TEST_DATABASE_URL"}
    # As a run in a terminal: Ctrl-C reaches it. A suite started in the background without job
    # control (`make test &` in a script) inherits SIGINT ignored, and so would the driver.
    child = subprocess.Popen([sys.executable, str(ROOT / "scripts/devenv.py"), "pg", "--",
                              sys.executable, "-c", command, str(out)],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    end = time.monotonic() + 120
    while not out.exists() or not out.read_text():
        assert child.poll() is None, child.communicate()[1].decode()
        assert time.monotonic() < end
        time.sleep(0.1)
    return child, out.read_text()


def descendants(pid: int) -> list[int]:
    """Every process below pid (by each process's parent in /proc)."""
    parent = {}
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            parent[int(proc.name)] = int((proc / "stat").read_text().split(")")[-1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        found += kids
        todo += kids
    return found


def with_arg(marker: str) -> list[int]:
    """The processes with marker in their command line."""
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if marker.encode() in (proc / "cmdline").read_bytes():
                found.append(int(proc.name))
        except OSError:
            continue
    return found


def finish(child, marker: str, timeout: float = 60) -> str:
    """The driver's output once it and its command are gone; on a hang, fail saying which
    process still runs and where it waits (and take them down, so no later test inherits them)."""
    try:
        return child.communicate(timeout=timeout)[0].decode()
    except subprocess.TimeoutExpired:
        stuck = []
        # a command whose driver is gone is the init process's child: found by its file's name
        for pid in dict.fromkeys([child.pid, *descendants(child.pid), *with_arg(marker)]):
            try:
                stat = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
                wchan = Path(f"/proc/{pid}/wchan").read_text()
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")[:120]
            except OSError:
                continue
            stuck.append(f"{pid} {stat} {wchan} {cmd.decode(errors='replace')}")
        for pid in reversed(stuck):
            try:
                os.kill(int(pid.split()[0]), signal.SIGKILL)
            except ProcessLookupError:
                pass
        out, err = child.communicate()
        pytest.fail(f"still running {timeout} s after the signal: {stuck}; stdout {out[-300:]!r}; "
                    f"stderr {err[-600:]!r}")


WRITE_URL_AND_WAIT = ("import os, sys, time; open(sys.argv[1], 'w').write("
                      "os.environ['TEST_DATABASE_URL']); time.sleep(300)")


def server_pid(url):
    """The postgres process listening on the URL's port."""
    port = url.rsplit(":", 1)[1].split("/")[0]
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cmd = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if cmd[0].endswith(b"/postgres") and port.encode() in cmd:
            return int(proc.name)
    return None


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_an_interrupted_run_still_stops_its_postgres(tmp_path, sig):
    pg_or_skip()
    child, url = start_driver(tmp_path, WRITE_URL_AND_WAIT)
    pid = server_pid(url)
    assert pid and alive(pid)
    child.send_signal(sig)
    out = finish(child, str(tmp_path))
    assert child.returncode != 0
    assert not alive(pid)
    folder = out.split("(folder ", 1)[1].split(")", 1)[0]
    assert folder.startswith("/") and not os.path.exists(folder)


def test_a_killed_driver_still_takes_its_postgres_down(tmp_path):
    pg_or_skip()
    child, url = start_driver(tmp_path, WRITE_URL_AND_WAIT)
    pid = server_pid(url)
    assert pid and alive(pid)
    child.kill()  # kill -9: no `finally`; the server gets SIGINT as its parent dies
    out = finish(child, str(tmp_path))
    end = time.monotonic() + 60
    try:
        while alive(pid) and time.monotonic() < end:
            time.sleep(0.1)
        assert not alive(pid)
    finally:
        if alive(pid):
            os.kill(pid, signal.SIGINT)
        shutil.rmtree(out.split("(folder ", 1)[1].split(")", 1)[0], ignore_errors=True)


def test_sweep_removes_only_folders_of_servers_long_down(tmp_path, monkeypatch):
    monkeypatch.setattr(devenv.tempfile, "gettempdir", lambda: str(tmp_path))
    old = time.time() - 3600
    for name, pid_file, age in [("down", False, old), ("running", True, old),
                                ("just-started", False, time.time())]:
        data = tmp_path / f"assistant-pg-{name}" / "data"
        data.mkdir(parents=True)
        (data.parent / "server.log").write_text("log")
        os.utime(data.parent / "server.log", (age, age))
        if pid_file:
            (data / "postmaster.pid").write_text("1")
    (tmp_path / "assistant-pg-initdb-running").mkdir()  # no server.log yet
    devenv.sweep_stale()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "assistant-pg-initdb-running", "assistant-pg-just-started", "assistant-pg-running"]


# -- Caddy: make test installs it for the HTTPS tests; make hosted needs it --------------------
def facts(**kw):
    base = dict(root=True, sudo=False, chromium=True, pg_bindir=PG15, database_url=None, caddy=True)
    return Facts(**{**base, **kw})


def test_make_test_installs_caddy_when_missing():
    plan = decide(facts(caddy=False))
    assert plan.install == ["caddy"] and not plan.caddy_skip


def test_without_root_or_sudo_the_caddy_tests_skip_with_the_reason():
    plan = decide(facts(root=False, caddy=False))
    assert plan.install == [] and "sudo apt-get install -y caddy" in plan.caddy_skip
    assert plan.postgres == "start"  # PostgreSQL is there: its tests still run


def test_a_failed_caddy_install_skips_its_tests_only():
    system = FakeSystem(root=True, chromium=True, pg=[PG15], caddy=False, apt_installs={"chromium"})
    plan = prepare(system, {}, say=quiet)
    assert "installing caddy failed" in plan.caddy_skip and plan.postgres == "start"


@pytest.mark.parametrize("kw, install, postgres", [
    ({}, [], "start"),
    ({"caddy": False, "pg_bindir": None}, ["caddy", "postgresql"], "start"),
    ({"database_url": "postgresql://x/y", "pg_bindir": None}, [], "given"),
])
def test_make_hosted_installs_caddy_and_postgresql(kw, install, postgres):
    plan = decide_hosted(facts(chromium=False, **kw))
    assert plan.install == install and plan.postgres == postgres and not plan.stop


def test_make_hosted_without_root_says_what_to_install():
    plan = decide_hosted(facts(root=False, caddy=False))
    assert plan.stop and "sudo apt-get install -y caddy" in plan.stop


def test_make_hosted_takes_database_url_not_the_tests_one():
    system = FakeSystem(root=True, caddy=True)
    plan = prepare(system, {"DATABASE_URL": "postgresql://a/b", "TEST_DATABASE_URL": ""},
                   say=quiet, hosted=True)
    assert plan.postgres == "given" and system.apt_calls() == []
