#!/usr/bin/env python3
"""Every criterion benchmark of a crate at two checkouts, side by side, as a Markdown table.

    crates/lab/scripts/bench-before-after.py BEFORE_CHECKOUT AFTER_CHECKOUT [BENCH ...]

Each checkout is a work tree of the project (`git worktree add --detach /tmp/before REV`).
For each bench target (by default every file of crates/grundy/benches present in both), the
BEFORE checkout's benchmarks run, then the AFTER checkout's, one after the other, so that
both meet the same state of the machine; each benchmark's median time is read from
criterion's own estimates. CRATE (default grundy) names the package; CRITERION_ARGS (default
`--quick`) is passed to criterion. Prints one row per benchmark found in both runs: its
time before, after, and the ratio after / before.
"""
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path


def run(checkout, bench, home, args):
    """Runs one bench target of `checkout` with criterion's output under `home`; returns
    {benchmark id: median seconds}."""
    env = dict(os.environ, CRITERION_HOME=str(home))
    crate = os.environ.get("CRATE", "grundy")
    command = ["cargo", "bench", "-q", "-p", crate, "--bench", bench, "--", *args]
    result = subprocess.run(command, cwd=checkout, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        print(f"{bench} in {checkout} failed:\n{result.stderr[-2000:]}", file=sys.stderr)
        return {}
    times = {}
    for estimates in home.glob("**/new/estimates.json"):
        bench_dir = estimates.parent.parent
        with open(bench_dir / "new" / "benchmark.json") as f:
            identity = json.load(f)["full_id"]
        with open(estimates) as f:
            times[identity] = json.load(f)["median"]["point_estimate"] / 1e9
    return times


def shown(seconds):
    for unit, scale in (("s", 1), ("ms", 1e3), ("µs", 1e6)):
        if seconds >= 1 / scale:
            return f"{seconds * scale:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    before, after = Path(sys.argv[1]), Path(sys.argv[2])
    crate = os.environ.get("CRATE", "grundy")
    benches = sys.argv[3:] or sorted(
        path.stem
        for path in (after / "crates" / crate / "benches").glob("*.rs")
        if (before / "crates" / crate / "benches" / path.name).exists()
    )
    args = os.environ.get("CRITERION_ARGS", "--quick").split()
    print("| benchmark | before | after | after / before |")
    print("|---|---|---|---|")
    for bench in benches:
        print(f"running {bench}", file=sys.stderr)
        with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
            old = run(before, bench, Path(first), args)
            new = run(after, bench, Path(second), args)
        for identity in sorted(old.keys() & new.keys()):
            ratio = new[identity] / old[identity]
            print(f"| {identity} | {shown(old[identity])} | {shown(new[identity])} | {ratio:.2f} |",
                  flush=True)


if __name__ == "__main__":
    main()
