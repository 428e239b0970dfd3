#!/usr/bin/env python3
"""A minimal engine for the rectangle game speaking grundy's protocol (docs/protocol.md).

Perfect play by the closed form of RULES.md section 1: a side n has the Grundy value
g(n) = n/2 for even n, g((n-1)/2) for odd n, g(1) = 0; a rectangle is lost for the player
to move iff g(width) == g(height). Run it with `python3 examples/player.py [random]`.
"""
import random
import sys


def g(n):
    while n % 2 == 1 and n > 1:
        n //= 2
    return n // 2


def keep(n, target):
    """A side m with ceil(n/2) <= m <= n-1 and g(m) == target, or None."""
    m, step = 2 * target, 2 * target + 1  # the sides of value target: 2t, 4t+1, 8t+3, ...
    while m <= n - 1:
        if m >= (n + 1) // 2 and m >= 1:
            return m
        m, step = m + step, step * 2
    return None


def choose(w, h, rng):
    if rng is None:
        for cut, n, other in (("v", w, h), ("h", h, w)):
            m = keep(n, g(other))
            if m is not None:
                return "%s%d" % (cut, n - m)
    moves = ["v%d" % p for p in range(1, min(w, 50))] + ["h%d" % p for p in range(1, min(h, 50))]
    return (rng or random).choice(moves)


def main():
    rng = random.Random(0) if sys.argv[1:] == ["random"] else None
    w, h = 4, 3
    for line in sys.stdin:
        words = line.split("#")[0].split()
        if not words:
            continue
        ident = words.pop(0) if words[0].isdigit() else ""
        name, args = (words[0], words[1:]) if words else ("", [])
        ok, result = True, ""
        if name == "protocol_version":
            result = "2"
        elif name == "name":
            result = "player.py"
        elif name in ("version", "quit", "time_settings", "time_left", "seed"):
            result = "1" if name == "version" else ""
        elif name == "newgame" and args[:1] == ["rectangle"]:
            w, h = map(int, (args[1] if len(args) > 1 else "4x3").lower().split("x"))
        elif name in ("play", "genmove") and w * h > 1:
            mv = (args or ["?"])[0].lower() if name == "play" else choose(w, h, rng)
            p = int(mv[1:]) if mv[1:].isdigit() else 0
            if mv[0] == "v" and 1 <= p < w:
                w = max(p, w - p)
            elif mv[0] == "h" and 1 <= p < h:
                h = max(p, h - p)
            else:
                ok, result = False, "illegal move " + mv
            if ok and name == "genmove":
                result = mv
        else:
            ok, result = False, "unknown command or the game is over"
        sys.stdout.write("%s%s%s\n\n" % ("=" if ok else "?", ident, result and " " + result))
        sys.stdout.flush()
        if name == "quit":
            break


if __name__ == "__main__":
    main()
