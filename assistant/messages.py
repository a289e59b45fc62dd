"""Messages for players without Flask: an English text with parameters, translated by the web layer.

Pure code (engines, reducers) builds `Message("There is already a player called %(name)s.",
name=name)` or `nmsg("%(num)d crown", "%(num)d crowns", n)`; `str()` gives the English text
(the JSON API and the CLI use it), and `assistant.web.i18n.tr` gives the phone's language.
`N_("text")` only marks a constant text for extraction (it returns the text unchanged).
"""

from __future__ import annotations

from typing import Any


def N_(text: str) -> str:
    """Mark a text for the catalogue without translating it (translated where it is shown)."""
    return text


class Message:
    """An English message id with named parameters (which may be Messages themselves)."""

    __slots__ = ("msgid", "plural", "num", "params", "context")

    def __init__(self, msgid: str, plural: str | None = None, num: int | None = None,
                 **params: Any) -> None:
        self.msgid = msgid
        self.plural = plural
        self.num = num
        self.params = params
        self.context: str | None = None  # a msgctxt where one English text needs two translations
        if num is not None:
            self.params.setdefault("num", num)

    def render(self, gettext: Any = None, ngettext: Any = None, catalogue: Any = None) -> str:
        """The text through the given gettext/ngettext (English when none are given); a
        message with a context looks itself up with the catalogue's npgettext/pgettext."""
        params = {k: (v.render(gettext, ngettext, catalogue) if isinstance(v, Message) else v)
                  for k, v in self.params.items()}
        if self.plural is not None:
            if ngettext is None:
                text = self.msgid if self.num == 1 else self.plural
            elif self.context and catalogue is not None:
                text = catalogue.npgettext(self.context, self.msgid, self.plural, self.num)
            else:
                text = ngettext(self.msgid, self.plural, self.num)
        elif self.context and catalogue is not None:
            text = catalogue.pgettext(self.context, self.msgid)
        else:
            text = gettext(self.msgid) if gettext is not None else self.msgid
        return text % params if params else text

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Message({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Message):
            return (self.msgid, self.plural, self.num, self.params) == (
                other.msgid, other.plural, other.num, other.params)
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)


class MessageError(ValueError):
    """A refusal with a Message: `str()` is the English line (API, CLI), `.message` is what the
    pages translate (`MessageError("Too large: %(mp)d megapixels.", mp=mp)`)."""

    def __init__(self, msgid: str | Message, **params: Any) -> None:
        self.message = msgid if isinstance(msgid, Message) else Message(msgid, **params)
        super().__init__(str(self.message))


def one_line(text: Any, limit: int = 200) -> str:
    """A message as one line of at most `limit` characters (a long bad value is cut)."""
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def nmsg(singular: str, plural: str, num: int, **params: Any) -> Message:
    """A message whose words follow a number (Polish has three forms: 1, 2–4, 5+)."""
    return Message(singular, plural, num, **params)


def npmsg(context: str, singular: str, plural: str, num: int, **params: Any) -> Message:
    """`nmsg` with a msgctxt: the same English words in another grammatical slot (Polish
    "brakuje" wants the genitive: "brakuje 1 korony", where a count alone is "1 korona")."""
    message = Message(singular, plural, num, **params)
    message.context = context
    return message


def plain(value: Any) -> Any:
    """A JSON-ready copy with every Message as its English text (the API and the CLI)."""
    if isinstance(value, Message):
        return str(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def join(*parts: Any, sep: str = ", ") -> Message:
    """Several messages shown as one (each part translated on its own)."""
    names = {f"p{i}": p for i, p in enumerate(parts)}
    return Message(sep.join(f"%({k})s" for k in names), **names)
