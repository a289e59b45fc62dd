"""One held stream of assistant/asgi.py, driven directly: no edit announced during a write is
lost (the browser suite's cross-process test once waited 10 s for one under load)."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace

from assistant.asgi import Hub, Push


def events_heard(heartbeat_s: float, edit: bool) -> list[tuple[str, int]]:
    """The events a phone hears until it has a second version or three events: with `edit`,
    one edit is announced while the stream's first write is still under way (the reader
    slow: the write yields to the loop)."""

    async def scenario() -> list[tuple[str, int]]:
        hub = Hub()
        line = hub.join("T")
        heard: list[tuple[str, int]] = []
        left = asyncio.Event()

        async def receive() -> dict:
            await left.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            body = message.get("body", b"").decode()
            if "event: " not in body:
                return
            name = body.split("event: ")[1].split("\n")[0]
            heard.append((name, json.loads(body.split("data: ")[1])["version"]))
            if len(heard) == 1 and edit:
                hub.publish("T", 1)  # the edit's announcement, mid-write
                await asyncio.sleep(0)
            elif (len(heard) > 1 and name == "version") or len(heard) == 3:
                left.set()  # the phone has what it waited for: it leaves

        stream = SimpleNamespace(hub=hub, heartbeat_s=heartbeat_s, lifetime_s=3600,
                                 _send=Push._send, _event=Push._event)
        # the deadline only ends a stream that waits for its heartbeat instead of the news
        await asyncio.wait_for(Push._stream(stream, receive, send, "T", line, 0), 10)
        return heard

    return asyncio.run(scenario())


def test_an_edit_announced_during_a_write_is_sent_at_once():
    assert events_heard(heartbeat_s=3600, edit=True) == [("version", 0), ("version", 1)]


def test_a_quiet_stream_sends_heartbeats():
    assert events_heard(heartbeat_s=0.01, edit=False) == [("version", 0), ("hb", 0), ("hb", 0)]
