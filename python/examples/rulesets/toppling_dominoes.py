"""Toppling Dominoes: a row of dominoes, each blue (``L``, Left's), red (``R``, Right's) or
green (``G``, either's). A player topples one of their dominoes to the east or to the west,
and it knocks down every domino on that side of it.

The published facts (Fink, Nowakowski, Siegel, Wolfe, *Toppling Dominoes*): a row of ``n``
blue dominoes is ``n``; ``LR`` is ``*``; a green domino is ``*``; a row and its reverse are
the same game, and swapping the colours negates it.

>>> import grundy
>>> [grundy.value(Row(r)) for r in ("LLL", "RR", "LR", "G", "LRL")]
[3, -2, *, *, 1/2]
"""

from __future__ import annotations


class Row:
    """A row of dominoes written with ``L``, ``R`` and ``G``."""

    def __init__(self, row: str):
        self.row = row

    def _topple(self, mine: str):
        options = set()
        for i, domino in enumerate(self.row):
            if domino in (mine, "G"):
                options.add(self.row[:i])  # toppled east: it and everything east fall
                options.add(self.row[i + 1 :])  # toppled west
        return [Row(row) for row in sorted(options)]

    def left_options(self):
        """Left topples a blue or green domino east or west."""
        return self._topple("L")

    def right_options(self):
        """Right topples a red or green domino east or west."""
        return self._topple("R")

    def __eq__(self, other):
        return isinstance(other, Row) and self.row == other.row

    def __hash__(self):
        return hash(self.row)

    def __str__(self):
        return self.row or "(empty)"
