"""The walk's own cost on a game written in Python whose methods cost next to nothing: a
chain of 200 000 moves valued and solved (one position a level, as deep as it goes), and
take-1-or-2 valued from 429 heaps up to 3 000, each from a fresh cache. Best of 5 rounds,
in milliseconds; run it with two builds to compare them.

    target/venv/bin/python -I python/benches/walk.py
"""

import os
import sys
import time

import grundy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "tests"))

from misbehaving_games import Sub, chain  # noqa: E402

ROUNDS = 5


def best(work):
    least = float("inf")
    for _ in range(ROUNDS):
        began = time.perf_counter()
        work()
        least = min(least, time.perf_counter() - began)
    return least * 1e3


def main():
    Chain = chain(200_000)
    value = best(lambda: grundy.value(Chain(0), cache=grundy.Cache(), progress=False))
    solve = best(lambda: grundy.solve(Chain(0), cache=grundy.Cache(), progress=False))
    heaps = best(lambda: [grundy.value(Sub(n), cache=grundy.Cache(), progress=False) for n in range(0, 3000, 7)])
    print("| chain of 200 000: value | chain of 200 000: solve | 429 heaps of take 1 or 2 |")
    print("|---:|---:|---:|")
    print(f"| {value:.0f} ms | {solve:.0f} ms | {heaps:.0f} ms |")


if __name__ == "__main__":
    main()
