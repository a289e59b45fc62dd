"""The countdown state machine, driven with explicit times (RULES.md, Liski: Timer)."""

from __future__ import annotations

import pytest

from assistant.timer import DEFAULT_MS, Timer, TimerError, format_ms, parse_length

T0 = 1_000_000


def test_a_new_timer_is_idle_at_two_minutes():
    t = Timer()
    assert t.status(T0) == "idle" and t.remaining(T0) == DEFAULT_MS == 120_000
    assert t.ends_at() is None


def test_start_counts_down_from_the_server_time():
    t = Timer().start(T0)
    assert t.status(T0) == "running" and t.ends_at() == T0 + 120_000
    assert t.remaining(T0 + 30_000) == 90_000


def test_start_twice_is_refused_so_two_phones_give_one_start():
    t = Timer().start(T0)
    with pytest.raises(TimerError, match="already running"):
        t.start(T0 + 200)


def test_pause_keeps_the_remaining_time_frozen():
    t = Timer().start(T0).pause(T0 + 45_000)
    assert t.status(T0 + 99_000) == "paused"
    assert t.remaining(T0 + 45_000) == t.remaining(T0 + 500_000) == 75_000


def test_pause_twice_is_refused():
    t = Timer().start(T0).pause(T0 + 1_000)
    with pytest.raises(TimerError, match="already paused"):
        t.pause(T0 + 2_000)


def test_resume_goes_on_from_where_it_paused():
    t = Timer().start(T0).pause(T0 + 45_000).resume(T0 + 60_000)
    assert t.remaining(T0 + 60_000) == 75_000
    assert t.ends_at() == T0 + 135_000


def test_resume_when_not_paused_is_refused():
    with pytest.raises(TimerError):
        Timer().resume(T0)


def test_expiry_is_read_from_the_clock():
    t = Timer().start(T0)
    assert t.status(T0 + 119_999) == "running"
    assert t.status(T0 + 120_000) == "expired" and t.remaining(T0 + 500_000) == 0
    assert t.is_over(T0 + 120_000)
    with pytest.raises(TimerError, match="Time is already up"):
        t.pause(T0 + 121_000)


def test_end_early_from_running_or_paused():
    assert Timer().start(T0).end(T0 + 10_000).status(T0 + 10_000) == "ended"
    t = Timer().start(T0).pause(T0 + 5_000).end(T0 + 6_000)
    assert t.remaining(T0 + 6_000) == 0 and t.is_over(T0 + 6_000)


def test_end_when_idle_is_refused():
    with pytest.raises(TimerError, match="not running"):
        Timer().end(T0)


def test_start_again_after_the_end_gives_a_new_full_run():
    t = Timer().start(T0).end(T0 + 1_000).start(T0 + 2_000)
    assert t.remaining(T0 + 2_000) == 120_000 and t.runs == 2


def test_reset_from_any_state_is_a_full_stopped_timer():
    for t in (Timer().start(T0), Timer().start(T0).pause(T0 + 1), Timer().start(T0).end(T0 + 1)):
        r = t.reset(T0 + 5_000)
        assert r.status(T0 + 9_000) == "idle" and r.remaining(T0 + 9_000) == 120_000


def test_change_length_while_idle():
    t = Timer().set_length(90_000, T0)
    assert t.duration_ms == 90_000 and t.remaining(T0) == 90_000


def test_change_length_while_paused_keeps_the_time_used():
    # 30 s of a 2:00 phase used, then the length becomes 3:00: 2:30 are left.
    t = Timer().start(T0).pause(T0 + 30_000).set_length(180_000, T0 + 40_000)
    assert t.status(T0 + 40_000) == "paused" and t.remaining(T0 + 40_000) == 150_000
    # shortened below the time used: nothing is left
    assert Timer().start(T0).pause(T0 + 70_000).set_length(60_000, T0).remaining(T0) == 0


def test_change_length_while_running_is_refused():
    with pytest.raises(TimerError, match="Pause"):
        Timer().start(T0).set_length(60_000, T0 + 1)


@pytest.mark.parametrize("ms", [0, 4_999, 3_600_001])
def test_length_out_of_range_is_refused(ms):
    with pytest.raises(TimerError):
        Timer().set_length(ms, T0)


@pytest.mark.parametrize(
    ("duration", "warn"),
    [(120_000, 12_000), (60_000, 10_000), (90_000, 10_000), (180_000, 18_000)],
)
def test_warning_at_ten_percent_but_at_least_ten_seconds(duration, warn):
    assert Timer(duration_ms=duration, remaining_ms=duration).warning_ms() == warn


@pytest.mark.parametrize(
    ("text", "ms"), [("2:30", 150_000), ("1:00", 60_000), ("90", 90_000), ("1.5m", 90_000)]
)
def test_parse_length(text, ms):
    assert parse_length(text) == ms


@pytest.mark.parametrize("text", ["", "abc", "1:75", "2:3"])
def test_parse_length_refuses_nonsense(text):
    with pytest.raises(TimerError):
        parse_length(text)


@pytest.mark.parametrize(("ms", "shown"), [(120_000, "2:00"), (119_001, "2:00"), (59_000, "0:59"),
                                           (1, "0:01"), (0, "0:00")])
def test_format_rounds_up(ms, shown):
    assert format_ms(ms) == shown


def test_round_trip_through_the_stored_form():
    t = Timer().start(T0).pause(T0 + 3_000)
    assert Timer.from_dict(t.to_dict()) == t
