#!/usr/bin/env python3
"""A rectangle player for the referee's tests, well-behaved or faulty on purpose.

Usage: rectangle.py [MODE] [SEED]

MODE is one of:
  good           plays a random legal cut (seeded), follows the protocol exactly
  perfect        plays the cut that leaves a losing position when there is one
  crash_start    exits at once with status 1
  hang_start     never answers anything
  crash_mid      exits with status 3 at its third genmove
  hang           never answers genmove (time forfeit)
  hang_play      never answers play (stalled engine)
  slow           waits 0.5 s before each genmove answer
  illegal        answers genmove with a cut outside the rectangle
  garbage        answers genmove with a line that is not an answer
  wrong_id       answers genmove with another command's id
  refuse         answers genmove with a failure (?)
  endless        answers genmove with a line that never ends
  endless_lines  answers genmove with lines that never end
  close_stdout   closes its standard output at genmove and keeps running
  ignore_quit    answers quit but keeps running, with a child process
  grandchild     plays like good, with a child process that outlives quit
"""

import os
import random
import subprocess
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
RNG = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
width, height = 1, 1
genmoves = 0


def answer(cid, text="", ok=True):
    mark = "=" if ok else "?"
    head = mark + (cid or "")
    sys.stdout.write((head + " " + text if text else head) + "\n\n")
    sys.stdout.flush()


def apply(move):
    """Plays MOVE (vK or hK) on the rectangle; the larger piece stays."""
    global width, height
    direction, k = move[0], int(move[1:])
    side = width if direction == "v" else height
    if not 1 <= k < side:
        raise ValueError(move)
    kept = max(k, side - k)
    if direction == "v":
        width = kept
    else:
        height = kept


def losing(w, h):
    """The side to move loses when the two strips' Grundy values are equal."""
    return grundy(w) ^ grundy(h) == 0


def grundy(n):
    # A strip of length n: a cut keeps ceil(n/2)..n-1; the mex, memoised.
    memo = grundy.memo
    for m in range(len(memo), n + 1):
        seen = {memo[k] for k in range((m + 1) // 2, m)}
        value = 0
        while value in seen:
            value += 1
        memo.append(value)
    return memo[n]


grundy.memo = [0, 0]


def legal_moves():
    return ["v%d" % k for k in range(1, width)] + ["h%d" % k for k in range(1, height)]


def choose():
    moves = legal_moves()
    if MODE == "perfect" and width < 5000 and height < 5000:
        for move in moves:
            saved = (width, height)
            apply(move)
            lost = losing(width, height)
            restore(saved)
            if lost:
                return move
    return RNG.choice(moves)


def restore(saved):
    global width, height
    width, height = saved


def child():
    subprocess.Popen(["sleep", "30"])


if MODE == "crash_start":
    sys.stderr.write("crashing at start\n")
    sys.exit(1)
if MODE == "grandchild":
    child()

for line in sys.stdin:
    words = line.split("#")[0].split()
    if not words:
        continue
    cid = None
    if words[0].isdigit():
        cid, words = words[0], words[1:]
    name, args = words[0], words[1:]
    if MODE == "hang_start":
        time.sleep(60)
    if name == "newgame":
        w, h = (args[1] if len(args) > 1 else "4x3").lower().split("x")
        width, height = int(w), int(h)
        answer(cid)
    elif name == "play":
        if MODE == "hang_play":
            time.sleep(60)
        try:
            apply(args[0])
            answer(cid)
        except (ValueError, IndexError):
            answer(cid, "illegal move", ok=False)
    elif name == "genmove":
        genmoves += 1
        sys.stderr.write("genmove %d on %dx%d\n" % (genmoves, width, height))
        sys.stderr.flush()
        if MODE == "crash_mid" and genmoves == 3:
            sys.stderr.write("crashing mid-game\n")
            sys.exit(3)
        if MODE == "hang":
            time.sleep(60)
        if MODE == "slow":
            time.sleep(0.5)
        if MODE == "illegal":
            answer(cid, "v%d" % (width + 5))
            continue
        if MODE == "garbage":
            sys.stdout.write("I think v1 is nice\n\n")
            sys.stdout.flush()
            continue
        if MODE == "wrong_id":
            answer(str(int(cid or "0") + 1000), "v1")
            continue
        if MODE == "refuse":
            answer(cid, "I resign", ok=False)
            continue
        if MODE == "endless":
            chunk = "x" * 65536
            while True:
                sys.stdout.write(chunk)
        if MODE == "endless_lines":
            sys.stdout.write("= v1\n")
            while True:
                sys.stdout.write("more\n" * 10000)
        if MODE == "close_stdout":
            os.close(1)
            time.sleep(60)
        if not legal_moves():
            answer(cid, "the game is over", ok=False)
            continue
        move = choose()
        apply(move)
        answer(cid, move)
    elif name == "quit":
        answer(cid)
        if MODE == "ignore_quit":
            child()
            time.sleep(60)
        break
    elif name in ("time_settings", "time_left"):
        answer(cid)
    else:
        answer(cid, "unknown command", ok=False)
