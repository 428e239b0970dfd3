"""The limits of a computation on your own game hold on the way down as well as on the way
up: a game whose every move leads deeper (an endless chain ``n -> n + 1``) stops at its time
or memory limit with the error naming it, within the memory it was given, never a panic or
an abort; and threads share a cache: a call finding it held by another thread's computation
waits for it, and only a method asking grundy for values with the cache grundy is filling
is refused.

No test asserts a wall-clock time: a generous limit is the only guard against a hang, and
the times are printed (``pytest -s`` shows them)."""

import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

import grundy
from misbehaving_games import Endless, chain

# A wait so long that reaching it means the limit under test did not work.
GUARD = 120


class EndlessDuel:
    """The endless chain of a partizan game: either player moves ``n -> n + 1``."""

    def __init__(self, n):
        self.n = n

    def left_options(self):
        return [EndlessDuel(self.n + 1)]

    right_options = left_options

    def __eq__(self, other):
        return isinstance(other, EndlessDuel) and self.n == other.n

    def __hash__(self):
        return hash(("duel", self.n))


ENDLESS_CALLS = [
    pytest.param(lambda **limits: grundy.value(Endless(0), **limits), id="value"),
    pytest.param(lambda **limits: grundy.outcome(Endless(0), misere=True, **limits), id="outcome-misere"),
    pytest.param(lambda **limits: grundy.solve(Endless(0), **limits), id="solve"),
    pytest.param(lambda **limits: grundy.value(EndlessDuel(0), **limits), id="partizan-value"),
]


@pytest.mark.parametrize("call", ENDLESS_CALLS)
def test_an_endless_game_stops_at_its_memory_limit_naming_it_and_the_depth(call):
    began = time.monotonic()
    with pytest.raises(MemoryError, match=r"positions deep.*memory_limit=30"):
        call(cache=grundy.Cache(), memory_limit=30, time_limit=GUARD, progress=False)
    print(f"MemoryError after {time.monotonic() - began:.2f} s")


@pytest.mark.parametrize("call", ENDLESS_CALLS)
def test_an_endless_game_stops_at_its_time_limit_naming_it_and_the_depth(call):
    began = time.monotonic()
    with pytest.raises(TimeoutError, match=r"time_limit=0.5\) after 0 new positions, \d+ positions deep"):
        call(cache=grundy.Cache(), time_limit=0.5, progress=False)
    print(f"TimeoutError after {time.monotonic() - began:.2f} s")


