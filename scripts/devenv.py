#!/usr/bin/env python3
"""The README's commands: make .venv, install Chromium, Caddy and a throwaway PostgreSQL, run.

Standard library only: it runs with the system's python3 before .venv exists.
    python3 scripts/devenv.py run             # make run
    python3 scripts/devenv.py test [ARGS]     # make test (ARGS go to pytest)
    python3 scripts/devenv.py hosted [--check]  # make hosted (scripts/hosted.py)
    python3 scripts/devenv.py pg -- CMD ...   # CMD with TEST_DATABASE_URL on a throwaway server
The decisions (what to install, how, or why not) are in `decide`, a pure function; the system
calls go through `System`, so tests/test_devenv.py can check every case with them stubbed.
"""

from __future__ import annotations

import ctypes
import glob
import hashlib
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
STAMP = VENV / ".installed"
CHROMIUM = "/usr/bin/chromium"
CADDY = "/usr/bin/caddy"
PG_BIN_GLOB = "/usr/lib/postgresql/*/bin"
PG_DB = "assistant_test"
PG_USER = "assistant"
FOLDER_PREFIX = "assistant-pg-"
APT_ENV = "DEBIAN_FRONTEND=noninteractive"


class Stop(Exception):
    """The set-up cannot go on; the message is one line saying what to do."""


# --------------------------------------------------------------------------- system calls
class System:
    """Every call to the outside world that `prepare` makes (stubbed in the tests)."""

    def is_root(self) -> bool:
        return os.geteuid() == 0

    def which(self, name: str) -> str | None:
        return shutil.which(name)

    def exists(self, path: str) -> bool:
        return os.path.exists(path)

    def glob(self, pattern: str) -> list[str]:
        return glob.glob(pattern)

    def run(self, argv: list[str], quiet: bool = False) -> int:
        out = subprocess.DEVNULL if quiet else None
        try:
            return subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=out).returncode
        except OSError:
            return 127


# --------------------------------------------------------------------------- decisions
@dataclass
class Facts:
    """What the machine has, as far as the tests' needs go."""

    root: bool
    sudo: bool  # `sudo -n true` works: sudo without a password prompt
    chromium: bool
    pg_bindir: str | None  # the newest /usr/lib/postgresql/*/bin with initdb and postgres
    database_url: str | None  # TEST_DATABASE_URL as given
    caddy: bool = True  # Debian's caddy (the HTTPS tests, make hosted)


@dataclass
class Plan:
    """What to do about it."""

    apt: list[str] | None = None  # the command prefix for apt-get ([] as root), None: cannot
    install: list[str] = field(default_factory=list)  # Debian packages to install first
    stop: str | None = None  # set-up cannot go on: this line says what to run instead
    postgres: str = "skip"  # "given" (TEST_DATABASE_URL), "start" (a throwaway server), "skip"
    pg_bindir: str | None = None  # where initdb and postgres are (after the install, if any)
    skip_reason: str = ""
    caddy_skip: str = ""  # why the tests through Caddy skip ("": they run)


def install_line(packages: list[str]) -> str:
    """The exact command a person runs to install `packages` by hand."""
    return f"sudo apt-get install -y {' '.join(packages)}"


def decide(f: Facts) -> Plan:
    """Decide what to install and how, and what happens to the PostgreSQL tests."""
    plan = Plan(apt=[] if f.root else ["sudo", "-n"] if f.sudo else None)
    if not f.chromium:
        plan.install.append("chromium")
    if not f.caddy:
        plan.install.append("caddy")
    if f.database_url:
        plan.postgres = "given"
    elif f.pg_bindir:
        plan.postgres = "start"
        plan.pg_bindir = f.pg_bindir
    else:
        plan.install.append("postgresql")
        plan.postgres = "start"
    if plan.install and plan.apt is None:
        if not f.chromium:
            plan.stop = (f"make test needs Debian's chromium for the browser tests: run "
                         f"`{install_line(plan.install)}`, then `make test` again")
        else:
            if "postgresql" in plan.install:
                plan.postgres = "skip"
                plan.skip_reason = ("no PostgreSQL here and no root or sudo to install it "
                                    f"(`{install_line(['postgresql'])}` or set "
                                    "TEST_DATABASE_URL)")
            if "caddy" in plan.install:
                plan.caddy_skip = ("no Caddy here and no root or sudo to install it "
                                   f"(`{install_line(['caddy'])}`)")
            plan.install = []
    return plan


