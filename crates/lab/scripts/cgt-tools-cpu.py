#!/usr/bin/env python3
"""CPU time of `grundy solve GAME POSITION --json` against the cgt-tools driver of
cgt-tools-compare.sh on the same rows, to the microsecond: each row run RUNS times (default
20), grundy and cgt-tools alternately, each run's user + system time read from the kernel
(os.wait4), so rows that take a few milliseconds (under GNU time's 10 ms steps) compare too.

    crates/lab/scripts/cgt-tools-cpu.py GRUNDY CGT_DRIVER GAME:POSITION ...

GRUNDY is a grundy binary, CGT_DRIVER the driver cgt-tools-compare.sh builds
(target/cgt-tools-bench/target/release/cgt-tools-bench). Positions are in grundy's notation;
Toppling Dominoes' are converted as cgt-tools-compare.sh does (L, R, . to x, o, |). Prints
a Markdown table: the median CPU time of each and the ratio grundy / cgt-tools.

A row `windup:N:SET` (windup:2000:1,2,4) times every cell of a Wind-Up cycle valued at once:
the lab's `windup_values N:SET` (named by WINDUP_VALUES, default
target/release/windup_values) against the driver's `wind_up N:SET`.

With IN_PROCESS=REPS, each run times REPS reports inside one process instead, so that the
start of a process (the loader, the page faults of the binary) is left out: the lab's
`solve_repeat REPS GAME POSITION` (named by SOLVE_REPEAT, default
target/release/solve_repeat; `grundy solve GAME POSITION --json`'s whole report, a fresh
solver each time) against the driver's `repeat REPS GAME POSITION` (a fresh transposition
table each time); each prints the median wall time of one repetition, and the table gives
the median of those over the RUNS runs.
"""
import re
import os
import statistics
import subprocess
import sys


def cpu_seconds(command):
    """The user + system CPU seconds of one run of `command`, its output discarded."""
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit(f"failed ({child.returncode}): {' '.join(command)}: {child.stderr.read().decode()}")
    return usage.ru_utime + usage.ru_stime


def in_process_seconds(command):
    """The median seconds of one repetition that `command` (`solve_repeat` or the driver's
    `repeat`) reports on its standard error."""
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"in-process: (\d+) ns", done.stderr)
    if done.returncode != 0 or not found:
        sys.exit(f"failed ({done.returncode}): {' '.join(command)}: {done.stderr}")
    return int(found.group(1)) / 1e9


def to_cgt(game, position):
    if game == "toppling":
        return position.translate(str.maketrans("LR.", "xo|"))
    return position.replace("/", "|")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    grundy, cgt, rows = sys.argv[1], sys.argv[2], sys.argv[3:]
    runs = int(os.environ.get("RUNS", "20"))
    reps = os.environ.get("IN_PROCESS")
    solve_repeat = os.environ.get("SOLVE_REPEAT", "target/release/solve_repeat")
    if reps:
        print(f"| game | position | grundy in-process (median of {reps}) | cgt-tools in-process "
              f"(median of {reps}) | grundy / cgt-tools |")
    else:
        print("| game | position | grundy CPU (median) | cgt-tools CPU (median) | grundy / cgt-tools |")
    print("|---|---|---|---|---|")
    for row in rows:
        game, position = row.split(":", 1)
        ours, theirs = [], []
        for _ in range(runs):
            if game == "windup":
                values = os.environ.get("WINDUP_VALUES", "target/release/windup_values")
                ours.append(cpu_seconds([values, position]))
                theirs.append(cpu_seconds([cgt, "wind_up", position]))
                continue
            if reps:
                ours.append(in_process_seconds([solve_repeat, reps, game, position]))
                theirs.append(
                    in_process_seconds([cgt, "repeat", reps, game, to_cgt(game, position)]))
                continue
            ours.append(cpu_seconds([grundy, "solve", game, position, "--json"]))
            theirs.append(cpu_seconds([cgt, game, to_cgt(game, position)]))
        a, b = statistics.median(ours), statistics.median(theirs)
        ratio = f"{a / b:.2f}" if b > 0 else "–"
        print(f"| {game} | `{position}` | {a * 1000:.3f} ms | {b * 1000:.3f} ms | {ratio} |")


if __name__ == "__main__":
    main()
