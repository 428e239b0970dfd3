"""Type stubs of the native module grundy._grundy (re-exported by ``grundy``)."""

from fractions import Fraction
from typing import Any, Callable, Iterable, Literal, Optional, Union, overload

import numpy as np
import numpy.typing as npt

MAX_LISTED_MOVES: int

class Game:
    """One of grundy's games, or a game of your own (``define_game``): its name, what it
    is, and where it usually starts."""

    def __init__(self, name: str) -> None: ...
    @property
    def name(self) -> str:
        """The game's name, as the command line writes it (``pousse-waterloo``)."""
    @property
    def title(self) -> str:
        """The game's name for a person, capitalised as in prose (``Pousse``)."""
    @property
    def is_builtin(self) -> bool:
        """True for grundy's own games, False for a game defined in Python."""
    @property
    def summary(self) -> str:
        """One line that says what the game is."""
    @property
    def default_position(self) -> str:
        """The position ``start()`` uses when none is given."""
    @property
    def sample_positions(self) -> list[str]:
        """Small, varied positions of the game, from the registry."""
    @property
    def is_impartial(self) -> bool:
        """True for the impartial games, which have a misère version."""
    def start(self, position: Optional[Any] = None, *, misere: bool = False) -> State:
        """A new game from ``position`` in the game's notation (for a game of your own
        also a position object); under misère play (the last mover loses) when
        ``misere`` is true."""
    def solve(
        self,
        position: Optional[Any] = None,
        *,
        misere: bool = False,
        moves: int = 10,
        time_limit: Optional[float] = None,
        memory_limit: Optional[int] = None,
    ) -> dict[str, Any]:
        """What ``grundy solve --json`` prints of ``position``, as a ``dict``; a game that
        loops (a class of your own whose positions repeat too) gets the loopy report: the
        outcome with draws, every winning and drawing move, the exact remoteness of a win or
        a loss, and the loopy value."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class State:
    """A position of one of grundy's games, and the moves played since the start.

    States are values: ``play`` and ``undo`` return new states. ``==`` and ``hash``
    compare the game and the position in notation.
    """

    @property
    def game(self) -> Game:
        """The game."""
    @property
    def position(self) -> str:
        """The position in the game's notation (what ``str(state)`` prints)."""
    @property
    def misere(self) -> bool:
        """True when the game is played under misère rules (the last mover loses)."""
    @property
    def start_position(self) -> str:
        """The position the game started from."""
    @property
    def history(self) -> list[str]:
        """The moves played since the start position, in canonical notation."""
    @property
    def to_move(self) -> int:
        """The player to move: 0 (who moved first from the start) or 1."""
    @property
    def is_over(self) -> bool:
        """True when the game is over."""
    @property
    def winner(self) -> Optional[int]:
        """The player who has won (0 or 1), None while the game goes on."""
    def side_name(self, player: int) -> str:
        """The game's own name for player 0 or 1 (``X``/``O`` in Pousse)."""
    def move_count(self) -> Optional[int]:
        """The number of legal moves, None when the game cannot count them cheaply."""
    def most_moves(self) -> Optional[int]:
        """The most legal moves any position reachable from this one has."""
    def longest_game(self) -> Optional[int]:
        """A bound on the moves left in any game from here; None when the rules give none."""
    def legal_moves(self, limit: Optional[int] = None) -> list[str]:
        """The legal moves in the game's order (all, or the first ``limit``)."""
    def play(self, move: str) -> State:
        """The state after ``move``; ``ValueError`` when it cannot be played."""
    def undo(self) -> State:
        """The state before the last move; ``ValueError`` at the start position."""
    def random_move(self, seed: Optional[int] = None) -> Optional[str]:
        """A legal move drawn at random; None when the game is over."""
    def solve(
        self,
        *,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
        threads: int = 1,
    ) -> Analysis:
        """Who wins with perfect play and how; releases the interpreter."""
    def value(
        self,
        *,
        time_limit: Optional[float] = None,
        memory_limit: Optional[int] = None,
    ) -> Value:
        """The position's value: ``*n`` in an impartial game, the canonical value in a
        partizan one, the loopy value in a game that loops (``∞{0}`` in Wind-Up or Fair
        Shares, a stopper or ``A & B`` in Fox and Geese or Backsliding Toads and Frogs);
        ``ValueError`` under misère play and for Pousse."""
    def perfect_move(
        self,
        *,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
        threads: int = 1,
    ) -> Optional[str]:
        """The move of perfect play; None when the game is over."""
    def draw(self) -> str:
        """A picture of the position for a person."""
    def svg(self) -> Optional[str]:
        """The position drawn as an SVG document (Domineering, Hackenbush, Toads and Frogs
        and Clobber); None for the games without a drawing."""
    def _repr_svg_(self) -> Optional[str]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: object) -> State: ...

