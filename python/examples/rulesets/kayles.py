"""Kayles as a heap ruleset: a move knocks down one pin or two adjacent pins of a row,
which may split the row in two. It is the take-and-break game 0.77, built in; here it is
written as CGSuite writes a ``HeapRuleset``, as a function from a heap to its options.

>>> import grundy
>>> KAYLES.sequence(11).values.tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> grundy.value(KAYLES(5, 7))
*6
"""

import grundy


def kayles_options(n):
    """The moves from a row of ``n`` pins: take 1 or 2 adjacent pins, leaving ``a`` pins on
    one side and the rest on the other."""
    return [
        [a, n - take - a]
        for take in (1, 2)
        if take <= n
        for a in range((n - take) // 2 + 1)
    ]


KAYLES = grundy.HeapRuleset(kayles_options, name="Kayles")
