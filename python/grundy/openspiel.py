"""grundy's games as OpenSpiel games (needs the ``open_spiel`` package).

``register()`` registers every game of ``grundy.games()`` with OpenSpiel under the name
``grundy_<game>`` (``-`` becomes ``_``: ``grundy_pousse_waterloo``), after which

>>> import pyspiel, grundy.openspiel
>>> names = grundy.openspiel.register()
>>> game = pyspiel.load_game("grundy_cuboid(position=2x3x4)")
>>> game.num_distinct_actions()
24

Parameters of every game:

- ``position`` (string): the start position in the game's notation; the game's default
  position when not given. Positions that contain a comma (paper cuts, Pousse moves after
  a size) cannot be written inside OpenSpiel's ``name(key=value,…)`` string; pass them as a
  dictionary: ``pyspiel.load_game("grundy_paper", {"position": "3x2:0,1,2,1"})``; so
  must positions made of digits and signs only (``15`` in the bidding game, ``6`` in
  Pousse, a Nim sum such as ``3+4+5``), which OpenSpiel's parser reads as a number. ``load(game, position)`` does this for you.
  For the same reason ``pyspiel.serialize_game_and_state`` of such a game cannot be read
  back by ``pyspiel.deserialize_game_and_state``: pickle the ``GrundyState`` instead.
- ``max_moves`` (int, default 0): a limit on the length of a game; a game that reaches it
  ends in a draw (both returns 0). 0 means no limit beyond the rules for the games whose
  rules end every game within a known bound (rectangle, cuboid, paper, bidding), and
  ``DEFAULT_MAX_MOVES`` plies for Pousse, whose games may go on for ever (Waterloo rules)
  or for astronomically long (the ICFP repetition rule).
- ``misere`` (bool, default False): misère play, where the player who makes the last move
  loses (impartial games only; a partizan game or Pousse refuses it). The returns follow
  the misère winner: ``pyspiel.load_game("grundy_nim", {"position": "1+1+1", "misere":
  True})`` is lost for player 0.

Every game is sequential, deterministic, with perfect information, two players, zero-sum,
with returns only at the end: +1 for the winner, −1 for the loser, 0 for both after a
draw by the move limit. Player 0 is the player to move in the start position.

Actions. The moves of a position are numbered in the game's own order (the order of
``State.legal_moves()``): action ``a`` is the ``a``-th legal move of the current state, so
the same action number names different moves in different states. ``num_distinct_actions``
is the game's bound on the legal moves of every position reachable from the start
(``grundy.State.most_moves``): the start position's own number of legal moves in the games
where it never grows, the options of every heap size up to the largest heap in a
take-and-break game, the number of tokens in Nim. Start positions whose bound is above ``grundy.MAX_LISTED_MOVES`` (or
unknown) are refused.
``max_game_length`` is the rules' bound (``grundy.State.longest_game``) or the move
limit, whichever is smaller.

Your own game. ``register(MyGame, name="kayles", start=MyGame(...))`` makes a game of your
own class an OpenSpiel game (``grundy_kayles``) and returns its OpenSpiel name; it defines
the game with ``grundy.define_game`` first unless ``MyGame`` is already a ``grundy.Game``
(or a game's name). OpenSpiel needs a bound on the distinct actions before play: by
default grundy walks every position reachable from the start by moves of either player
(keeping each once, bounded by the default memory limit: ``MemoryError`` past it) and
takes the most options any of them has, and the longest sequence of moves as
``max_game_length``. A class whose positions repeat (a game that may go on for ever) has no
longest game: it is played as Pousse under Waterloo rules is, to the move limit
(``max_moves``, by default ``DEFAULT_MAX_MOVES`` plies), where the game is a draw (both
returns 0); a drawn position played perfectly by both players ends there. For a game too large to walk, give ``max_actions=N``: no walk, and a
position with more than ``N`` legal moves raises ``ValueError`` when OpenSpiel asks for its
actions; the game length is then the move limit (``max_moves``, by default
``DEFAULT_MAX_MOVES`` plies, after which the game is a draw).
"""

from __future__ import annotations

import numpy as np
import pyspiel

import grundy

#: The move limit of games whose rules give no bound (Pousse) when ``max_moves`` is 0.
DEFAULT_MAX_MOVES = 400

_PREFIX = "grundy_"
_registered: dict[str, type] = {}


def short_name(game: grundy.Game | str) -> str:
    """The OpenSpiel name of a grundy game: ``grundy_cuboid``, ``grundy_pousse_waterloo``."""
    name = game.name if isinstance(game, grundy.Game) else grundy.Game(game).name
    return _PREFIX + name.replace("-", "_")


