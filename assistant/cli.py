"""The `assistant` command: serve the app, and score/check/recognize from JSON or photos."""

from __future__ import annotations

import argparse
import io
import json
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import qrcode
from sqlalchemy.exc import SQLAlchemyError

from assistant import asgi, create_app, vision
from assistant.config import ROOT, deck_dir, defaults
from assistant.interface import load_json, run
from assistant.messages import one_line, plain
from assistant.registry import checkers, scorers
from assistant.web.guard import sweep


def lan_address() -> str:
    """This machine's address on the LAN (the one phones can reach), or 127.0.0.1."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # No packet is sent: connecting a UDP socket only picks the outgoing interface.
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def terminal_qr(text: str) -> str:
    """A QR code drawn with block characters, for the terminal."""
    qr = qrcode.QRCode(border=1)
    qr.add_data(text)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the app with uvicorn (assistant/asgi.py) and print where phones should go."""
    if args.db:
        os.environ["DATABASE_URL"] = args.db
    try:
        config = defaults()
    except OSError as exc:
        raise ValueError(f"cannot write to the instance folder {instance_dir_name()}: "
                         f"{exc.strerror} (make it writable, or set ASSISTANT_INSTANCE "
                         "to a folder that is)") from None
    host_for_phones = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    url = f"http://{host_for_phones}:{args.port}/"
    config["PUBLIC_URL"] = url
    if args.max_held is not None:
        config["PUSH_MAX_HELD"] = args.max_held
    if args.deck:
        config["DECK_FOLDER"] = str(deck_folder(args.deck))
    try:
        app = create_app(config)
    except SQLAlchemyError as exc:
        raise ValueError(f"cannot open the database: {getattr(exc, 'orig', exc)}") from None
    except OSError as exc:
        raise ValueError(f"cannot start: {exc.strerror or exc} ({exc.filename or ''})") from None
    try:  # listen first: a port in use is said before any QR code is printed
        sock = asgi.listen(args.host, args.port)
    except OSError as exc:
        raise ValueError(f"cannot listen on {args.host}:{args.port}: {exc.strerror} "
                         "(is another server running? try --port 8001)") from None
    print(f"Table companion is running. Phones on this Wi-Fi open: {url}")
    if args.deck:
        print(deck_line(Path(config["DECK_FOLDER"])))
    print(terminal_qr(url))
    sys.stdout.flush()
    asgi.more_files()
    asgi.server(asgi.Push(app)).run(sockets=[sock])
    return 0


def deck_folder(name: str) -> Path:
    """The folder `serve --deck` names: a registered deck, or a new one the deck page fills."""
    path = Path(name).expanduser().resolve()
    if path.exists() and not path.is_dir():
        raise ValueError(f"--deck {name}: not a folder (name the folder of a registered deck)")
    return path


def deck_line(folder: Path) -> str:
    """One line on what the served deck folder holds, so a wrong folder is seen at once."""
    held = vision.register.status(folder)
    if not held["okoshki"] and not held["pisanki"]:
        # A new folder is fine (the deck page registers into it); a mistyped one is said here.
        return (f"Deck: {folder} holds no registered cards yet: the drawn deck is used until "
                "you register yours on the deck page (/deck/)")
    return (f"Deck: {folder} ({held['okoshki']} Okoshki cards registered, "
            f"{held['pisanki']} Pisanki cards learned)")


def cmd_migrate(_args: argparse.Namespace) -> int:
    """Create or bring up to date the database's tables (once, before the app processes)."""
    app = create_app(defaults())
    app.extensions["store"].dispose()
    print("database ready")
    return 0


def cmd_sweep(_args: argparse.Namespace) -> int:
    """Delete the tables idle for IDLE_DAYS (a timer runs it on a server; each process also
    does it hourly)."""
    app = create_app(defaults())
    try:
        print(f"{sweep(app)} idle tables deleted")
    finally:
        app.extensions["store"].dispose()
    return 0


def instance_dir_name() -> str:
    """The instance folder as the user would look for it."""
    return str(os.environ.get("ASSISTANT_INSTANCE", ROOT / "instance"))


def read_json(path: str) -> Any:
    """JSON from a file or '-' (standard input)."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise ValueError(f"{path}: cannot read ({exc.strerror})") from None
    return load_json(text, f"{path}:")


def run_json(table: dict[str, Callable[[Any], Any]], game: str, path: str) -> int:
    """Read JSON, call the game's function, print its JSON answer."""
    fn = table.get(game)
    if fn is None:
        raise ValueError(f"no such game here: {game} (try one of {', '.join(sorted(table))})")
    print(json.dumps(run(fn, read_json(path)), ensure_ascii=False, indent=2))
    return 0


def read_photo(path: str) -> bytes:
    """A photo's bytes from a file or (`-`) standard input."""
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise ValueError(f"{path}: cannot read ({exc.strerror})") from None


