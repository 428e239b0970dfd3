#!/usr/bin/env python3
"""Whether two grundy binaries give the same `grundy solve GAME POSITION --json`, byte for
byte, on a few hundred partizan positions: the check that a change meant only to make the
report faster (docs/benchmarks.md, Toppling Dominoes) changed none of it.

    crates/lab/scripts/solve-json-compare.py BEFORE AFTER

BEFORE and AFTER are grundy binaries. The positions are drawn from a fixed seed (SEED,
default 65; COUNT Toppling Dominoes strips, default 300, of 1 to 40 cells with `L`, `R`,
`G` and empty places, and the strips of the cgt-tools comparison), plus small positions of
the other games whose report runs the same remoteness search: Domineering, Snort, Konane,
Fission, Amazons, Clobber, Cutcake and Hackenbush. Prints how many reports were compared
and each one that differs; exits 1 when any does.
"""
import os
import random
import subprocess
import sys

COMPARISON_STRIPS = [
    "LRRLRLLRLR",
    "LRRL.RLLR.LRLR.RRLL",
    "LRLRRL.RLLRLR.LRRLLR.RLRLLR.LRLRRLLR.RLLRRLRL",
    "LRRLRLLRLRRL.RLLRLRRLLRL.LRLRRLRLLRR.RRLLRLRLRLL.LRLLRRLR.RLRRLL",
]

OTHER_GAMES = [
    ("domineering", "4x4"),
    ("domineering", "5x4"),
    ("domineering", "3x3"),
    ("snort", "3x3"),
    ("snort", "4x3"),
    ("konane", "xoxo/o..x/xoxo/oxox"),
    ("fission", ".x.x/..x./..../..x."),
    ("amazons", "x..o/#..#/o..x"),
    ("clobber", "xoxo/oxox/xoxo"),
    ("clobber", "xox/oxo"),
    ("cutcake", "5x7+3x4+6x6"),
    ("cutcake", "3x2+5x1"),
    ("hackenbush", "BRB"),
    ("hackenbush", "BRGB+RRB"),
    ("toppling", "LRG.GL"),
    ("toppling", "LLLL@L"),
    ("toppling", "LRRL.RLLR@R"),
]


def strips(seed, count):
    """`count` strips of 1 to 40 cells from `seed`."""
    draw = random.Random(seed)
    made = []
    for _ in range(count):
        length = draw.randint(1, 40)
        made.append("".join(draw.choice("LLLRRRG.") for _ in range(length)))
    return made


def report(grundy, game, position):
    """The JSON report (or the error and exit status) of one position."""
    done = subprocess.run(
        [grundy, "solve", game, position, "--json"], capture_output=True, timeout=600
    )
    return done.returncode, done.stdout, done.stderr


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    before, after = sys.argv[1:]
    seed = int(os.environ.get("SEED", "65"))
    count = int(os.environ.get("COUNT", "300"))
    rows = [("toppling", strip) for strip in COMPARISON_STRIPS + strips(seed, count)]
    rows += OTHER_GAMES
    differ = 0
    for game, position in rows:
        old, new = report(before, game, position), report(after, game, position)
        if old != new:
            differ += 1
            print(f"differs: {game} {position}\n  before: {old}\n  after:  {new}")
    print(f"{len(rows)} reports compared, {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