def register(
    game: object = None,
    *,
    name: str | None = None,
    start: object = None,
    max_actions: int | None = None,
    **define_options,
):
    """Without arguments: registers every built-in grundy game with OpenSpiel (once; later
    calls do nothing) and returns their OpenSpiel names.

    With a game: registers it and returns its OpenSpiel name (``grundy_<name>``). ``game``
    is a ``grundy.Game`` or a game's name, or your own game: its class with ``start`` (the
    default start position) and ``name`` (by default the class's name in lower case), or
    a start position itself; ``define_options`` (``title``, ``summary``, ``first``,
    ``positions``) go to ``grundy.define_game``. ``max_actions`` bounds the legal moves of
    every position instead of the walk over the positions reachable from the start (see
    the module's documentation); it is kept for later registrations of the game.
    """
    if game is None and start is None:
        if name is not None or max_actions is not None or define_options:
            raise TypeError("register() without a game takes no options; pass the game")
        builtin = [game for game in grundy.games() if game.is_builtin]
        for game in builtin:
            if short_name(game) not in _registered:
                _register(game, None)
        return [short_name(game) for game in builtin]
    grundy_game = _as_game(game, name, start, define_options)
    if max_actions is not None and (not isinstance(max_actions, int) or max_actions < 1):
        raise ValueError(f"max_actions is a number of moves of at least 1, got {max_actions!r}")
    _register(grundy_game, max_actions)
    return short_name(grundy_game)


def _as_game(game, name, start, define_options) -> grundy.Game:
    """The grundy game that ``register`` was given, defined first when it is a class or a
    position of your own."""
    if isinstance(game, grundy.Game):
        return game
    if isinstance(game, str):
        return grundy.Game(game)
    if start is None:
        if isinstance(game, type):
            raise TypeError(
                f"register({game.__name__}) needs start=, the position the game starts from"
            )
        start = game
    elif game is not None and isinstance(game, type) and not isinstance(start, game):
        raise TypeError(
            f"start={start!r} is not a position of {game.__name__} (it is a "
            f"{type(start).__name__})"
        )
    if name is None:
        kind = game if isinstance(game, type) else type(start)
        name = kind.__name__.lower()
    return grundy.define_game(start, name=name, **define_options)


def _register(game: grundy.Game, max_actions: int | None) -> None:
    """Registers ``game`` with OpenSpiel (again, when defined again)."""
    game_class = _game_class(game, max_actions)
    pyspiel.register_game(game_class.game_type, game_class)
    _registered[short_name(game)] = game_class


def load(
    game: grundy.Game | str,
    position: str | None = None,
    max_moves: int = 0,
    misere: bool = False,
):
    """``pyspiel.load_game`` for a grundy game, registering the games first if needed;
    ``misere=True`` plays it under misère rules (impartial games only)."""
    register()
    parameters: dict[str, object] = {"max_moves": max_moves, "misere": misere}
    if position is not None:
        parameters["position"] = position
    return pyspiel.load_game(short_name(game), parameters)


def move_of(state: "GrundyState", action: int) -> str:
    """The move, in the game's notation, that ``action`` names in ``state``."""
    return state.move_of(action)


def action_of(state: "GrundyState", move: str) -> int:
    """The action that plays ``move`` (in the game's notation) in ``state``; ``ValueError``
    when the move is not legal there."""
    return state.action_of(move)


def _game_type(game: grundy.Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"grundy {game.name}: {game.summary}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={
            "position": game.default_position,
            "max_moves": 0,
            "misere": False,
        },
    )


def _game_class(game: grundy.Game, max_actions: int | None) -> type:
    """A ``GrundyGame`` subclass bound to ``game``, as OpenSpiel's factory for it."""
    return type(
        f"Grundy{game.name.title().replace('-', '').replace('_', '')}Game",
        (GrundyGame,),
        {"grundy_game": game, "game_type": _game_type(game), "max_actions": max_actions},
    )


