"""Your own game against the built-in Rust one, in the same run.

1. Domineering written in Python with components (``python/examples/rulesets/
   domineering.py``) against the built-in Domineering (``grundy.value_of``), on boards of
   3 × 4, 4 × 4 and 4 × 5 (rows × columns), each from a fresh cache: both times, and the
   share of the Python game's time spent outside its own methods (options, components,
   hashing, equality), as the cache's ``last_run`` measures it. Then 5 × 5, the Python game
   alone.
2. Kayles as a ``HeapRuleset`` (``python/examples/rulesets/kayles.py``): its nim sequence
   to heap 10 000, against the built-in code 0.77 (``grundy.sequence`` in the same process,
   and ``grundy sequence 0.77 --to 10000`` on the command line when the binary is built).

Prints Markdown tables.

    cargo build --release -p grundy-cli   # for the command-line row
    target/venv/bin/python -I python/benches/user_games.py
"""

import subprocess
import sys
import time
from pathlib import Path

import grundy

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python" / "examples" / "rulesets"))

from domineering import Domineering  # noqa: E402
from kayles import KAYLES, kayles_options  # noqa: E402

ROUNDS = 3


def best_of(rounds, work):
    """The least time of ``rounds`` runs of ``work()``, and its last answer."""
    best, answer = float("inf"), None
    for _ in range(rounds):
        started = time.perf_counter()
        answer = work()
        best = min(best, time.perf_counter() - started)
    return best, answer


def domineering(rows, columns, rounds=ROUNDS):
    def python_game():
        cache = grundy.Cache()
        value = grundy.value(Domineering.empty(rows, columns), cache=cache, progress=False)
        return value, cache.last_run

    python_seconds, (value, run) = best_of(rounds, python_game)
    rust_seconds, built_in = best_of(rounds, lambda: grundy.value_of("domineering", f"{columns}x{rows}"))
    assert value == built_in, (rows, columns)
    outside = 1 - run["user_seconds"] / run["seconds"]
    return python_seconds, rust_seconds, run["positions"], outside


def main():
    print("| board | Python game | built-in | ratio | components valued | outside the game's methods |")
    print("|---|---|---|---|---|---|")
    for rows, columns in [(3, 4), (4, 4), (4, 5)]:
        python_seconds, rust_seconds, positions, outside = domineering(rows, columns)
        print(
            f"| {rows}×{columns} | {python_seconds * 1e3:.1f} ms | {rust_seconds * 1e3:.1f} ms | "
            f"{python_seconds / rust_seconds:.0f} | {positions} | {outside:.0%} |"
        )
    python_seconds, _, positions, outside = domineering(5, 5, rounds=1)
    print(f"| 5×5 | {python_seconds:.1f} s | — | — | {positions} | {outside:.0%} |")

    print()
    print("| Kayles to 10 000 | seconds | ratio |")
    print("|---|---|---|")
    mine_seconds, mine = best_of(1, lambda: KAYLES.sequence(10_000, progress=False))
    built_seconds, built = best_of(ROUNDS, lambda: grundy.sequence("0.77", 10_000))
    assert mine.values.tolist() == built.values.tolist()
    function_seconds, _ = best_of(1, lambda: all(kayles_options(n) is not None for n in range(10_001)))
    print(f"| `HeapRuleset` (Python function) | {mine_seconds:.2f} | {mine_seconds / built_seconds:.0f} |")
    print(
        f"| … of which the function alone | {function_seconds:.2f} | "
        f"{function_seconds / built_seconds:.0f} |"
    )
    print(f"| `grundy.sequence(\"0.77\", 10000)` | {built_seconds:.4f} | 1 |")
    binary = ROOT / "target" / "release" / "grundy"
    if binary.exists():
        command = [str(binary), "sequence", "0.77", "--to", "10000"]
        cli_seconds, _ = best_of(ROUNDS, lambda: subprocess.run(command, check=True, capture_output=True))
        print(f"| `grundy sequence 0.77 --to 10000` (process) | {cli_seconds:.4f} | {cli_seconds / built_seconds:.1f} |")
    else:
        print(f"| `grundy sequence 0.77 --to 10000` | not built: {binary} | |")


if __name__ == "__main__":
    main()
