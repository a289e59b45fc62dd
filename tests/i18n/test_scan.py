"""No user-facing text outside the catalogue: a scan of templates and of the engines' refusals."""

from __future__ import annotations

import ast
import re
from html.parser import HTMLParser

from assistant.config import ROOT

TEMPLATES = ROOT / "templates"
# Names and symbols that read the same in both languages (game and card names stay as printed).
ALLOWED = {
    "Liski", "Ojojanie", "Liski: Ojojanie", "Pisanki", "Okoshki", "Kitsune", "EN", "PL",
    "KQ7M-X4PA", "UTC", "AGAIN", "NO!", "NO", "KEEP", "GOING", "Zniszczona", "Spuchlina", "m:ss", "QR",
}
# Templates not translated yet; this list only shrinks (the final sweep empties it).
PENDING: set[str] = set()
BODY_CLASS = re.compile(r"\{% block body_class %\}.*?\{% endblock %\}", re.S)
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
TEXT_ATTRS = {"aria-label", "title", "placeholder", "alt", "label"}
WORD = re.compile(r"[A-Za-z]{2,}")
CODE = re.compile(r'[\w-]+="[^"]*"|\b[\w-]+-(?=\s|$)')


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "svg"):
            self.skip += 1
        for name, value in attrs:
            if name in TEXT_ATTRS and value:
                self._check(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "svg") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self._check(data)

    def _check(self, text: str) -> None:
        # Attribute soup left by a Jinja expression inside a tag, and class-name stems.
        text = CODE.sub(" ", text.replace("\x00", " "))
        text = " ".join(text.split())
        if text and text not in ALLOWED and WORD.search(text):
            if not all(w in ALLOWED for w in WORD.findall(text)):
                self.found.append(text)


def bare_text(source: str) -> list[str]:
    """Text a player would read that is not produced by a Jinja expression."""
    parser = _Text()
    source = BODY_CLASS.sub("", source)  # a CSS class name, not text
    parser.feed(JINJA.sub("\x00", source))
    return parser.found


def test_the_scan_finds_bare_text():
    assert bare_text('<p>Hello {{ _("x") }}</p><b title="Undo">↶</b>') == ["Hello", "Undo"]
    assert bare_text('<p>{{ _("Hello") }} · {{ n }}</p><span aria-label="{{ _(\'x\') }}">') == []


def test_templates_have_no_bare_text():
    bad = {}
    for path in sorted(TEMPLATES.rglob("*.html")):
        rel = str(path.relative_to(TEMPLATES))
        if rel in PENDING:
            continue
        found = bare_text(path.read_text())
        if found:
            bad[rel] = found[:5]
    assert not bad, bad


# Python files whose refusals are not converted yet; this list only shrinks.
PENDING_PY: set[str] = set()


def _catalogue_arg(arg: ast.expr) -> bool:
    """A literal, a Message/nmsg call, or a variable/attribute holding one (built text is not)."""
    if isinstance(arg, ast.Constant):
        return isinstance(arg.value, str)
    if isinstance(arg, ast.Call):
        return getattr(arg.func, "id", "") in ("Message", "nmsg")
    if isinstance(arg, ast.BoolOp):
        return all(_catalogue_arg(v) for v in arg.values)
    if isinstance(arg, ast.IfExp):
        return _catalogue_arg(arg.body) and _catalogue_arg(arg.orelse)
    return isinstance(arg, ast.Name | ast.Attribute)  # f-strings, +, str(), .format fail


REFUSALS = ("EditError", "StaleEdit", "MessageError", "PhotoError", "RegisterError",
            "RecognitionError", "NoCardsFound")  # the errors whose line a page shows translated


def test_refusals_are_catalogue_messages_not_fstrings():
    """EditError/StaleEdit and the photo refusals get a literal message id (with %(name)s parameters) or a Message."""
    bad = []
    for path in sorted((ROOT / "assistant").rglob("*.py")):
        if str(path.relative_to(ROOT)) in PENDING_PY:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            if (isinstance(node.func, ast.Name) and node.func.id in REFUSALS
                    and node.args and not _catalogue_arg(node.args[0])):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            for kw in node.keywords:  # a schema field's msg="…"
                if kw.arg == "msg" and not _catalogue_arg(kw.value):
                    bad.append(f"{path.relative_to(ROOT)}:{kw.value.lineno} (msg=)")
    assert not bad, bad


def test_the_refusal_scan_tells_built_text_from_catalogue_messages():
    def arg(src):
        return ast.parse(src).body[0].value

    assert not _catalogue_arg(arg('f"{name} is here"'))
    assert not _catalogue_arg(arg('str(exc)'))
    assert not _catalogue_arg(arg('"a" + b'))
    assert _catalogue_arg(arg('"%(name)s is here"'))
    assert _catalogue_arg(arg('nmsg("%(num)d card", "%(num)d cards", n)'))
    assert _catalogue_arg(arg('answer.reason or Message("No.")'))


JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
JS_UI_TEXT = re.compile(r"^[A-Z][a-z']* [^<>{}=]*\S [^<>{}=]*$")  # "Pick a tablecloth, an egg…"


def bare_js_texts(src: str) -> list[str]:
    """Sentences in JS source that are not the first or second argument of t()/tn()."""
    bad = []
    for m in JS_STRING.finditer(src):
        text = m.group(1)
        line = src[src.rfind("\n", 0, m.start()) + 1:m.start()]
        if not JS_UI_TEXT.match(text) or line.lstrip().startswith("//"):
            continue
        before = src[max(0, m.start() - 300):m.start()]
        if not re.search(r'(?<![\w.$])(t|tn)\($|(?<![\w.$])tn\("(?:[^"\\]|\\.)*",\s*$', before):
            bad.append(text)
    return bad


def test_the_js_islands_show_no_text_outside_t():
    """Every sentence a JS island shows goes through t()/tn() (the catalogue), like the pages."""
    bad = {p.name: bare_js_texts(p.read_text()) for p in sorted((ROOT / "static/js").rglob("*.js"))}
    assert not {k: v for k, v in bad.items() if v}, bad


def test_the_js_scan_finds_bare_sentences():
    assert bare_js_texts('hint("Pick a tablecloth first.");') == ["Pick a tablecloth first."]
    assert bare_js_texts('hint("Pick a cloth, an egg: or; a flower.")') == [
        "Pick a cloth, an egg: or; a flower."]
    assert bare_js_texts('hint(t("Pick a tablecloth first."));') == []
    assert bare_js_texts('tn("%(num)s tap", "Taps waiting now", n)') == []
    assert bare_js_texts('el.className = "btn btn-primary";') == []
