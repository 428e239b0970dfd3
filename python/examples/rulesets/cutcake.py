"""Cutcake: a cake of ``width`` by ``height`` squares. Left cuts it from top to bottom
along a grid line, Right from side to side; each cut leaves two cakes, and who cannot cut
(every cake of theirs is one square wide, or high) loses.

Every cake is a sum of cakes, so a position is a list of cakes and ``components()`` gives
each. Winning Ways gives the values: an integer for every cake,
:func:`published_value`.

>>> import grundy
>>> grundy.value(Cake(5, 1)), grundy.value(Cake(1, 5)), grundy.value(Cake(4, 4))
(4, -4, 0)
>>> grundy.value(Cake(8, 3))
3
"""

from __future__ import annotations


class Cake:
    """A sum of cakes, each ``(width, height)``; ``Cake(3, 2)`` is one cake."""

    def __init__(self, width: int = 0, height: int = 0, *, cakes=None):
        if cakes is None:
            cakes = [(width, height)] if width and height else []
        self.cakes = tuple(sorted(cakes))

    def left_options(self):
        """Left cuts one cake from top to bottom: ``w`` into ``a`` and ``w - a``."""
        return [
            self._replace(index, [(a, h), (w - a, h)])
            for index, (w, h) in enumerate(self.cakes)
            for a in range(1, w // 2 + 1)
        ]

    def right_options(self):
        """Right cuts one cake from side to side: ``h`` into ``b`` and ``h - b``."""
        return [
            self._replace(index, [(w, b), (w, h - b)])
            for index, (w, h) in enumerate(self.cakes)
            for b in range(1, h // 2 + 1)
        ]

    def components(self):
        """Each cake on its own."""
        return [Cake(w, h) for w, h in self.cakes]

    def _replace(self, index, pieces):
        return Cake(cakes=self.cakes[:index] + self.cakes[index + 1 :] + tuple(pieces))

    def __eq__(self, other):
        return isinstance(other, Cake) and self.cakes == other.cakes

    def __hash__(self):
        return hash(self.cakes)

    def __str__(self):
        return " + ".join(f"{w}x{h}" for w, h in self.cakes) or "0"

    def __repr__(self):
        return f"Cake({self})"


def published_value(width: int, height: int) -> int:
    """Winning Ways' value of a ``width`` × ``height`` cake: with ``2^k`` the largest power of
    two at most the shorter side, ``width // 2^k - 1`` when the cake is at least as wide as
    high, and the negative of the transposed cake's value otherwise."""
    if width < height:
        return -published_value(height, width)
    power = 1 << (height.bit_length() - 1)
    return width // power - 1
