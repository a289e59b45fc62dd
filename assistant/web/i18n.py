"""Polish and English: Flask-Babel, the phone's language choice, translated messages for pages.

The language is `?lang=pl|en` (remembered in a cookie), else the cookie, else Accept-Language
(Polish for `pl`, English otherwise). Engines raise/return `assistant.messages.Message`s;
`tr()` translates them here. The JS islands read their strings from a JSON block that
`js_strings()` fills from the same catalogue (every `t("…")` / `tn("…", "…", n)` in static/js).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.extract import extract_javascript
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, request
from flask_babel import (
    Babel,
    format_datetime,
    format_decimal,
    format_percent,
    get_locale,
    get_translations,
    pgettext,
)
from flask_babel import gettext as _
from markupsafe import Markup

from assistant.config import ROOT
from assistant.messages import Message
from assistant.reducers.okoshki import DEFAULT_NAMES
from assistant.web.hyphens import soft_hyphens, url_breaks

LANGUAGES = ("en", "pl")
COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600  # browsers cap cookies at 400 days
JS_DIR = ROOT / "static" / "js"
TRANSLATIONS = ROOT / "assistant" / "translations"


def pick_language() -> str:
    """The phone's language: ?lang, else the cookie, else Accept-Language (pl or en)."""
    asked = request.args.get("lang", "")
    if asked in LANGUAGES:
        return asked
    kept = request.cookies.get(COOKIE, "")
    if kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(LANGUAGES, default="en") or "en"


def lang() -> str:
    """The language of this request ('en' or 'pl')."""
    return str(get_locale() or "en")


def tr(message: Any) -> str:
    """A Message, an EditError or a plain catalogue text in the phone's language."""
    message = getattr(message, "message", message)  # EditError carries its Message
    if isinstance(message, Message):
        catalogue = get_translations()  # raw lookups: the Message fills its own parameters
        return message.render(catalogue.gettext, catalogue.ngettext, catalogue)
    if message is None:
        return ""
    return _(str(message)) if str(message) else ""


def player_name(name: str) -> str:
    """A player's name as typed; the default names a table starts with read in each language."""
    return _(name) if name in DEFAULT_NAMES else name


def and_join(names: Any) -> str:
    """Names as a sentence lists them: "Ala, Ola i Ela" (never "Ala i Ola i Ela")."""
    names = [str(n) for n in names]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + _(" and ") + names[-1]


def local_time(ms: int, style: str = "date") -> Markup:
    """A moment for a page: `<time>` with the UTC instant, written in the page's language
    (UTC, marked so) until static/js/localtime.js rewrites it in the phone's time zone."""
    when = datetime.fromtimestamp(ms / 1000, UTC)
    pattern = "d MMM y, HH:mm" if style == "date" else "d.MM.y, HH:mm"
    text = format_datetime(when, pattern, rebase=False) + " UTC"
    return Markup('<time datetime="{}" data-local="{}">{}</time>').format(
        when.strftime("%Y-%m-%dT%H:%M:%SZ"), style, text)


def number(value: float, digits: int = 0) -> str:
    """A number the way the phone's language writes it (1 234,5 in Polish)."""
    fmt = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=fmt)


def percent(fraction: float) -> str:
    """A percentage as the phone's language writes it (12 % in Polish, 12% in English)."""
    return format_percent(fraction, format="#,##0\u00a0%" if lang() == "pl" else "#,##0%")


@cache
def js_messages() -> tuple[tuple[str, ...], ...]:
    """Every t("…") and tn("…", "…", n) text in static/js and below (read once per process)."""
    found: list[tuple[str, ...]] = []
    for path in sorted(Path(JS_DIR).rglob("*.js")):
        with path.open("rb") as fh:
            for _line, _func, msg, _comments in extract_javascript(
                fh, {"t": None, "tn": (1, 2)}, [], {}
            ):
                key = tuple(m for m in (msg if isinstance(msg, tuple) else (msg,)) if m)
                if key and key not in found:
                    found.append(key)
    return tuple(found)


def js_strings() -> dict[str, Any]:
    """The JS islands' strings in the phone's language, for a JSON block in every page."""
    out: dict[str, Any] = {"lang": lang(), "s": {}, "p": {}}
    catalog = getattr(get_translations(), "_catalog", {})
    for key in js_messages():
        if len(key) == 1:
            text = _(key[0])
            if text != key[0]:
                out["s"][key[0]] = text
        else:
            forms = []
            i = 0
            while (key[0], i) in catalog:
                forms.append(catalog[(key[0], i)])
                i += 1
            if forms:
                out["p"][key[0]] = forms
    return out


def compile_catalogues(folder: Path = TRANSLATIONS) -> None:
    """Compile every messages.po whose messages.mo is missing or older (.mo files are not kept
    in git; `make run`/`make test` and the app itself build them)."""
    for po in folder.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as fh:
            catalog = read_po(fh)
        tmp = mo.with_name(f".{mo.name}.{os.getpid()}")
        with tmp.open("wb") as fh:
            write_mo(fh, catalog)
        os.replace(tmp, mo)  # atomic: parallel test workers never read half a file


def init_i18n(app: Flask) -> None:
    """Set up Flask-Babel, the language cookie and the template helpers."""
    compile_catalogues()
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    Babel(app, locale_selector=pick_language)
    plain = app.json.default  # the JSON API stays English: a Message there is its English text
    app.json.default = lambda o: str(o) if isinstance(o, Message) else plain(o)

    @app.after_request
    def _remember(resp):
        asked = request.args.get("lang", "")
        if asked in LANGUAGES and not request.path.startswith("/api/"):
            resp.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
        resp.vary.add("Accept-Language")
        resp.vary.add("Cookie")
        return resp

    app.jinja_env.globals.update(
        tr=tr, lang=lang, number=number, percent=percent, js_strings=js_strings,
        player_name=player_name, pgettext=pgettext, local_time=local_time,
        LANGUAGES=LANGUAGES,
    )
    app.jinja_env.filters["tr"] = tr
    app.jinja_env.filters["player_name"] = player_name
    app.jinja_env.filters["shy"] = soft_hyphens  # long names break with a hyphen
    app.jinja_env.filters["url_breaks"] = url_breaks  # an address breaks after a slash
    app.jinja_env.filters["and_join"] = and_join
