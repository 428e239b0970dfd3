"""grundy: combinatorial games solved exactly, from Python.

Every rule, notation and solver is the Rust library's; this package converts. Positions
and moves are strings in each game's notation (``docs/notation.md``), results are typed
objects, and bad input raises ``ValueError`` with the message the command line prints.

>>> import grundy
>>> [game.name for game in grundy.games()][:3]
['rectangle', 'cuboid', 'bidding']
>>> state = grundy.start("rectangle", "4x3")
>>> analysis = state.solve()
>>> analysis.winner, analysis.grundy_value, analysis.winning_moves
(0, 2, ['v1', 'v3'])
>>> state.play("v1")
grundy.start("rectangle", "3x3")

Partizan values add and compare: ``grundy.Value("{1|0}") + grundy.Value("^")``, and
``grundy.value_of("domineering", "2x2")`` is ``±1``. Their figures are exact numbers:

>>> grundy.Value("{5/2|-1/4}").temperature
Fraction(11, 8)

Valuations take ``time_limit`` (seconds) and ``memory_limit`` (megabytes) and raise
``TimeoutError`` or ``MemoryError`` past them, and ``KeyboardInterrupt`` on Ctrl-C.

``grundy.openspiel.register()`` makes every game an OpenSpiel game (needs ``open_spiel``).

Your own game: ``grundy.value``, ``outcome`` and ``solve`` take a position of a class with
``options()`` (or ``left_options()`` and ``right_options()``), and
``grundy.define_game(MyGame(...), name="mine")`` makes the class a ``Game`` that
``start``, ``Strategy``, ``play_match`` (one refereed game between two strategies) and
``grundy.openspiel.register(MyGame, name=..., start=...)`` play as they play a built-in
game, and ``grundy.serve()`` serves the web page with it (the generic view).
"""

from ._grundy import (
    MAX_LISTED_MOVES,
    Analysis,
    Cache,
    Game,
    HeapPosition,
    HeapRuleset,
    MisereQuotient,
    MisereSequence,
    PartizanHeapPosition,
    Solution,
    Sequence,
    State,
    Strategy,
    Thermograph,
    Value,
    WebServer,
    cache,
    cuboid_table,
    define_game,
    games,
    misere_quotient,
    outcome,
    play_match,
    sequence,
    serve,
    solve,
    start,
    value,
    value_of,
)

__all__ = [
    "MAX_LISTED_MOVES",
    "Analysis",
    "Cache",
    "Game",
    "HeapPosition",
    "HeapRuleset",
    "MisereQuotient",
    "MisereSequence",
    "PartizanHeapPosition",
    "Solution",
    "Sequence",
    "State",
    "Strategy",
    "Thermograph",
    "Value",
    "WebServer",
    "cache",
    "cuboid_table",
    "define_game",
    "games",
    "misere_quotient",
    "outcome",
    "play_match",
    "sequence",
    "serve",
    "solve",
    "start",
    "value",
    "value_of",
]
