"""Declared edit schemas: every edit is cleaned here before a reducer sees it (pure).

A schema is built from small field types; `Obj.clean` keeps only the declared fields, turns
form strings into numbers and booleans, caps lengths and refuses anything else with the
field's one-line message (an EditError). The reducers rely on the types it guarantees.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from assistant.messages import Message


class EditError(ValueError):
    """An edit the rules refuse: an English message id with parameters, translated where shown.

    `EditError("There is already a player called %(name)s.", name=name)`; `str()` is the English
    text (API, CLI), `.message` the Message the web layer translates (assistant.web.i18n.tr).
    """

    def __init__(self, msgid: str | Message, **params: Any) -> None:
        self.message = msgid if isinstance(msgid, Message) else Message(msgid, **params)
        super().__init__(str(self.message))

_INT_RE = re.compile(r"[+-]?[0-9]{1,15}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
TRUE = {"1", "true", "on", "yes"}
FALSE = {"0", "false", "off", "no"}
MAX_TEXT = 200  # no free text field of an edit is longer


def is_empty(value: Any) -> bool:
    """None, or a blank string (a form field left empty)."""
    return value is None or (isinstance(value, str) and not value.strip())


def short(value: Any, limit: int = 40) -> str:
    """A bad value as an error line may echo it: repr, cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Field:
    """One field: `required` refuses it missing; `default` stands in for a missing value."""

    msg: str = "That edit is not valid."
    required: bool = False
    default: Any = None

    def clean(self, value: Any) -> Any:
        """The cleaned value, or EditError(msg)."""
        raise NotImplementedError

    def fail(self) -> EditError:
        """The field's error."""
        return EditError(self.msg)


@dataclass(frozen=True)
class Int(Field):
    """A whole number in [lo, hi]: an int, an integral finite float, or ASCII digits."""

    lo: int = 0
    hi: int = 0

    def clean(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.fail()
        if isinstance(value, float):
            if not math.isfinite(value) or not value.is_integer():
                raise self.fail()
            value = int(value)
        elif isinstance(value, str):
            text = value.strip()
            if not _INT_RE.fullmatch(text):
                raise self.fail()
            value = int(text)
        elif not isinstance(value, int):
            raise self.fail()
        if not self.lo <= value <= self.hi:
            raise self.fail()
        return value


@dataclass(frozen=True)
class Str(Field):
    """Text up to `max_len` characters; control characters (NUL included) become spaces."""

    max_len: int = MAX_TEXT
    pattern: str = ""  # when given, the whole text must match it

    def clean(self, value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or len(value) > self.max_len:
            raise self.fail()
        if self.pattern and not re.fullmatch(self.pattern, value):
            raise self.fail()
        return _CONTROL.sub(" ", value)


@dataclass(frozen=True)
class Choice(Field):
    """One of a fixed set of words."""

    values: tuple[str, ...] = ()

    def clean(self, value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or value not in self.values:
            raise self.fail()
        return value


@dataclass(frozen=True)
class Bool(Field):
    """A yes/no: a JSON boolean, 0/1, or a form's 'on', 'true', '1' (and their opposites)."""

    def clean(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        if isinstance(value, str) and value.strip().lower() in TRUE | FALSE:
            return value.strip().lower() in TRUE
        raise self.fail()


@dataclass(frozen=True)
class ListOf(Field):
    """A list of at most `max_len` items, each cleaned by `item`."""

    item: Field = field(default_factory=Field)
    max_len: int = 0

    def clean(self, value: Any) -> list[Any]:
        if not isinstance(value, list | tuple) or len(value) > self.max_len:
            raise self.fail()
        return [self.item.clean(v) for v in value]


@dataclass(frozen=True)
class Joined(ListOf):
    """A list that a form may also send joined, one button's value ("crown+flower")."""

    sep: str = "+"

    def clean(self, value: Any) -> list[Any]:
        if isinstance(value, str):
            value = [value]
        if isinstance(value, list | tuple):
            value = [part for v in value
                     for part in (v.split(self.sep) if isinstance(v, str) else [v]) if part != ""]
        return super().clean(value)


@dataclass(frozen=True)
class MapOf(Field):
    """An object whose keys are among `keys`, each value cleaned by `value`."""

    keys: tuple[str, ...] = ()
    value: Field = field(default_factory=Field)

    def clean(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, Mapping) or any(k not in self.keys for k in value):
            raise self.fail()
        return {k: self.value.clean(v) for k, v in value.items()}


@dataclass(frozen=True)
class Obj(Field):
    """An object with declared fields: unknown fields are dropped, missing ones left out."""

    fields: Mapping[str, Field] = field(default_factory=dict)

    def clean(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail()
        out: dict[str, Any] = {}
        for name, f in self.fields.items():
            raw = value.get(name)
            if is_empty(raw) and not isinstance(f, Str):
                if f.required:
                    raise f.fail()
                if f.default is not None:
                    out[name] = f.default
                continue
            if raw is None:
                if f.required:
                    raise f.fail()
                continue
            out[name] = f.clean(raw)
        return out


@dataclass(frozen=True)
class Nullable(Field):
    """`inner`, or None (JSON null) kept as None."""

    inner: Field = field(default_factory=Field)

    def clean(self, value: Any) -> Any:
        return None if value is None else self.inner.clean(value)


def edit(**fields: Field) -> Obj:
    """The schema of one op's data."""
    return Obj(msg="The edit's data must be an object.", fields=fields)


NO_DATA = edit()


def check_declared(ops: Iterable[str], schemas: Mapping[str, Obj], where: str) -> None:
    """Every op has a declared schema (a missing one is a programming error, found at start)."""
    missing = sorted(set(ops) - set(schemas))
    if missing:
        raise TypeError(f"{where}: declare a schema for {', '.join(missing)}")