class Analysis:
    """What the game's solver says of a position."""

    @property
    def to_move_wins(self) -> Optional[bool]:
        """True when the player to move wins, False when it loses, None when unknown."""
    @property
    def winner(self) -> Optional[int]:
        """The player who wins with perfect play (0 or 1), None when unknown."""
    @property
    def grundy_value(self) -> Optional[int]:
        """The Grundy value, for impartial games."""
    @property
    def best_move(self) -> Optional[str]:
        """The move perfect play chooses."""
    @property
    def winning_moves(self) -> list[str]:
        """Winning moves (see ``winning_moves_complete``)."""
    @property
    def winning_moves_complete(self) -> bool:
        """True when ``winning_moves`` lists every winning move."""
    @property
    def remoteness(self) -> Optional[int]:
        """Moves to the end with perfect play on both sides."""
    @property
    def remoteness_exact(self) -> bool:
        """True when ``remoteness`` is proven."""
    @property
    def comment(self) -> Optional[str]:
        """A game-specific note (Pousse's score and principal variation; for a game of
        your own, why the result is unknown)."""
    @property
    def value(self) -> Optional[str]:
        """A partizan game's canonical value in CGSuite's notation, when given (text;
        ``State.value()`` gives it as a ``Value``)."""
    @property
    def quotient_element(self) -> Optional[str]:
        """Under misère play decided by the game's misère quotient: the position's element
        of the quotient as a word in its generators (``ab^2``, ``1``), in the P-portion
        exactly when ``to_move_wins`` is False; None otherwise."""
    def __eq__(self, other: object) -> bool: ...

class Strategy:
    """A built-in player: ``perfect``, ``stubborn``, ``random``, ``noisy[:ε]``,
    ``scripted:m1,m2,…``, and for Pousse ``alphabeta[:depth=N]``, ``mcts[:playouts=N]``."""

    def __init__(self, spec: str, seed: int = 0) -> None: ...
    @property
    def name(self) -> str:
        """The strategy as the command line writes it."""
    def choose(
        self,
        state: State,
        *,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
        threads: int = 1,
    ) -> Optional[str]:
        """The move this player makes in ``state``; None when the game is over."""

def games() -> list[Game]:
    """Every game grundy knows, in the library's order."""

def start(
    game: Union[str, Game], position: Optional[Any] = None, *, misere: bool = False
) -> State:
    """A new game of ``game`` from ``position`` (the game's default when None; for a game
    of your own also a position object); under misère play (the last mover loses) when
    ``misere`` is true."""

def define_game(
    start: Any,
    *,
    name: str,
    title: Optional[str] = None,
    summary: Optional[str] = None,
    first: str = "left",
    positions: Optional[Iterable[Any]] = None,
) -> Game:
    """Makes your own game (``start`` its default start position, an object with
    ``options()`` or ``left_options()`` and ``right_options()``) a ``Game`` that every
    front end plays: ``Game(name)``, ``games()``, ``start``, ``Strategy``,
    ``play_match``, ``grundy.openspiel.register``. ``ValueError`` for a bad or built-in
    name."""

def play_match(
    game: Union[str, Game],
    first: Union[str, Strategy],
    second: Union[str, Strategy],
    *,
    position: Optional[Any] = None,
    seed: int = 0,
    max_moves: int = 1000000,
    movetime: Optional[float] = None,
) -> dict[str, Any]:
    """One game between two strategies through grundy's referee; the record as a dict
    (``moves``, ``winner`` 0/1/None, ``termination``, ``detail``, ``result``, …)."""

