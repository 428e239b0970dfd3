"""Your own game against your own plain-Python brute force, in the same run.

Each row values a game written in Python twice: by grundy, from a fresh cache, and by the
plain memoised brute force below, which calls the very same methods (``options()``,
``__hash__``, ``__eq__``, or the ruleset's function), keeps a ``dict`` of positions (a list
by heap for a heap game) and takes the mex in Python. So the ratio compares what each spends
between the game's own calls: grundy's bookkeeping in Rust against the brute force's in
Python. Both answers are compared; a difference fails the run.

Rows (issue 65's):

1. Fibonacci Nim from ``800/799`` (a heap of 800, at most 799 to take first): ``value``.
2. Grundy's game as a ``HeapRuleset``: ``sequence(5000)``.
3. ``value(GrundyGame(1000, 1500, 2000))``, which needs the heaps to 2000, and the
   sequence to 2000, to show a heap position costs what its heaps' sequence costs.
4. Domineering on a 4 × 5 board written in Python with ``components()``
   (``python/examples/rulesets/domineering.py``), a partizan game: grundy alone (a
   recursive canonical form in Python is no fair baseline), with the share of its time
   spent outside the game's methods (``cache.last_run``).

Rows 1 and 2 are also set against a brute force written for the game alone (pairs of
numbers, no lists of heaps): what the game costs when it is not written as a class or a
function of options. Prints a Markdown table of wall-clock and CPU seconds (this thread's:
the machine may be shared) and their ratios. Each figure is the least of ``--rounds`` runs (default 3).

    target/venv/bin/python -I python/benches/own_game_speed.py [--rounds N] [--fibonacci N]
"""

import argparse
import sys
import time

from pathlib import Path

import grundy

sys.setrecursionlimit(1_000_000)
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples" / "rulesets"))

from domineering import Domineering  # noqa: E402


class FibonacciNim:
    """A heap and the most the player to move may take; taking ``k`` lets the next player
    take up to ``2k`` (and never more than is left)."""

    __slots__ = ("heap", "limit")

    def __init__(self, heap, limit):
        self.heap = heap
        self.limit = min(limit, heap)

    def options(self):
        heap = self.heap
        return [FibonacciNim(heap - k, 2 * k) for k in range(1, self.limit + 1)]

    def __eq__(self, other):
        return self.heap == other.heap and self.limit == other.limit

    def __hash__(self):
        return hash((self.heap, self.limit))

    def __str__(self):
        return f"{self.heap}/{self.limit}"


