"""Issue 26 on a phone: the awake note survives another phone's edit, times are the phone's
own (language and time zone), and Sound check plays past an iPhone's silent switch."""

from __future__ import annotations

import re

from tests.browser.conftest import PHONE, expect, new_version


def test_the_awake_note_survives_another_phones_edit(live_server, new_phone):
    a = new_phone()
    a.add_init_script("navigator.audioSession = { type: 'auto' };")
    a.goto(live_server + "/")
    a.get_by_role("button", name=re.compile("Liski")).click()
    a.wait_for_function("() => !!window.liskiAwake")
    a.get_by_role("button", name="Sound check").click()
    note = a.locator("#capabilities")
    expect(note).to_contain_text("Screen:")
    assert a.evaluate("navigator.audioSession.type") == "playback"
    b = new_phone()
    b.goto(a.url)
    b.wait_for_function("() => !!window.interact")
    version = a.locator("#table-main").get_attribute("data-version")
    b.evaluate("""() => window.interact.post('board.puchater.add', {name: 'Lisia Kapitanka'})""")
    new_version(a, version, timeout=8000)
    expect(note).to_contain_text("Screen:")
    expect(note).not_to_contain_text("Tap “Sound check” once")


def test_final_times_are_the_phones_own(live_server, browser):
    ctx = browser.new_context(viewport=PHONE, locale="pl-PL", timezone_id="Asia/Tokyo")
    page = ctx.new_page()
    page.goto(live_server + "/?lang=pl")
    page.get_by_role("button", name=re.compile("Kitsune")).first.click()
    expect(page.locator("#table-main")).to_be_visible()
    code = page.url.rstrip("/").split("/")[-1]
    page.goto(f"{live_server}/t/{code}/final")
    when = page.locator(".final-when time")
    expect(when).not_to_contain_text("UTC")
    iso = when.get_attribute("datetime")
    wanted = page.evaluate("""(iso) => new Intl.DateTimeFormat('pl', {day: 'numeric',
        month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit',
        timeZone: 'Asia/Tokyo'}).format(new Date(iso))""", iso)
    expect(when).to_have_text(wanted)
    ctx.close()