def cuboid_table(max_side: int) -> npt.NDArray[np.uint32]:
    """The Grundy value of every cuboid with sides up to ``max_side`` (at most 128)."""

class Sequence:
    """The nim sequence G(0), ..., G(to) of a heap game and its proved periodicity."""

    @property
    def rules(self) -> str:
        """The rules in canonical notation."""
    @property
    def values(self) -> npt.NDArray[np.uint32]:
        """G(0), ..., G(to)."""
    @property
    def periodicity(self) -> str:
        """``"proved"``, ``"not_found"`` or ``"no_theorem"`` (a rules code); ``"seen"`` or
        ``"none_seen"`` (a ``HeapRuleset``: seen is not proved)."""
    @property
    def period(self) -> Optional[int]:
        """The least period, when proved (or seen, for a ``HeapRuleset``)."""
    @property
    def preperiod(self) -> Optional[int]:
        """The first heap from which the sequence repeats, when proved (or seen)."""

@overload
def sequence(
    rules: str,
    to: int,
    *,
    misere: Literal[False] = False,
    time_limit: Optional[float] = None,
) -> Sequence: ...
@overload
def sequence(
    rules: str,
    to: int,
    *,
    misere: Literal[True],
    time_limit: Optional[float] = None,
) -> MisereSequence: ...
def sequence(
    rules: str,
    to: int,
    *,
    misere: bool = False,
    time_limit: Optional[float] = None,
) -> Union[Sequence, MisereSequence]:
    """The nim sequence of ``rules`` (``0.137``, ``S(1,3,4)``, ``grundy``...) for heaps 0 to
    ``to``; with ``misere=True`` the misère genus of each heap (``to`` at most 200)."""

class MisereSequence:
    """The misère genus ``g^{γ0γ1…}`` of every heap 0 to ``to`` of a heap game."""

    @property
    def rules(self) -> str:
        """The rules in canonical notation, or the ruleset's name."""
    @property
    def to(self) -> int:
        """The largest heap."""
    @property
    def genera(self) -> list[str]:
        """The genus of each heap as written: ``"0^{120}"``, ``"1^{031}"``, ..."""
    @property
    def values(self) -> list[int]:
        """The normal-play nim value ``g`` of each heap."""
    @property
    def misere_values(self) -> list[int]:
        """The misère nim value ``γ0`` of each heap alone."""
    @property
    def terms(self) -> list[tuple[int, tuple[int, ...]]]:
        """Each genus as ``(g, (γ0, γ1, ...))``, the superscript as written."""
    @property
    def tame(self) -> list[bool]:
        """Whether each heap's genus is tame."""
    @property
    def first_wild_heap(self) -> Optional[int]:
        """The first heap whose genus is wild, or ``None``."""
    def to_json(self) -> str:
        """The JSON of ``grundy sequence RULES --to N --misere --json``."""
    def as_dict(self) -> dict[str, Any]:
        """:meth:`to_json` read back as a ``dict``."""
    def __len__(self) -> int: ...

def misere_quotient(
    rules: str,
    heaps: int,
    *,
    time_limit: Optional[float] = None,
    memory_limit: Optional[int] = None,
) -> MisereQuotient:
    """The misère quotient of a take-and-break game (``0.77``...) on heaps 1 to ``heaps``:
    the data of ``grundy misere-quotient RULES --heaps N --json``."""

_Number = Union[int, Fraction]
"""A number a value takes as an operand: an ``int`` or a ``Fraction`` whose denominator is
a power of 2 (any other rational is a ``ValueError``, a ``float`` a ``TypeError``)."""

