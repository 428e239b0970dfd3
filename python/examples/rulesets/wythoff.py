"""Wythoff's game: two heaps; a move takes any number of tokens from one heap, or the same
number from both. The player who takes the last token wins.

The second player wins exactly from the pairs ``(⌊kφ⌋, ⌊kφ²⌋)`` (Wythoff, 1907), and the nim
values of the first rows are published (OEIS A004481): row 0 is ``n``, row 1 is
``1, 2, 0, 4, 5, 3, 7, 8, 6, …``.

>>> import grundy
>>> [grundy.value(Wythoff(1, n)) for n in range(6)]
[*, *2, 0, *4, *5, *3]
>>> [n for n in range(12) if grundy.outcome(Wythoff(n, cold_partner(n))) == "P"]
[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
"""

from __future__ import annotations

import math


class Wythoff:
    """Heaps of ``a`` and ``b`` tokens (kept in order, since the game is symmetric)."""

    def __init__(self, a: int, b: int):
        self.heaps = (min(a, b), max(a, b))

    def options(self):
        """Take from one heap, or the same number from both."""
        a, b = self.heaps
        moves = [Wythoff(a - k, b) for k in range(1, a + 1)]
        moves += [Wythoff(a, b - k) for k in range(1, b + 1)]
        moves += [Wythoff(a - k, b - k) for k in range(1, a + 1)]
        return moves

    def __eq__(self, other):
        return isinstance(other, Wythoff) and self.heaps == other.heaps

    def __hash__(self):
        return hash(self.heaps)

    def __str__(self):
        return f"({self.heaps[0]},{self.heaps[1]})"


PHI = (1 + math.sqrt(5)) / 2


def cold_pairs(count: int):
    """The first ``count`` second-player wins ``(⌊kφ⌋, ⌊kφ²⌋)``, ``k = 0, 1, …``."""
    return [(math.floor(k * PHI), math.floor(k * PHI * PHI)) for k in range(count)]


def cold_partner(n: int) -> int:
    """The heap ``m`` such that ``(n, m)`` is a second-player win."""
    for a, b in cold_pairs(n + 2):
        if a == n:
            return b
        if b == n:
            return a
    raise ValueError(n)
