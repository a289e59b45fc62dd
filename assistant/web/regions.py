"""Regions of a table page: a live update sends only the regions that changed.

A template marks a part of #table-main as a region with a call block around one element
that has that id::

    {% call region("col-" ~ ci) %}<section id="col-{{ ci }}">...</section>{% endcall %}

The element gets `data-h`: a hash of its own content (regions inside it count by id only,
and the per-render fields, the version and the nonces, not at all). The page keeps these
hashes; interact.js sends them in `X-Regions` with every refresh and own edit. `partial()`
then answers with only the regions whose hash differs (a region whose own content changed is
sent whole, inner regions included; otherwise only its changed inner regions are), wrapped
in a `#table-main` marked `data-partial`. Regions may nest to any depth.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from flask import g, request
from markupsafe import Markup

# The fields that differ between two renders of the same table state (the server clock is
# read by timer.js only until the first poll has measured it).
VOLATILE = re.compile(r'name="(?:v|nonce)" value="[^"]*"|data-(?:version|server-ms)="\d+"')
FIRST_TAG = re.compile(r"\s*<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>")
ROOT = "table-main"


@dataclass
class Region:
    """One rendered region: its id, own-content hash, html and the regions directly inside."""

    id: str
    h: str = ""
    html: str = ""
    children: list[Region] = field(default_factory=list)


def _digest(text: str) -> str:
    """A short hash of a region's own content, without the per-render fields."""
    return hashlib.blake2b(VOLATILE.sub("", text).encode(), digest_size=8).hexdigest()


def region(rid: str, caller) -> Markup:
    """Render one region (a Jinja call block) and mark its element with its content hash."""
    stack = g.setdefault("_regions", [Region(id="")])
    node = Region(id=rid)
    stack.append(node)
    try:
        html = str(caller())
    finally:
        stack.pop()
    m = FIRST_TAG.match(html)
    if not m or f'id="{rid}"' not in m.group(2):
        raise ValueError(f"region {rid!r} must be one element with id={rid!r}")
    own = html
    for child in node.children:
        own = own.replace(child.html, f"<!--region {child.id}-->", 1)
    node.h = _digest(own)
    node.html = html[: m.end(2)] + f' data-h="{node.h}"' + html[m.end(2):]
    stack[-1].children.append(node)
    return Markup(node.html)


def reset() -> None:
    """Forget the regions of an earlier render in this request."""
    g._regions = [Region(id="")]


def rendered() -> Region | None:
    """The root region (#table-main) of the last render in this request, if it had one."""
    top = g.get("_regions")
    if not top:
        return None
    return next((r for r in top[0].children if r.id == ROOT), None)


def client_hashes() -> dict[str, str] | None:
    """The region hashes the page reports (X-Regions: 'id:hash id:hash'), or None."""
    raw = request.headers.get("X-Regions")
    if raw is None:
        return None
    out = {}
    for part in raw.split():
        rid, _, h = part.partition(":")
        if rid and h:
            out[rid] = h
    return out


def changed(node: Region, known: dict[str, str]) -> list[Region]:
    """The regions to send: a region whose own content differs whole, else its changed ones."""
    if known.get(node.id) != node.h:
        return [node]
    out: list[Region] = []
    for child in node.children:
        out.extend(changed(child, known))
    return out


def partial(html: str, version: int) -> tuple[str, int]:
    """The changed regions of `html` just rendered and their count (-1: all of `html`)."""
    known = client_hashes()
    root = rendered()
    if known is None or root is None:
        return html, -1
    send = changed(root, known)
    if send == [root]:
        return html, -1
    body = "".join(r.html for r in send)
    return (f'<section id="{ROOT}" data-version="{version}" data-partial="1">'
            f"{body}</section>"), len(send)