class Value:
    """A short partizan game's canonical value (CGSuite's notation); values add and compare,
    also with numbers (``int`` and dyadic ``Fraction``) on either side.

    A value may also be loopy, as ``grundy value`` reads and prints it: a loopy partizan
    value (``Value("a{0|a}")`` is ``over``, ``Value("on")``, ``Value("over & v")``), which
    adds to and compares with every partizan value; or a loopy impartial value
    (``Value("∞{0,2}")``), which adds to nimbers and other loopy impartial values and
    compares by ``==`` only. Methods of short games only (``temperature``, ``mean``,
    ``thermograph``, ``birthday``, ``atomic_weight``, ``left_options``, …) raise
    ``ValueError`` for a loopy value, naming the method (docs/loopy.md).

    Figures are exact at any size: the stops, the mean and the temperature are
    ``fractions.Fraction`` (also when whole), the birthday an ``int``. A value that is a
    number hashes as that ``int`` or ``Fraction``. A ``float`` operand is a ``TypeError``
    (values are exact). Every operation can be interrupted with Ctrl-C
    (``KeyboardInterrupt``) and is bounded by the default memory limit of 4000 MB
    (``MemoryError``).
    """

    def __init__(
        self,
        text: Union[str, int, Fraction, Value],
        *,
        time_limit: Optional[float] = None,
        memory_limit: Optional[int] = None,
    ) -> None:
        """The value of ``text`` (CGSuite's notation), or the number ``text`` is; ``TimeoutError`` past
        ``time_limit`` seconds, ``MemoryError`` past ``memory_limit`` megabytes (default
        4000)."""
    def __add__(self, other: Union[Value, _Number]) -> Value: ...
    def __radd__(self, other: _Number) -> Value: ...
    def __sub__(self, other: Union[Value, _Number]) -> Value: ...
    def __rsub__(self, other: _Number) -> Value: ...
    def __mul__(self, n: int) -> Value: ...
    def __rmul__(self, n: int) -> Value: ...
    def __neg__(self) -> Value: ...
    def __pos__(self) -> Value: ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __le__(self, other: Union[Value, _Number]) -> bool: ...
    def __lt__(self, other: Union[Value, _Number]) -> bool: ...
    def __ge__(self, other: Union[Value, _Number]) -> bool: ...
    def __gt__(self, other: Union[Value, _Number]) -> bool: ...
    def __hash__(self) -> int: ...
    def __int__(self) -> int: ...
    def __float__(self) -> float: ...
    def as_integer_ratio(self) -> tuple[int, int]:
        """A number's ``(numerator, denominator)``; ``TypeError`` for a value that is not a
        number. ``Fraction(*v.as_integer_ratio())`` is the value as a ``Fraction``."""
    def is_number(self) -> bool:
        """True when the value is a number (a dyadic rational)."""
    def is_infinitesimal(self) -> bool:
        """True when both stops are 0 (``0``, ``*``, ``^``)."""
    def is_all_small(self) -> bool:
        """True when every subposition lets both players move or neither."""
    def atomic_weight(self) -> Value:
        """The atomic weight of an all-small value; ``ValueError`` for any other value."""
    def left_options(self) -> list[Value]:
        """Left's options of the canonical form."""
    def right_options(self) -> list[Value]:
        """Right's options of the canonical form."""
    def confused_with(self, other: Union[Value, _Number]) -> bool:
        """True when neither value is ``<=`` the other."""
    @property
    def outcome(self) -> str:
        """``"L"``, ``"R"``, ``"N"`` or ``"P"``; for a loopy value ``"D"`` too, and
        CGSuite's ``"PHat"``, ``"PCheck"``, ``"NHat"``, ``"NCheck"``."""
    @property
    def nim(self) -> int:
        """The ``n`` of a nimber ``*n``; ``ValueError`` for a value that is not a nimber."""
    @property
    def stops(self) -> tuple[Union[Fraction, Value], Union[Fraction, Value]]:
        """The left and right stops, exact; of a loopy stopper, values (``3/2under``)."""
    @property
    def left_stop(self) -> Union[Fraction, Value]:
        """The left stop, exact (``Fraction(1, 2)``); of a loopy stopper, a value."""
    @property
    def right_stop(self) -> Union[Fraction, Value]:
        """The right stop, exact; of a loopy stopper, a value."""
    @property
    def mean(self) -> Fraction:
        """The mean value, exact."""
    @property
    def temperature(self) -> Fraction:
        """The temperature, exact (``Fraction(-1)`` for integers)."""
    @property
    def birthday(self) -> int:
        """The height of the canonical game tree."""
    def thermograph(self) -> Thermograph:
        """The thermograph as data: walls, mast and temperature."""
    def thermograph_svg(self) -> str:
        """The thermograph as an SVG document."""
    def _repr_svg_(self) -> Optional[str]: ...
    def is_loopy(self) -> bool:
        """True for a loopy value (``∞{K}``, a loopy stopper, a sided value)."""
    def is_stopper(self) -> bool:
        """True for a stopper (every short value); False for a sided value."""
    @property
    def onside(self) -> Value:
        """The onside (the value itself for a stopper)."""
    @property
    def offside(self) -> Value:
        """The offside (the value itself for a stopper)."""
    def facts(self) -> dict[str, Any]:
        """What ``grundy value --json`` prints of a loopy value."""

