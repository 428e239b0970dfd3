"""Games of one's own that misbehave, for the tests and the benchmark of grundy's limits
(``python/benches/limits.py``): a game that never ends, and games whose ``options()`` raises
or never returns at 3. Each position's notation is read back by ``parse``, so that the web
page can serve it."""


class Endless:
    """``n -> n + 1``: every play goes on for ever, and no position repeats; with ``end``
    set (see :func:`chain`), a chain whose position ``end`` has no move."""

    end = None

    def __init__(self, n):
        self.n = n

    def options(self):
        if self.end is not None and self.n >= self.end:
            return []
        return [type(self)(self.n + 1)]

    def __eq__(self, other):
        return isinstance(other, Endless) and self.n == other.n

    def __hash__(self):
        return hash(self.n)

    def __str__(self):
        return f"E{self.n}"

    @classmethod
    def parse(cls, text):
        return cls(int(text[1:]))


def chain(end):
    """The class of a chain of ``end`` moves from ``E0``."""
    return type("Chain", (Endless,), {"end": end})


class Sub:
    """Take 1 or 2 from a heap (the nim value is the heap modulo 3)."""

    def __init__(self, n):
        self.n = n

    def options(self):
        return [type(self)(self.n - take) for take in (1, 2) if take <= self.n]

    def __eq__(self, other):
        return type(other) is type(self) and self.n == other.n

    def __hash__(self):
        return hash((type(self).__name__, self.n))

    def __str__(self):
        return str(self.n)

    @classmethod
    def parse(cls, text):
        return cls(int(text))


class Breaking(Sub):
    """Its ``options()`` raises at 3."""

    def options(self):
        if self.n == 3:
            raise RuntimeError("options() broke at 3")
        return super().options()


class Spinning(Sub):
    """Its ``options()`` never returns at 3."""

    def options(self):
        while self.n == 3:
            pass
        return super().options()
