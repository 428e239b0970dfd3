"""Domineering as a Python class, with components.

Left places a vertical domino, Right a horizontal one, on the empty cells of a board; who
cannot place loses. A board falls apart into independent regions of empty cells (cells that
touch side by side), and a region is the same game wherever it lies: ``components()`` gives
each region moved to the corner, so that grundy values each shape once.

>>> import grundy
>>> grundy.value(Domineering.empty(2, 2))
±1
>>> grundy.value(Domineering.empty(3, 3))
±1
"""

from __future__ import annotations


class Domineering:
    """A Domineering board: a frozen set of empty cells ``(row, column)``."""

    def __init__(self, cells):
        self.cells = frozenset(cells)
        self._hash = hash(self.cells)

    @classmethod
    def empty(cls, rows: int, columns: int) -> "Domineering":
        """The empty board of ``rows`` by ``columns``."""
        return cls((r, c) for r in range(rows) for c in range(columns))

    def left_options(self):
        """Left places a vertical domino: on ``(r, c)`` and ``(r + 1, c)``."""
        cells = self.cells
        return [
            Domineering(cells - {(r, c), (r + 1, c)})
            for (r, c) in cells
            if (r + 1, c) in cells
        ]

    def right_options(self):
        """Right places a horizontal domino: on ``(r, c)`` and ``(r, c + 1)``."""
        cells = self.cells
        return [
            Domineering(cells - {(r, c), (r, c + 1)})
            for (r, c) in cells
            if (r, c + 1) in cells
        ]

    def components(self):
        """The regions of empty cells, each moved so that its top row and left column are 0."""
        left = set(self.cells)
        parts = []
        while left:
            start = left.pop()
            region = [start]
            frontier = [start]
            while frontier:
                r, c = frontier.pop()
                for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if near in left:
                        left.remove(near)
                        region.append(near)
                        frontier.append(near)
            if len(region) == 1:
                continue  # a lone cell holds no domino: it is 0
            top = min(r for r, _ in region)
            side = min(c for _, c in region)
            parts.append(Domineering((r - top, c - side) for r, c in region))
        return parts

    def __eq__(self, other):
        return isinstance(other, Domineering) and self.cells == other.cells

    def __hash__(self):
        return self._hash

    def __str__(self):
        if not self.cells:
            return "(empty)"
        rows = 1 + max(r for r, _ in self.cells)
        columns = 1 + max(c for _, c in self.cells)
        return "/".join(
            "".join("." if (r, c) in self.cells else "#" for c in range(columns))
            for r in range(rows)
        )

    def __repr__(self):
        return f"Domineering({str(self)!r})"