class Thermograph:
    """A value's thermograph: walls from temperature -1 to the foot of the mast, then the
    mast at the mean."""

    @property
    def left_wall(self) -> list[tuple[Fraction, Fraction]]:
        """The left wall's breakpoints ``(temperature, position)``, from ``t = -1`` to the
        foot of the mast ``(temperature, mast)``."""
    @property
    def right_wall(self) -> list[tuple[Fraction, Fraction]]:
        """The right wall's breakpoints ``(temperature, position)``."""
    @property
    def mast(self) -> Fraction:
        """Where the mast stands: the mean."""
    @property
    def temperature(self) -> Fraction:
        """Where the mast begins: the temperature."""
    def left_at(self, t: _Number) -> Fraction:
        """The left wall at temperature ``t >= -1``."""
    def right_at(self, t: _Number) -> Fraction:
        """The right wall at temperature ``t >= -1``."""

def value_of(
    game: str,
    position: str,
    *,
    time_limit: Optional[float] = None,
    memory_limit: Optional[int] = None,
) -> Value:
    """The value of a position: the canonical value of a partizan game's
    (``value_of("domineering", "2x2")`` is ``±1``), the nimber of an impartial game's
    (``value_of("nim", "3")`` is ``*3``); ``ValueError`` under misère play and for Pousse,
    ``TimeoutError`` past ``time_limit`` seconds, ``MemoryError`` past ``memory_limit``
    megabytes (default 4000), ``KeyboardInterrupt`` on Ctrl-C."""

# --- your own game ---------------------------------------------------------------------

Position = Any
"""A position of your own game: an object with ``options()`` (impartial) or
``left_options()`` and ``right_options()`` (partizan), hashable, compared with ``==``, its
notation as ``str()``, and optionally ``components()``."""

class Cache:
    """What grundy remembers of your games' positions across calls (nim values, canonical
    values, play-outs), which you can hold, clear and bound in memory."""

    def __init__(self, *, memory_limit: Optional[int] = None) -> None: ...
    def clear(self) -> None:
        """Forgets every position."""
    def __len__(self) -> int: ...
    @property
    def memory_limit(self) -> Optional[int]:
        """The memory limit in megabytes (``None``: the default of 4000)."""
    @memory_limit.setter
    def memory_limit(self, megabytes: Optional[int]) -> None: ...
    @property
    def bytes(self) -> int:
        """The estimated size of the cache in bytes."""
    @property
    def last_run(self) -> Optional[dict[str, float]]:
        """The last computation: ``positions``, ``seconds``, ``user_seconds`` (inside
        the game's own methods), ``positions_per_second`` and ``user_share`` (between 0 and
        1), for a game that loops as for a short one."""

cache: Cache

class Solution:
    """How a position of your own game is won: ``solve()`` gives it."""

    @property
    def position(self) -> Position:
        """The position solved."""
    @property
    def to_move(self) -> Optional[str]:
        """``None`` for an impartial game, else ``"left"`` or ``"right"``."""
    @property
    def misere(self) -> bool:
        """Whether misère play was asked for."""
    @property
    def outcome(self) -> str:
        """``"win"``, ``"loss"`` or ``"draw"`` (a game whose positions repeat)."""
    @property
    def to_move_wins(self) -> bool:
        """Whether the player to move wins."""
    @property
    def winning_moves(self) -> list[Position]:
        """Every winning move, as the game's own option objects."""
    @property
    def drawing_moves(self) -> list[Position]:
        """Every move that keeps a drawn position drawn."""
    @property
    def remoteness(self) -> Optional[int]:
        """How many moves the game lasts with perfect play on both sides; ``None`` for a
        draw."""
    @property
    def moves(self) -> list[tuple[Position, bool, Optional[int]]]:
        """Every move: ``(option, mover_wins, remoteness)``, the move itself counted;
        ``remoteness`` is ``None`` for a move to a draw."""