def _run_python(script, *, timeout=GUARD):
    """Runs `script` in a new interpreter: its exit status, stdout and stderr."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True, timeout=timeout
    )
    return done.returncode, done.stdout, done.stderr


ENDLESS_SOURCE = f"""
    import resource, sys
    sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
    import grundy
    from misbehaving_games import Endless
    def peak_mb():
        # The peak resident memory of this interpreter (ru_maxrss would count the parent's,
        # inherited at fork).
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) // 1024
"""


def test_an_endless_game_stays_within_its_memory_limit():
    # The peak resident memory of a fresh interpreter, before and after the walk.
    status, out, err = _run_python(
        ENDLESS_SOURCE
        + """
    before = peak_mb()
    try:
        grundy.value(Endless(0), memory_limit=100, progress=False)
    except MemoryError as error:
        print("MemoryError", error)
    print("grew", peak_mb() - before)
    """
    )
    assert status == 0, err
    assert "MemoryError" in out and "memory_limit=100" in out, out
    grew = int(out.split("grew")[1])
    print(f"peak resident memory grew by {grew} MB for a memory_limit of 100 MB")
    assert grew <= 150


def test_an_endless_game_in_a_small_address_space_is_a_memory_error_not_an_abort():
    # Under `ulimit -v`, an allocation the system refuses would end the process: the walk
    # keeps within half of the address space it has left.
    status, out, err = _run_python(
        ENDLESS_SOURCE
        + """
    with open("/proc/self/status") as status:
        mapped = next(int(line.split()[1]) for line in status if line.startswith("VmSize:"))
    limit = mapped * 1024 + 600 * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        grundy.value(Endless(0), progress=False)
    except MemoryError as error:
        print("MemoryError", error)
    """
    )
    assert status == 0, err
    assert "MemoryError" in out and "ulimit -v" in out, out


def test_a_deep_finite_chain_is_still_valued_exactly():
    Chain = chain(100_000)
    assert grundy.value(Chain(0), cache=grundy.Cache(), progress=False) == grundy.Value("0")
    assert grundy.solve(Chain(1), cache=grundy.Cache(), progress=False).remoteness == 99_999


# --- threads --------------------------------------------------------------------------------


class Slow:
    """Take 1 or 2 from a heap, with a little Python work in each ``options()``, so that the
    interpreter switches threads inside a computation."""

    def __init__(self, n):
        self.n = n

    def options(self):
        sum(range(2000))
        return [Slow(self.n - take) for take in (1, 2) if take <= self.n]

    def __eq__(self, other):
        return isinstance(other, Slow) and self.n == other.n

    def __hash__(self):
        return hash(("slow", self.n))


def _answers(heap):
    cache = grundy.Cache()
    return (
        grundy.value(Slow(heap), cache=cache, progress=False),
        grundy.outcome(Slow(heap), misere=True, cache=cache, progress=False),
        grundy.solve(Slow(heap), cache=cache, progress=False).remoteness,
    )


def test_threads_share_the_default_cache_and_every_answer_is_right():
    heaps = [300 + 7 * k for k in range(10)]
    expected = {heap: _answers(heap) for heap in heaps}
    grundy.cache.clear()
    answers, errors = [], []

    def work(which):
        for heap in heaps:
            try:
                if which == 0:
                    answer = grundy.value(Slow(heap), progress=False)
                elif which == 1:
                    answer = grundy.outcome(Slow(heap), misere=True, progress=False)
                else:
                    answer = grundy.solve(Slow(heap), progress=False).remoteness
                answers.append((which, heap, answer))
            except Exception as error:  # noqa: BLE001 - every failure is the test's finding
                errors.append(error)

    threads = [threading.Thread(target=work, args=(which % 3,)) for which in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(GUARD)
    assert not errors, errors[:3]
    assert len(answers) == 4 * len(heaps)
    for which, heap, answer in answers:
        assert answer == expected[heap][which], (which, heap)
    grundy.cache.clear()


class Sleepy(Slow):
    """A chain whose ``options()`` sleeps, holding its computation's cache for seconds while
    the interpreter runs other threads."""

    started = threading.Event()

    def options(self):
        Sleepy.started.set()
        time.sleep(0.05)
        return [Sleepy(self.n - 1)] if self.n else []

    def __hash__(self):
        return hash(("sleepy", self.n))


def test_a_call_waiting_for_its_cache_keeps_its_time_limit():
    cache = grundy.Cache()
    holder = threading.Thread(target=lambda: grundy.value(Sleepy(40), cache=cache, progress=False))
    holder.start()
    try:
        assert Sleepy.started.wait(GUARD)
        with pytest.raises(TimeoutError, match=r"time_limit=0.2\) waiting for its cache"):
            grundy.value(Slow(5), cache=cache, time_limit=0.2, progress=False)
    finally:
        holder.join(GUARD)
    # Once the holder is done, the cache serves again.
    assert grundy.value(Slow(5), cache=cache, progress=False) == grundy.Value("*2")


class Asking(Slow):
    """A game whose method asks grundy for a value with the cache grundy is filling."""

    def options(self):
        grundy.value(Slow(3), progress=False)
        return []

    def __hash__(self):
        return hash(("asking", self.n))


def test_a_method_asking_for_values_with_the_cache_being_filled_is_refused():
    with pytest.raises(RuntimeError, match="a game's method may not ask grundy for values"):
        grundy.value(Asking(1), progress=False)
    # With a cache of its own, it may.
    assert grundy.value(Asking(1), cache=grundy.Cache(), progress=False) == grundy.Value("0")