def use_deck(folder: str | None) -> Path:
    """The registered deck's folder (default: the app's own), now used for recognition."""

    path = Path(folder) if folder else deck_dir()
    vision.register.use_folder(path if path.exists() else None)
    return path


def deck_args(args: argparse.Namespace) -> argparse.Namespace:
    """Check `deck ACTION [GAME] [FILES]` and keep the files in args.photos."""
    want = {"register": ("okoshki", "PHOTO [PHOTO...]"), "learn": ("pisanki", "PHOTO GRID")}
    rest = list(args.args)
    args.game = rest[0] if rest else None
    if args.action == "learn" and args.game == "okoshki":  # a zone photo and its cards
        want["learn"] = ("okoshki", "PHOTO CARDS")
    if args.action in want:
        game, usage = want[args.action]
        if not rest or rest[0] != game:
            raise ValueError(f"usage: assistant deck {args.action} {game} {usage}")
        rest = rest[1:]
        if not rest or (args.action == "learn" and len(rest) != 2):
            raise ValueError(f"usage: assistant deck {args.action} {game} {usage}")
    elif rest:
        raise ValueError(f"usage: assistant deck {args.action} [--deck DIR]")
    args.photos = rest
    return args


def cmd_deck(args: argparse.Namespace) -> int:
    """Register, learn, show or forget the players' own deck (INTERFACE.md)."""
    folder = use_deck(args.deck)
    try:
        if args.action == "register":
            vision.register.register_okoshki_photos([read_photo(p) for p in args.photos], folder)
        elif args.action == "learn" and args.game == "okoshki":
            photo, cards_path = args.photos
            cards = read_json(cards_path)
            if isinstance(cards, dict):  # the whole answer of `recognize okoshki`
                cards = cards.get("cards")
            vision.register.learn_okoshki(read_photo(photo), cards, folder)
        elif args.action == "learn":
            photo, grid_path = args.photos
            vision.register.learn_pisanki(read_photo(photo), read_json(grid_path), folder)
        elif args.action == "forget":
            vision.register.forget(folder)
    except vision.register.RegisterError as exc:
        raise ValueError(str(exc)) from None
    print(json.dumps(vision.register.status(folder)))
    return 0


def cmd_recognize(args: argparse.Namespace) -> int:
    """Recognise a photo and print the INTERFACE.md JSON."""
    use_deck(args.deck)
    data = read_photo(args.photo)
    if args.game == "pisanki":
        out = vision.api.recognise_pisanki(data, args.rows or 4, args.cols or 6)
    else:
        out = vision.api.recognise_okoshki(data)
    print(json.dumps(plain(out), ensure_ascii=False, indent=2))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    p = argparse.ArgumentParser(prog="assistant", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="run the web app for the phones at the table")
    s.add_argument("--host", default="0.0.0.0")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--db", default=None, help="database URL (default: SQLite under instance/)")
    s.add_argument("--max-held", type=int, default=None,
                   help="live connections held at once (default 500); beyond, phones poll")
    s.add_argument("--deck", metavar="DIR", default=None,
                   help="folder of a registered deck: photos are recognised with its cards and "
                        "the deck page registers into it (default: instance/deck)")
    sub.add_parser("migrate", help="create or update the database's tables (DATABASE_URL)")
    sub.add_parser("sweep", help="delete the tables idle for IDLE_DAYS (default 30)")
    sc = sub.add_parser("score", help="score a game from JSON")
    sc.add_argument("game", choices=sorted(scorers()))
    sc.add_argument("file")
    ch = sub.add_parser("check", help="check Liski columns from JSON")
    ch.add_argument("game", choices=sorted(checkers()))
    ch.add_argument("file")
    rc = sub.add_parser("recognize", help="recognise cards on a photo")
    rc.add_argument("game", choices=["pisanki", "okoshki"])
    rc.add_argument("photo")
    rc.add_argument("--rows", type=int)
    rc.add_argument("--cols", type=int)
    rc.add_argument("--deck", help="folder of a registered deck")
    dk = sub.add_parser("deck", help="register the players' own cards")
    dk.add_argument("action", choices=["register", "learn", "status", "forget"])
    dk.add_argument("args", nargs="*", help="register okoshki PHOTO...; learn pisanki PHOTO GRID; "
                    "learn okoshki PHOTO CARDS")
    dk.add_argument("--deck", help="folder of the registered deck")
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "serve":
            return cmd_serve(args)
        if args.command in ("migrate", "sweep"):
            return {"migrate": cmd_migrate, "sweep": cmd_sweep}[args.command](args)
        if args.command == "score":
            return run_json(scorers(), args.game, args.file)
        if args.command == "check":
            return run_json(checkers(), args.game, args.file)
        if args.command == "recognize":
            return cmd_recognize(args)
        if args.command == "deck":
            return cmd_deck(deck_args(args))
    except ValueError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