def value(
    game: Position,
    *,
    cache: Optional[Cache] = None,
    time_limit: Optional[float] = None,
    memory_limit: Optional[int] = None,
    progress: bool = True,
) -> Value:
    """The value of a position of your own game: ``*n`` for an impartial game, the
    canonical value for a partizan one; for a game whose positions repeat, ``∞{K}`` or
    ``*n`` (impartial) or a loopy stopper or sided value (partizan)."""

def outcome(
    game: Position,
    misere: bool = False,
    *,
    cache: Optional[Cache] = None,
    time_limit: Optional[float] = None,
    memory_limit: Optional[int] = None,
    progress: bool = True,
) -> str:
    """``"L"``, ``"R"``, ``"N"`` or ``"P"``, under normal or misère play; ``"D"`` (and for
    a partizan game ``"PHat"``, ``"PCheck"``, ``"NHat"``, ``"NCheck"``) for a game whose
    positions repeat."""

def solve(
    game: Position,
    *,
    to_move: Optional[str] = None,
    misere: bool = False,
    cache: Optional[Cache] = None,
    time_limit: Optional[float] = None,
    memory_limit: Optional[int] = None,
    progress: bool = True,
) -> Solution:
    """Whether the player to move wins, loses or draws, every winning (or drawing) move and
    the exact remoteness."""

class HeapRuleset:
    """A heap game given by its options: ``HeapRuleset(lambda n: [[a, b], ...])`` or
    ``HeapRuleset(left=..., right=...)``."""

    def __init__(
        self,
        options: Optional[Callable[[int], Iterable[Iterable[int]]]] = None,
        *,
        left: Optional[Callable[[int], Iterable[Iterable[int]]]] = None,
        right: Optional[Callable[[int], Iterable[Iterable[int]]]] = None,
        name: Optional[str] = None,
    ) -> None: ...
    @property
    def name(self) -> str:
        """The ruleset's name."""
    @property
    def is_partizan(self) -> bool:
        """Whether Left and Right have different options."""
    def __call__(self, *heaps: int) -> Union[HeapPosition, PartizanHeapPosition]: ...
    def options(self, heap: int, side: Optional[str] = None) -> list[list[int]]:
        """The options of a heap, checked."""
    @overload
    def sequence(
        self,
        to: int,
        *,
        misere: Literal[False] = False,
        cache: Optional[Cache] = None,
        time_limit: Optional[float] = None,
        progress: bool = True,
    ) -> Sequence: ...
    @overload
    def sequence(
        self,
        to: int,
        *,
        misere: Literal[True],
        cache: Optional[Cache] = None,
        time_limit: Optional[float] = None,
        progress: bool = True,
    ) -> MisereSequence: ...
    def sequence(
        self,
        to: int,
        *,
        misere: bool = False,
        cache: Optional[Cache] = None,
        time_limit: Optional[float] = None,
        progress: bool = True,
    ) -> Union[Sequence, MisereSequence]:
        """The nim sequence with the period seen (not proved); with ``misere=True`` the
        misère genus of each heap."""
    def misere_quotient(
        self,
        heaps: int,
        *,
        time_limit: Optional[float] = None,
        memory_limit: Optional[int] = None,
        progress: bool = True,
    ) -> MisereQuotient:
        """The misère quotient of heaps 1 to ``heaps``, by the library's proof."""
    def genus(self, heap: int, *, time_limit: Optional[float] = None) -> str:
        """The genus of a heap under misère play, ``"0^{120}"``."""
    def values(
        self,
        to: int,
        *,
        cache: Optional[Cache] = None,
        time_limit: Optional[float] = None,
        memory_limit: Optional[int] = None,
        progress: bool = True,
    ) -> list[Value]:
        """The values of single heaps 0 to ``to``."""