class GrundyGame(pyspiel.Game):
    """An OpenSpiel game over one grundy game from one start position."""

    grundy_game: grundy.Game
    game_type: pyspiel.GameType
    #: The bound on legal moves given to ``register``, or None to ask the game.
    max_actions: int | None = None

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        unknown = set(params) - {"position", "max_moves", "misere"}
        if unknown:
            raise ValueError(
                f"unknown parameter {sorted(unknown)[0]!r} of {short_name(self.grundy_game)}; "
                "the parameters are position, max_moves and misere"
            )
        position = str(params.get("position", self.grundy_game.default_position))
        max_moves = int(params.get("max_moves", 0))
        misere = bool(params.get("misere", False))
        if max_moves < 0:
            raise ValueError(f"max_moves is a number of moves of at least 0, got {max_moves}")
        start = self.grundy_game.start(position, misere=misere)
        if self.max_actions is not None:
            most_moves, longest = self.max_actions, None
        else:
            most_moves = start.most_moves()
            longest = start.longest_game()
        if most_moves is None or most_moves > grundy.MAX_LISTED_MOVES:
            raise ValueError(
                f"{position} has {most_moves} legal moves: too many for an OpenSpiel action "
                f"space (at most {grundy.MAX_LISTED_MOVES})"
            )
        if max_moves == 0 and longest is None:
            max_moves = DEFAULT_MAX_MOVES
        length = longest if max_moves == 0 else min(max_moves, longest or max_moves)
        info = pyspiel.GameInfo(
            num_distinct_actions=max(int(most_moves), 1),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max(int(length), 1),
        )
        super().__init__(
            self.game_type,
            info,
            {"position": position, "max_moves": max_moves, "misere": misere},
        )
        self.start = start
        self.max_moves = max_moves if max_moves > 0 else None
        self.most_moves = int(most_moves)

    def new_initial_state(self) -> "GrundyState":
        """The start position."""
        return GrundyState(self, self.start, self.max_moves)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """Observations as strings: the position in notation, or with perfect recall the
        start position and the moves."""
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(perfect_recall, params)


class GrundyState(pyspiel.State):
    """A position of a grundy game inside OpenSpiel; ``grundy_state`` is the grundy
    ``State`` (immutable, so OpenSpiel's copies share it safely)."""

    def __init__(self, game: GrundyGame, start: grundy.State, max_moves: int | None):
        super().__init__(game)
        self.grundy_state = start
        self._max_moves = max_moves
        self._plies = 0
        self._moves: list[str] | None = None
        self._most_moves = game.most_moves

    def _legal_moves(self) -> list[str]:
        if self._moves is None:
            self._moves = [] if self._over() else self.grundy_state.legal_moves()
            bound = self._most_moves
            if len(self._moves) > bound:
                raise ValueError(
                    f"{self.grundy_state.position} has {len(self._moves)} legal moves, more "
                    f"than the {bound} actions of the game (max_actions={bound})"
                )
        return self._moves

    def _over(self) -> bool:
        if self.grundy_state.is_over:
            return True
        return self._max_moves is not None and self._plies >= self._max_moves

    def move_of(self, action: int) -> str:
        """The move that ``action`` names here."""
        moves = self._legal_moves()
        if not 0 <= action < len(moves):
            raise ValueError(
                f"action {action} is not legal in {self.grundy_state.position}: "
                f"the legal actions are 0 to {len(moves) - 1}"
            )
        return moves[action]

    def action_of(self, move: str) -> int:
        """The action that plays ``move`` here."""
        canonical = self.grundy_state.play(move).history[-1]
        return self._legal_moves().index(canonical)

    def current_player(self) -> int:
        """The player to move, or TERMINAL."""
        if self._over():
            return pyspiel.PlayerId.TERMINAL
        return self.grundy_state.to_move

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self._legal_moves())))

    def _apply_action(self, action: int) -> None:
        self.grundy_state = self.grundy_state.play(self.move_of(action))
        self._plies += 1
        self._moves = None

    def _action_to_string(self, player: int, action: int) -> str:
        return self.move_of(action)

    def is_terminal(self) -> bool:
        """True when the game is over, by its rules or by the move limit."""
        return self._over()

    def returns(self) -> list[float]:
        """+1 for the winner, −1 for the loser; 0 for both while the game goes on and
        after a draw by the move limit."""
        winner = self.grundy_state.winner
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def __str__(self) -> str:
        return self.grundy_state.position


class _Observer:
    """OpenSpiel's Python observer interface, with strings only (an empty tensor)."""

    def __init__(self, perfect_recall: bool, params):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self._perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: GrundyState, player: int) -> None:
        """Nothing to set: the observation is the string."""

    def string_from(self, state: GrundyState, player: int) -> str:
        """The position, or the start position and the moves since (perfect recall)."""
        grundy_state = state.grundy_state
        if self._perfect_recall:
            return " ".join([grundy_state.start_position, *grundy_state.history])
        return grundy_state.position