def decide_hosted(f: Facts) -> Plan:
    """What `make hosted` installs: Caddy, and PostgreSQL unless DATABASE_URL names one."""
    plan = Plan(apt=[] if f.root else ["sudo", "-n"] if f.sudo else None)
    if not f.caddy:
        plan.install.append("caddy")
    if f.database_url:
        plan.postgres = "given"
    else:
        plan.postgres, plan.pg_bindir = "start", f.pg_bindir
        if not f.pg_bindir:
            plan.install.append("postgresql")
    if plan.install and plan.apt is None:
        plan.stop = (f"make hosted needs {' and '.join(plan.install)}: run "
                     f"`{install_line(plan.install)}` (or set DATABASE_URL), then make hosted "
                     "again")
    return plan


def pg_bindir(system: System) -> str | None:
    """The newest PostgreSQL binaries folder that has initdb and postgres, or None."""
    def version(path: str) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", path)) or (0,)

    found = [d for d in system.glob(PG_BIN_GLOB)
             if system.exists(f"{d}/initdb") and system.exists(f"{d}/postgres")]
    return max(found, key=version) if found else None


def sudo_works(system: System) -> bool:
    """True when sudo runs a command without asking for a password."""
    return bool(system.which("sudo")) and system.run(["sudo", "-n", "true"], quiet=True) == 0


def gather(system: System, env: dict[str, str]) -> Facts:
    """Look at the machine."""
    root = system.is_root()
    return Facts(root=root, sudo=not root and sudo_works(system),
                 chromium=system.exists(CHROMIUM), pg_bindir=pg_bindir(system),
                 database_url=env.get("TEST_DATABASE_URL") or None, caddy=system.exists(CADDY))


def prepare(system: System, env: dict[str, str], say=print, hosted: bool = False) -> Plan:
    """Install what the tests (or make hosted) need, or stop with one line; return the plan
    for PostgreSQL and Caddy."""
    facts = gather(system, env)
    if hosted:
        facts.database_url = env.get("DATABASE_URL") or None
    plan = decide_hosted(facts) if hosted else decide(facts)
    if plan.stop:
        raise Stop(plan.stop)
    if plan.install:
        how = "as root" if plan.apt == [] else "with sudo -n"
        with step(f"Installing {' '.join(plan.install)} with apt-get ({how})", say):
            apt = [*plan.apt, APT_ENV, "apt-get"] if plan.apt else ["apt-get"]
            if plan.apt == []:
                os.environ["DEBIAN_FRONTEND"] = "noninteractive"
            system.run([*apt, "update", "-qq"])
            code = system.run([*apt, "install", "-y", "-q", *plan.install])
        if not hosted and not system.exists(CHROMIUM):
            raise Stop(f"apt-get install chromium failed (exit {code}): run "
                       f"`{install_line(plan.install)}` and look at its messages")
        if not system.exists(CADDY):
            if hosted:
                raise Stop(f"apt-get install caddy failed (exit {code}): run "
                           f"`{install_line(['caddy'])}` and look at its messages")
            plan.caddy_skip = f"installing caddy failed (apt-get exit {code})"
        if plan.postgres == "start" and not pg_bindir(system):
            if hosted:
                raise Stop(f"apt-get install postgresql failed (exit {code}): run "
                           f"`{install_line(['postgresql'])}`, or set DATABASE_URL")
            plan.postgres = "skip"
            plan.skip_reason = f"installing postgresql failed (apt-get exit {code})"
    if plan.postgres == "start":
        plan.pg_bindir = pg_bindir(system)
    return plan


# --------------------------------------------------------------------------- steps and timing
class step:
    """Print what is being done, then how long it took."""

    def __init__(self, what: str, say=print):
        self.what, self.say = what, say

    def __enter__(self):
        self.t0 = time.monotonic()
        self.say(f"==> {self.what}", flush=True)
        return self

    def __exit__(self, kind, *_):
        took = time.monotonic() - self.t0
        self.say(f"    {'done' if kind is None else 'FAILED'} in {took:.1f} s", flush=True)


def pyproject_hash() -> str:
    """A short hash of what .venv is built from: pyproject.toml and constraints.txt."""
    both = (ROOT / "pyproject.toml").read_bytes() + (ROOT / "constraints.txt").read_bytes()
    return hashlib.sha256(both).hexdigest()[:16]