class MisereQuotient:
    """The misère quotient of a heap game's heaps up to a bound; it decides sums of heaps."""

    @property
    def rules(self) -> str:
        """The ruleset's name."""
    @property
    def heaps(self) -> int:
        """The largest heap added."""
    @property
    def order(self) -> int:
        """The number of elements."""
    @property
    def p_portion(self) -> list[str]:
        """The elements of the P-portion, as words."""
    @property
    def generators(self) -> list[tuple[str, int]]:
        """The generators, ``(name, heap)``."""
    @property
    def relations(self) -> list[str]:
        """The relations of the presentation."""
    @property
    def heap_elements(self) -> list[str]:
        """The element of each heap 0 to ``heaps``."""
    @property
    def stable_from(self) -> int:
        """The least heap from which the order stopped changing (observed)."""
    @property
    def periodic(self) -> Optional[tuple[int, int]]:
        """``(preperiod, period)`` when the periodicity theorem proves it."""
    @property
    def proved(self) -> bool:
        """Whether the periodicity theorem proves it the quotient of the whole game."""
    @property
    def checked_to(self) -> Optional[int]:
        """The last heap the periodicity theorem needed checked, when proved."""
    @property
    def orders(self) -> list[int]:
        """``orders[n]``: the order of the quotient of heaps of at most ``n`` tokens."""
    @property
    def proof_states(self) -> int:
        """The states the last proof visited."""
    @property
    def elements(self) -> list[str]:
        """Every element as a word, in the quotient's numbering (0 is ``"1"``)."""
    def outcome(self, *heaps: int) -> str:
        """``"P"`` or ``"N"`` under misère play, from the quotient."""
    def element(self, *heaps: int) -> str:
        """The element of the sum of these heaps, as a word."""
    def is_p_position(self, *heaps: int) -> bool:
        """Whether the sum of these heaps is lost by the player to move (misère play)."""
    def winning_moves(self, *heaps: int) -> list[tuple[int, tuple[int, ...]]]:
        """The moves ``(heap, left)`` of one heap that leave a P-position."""
    def to_json(self) -> str:
        """The JSON of ``grundy misere-quotient RULES --heaps N --json``."""
    def as_dict(self) -> dict[str, Any]:
        """:meth:`to_json` read back as a ``dict``."""

class HeapPosition:
    """A sum of heaps of an impartial ``HeapRuleset``."""

    @property
    def heaps(self) -> list[int]:
        """The heaps, smallest first."""
    @property
    def ruleset(self) -> HeapRuleset:
        """The ruleset."""
    def options(self) -> list[HeapPosition]:
        """The positions one move leads to."""
    def components(self) -> list[HeapPosition]:
        """Each heap as a position of its own."""

class PartizanHeapPosition:
    """A sum of heaps of a partizan ``HeapRuleset``."""

    @property
    def heaps(self) -> list[int]:
        """The heaps, smallest first."""
    @property
    def ruleset(self) -> HeapRuleset:
        """The ruleset."""
    def left_options(self) -> list[PartizanHeapPosition]:
        """The positions one move of Left leads to."""
    def right_options(self) -> list[PartizanHeapPosition]:
        """The positions one move of Right leads to."""
    def components(self) -> list[PartizanHeapPosition]:
        """Each heap as a position of its own."""

class WebServer:
    """A page served in the background: ``grundy.serve(..., block=False)`` gives it."""

    @property
    def url(self) -> str:
        """The page's address, ``http://127.0.0.1:8080/``."""
    @property
    def running(self) -> bool:
        """Whether the server still serves."""
    def stop(self) -> None:
        """Stops the server and waits until none of your code runs on its threads."""
    def __enter__(self) -> WebServer: ...
    def __exit__(self, *args: object) -> bool: ...

def serve(
    games: Optional[list[Union[Game, str]]] = None,
    *,
    host: str = "127.0.0.1",
    port: int = 8080,
    records: Optional[str] = None,
    block: bool = True,
    time_limit: Optional[float] = None,
    memory_limit: Optional[int] = None,
) -> Optional[WebServer]:
    """Serves grundy's web page with your own games beside the built-in ones."""

def _restore(game: str, start: str, moves: list[str]) -> State:
    """The state of ``game`` after ``moves`` from ``start`` (for pickling)."""

def _bench_solve(
    state: State,
    calls: int,
    *,
    movetime: Optional[float] = None,
    depth: Optional[int] = None,
    threads: int = 1,
) -> float:
    """Seconds taken by ``calls`` solves of ``state`` in a Rust loop (benchmark baseline)."""
