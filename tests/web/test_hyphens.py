"""Soft hyphens in long names (issue 26): where they go, and that only the page's text gets them."""

from __future__ import annotations

import re

from assistant.web.hyphens import SHY, soft_hyphens, url_breaks


def test_long_words_get_soft_hyphens_between_syllables_short_ones_none():
    assert soft_hyphens("Ala ma kota") == "Ala ma kota"
    assert soft_hyphens("Lisia Kapitanka") == "Lisia Kapitanka"
    assert soft_hyphens("Szczepankiewicz").split(SHY) == ["Szcze", "pan", "kie", "wicz"]
    assert soft_hyphens("Przemysław").split(SHY) == ["Prze", "mys", "ław"]
    # No syllable to break at: every 5 letters, never fewer than 3 at either end.
    parts = soft_hyphens("Z" * 24).split(SHY)
    assert "".join(parts) == "Z" * 24 and max(map(len, parts)) <= 6 and min(map(len, parts)) >= 3
    assert soft_hyphens("Bartłomiejyyyyyyyyyyyyyy", longer_than=30) == "Bartłomiejyyyyyyyyyyyyyy"
    assert soft_hyphens(None) == "" and soft_hyphens(1234567890123) == "1234567890123"


def test_only_the_shown_name_is_hyphenated(app, client):
    from tests.web.test_results import play

    name = "Aleksandraxxxxxxxxxxxxxx"
    code = play(app, "okoshki", [("players.rename", {"index": 0, "name": name})])
    text = client.get(f"/t/{code}").get_data(as_text=True)
    assert f"<h2>{soft_hyphens(name)}</h2>" in text
    assert f'value="{name}"' in text and f'aria-label="Zone of {name}"' in text
    assert SHY not in client.get(f"/t/{code}/result.json").get_data(as_text=True)
    assert SHY not in client.get(f"/t/{code}/result.csv").get_data(as_text=True)
    # The final screen shows the name hyphenated; what its Share button sends is as typed.
    final = client.get(f"/t/{code}/final").get_data(as_text=True)
    assert soft_hyphens(name) in final
    share = re.search(r'id="share"[^>]*\bdata-text="([^"]*)"', final).group(1)
    assert name in share and SHY not in share


def test_an_address_breaks_only_after_a_slash():
    assert url_breaks("http://192.168.1.23:5000/t/46DWW4QW") == (
        "http:/<wbr>/<wbr>192.168.1.23:5000/<wbr>t/<wbr>46DWW4QW")
    assert url_breaks("http://x/<b>") == "http:/<wbr>/<wbr>x/<wbr>&lt;b&gt;"  # escaped