def ensure_venv() -> None:
    """Make .venv and install the project with its test extras at the versions in
    constraints.txt, once per change of pyproject.toml or constraints.txt."""
    python = VENV / "bin" / "python"
    if STAMP.exists() and STAMP.read_text().strip() == pyproject_hash() and python.exists():
        STAMP.touch()  # up to date: newer than pyproject.toml for make, too
        return
    if not python.exists():
        with step(f"Creating the environment {VENV.name}/ with {sys.executable}"):
            code = subprocess.run([sys.executable, "-m", "venv", str(VENV)]).returncode
            if code:
                raise Stop("python3 -m venv failed: on Debian run `sudo apt-get install -y "
                           "python3-venv`, then make again")
    with step("Installing the Python packages into .venv (pip; first run only)"):
        # constraints.txt holds the versions the suite last passed with: a fresh machine gets
        # those, not whatever was released since (OpenCV 5 changed what SIFT returns for an
        # empty image, which a fresh CI machine met before any session had run it)
        cmd = [str(python), "-m", "pip", "install", "--progress-bar", "on",
               "-c", "constraints.txt", "-e", ".[test]"]
        if subprocess.run(cmd, cwd=ROOT).returncode:
            raise Stop("pip install failed (see above); fix it, then make again")
    STAMP.write_text(pyproject_hash() + "\n")


# --------------------------------------------------------------------------- PostgreSQL
def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent(sig: int = signal.SIGINT) -> None:
    """In a child: get `sig` when the parent dies, even by kill -9 (SIGINT: a fast shutdown)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, sig)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class Postgres:
    """A throwaway server: an initdb cluster in a temporary folder on a free local port."""

    def __init__(self, bindir: str):
        self.bindir = bindir
        self.folder = ""
        self.proc: subprocess.Popen | None = None
        self.url = ""
        self.user: str | None = None  # initdb and postgres refuse to run as root

    def _run(self, name: str, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([f"{self.bindir}/{name}", *args], user=self.user,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True)

    def start(self) -> str:
        """Start it; return its SQLAlchemy URL."""
        sweep_stale()
        self.folder = tempfile.mkdtemp(prefix=FOLDER_PREFIX)
        if os.geteuid() == 0:
            self.user = "postgres" if _has_user("postgres") else "nobody"
            os.chown(self.folder, pwd.getpwnam(self.user).pw_uid, -1)
        data = f"{self.folder}/data"
        r = self._run("initdb", "-D", data, "-U", PG_USER, "--auth=trust", "-E", "UTF8",
                      "--locale=C", "--no-sync")
        if r.returncode:
            raise Stop(f"initdb failed: {(r.stderr or r.stdout).strip().splitlines()[-1:]}")
        for _ in range(3):  # another program may take the free port first
            port = free_port()
            log = open(f"{self.folder}/server.log", "ab")  # noqa: SIM115 (closed by the child)
            self.proc = subprocess.Popen(
                [f"{self.bindir}/postgres", "-D", data, "-p", str(port), "-k", self.folder,
                 "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
                 "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
                user=self.user, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                start_new_session=True, preexec_fn=_die_with_parent)
            log.close()
            if self._ready(port):
                break
        else:
            raise Stop(f"PostgreSQL did not start; see {self.folder}/server.log")
        r = self._run("createdb", "-h", "127.0.0.1", "-p", str(port), "-U", PG_USER, PG_DB)
        if r.returncode:
            raise Stop(f"createdb failed: {r.stderr.strip()}")
        self.url = f"postgresql+psycopg://{PG_USER}@127.0.0.1:{port}/{PG_DB}"
        return self.url

    def _ready(self, port: int, timeout: float = 60) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                return False
            r = self._run("pg_isready", "-q", "-h", "127.0.0.1", "-p", str(port))
            if r.returncode == 0:
                return True
            time.sleep(0.1)
        self.proc.kill()
        self.proc.wait()
        return False

    def stop(self) -> None:
        """Stop the server (a fast shutdown, then a kill) and remove its folder."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)


def sweep_stale(age_s: float = 600) -> None:
    """Remove the folders of throwaway servers that are down (left by a kill -9 of make)."""
    for folder in Path(tempfile.gettempdir()).glob(f"{FOLDER_PREFIX}*"):
        log = folder / "server.log"
        try:
            stale = time.time() - log.stat().st_mtime > age_s
        except OSError:
            continue  # not started yet, or not ours to judge
        if stale and not (folder / "data" / "postmaster.pid").exists():
            shutil.rmtree(folder, ignore_errors=True)


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def _interrupt(signum, _frame):
    raise KeyboardInterrupt(f"signal {signum}")