def grundys_game_options(n):
    """Split a heap into two unequal heaps."""
    return [[a, n - a] for a in range(1, (n + 1) // 2)]


GRUNDYS_GAME = grundy.HeapRuleset(grundys_game_options, name="Grundy's game")


def mex(values):
    smallest = 0
    while smallest in values:
        smallest += 1
    return smallest


def brute_nim_value(root):
    """The plain memoised brute force: a dict of positions and a mex."""
    memo = {}

    def nim(position):
        value = memo.get(position)
        if value is None:
            value = mex({nim(option) for option in position.options()})
            memo[position] = value
        return value

    return nim(root)


def brute_heap_sequence(options, to):
    """The plain brute force of a heap game: the values by heap, a mex over the options."""
    values = []
    for heap in range(to + 1):
        seen = set()
        for option in options(heap):
            total = 0
            for part in option:
                total ^= values[part]
            seen.add(total)
        values.append(mex(seen))
    return values


def nim_of(value):
    """The n of the nimber ``value`` (``Value.nim``; read from its text before it existed)."""
    if hasattr(value, "nim"):
        return value.nim
    text = str(value)
    return 0 if text == "0" else 1 if text == "*" else int(text[1:])


def direct_fibonacci_nim(heap, limit):
    """A brute force written for Fibonacci Nim alone, on pairs: no class, no option objects."""
    memo = {}

    def nim(heap, limit):
        limit = min(limit, heap)
        value = memo.get((heap, limit))
        if value is None:
            value = mex({nim(heap - k, 2 * k) for k in range(1, limit + 1)})
            memo[heap, limit] = value
        return value

    return nim(heap, limit)


def direct_grundys_game(to):
    """A brute force written for Grundy's game alone: no lists of heaps."""
    values = []
    for heap in range(to + 1):
        values.append(mex({values[a] ^ values[heap - a] for a in range(1, (heap + 1) // 2)}))
    return values


def best_of(rounds, work):
    """The least wall-clock time and the least CPU time of this thread over ``rounds`` runs
    of ``work()``, and its last answer."""
    wall, cpu, answer = float("inf"), float("inf"), None
    for _ in range(rounds):
        started, started_cpu = time.perf_counter(), time.thread_time()
        answer = work()
        cpu = min(cpu, time.thread_time() - started_cpu)
        wall = min(wall, time.perf_counter() - started)
    return (wall, cpu), answer


def best_of_each(rounds, work, baseline):
    """``best_of`` of ``work`` and of ``baseline``, their runs taken in turn, so that a
    change of the machine's load weighs on both alike."""
    mine, theirs = ((float("inf"), float("inf")), None), ((float("inf"), float("inf")), None)
    for _ in range(rounds):
        (wall, cpu), answer = best_of(1, work)
        mine = ((min(mine[0][0], wall), min(mine[0][1], cpu)), answer)
        (wall, cpu), answer = best_of(1, baseline)
        theirs = ((min(theirs[0][0], wall), min(theirs[0][1], cpu)), answer)
    return mine, theirs


def grundy_value(position):
    """grundy's value from a fresh cache, and that cache's last run."""
    cache = grundy.Cache()
    value = grundy.value(position, cache=cache, progress=False)
    return value, cache.last_run


def row(name, grundy_seconds, brute_seconds, run):
    """A line of the table: wall-clock and CPU seconds of each, and their ratios."""
    outside = "" if run is None else f"{1 - run['user_seconds'] / run['seconds']:.0%}"
    (wall, cpu) = grundy_seconds
    if brute_seconds is None:
        print(f"| {name} | {wall:.3f} s | {cpu:.3f} s | — | — | — | — | {outside} |")
        return
    (brute_wall, brute_cpu) = brute_seconds
    print(
        f"| {name} | {wall:.3f} s | {cpu:.3f} s | {brute_wall:.3f} s | {brute_cpu:.3f} s | "
        f"{wall / brute_wall:.2f} | {cpu / brute_cpu:.2f} | {outside} |"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--fibonacci", type=int, default=800, help="the heap of Fibonacci Nim")
    parser.add_argument("--sequence", type=int, default=5000, help="Grundy's game to this heap")
    arguments = parser.parse_args()
    rounds = arguments.rounds

    print(
        "| row | grundy (wall) | grundy (CPU) | baseline (wall) | baseline (CPU) | ratio (wall) "
        "| ratio (CPU) | grundy outside the game's methods |"
    )
    print("|---|---|---|---|---|---|---|---|")

    heap = arguments.fibonacci
    start = FibonacciNim(heap, heap - 1)
    (seconds, (value, run)), (brute_seconds, brute) = best_of_each(
        rounds, lambda: grundy_value(start), lambda: brute_nim_value(start)
    )
    assert nim_of(value) == brute, (value, brute)
    row(f"Fibonacci Nim `{start}`, `value`", seconds, brute_seconds, run)
    direct_seconds, direct = best_of(rounds, lambda: direct_fibonacci_nim(heap, heap - 1))
    assert direct == brute
    row("… against a brute force on pairs (no class)", seconds, direct_seconds, None)

    to = arguments.sequence
    (seconds, sequence), (brute_seconds, brute) = best_of_each(
        rounds,
        lambda: GRUNDYS_GAME.sequence(to, cache=grundy.Cache(), progress=False),
        lambda: brute_heap_sequence(grundys_game_options, to),
    )
    assert sequence.values.tolist() == brute
    row(f"Grundy's game `sequence({to})`", seconds, brute_seconds, None)
    direct_seconds, direct = best_of(rounds, lambda: direct_grundys_game(to))
    assert direct == brute
    row("… against a brute force without lists of heaps", seconds, direct_seconds, None)

    heaps = (1000, 1500, 2000)
    position = GRUNDYS_GAME(*heaps)
    (seconds, (value, run)), (brute_seconds, brute) = best_of_each(
        rounds,
        lambda: grundy_value(position),
        lambda: brute_heap_sequence(grundys_game_options, max(heaps)),
    )
    assert nim_of(value) == brute[1000] ^ brute[1500] ^ brute[2000]
    row("`value(GrundyGame(1000, 1500, 2000))`", seconds, brute_seconds, run)
    sequence_seconds, _ = best_of(
        rounds, lambda: GRUNDYS_GAME.sequence(max(heaps), cache=grundy.Cache(), progress=False)
    )
    row("… against grundy's `sequence(2000)`", seconds, sequence_seconds, None)

    board = Domineering.empty(4, 5)
    seconds, (value, run) = best_of(rounds, lambda: grundy_value(board))
    row("Domineering 4 × 5 with `components()` (partizan), `value`", seconds, None, run)


if __name__ == "__main__":
    main()
