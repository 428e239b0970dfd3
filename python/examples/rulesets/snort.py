"""Snort on a path: Left colours an uncoloured vertex blue, Right red, never next to a
vertex of the other colour; who cannot colour loses.

A vertex next to a blue one is *tinted* blue: only Left may colour it (and next to both
colours, nobody may). Coloured vertices only tint their neighbours, so a path is a row of
uncoloured vertices, each free, tinted blue, tinted red or dead, and a coloured vertex
splits the row: ``components()`` gives the runs between coloured vertices.

Snort on a path is symmetric between the players, so its value is its own negative
(``G + G = 0``), and the first values are published (Winning Ways): ``*``, ``±1``, ``±2``.

>>> import grundy
>>> [grundy.value(Path(n)) for n in (1, 2, 3)]
[*, ±1, ±2]
"""

from __future__ import annotations

FREE, BLUE, RED, DEAD = ".", "L", "R", "x"


def _tint(mark: str, colour: str) -> str:
    """A vertex's mark once a neighbour is coloured ``colour``."""
    if mark == FREE:
        return colour
    return mark if mark == colour else DEAD


class Path:
    """A row of uncoloured vertices, each ``.`` (free), ``L`` or ``R`` (tinted) or ``x``
    (dead). ``Path(5)`` is five free vertices."""

    def __init__(self, vertices=0):
        self.row = FREE * vertices if isinstance(vertices, int) else str(vertices)

    def _colour(self, colour: str):
        options = []
        for i, mark in enumerate(self.row):
            if mark in (FREE, colour):
                left = self.row[:i]
                right = self.row[i + 1 :]
                if left:
                    left = left[:-1] + _tint(left[-1], colour)
                if right:
                    right = _tint(right[0], colour) + right[1:]
                options.append(Path(left + "|" + right))
        return options

    def left_options(self):
        """Left colours a free or blue-tinted vertex blue."""
        return self._colour(BLUE)

    def right_options(self):
        """Right colours a free or red-tinted vertex red."""
        return self._colour(RED)

    def components(self):
        """The runs between coloured vertices (``|``), without dead vertices' ends."""
        return [Path(run) for run in self.row.split("|") if run.strip(DEAD)]

    def __eq__(self, other):
        return isinstance(other, Path) and self.row == other.row

    def __hash__(self):
        return hash(self.row)

    def __str__(self):
        return self.row or "(empty)"
