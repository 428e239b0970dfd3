"""Every valuation from Python is bounded and stoppable: `time_limit` is a TimeoutError,
`memory_limit` a MemoryError, Ctrl-C a KeyboardInterrupt, each ending work that would
otherwise run for hours, and the shared store goes on working afterwards.

No test asserts a wall-clock time: a generous `time_limit` is the only guard against a
hang, and the time from the signal to the exception is printed (`pytest -s` shows it)."""

import os
import signal
import threading
import time
from fractions import Fraction

import pytest

import grundy
from grundy import Value

# Clobber on a row of 64 stones: far too many positions to value.
HUGE_CLOBBER = "xo" * 32
# ±1 + ±2 + … + ±40: a short text whose canonical form, written out, passes four gigabytes.
SWITCHES = "+".join(f"±{n}" for n in range(1, 41))
# A wait so long that reaching it means the limit under test did not work.
GUARD = 120
# A number of ten million digits: reading it takes minutes (the decimal conversion is
# quadratic), so its reading must look at the limits.
LONG_NUMBER = "9" * 10_000_000


def _store_still_works():
    g = Value("{2|-1}")
    assert repr(g) == "{2|-1}"
    assert g.mean == Fraction(1, 2) and g.temperature == Fraction(3, 2)
    assert repr(Value("±1 + ±2 + ±3")) == "±{6|4||2|0}"
    assert Value("^") + Value("^") == Value("⇑")


def test_a_memory_limit_is_a_memory_error_naming_it():
    with pytest.raises(MemoryError, match="memory_limit=50"):
        Value(SWITCHES, memory_limit=50, time_limit=GUARD)
    _store_still_works()


def test_a_time_limit_is_a_timeout_error_naming_it():
    with pytest.raises(TimeoutError, match="time_limit=1"):
        Value("^<1000>", time_limit=1)
    _store_still_works()


def test_a_position_too_large_to_value_ends_at_its_time_limit():
    with pytest.raises(TimeoutError, match="time_limit=2"):
        grundy.value_of("clobber", HUGE_CLOBBER, time_limit=2)
    _store_still_works()


def test_a_position_too_large_for_its_memory_limit_is_a_memory_error():
    with pytest.raises(MemoryError, match="memory_limit=1"):
        grundy.value_of("clobber", HUGE_CLOBBER, memory_limit=1, time_limit=GUARD)
    _store_still_works()


def _interrupt_after(seconds):
    """Sends SIGINT to this process after `seconds`; returns the timer and a list that gets
    the moment it was sent."""
    sent = []

    def send():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(seconds, send)
    timer.start()
    return timer, sent


@pytest.mark.parametrize(
    "work",
    [
        pytest.param(lambda: grundy.value_of("clobber", HUGE_CLOBBER, time_limit=GUARD), id="value_of"),
        # ↑ to the 1000th: seconds of work and a gigabyte of values (±1 + … + ±40 alone is
        # valued within the half second before the signal on a quiet machine).
        pytest.param(lambda: Value("^<1000>", time_limit=GUARD), id="Value"),
        # Ten million digits: minutes of reading.
        pytest.param(lambda: Value(LONG_NUMBER, time_limit=GUARD), id="long-number"),
    ],
)
def test_ctrl_c_ends_a_long_valuation_with_keyboard_interrupt(work):
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    timer, sent = _interrupt_after(0.5)
    try:
        # A TimeoutError instead would mean the signal did not end the work.
        with pytest.raises(KeyboardInterrupt):
            work()
        caught = time.perf_counter()
    finally:
        timer.cancel()
        timer.join()
    assert sent, "the work ended before the signal came"
    print(f"KeyboardInterrupt {1000 * (caught - sent[0]):.1f} ms after SIGINT")
    _store_still_works()


def test_reading_a_long_number_keeps_its_time_limit():
    began = time.perf_counter()
    with pytest.raises(TimeoutError, match="time_limit=1"):
        Value(LONG_NUMBER, time_limit=1)
    print(f"TimeoutError after {time.perf_counter() - began:.2f} s")
    _store_still_works()


def test_a_long_number_read_in_pieces_is_exact():
    # 30 001 digits: read in pieces of 10 000, with a look at the limits between them.
    assert Value("9" * 30_000) + 1 == Value("1" + "0" * 30_000)
    assert Value("1" + "0" * 30_000) - Value("9" * 30_000) == Value("1")
    assert 4 * Value(f"{'3' * 25_000}/4") == Value("3" * 25_000)


def test_ctrl_c_ends_a_long_operator():
    # The operators have no time limit of their own. Each half of the sum is cheap; the
    # whole is not.
    half = Value("+".join(f"±{n}" for n in range(1, 21)), time_limit=GUARD)
    rest = Value("+".join(f"±{n}" for n in range(21, 41)), time_limit=GUARD)
    timer, sent = _interrupt_after(0.5)
    try:
        with pytest.raises(KeyboardInterrupt):
            half + rest
        caught = time.perf_counter()
    finally:
        timer.cancel()
        timer.join()
    assert sent
    print(f"KeyboardInterrupt {1000 * (caught - sent[0]):.1f} ms after SIGINT")
    _store_still_works()


def test_work_that_outlasts_the_calling_thread_answers_right():
    # Long enough to move from the calling thread to a worker; the same either way.
    far = Value("^<300> + *", time_limit=GUARD)
    assert far == Value("^<300>") + Value("*")
    assert far - Value("*") - Value("^<300>") == Value("0")
    assert far.outcome == "N"  # ^<n> is positive and infinitesimal; adding * confuses it with 0


@pytest.mark.parametrize(
    ("keywords", "error", "named"),
    [
        ({"time_limit": 0}, ValueError, "time_limit"),
        ({"time_limit": -1.5}, ValueError, "time_limit"),
        ({"time_limit": float("nan")}, ValueError, "time_limit"),
        ({"time_limit": float("inf")}, ValueError, "time_limit"),
        ({"memory_limit": 0}, ValueError, "memory_limit"),
        ({"memory_limit": -50}, ValueError, "memory_limit"),
        ({"memory_limit": 10**30}, ValueError, "memory_limit"),
        ({"memory_limit": 1.5}, TypeError, "memory_limit"),
        ({"memory_limit": True}, TypeError, "memory_limit"),
        ({"time_limit": "1"}, TypeError, "time_limit"),
    ],
)
def test_bad_limits_are_refused_naming_the_argument(keywords, error, named):
    with pytest.raises(error, match=named):
        Value("1", **keywords)
    with pytest.raises(error, match=named):
        grundy.value_of("hackenbush", "BRB", **keywords)


def test_limits_that_are_not_reached_change_nothing():
    assert Value("{1|0} + ^", time_limit=30, memory_limit=100) == Value("{1|0} + ^")
    assert grundy.value_of("hackenbush", "BRB", time_limit=0.5, memory_limit=1000) == Value("3/4")
    assert Value("1", time_limit=None, memory_limit=None) == Value("1")
