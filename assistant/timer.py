"""The ojojanie-phase countdown as a pure state machine: every method takes `now` (ms).

States: idle (not started), running, paused, ended (ended early or reset to zero by hand).
A running timer whose end time has passed is *expired*; that is read with `status(now)`, so
no event is needed when time runs out and a server restart cannot lose it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

DEFAULT_MS = 120_000
PRESETS_MS = (60_000, 90_000, 120_000, 150_000, 180_000)
MIN_MS = 5_000
MAX_MS = 60 * 60_000


class TimerError(ValueError):
    """A timer command that does not fit the timer's state."""


@dataclass(frozen=True)
class Timer:
    """A countdown; `remaining_ms` is what was left at `since_ms` (when it last started)."""

    state: str = "idle"
    duration_ms: int = DEFAULT_MS
    remaining_ms: int = DEFAULT_MS
    since_ms: int | None = None
    runs: int = 0  # how many times it was started: lets phones tell one countdown from the next

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Timer:
        """Read a timer stored in a table's state."""
        return cls(**data) if data else cls()

    def to_dict(self) -> dict[str, Any]:
        """The form stored in a table's state."""
        return asdict(self)

    # -- reading -------------------------------------------------------------------------
    def remaining(self, now: int) -> int:
        """Milliseconds left at `now` (never below 0)."""
        if self.state == "running":
            return max(0, self.remaining_ms - (now - (self.since_ms or now)))
        if self.state == "ended":
            return 0
        return self.remaining_ms

    def ends_at(self) -> int | None:
        """The server time the countdown reaches zero, while running."""
        if self.state != "running" or self.since_ms is None:
            return None
        return self.since_ms + self.remaining_ms

    def status(self, now: int) -> str:
        """idle, running, paused, ended, or expired (running with no time left)."""
        if self.state == "running" and self.remaining(now) == 0:
            return "expired"
        return self.state

    def is_over(self, now: int) -> bool:
        """True once the phase's time is up or it was ended early."""
        return self.status(now) in ("ended", "expired")

    def warning_ms(self) -> int:
        """When the warning sounds: at 10 % of the length, at least 10 s before the end."""
        return max(self.duration_ms // 10, 10_000)

    # -- commands ------------------------------------------------------------------------
    def start(self, now: int) -> Timer:
        """Start a full countdown (from idle, or again after it ended)."""
        if self.status(now) in ("running", "paused"):
            raise TimerError("The timer is already running.")
        return replace(self, state="running", remaining_ms=self.duration_ms, since_ms=now,
                       runs=self.runs + 1)

    def pause(self, now: int) -> Timer:
        """Stop the countdown where it is."""
        status = self.status(now)
        if status == "paused":
            raise TimerError("The timer is already paused.")
        if status == "expired":
            raise TimerError("Time is already up.")
        if status != "running":
            raise TimerError("The timer is not running.")
        return replace(self, state="paused", remaining_ms=self.remaining(now), since_ms=None)

    def resume(self, now: int) -> Timer:
        """Go on counting down from where it was paused."""
        if self.state != "paused":
            raise TimerError("The timer is not paused.")
        return replace(self, state="running", since_ms=now)

    def end(self, now: int) -> Timer:
        """End the phase now (players may end it early)."""
        if self.status(now) not in ("running", "paused"):
            raise TimerError("The timer is not running.")
        return replace(self, state="ended", remaining_ms=0, since_ms=None)

    def reset(self, now: int) -> Timer:
        """Back to a full, stopped countdown."""
        return replace(self, state="idle", remaining_ms=self.duration_ms, since_ms=None)

    def set_length(self, ms: int, now: int) -> Timer:
        """Change the length; while paused, the time already used stays used."""
        if not MIN_MS <= ms <= MAX_MS:
            raise TimerError("Choose a length between 0:05 and 60:00.")
        status = self.status(now)
        if status == "running":
            raise TimerError("Pause the timer before changing its length.")
        if status == "paused":
            used = self.duration_ms - self.remaining_ms
            return replace(self, duration_ms=ms, remaining_ms=max(0, ms - used))
        return replace(self, state="idle" if status != "ended" else "ended", duration_ms=ms,
                       remaining_ms=ms if status != "ended" else 0, since_ms=None)


def parse_length(text: str) -> int:
    """'2:30', '150' (seconds) or '2.5m' -> milliseconds; TimerError when unreadable."""
    t = str(text).strip().lower()
    try:
        if ":" in t:
            m, s = t.split(":", 1)
            if not s.isdigit() or len(s) != 2 or int(s) >= 60:
                raise ValueError
            return (int(m) * 60 + int(s)) * 1000
        if t.endswith("m"):
            return round(float(t[:-1]) * 60_000)
        return round(float(t.rstrip("s")) * 1000)
    except ValueError:
        raise TimerError("That is not a length: write it like 2:30.") from None


def format_ms(ms: int) -> str:
    """Milliseconds as m:ss, rounding up so 0:01 shows until the very end."""
    secs = -(-max(0, ms) // 1000)
    return f"{secs // 60}:{secs % 60:02d}"