def with_database(plan: Plan, env: dict[str, str], command: list[str]) -> int:
    """Run `command` with TEST_DATABASE_URL (or the reason the PostgreSQL tests skip); a
    server started here is stopped at the end, also when the command fails or is interrupted."""
    env = dict(env)
    if plan.caddy_skip:
        env["CADDY_SKIP"] = plan.caddy_skip
        print(f"==> Tests through Caddy will be SKIPPED: {plan.caddy_skip}")
    server = None
    for sig in (signal.SIGTERM, signal.SIGHUP):  # so that `finally` stops the server
        signal.signal(sig, _interrupt)
    try:
        if plan.postgres == "start":
            server = Postgres(plan.pg_bindir)
            version = Path(plan.pg_bindir).parent.name
            with step(f"Starting a throwaway PostgreSQL {version} (stopped at the end)"):
                env["TEST_DATABASE_URL"] = server.start()
                print(f"    {env['TEST_DATABASE_URL']} (folder {server.folder})")
        elif plan.postgres == "skip":
            env.pop("TEST_DATABASE_URL", None)
            env["TEST_DATABASE_SKIP"] = plan.skip_reason
            print(f"==> PostgreSQL tests will be SKIPPED: {plan.skip_reason}")
        else:
            print("==> PostgreSQL: TEST_DATABASE_URL as given")
        sys.stdout.flush()
        proc = subprocess.Popen(command, env=env, cwd=ROOT,
                                preexec_fn=lambda: _die_with_parent(signal.SIGTERM))
        try:
            return proc.wait()
        except KeyboardInterrupt:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            return 130
    finally:
        if server:  # quietly: pytest's summary stays the last line
            server.stop()


# --------------------------------------------------------------------------- commands
def workers() -> int:
    """How many pytest-xdist workers: one per core and one more (browser tests wait a lot)."""
    # measured on this 2-core machine, the whole suite: 2 workers 18:33–20:05, 3 workers
    # 14:38–18:06, 4 workers 17:07 (README, "Tests in parallel")
    return len(os.sched_getaffinity(0)) + 1


def cmd_test(args: list[str]) -> int:
    """ruff, then pytest over xdist workers with chromium and a PostgreSQL ready."""
    ensure_venv()
    plan = prepare(System(), dict(os.environ))
    print(f"==> Chromium: {CHROMIUM}")
    bin_ = VENV / "bin"
    with step("ruff check ."):
        if subprocess.run([str(bin_ / "ruff"), "check", "."], cwd=ROOT).returncode:
            raise Stop("ruff found problems (above): fix them, or `.venv/bin/ruff check --fix .`")
    # --durations: the slowest tests are named in every run's log (where the suite's time
    # goes, and how far the slowest is from pyproject.toml's per-test timeout)
    pytest = [str(bin_ / "python"), "-m", "pytest", "-q", "-rfEs", "-n", str(workers()),
              "--dist", "worksteal", "--durations=12", *args]
    print(f"==> {' '.join(shlex.quote(a) for a in pytest[2:])}", flush=True)
    return with_database(plan, dict(os.environ), pytest)


def cmd_pg(args: list[str]) -> int:
    if args[:1] == ["--"]:
        args = args[1:]
    plan = prepare(System(), dict(os.environ))
    return with_database(plan, dict(os.environ), args)


def cmd_run(args: list[str]) -> int:
    ensure_venv()
    exe = str(VENV / "bin" / "assistant")
    os.execv(exe, [exe, "serve", *(args or ["--port", "8000"])])


def cmd_hosted(args: list[str]) -> int:
    """Caddy, WORKERS app processes and PostgreSQL, in the foreground (scripts/hosted.py)."""
    ensure_venv()
    plan = prepare(System(), dict(os.environ), hosted=True)
    sys.path.insert(0, str(ROOT / "scripts"))
    import hosted

    return hosted.main(args, plan)


def main(argv: list[str]) -> int:
    commands = {"test": cmd_test, "run": cmd_run, "pg": cmd_pg, "hosted": cmd_hosted,
                "venv": lambda _: ensure_venv()}
    if not argv or argv[0] not in commands:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        return commands[argv[0]](argv[1:]) or 0
    except Stop as e:
        print(f"make: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
