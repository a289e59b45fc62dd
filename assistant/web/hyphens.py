"""Soft hyphens (U+00AD) in long words, so a long name that must break shows a hyphen.

Phones' browsers may have no hyphenation dictionary (`hyphens: auto` then does nothing) and
`overflow-wrap: anywhere` breaks a word with no mark at all, which reads as two words. A soft
hyphen is invisible unless the line breaks there, and then shows as "-". Only the text on the
page gets them: stored names, form values, aria-labels, share texts and result files never do
(and static/js/copy.js takes them out of what is copied).
"""

from __future__ import annotations

import functools
import re

from markupsafe import Markup, escape

SHY = "\u00ad"
LONG = 10        # words shorter than this never need to break on a phone
EDGE = 3         # at least this many letters stay on each side of a break
FORCED = 5       # no syllable break ("xxxxxxxxxx"): a break every 5 letters (at most 6)
VOWELS = set("aeiouyąęóAEIOUYĄĘÓáéíúýäëïöüåæøÁÉÍÚÝÄËÏÖÜÅÆØ")
# Polish digraphs that read as one sound: never split.
DIGRAPHS = {"ch", "cz", "dz", "dź", "dż", "rz", "sz", "ph", "th", "sh"}  # (and names' ph, th, sh)

@functools.cache
def _word(longer_than: int) -> re.Pattern[str]:
    return re.compile(r"[^\W\d_]{" + str(longer_than) + ",}")


def _breaks(word: str) -> list[int]:
    """Where a long word may break: before the last consonant of each cluster between vowels
    (Ka-pi-tan-ka, Bar-tło-miej), else every FORCED letters."""
    low = word.lower()
    spots: list[int] = []
    i = 0
    while i < len(low):
        if low[i] in VOWELS:
            j = i + 1
            while j < len(low) and low[j] not in VOWELS:
                j += 1
            cluster = j - i - 1
            if j < len(low) and cluster >= 1:
                # one consonant goes with the next vowel; in a cluster the break follows its first
                # consonant (or digraph)
                lead = 2 if low[i + 1:i + 3] in DIGRAPHS else 1
                cut = i + 1 if cluster == lead else i + 1 + lead
                if low[cut - 1:cut + 1] in DIGRAPHS:
                    cut -= 1
                spots.append(cut)
            i = j
        else:
            i += 1
    spots = [s for s in spots if EDGE <= s <= len(word) - EDGE]
    # Fill long stretches without a syllable break.
    out: list[int] = []
    last = 0
    for s in spots + [len(word)]:
        while s - last > FORCED + 1 and last + FORCED <= len(word) - EDGE:
            last += FORCED
            out.append(last)
        if s < len(word) and s - last >= EDGE:
            out.append(s)
            last = s
    return out


def soft_hyphens(text: object, longer_than: int = LONG) -> str:
    """The text with soft hyphens where its words of `longer_than` letters or more may break."""
    def hyphenate(m: re.Match[str]) -> str:
        word = m.group(0)
        cuts = _breaks(word)
        return SHY.join(word[a:b] for a, b in zip([0, *cuts], [*cuts, len(word)], strict=True))
    return _word(longer_than).sub(hyphenate, "" if text is None else str(text))


def url_breaks(url: str) -> Markup:
    """An address that may break only after a slash (<wbr>), so the table's code and the host
    stay whole on a narrow phone (`overflow-wrap: anywhere` in the CSS is the last resort)."""
    parts = str(url).split("/")
    return Markup("/<wbr>").join(escape(p) for p in parts)
