"""What one `State.solve()` call costs from Python, against the same call in Rust.

For each position, the same state is solved `calls` times from Python (`state.solve()`,
timed with `time.perf_counter`) and `calls` times in a Rust loop inside the extension
(`grundy._grundy._bench_solve`, the library's `GameState::analyse` with the same budget and
the same solver memory). Both are repeated and the best round of each is kept. Prints a
Markdown table: nanoseconds per call in Rust and from Python, the difference (the cost of
crossing into Python: argument checks, the lock, releasing the interpreter, building the
Analysis object) and the ratio.

    target/venv/bin/python python/benches/solve_overhead.py
"""

import time

import grundy
from grundy._grundy import _bench_solve

POSITIONS = [
    ("rectangle", "4x3"),
    ("rectangle", "100000000x99999999"),
    ("cuboid", "2x2x2+3x4x5"),
    ("bidding", "15"),
    ("paper", "2x2:0,1,2,1"),
    ("pousse", "3"),
]
ROUNDS = 7


def per_call_python(state, calls):
    started = time.perf_counter()
    for _ in range(calls):
        state.solve()
    return (time.perf_counter() - started) / calls


def per_call_rust(state, calls):
    return _bench_solve(state, calls) / calls


def calls_for(state):
    """Enough calls for a round of about 0.1 s."""
    once = per_call_rust(state, 10)
    return max(10, min(200_000, int(0.1 / max(once, 1e-9))))


def main():
    print("| position | calls per round | Rust ns/call | Python ns/call | Python − Rust ns | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    for game, position in POSITIONS:
        state = grundy.start(game, position)
        state.solve()  # warm the solver's memory, as the repeated calls will find it
        calls = calls_for(state)
        rust = min(per_call_rust(state, calls) for _ in range(ROUNDS))
        python = min(per_call_python(state, calls) for _ in range(ROUNDS))
        print(
            f"| {game} {position} | {calls} | {rust * 1e9:.0f} | {python * 1e9:.0f} | "
            f"{(python - rust) * 1e9:.0f} | {python / rust:.2f} |"
        )


if __name__ == "__main__":
    main()
