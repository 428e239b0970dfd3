"""Your own game in every front end: ``grundy.define_game`` makes a class a ``grundy.Game``
that ``grundy.start`` (states), ``grundy.Strategy``, ``grundy.play_match`` (the library's
referee) and OpenSpiel play as they play a built-in game, with errors of the game's own
methods raised to the caller.

No test asserts a wall-clock time: a generous ``time_limit`` or move limit guards against a
hang."""

import pickle
import random
import sys
import threading
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import grundy
import grundy.openspiel as gos

RULESETS = Path(__file__).resolve().parent.parent / "examples" / "rulesets"
sys.path.insert(0, str(RULESETS))

from domineering import Domineering  # noqa: E402
from kayles import KAYLES  # noqa: E402


class Kayles:
    """Kayles: knock down one pin or two adjacent pins of a row."""

    def __init__(self, rows):
        self.rows = tuple(sorted(row for row in rows if row > 0))

    def options(self):
        moves = []
        for i, pins in enumerate(self.rows):
            rest = self.rows[:i] + self.rows[i + 1 :]
            for take in (1, 2):
                for left in range(pins - take + 1):
                    moves.append(Kayles(rest + (left, pins - take - left)))
        return moves

    @classmethod
    def parse(cls, text):
        if text == "-":
            return cls([])
        return cls(int(part) for part in text.split("+"))

    def __eq__(self, other):
        return isinstance(other, Kayles) and self.rows == other.rows

    def __hash__(self):
        return hash(self.rows)

    def __str__(self):
        return "+".join(map(str, self.rows)) or "-"


class Subtraction:
    """A heap of counters; a move takes 1, 2 or 3 of them. Moves are named by what they
    take, and taking 3 from a heap of 3 is listed twice (one move)."""

    def __init__(self, heap):
        self.heap = heap

    def options(self):
        taken = [take for take in (1, 2, 3) if take <= self.heap]
        if self.heap == 3:
            taken.append(3)
        return [Subtraction(self.heap - take) for take in taken]

    def move_name(self, option):
        return f"take{self.heap - option.heap}"

    def __eq__(self, other):
        return isinstance(other, Subtraction) and self.heap == other.heap

    def __hash__(self):
        return hash(self.heap)

    def __str__(self):
        return str(self.heap)

    def _repr_svg_(self):
        return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{self.heap}</text></svg>'


class Bomb(Exception):
    """What a game's method raises in the tests."""


class Fragile:
    """A countdown (take 1 or 2) whose ``options()`` raises from ``fuse`` down (and
    ``_repr_svg_`` always)."""

    def __init__(self, n, fuse):
        self.n, self.fuse = n, fuse

    def options(self):
        if self.n <= self.fuse:
            raise Bomb(f"options of {self.n}")
        return [Fragile(self.n - take, self.fuse) for take in (1, 2) if take <= self.n]

    def _repr_svg_(self):
        raise Bomb("no picture")

    def __eq__(self, other):
        return isinstance(other, Fragile) and (self.n, self.fuse) == (other.n, other.fuse)

    def __hash__(self):
        return hash((self.n, self.fuse))

    def __str__(self):
        return str(self.n)


KAYLES_GAME = grundy.define_game(
    Kayles([6]), name="UF-Kayles", positions=[Kayles([2, 3]), Kayles([1, 4, 5])]
)
SUBTRACTION = grundy.define_game(Subtraction(10), name="uf-subtraction", title="Take away")
DOMINEERING = grundy.define_game(Domineering.empty(3, 3), name="uf-domineering")
DOMINEERING_RIGHT = grundy.define_game(
    Domineering.empty(3, 3), name="uf-domineering-right", first="right"
)


def nim_value(position):
    """The nim value of an impartial position, as grundy.value gives it."""
    text = repr(grundy.value(position, progress=False))
    return 0 if text == "0" else int(text.lstrip("*") or 1)


# --- games --------------------------------------------------------------------------------


def test_a_defined_game_is_a_game_like_the_built_in_ones():
    assert isinstance(KAYLES_GAME, grundy.Game)
    assert KAYLES_GAME.name == "uf-kayles"
    assert grundy.Game("UF-KAYLES") == KAYLES_GAME
    assert str(KAYLES_GAME) == "uf-kayles" and not KAYLES_GAME.is_builtin
    assert grundy.Game("rectangle").is_builtin
    assert KAYLES_GAME.title == "Uf kayles"
    assert KAYLES_GAME.summary == "Kayles: knock down one pin or two adjacent pins of a row."
    assert SUBTRACTION.title == "Take away"
    assert KAYLES_GAME.default_position == "6"
    assert KAYLES_GAME.sample_positions == ["6", "2+3", "1+4+5"]
    assert KAYLES_GAME.is_impartial and not DOMINEERING.is_impartial
    names = [game.name for game in grundy.games()]
    builtin = [game.name for game in grundy.games() if game.is_builtin]
    assert names[: len(builtin)] == builtin
    assert names.index("uf-kayles") >= len(builtin)
    assert grundy.start("uf-kayles").position == "6"


def test_an_unknown_name_lists_the_defined_games_too():
    with pytest.raises(ValueError, match=r"unknown game; the games are rectangle.*uf-kayles"):
        grundy.Game("chess")


@pytest.mark.parametrize("name", ["rectangle", "REC", "nim", "licytacja"])
def test_a_built_in_games_name_is_taken(name):
    with pytest.raises(ValueError, match=f'"{name.lower()}" is the name of grundy\'s game'):
        grundy.define_game(Kayles([3]), name=name)


@pytest.mark.parametrize("name", ["", "3kayles", "kay les", "kayles!", "x" * 65])
def test_a_bad_name_is_a_value_error_naming_it(name):
    with pytest.raises(ValueError, match="a game's name is a letter") as error:
        grundy.define_game(Kayles([3]), name=name)
    assert name in str(error.value)


def test_define_game_checks_its_arguments():
    with pytest.raises(ValueError, match='first="right" names who starts a partizan game'):
        grundy.define_game(Kayles([3]), name="uf-bad", first="right")
    with pytest.raises(ValueError, match=r'first is "left" or "right" \(or "L" or "R"\), got "up"'):
        grundy.define_game(Domineering.empty(2, 2), name="uf-bad", first="up")
    with pytest.raises(TypeError, match="not a position of the same kind"):
        grundy.define_game(Kayles([3]), name="uf-bad", positions=[Domineering.empty(2, 2)])
    with pytest.raises(TypeError, match="is not a position of a game"):
        grundy.define_game(42, name="uf-bad")
    with pytest.raises(ValueError, match="unknown game"):
        grundy.Game("uf-bad")


def test_defining_a_game_again_replaces_it_and_old_states_play_on():
    first = grundy.define_game(Subtraction(4), name="uf-again")
    old = first.start()
    second = grundy.define_game(Subtraction(7), name="uf-again")
    assert grundy.Game("uf-again").default_position == "7"
    assert [game.name for game in grundy.games()].count("uf-again") == 1
    assert old.play("take1").position == "3"
    assert second.start().position == "7"


# --- states -------------------------------------------------------------------------------


def test_positions_are_read_back_from_their_notation_or_given_as_objects():
    named = list(dict.fromkeys(str(option) for option in Kayles([2, 3]).options()))
    assert grundy.start(KAYLES_GAME, "2+3").legal_moves() == named
    assert grundy.start(KAYLES_GAME, Kayles([7, 1])).position == "1+7"
    # An option listed in play is known by its notation from then on.
    grundy.start(SUBTRACTION, Subtraction(25)).legal_moves()
    assert grundy.start(SUBTRACTION, "23").position == "23"
    # Kayles reads any position with its classmethod parse.
    assert grundy.start(KAYLES_GAME, "9+1").position == "1+9"


def test_an_unknown_position_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match=r'not a position of uf-subtraction .*parse.* \("999"\)'):
        grundy.start(SUBTRACTION, "999")
    # A parse that raises: its own exception, with grundy's note.
    with pytest.raises(ValueError, match="invalid literal for int") as error:
        grundy.start(KAYLES_GAME, "x+1")
    if sys.version_info >= (3, 11):
        assert any("x+1" in note for note in error.value.__notes__)
    with pytest.raises(TypeError, match="a position of rectangle is written in its notation"):
        grundy.start("rectangle", Kayles([3]))
    with pytest.raises(TypeError, match="is not a position of uf-kayles"):
        grundy.start(KAYLES_GAME, Domineering.empty(2, 2))


def test_moves_are_named_by_move_name_or_the_position_after_and_duplicates_are_one():
    state = grundy.start(SUBTRACTION, Subtraction(3))
    assert state.legal_moves() == ["take1", "take2", "take3"]
    assert state.move_count() == 3
    assert grundy.start(KAYLES_GAME, "3").legal_moves() == ["2", "1+1", "1"]


def test_playing_undoing_and_the_end_of_a_game():
    state = grundy.start(SUBTRACTION, Subtraction(5))
    assert state.to_move == 0 and not state.is_over and state.winner is None
    assert state.side_name(0) == "first" and state.side_name(1) == "second"
    after = state.play("take2")
    assert state.position == "5"
    assert after.position == "3" and after.to_move == 1 and after.history == ["take2"]
    assert after.undo() == state
    assert after.start_position == "5"
    over = after.play("take3")
    assert over.is_over and over.winner == 1 and over.legal_moves() == []
    assert over.random_move(seed=1) is None and over.perfect_move() is None
    with pytest.raises(ValueError, match="the game is over"):
        over.play("take1")
    with pytest.raises(ValueError, match='illegal move "take9": not a move of uf-subtraction in 5; the legal moves are take1, take2, take3'):
        state.play("take9")
    with pytest.raises(ValueError, match="no move to take back"):
        state.undo()
    assert state.random_move(seed=4) in state.legal_moves()
    assert pickle.loads(pickle.dumps(after)) == after
    assert pickle.loads(pickle.dumps(after)).history == ["take2"]


def test_partizan_sides_alternate_and_the_notation_names_the_player_to_move():
    state = grundy.start(DOMINEERING)
    assert state.side_name(0) == "left" and state.side_name(1) == "right"
    after = state.play(state.legal_moves()[0])
    assert after.position.endswith("@R")
    assert grundy.start(DOMINEERING, after.position).side_name(0) == "right"
    assert grundy.start(DOMINEERING, after.position).legal_moves() == after.legal_moves()
    right_first = grundy.start(DOMINEERING_RIGHT)
    assert right_first.side_name(0) == "right"
    assert right_first.legal_moves() == [
        str(option) for option in Domineering.empty(3, 3).right_options()
    ]
    assert "right to move" in right_first.draw()
    # Under misère play too (test_own_game_calls.py checks its outcomes), naming the
    # player to move before the rules term.
    misere = grundy.start(DOMINEERING, misere=True)
    assert misere.misere and misere.position.endswith("@misere")
    assert misere.play(misere.legal_moves()[0]).position.endswith("@R@misere")


# --- solving ------------------------------------------------------------------------------


@pytest.mark.parametrize("rows", [[1], [3], [6], [2, 3], [1, 4, 5], [2, 2], [7, 3]])
def test_the_analysis_agrees_with_value_and_solve(rows):
    position = Kayles(rows)
    analysis = grundy.start(KAYLES_GAME, position).solve()
    solution = grundy.solve(position, progress=False)
    assert analysis.grundy_value == nim_value(position)
    assert analysis.to_move_wins == solution.to_move_wins == (analysis.grundy_value != 0)
    assert analysis.remoteness == solution.remoteness and analysis.remoteness_exact
    assert set(analysis.winning_moves) == {str(move) for move in solution.winning_moves}
    assert analysis.winning_moves_complete
    assert analysis.winner == (0 if analysis.to_move_wins else 1)


def test_a_partizan_analysis_gives_the_canonical_value():
    for rows, columns in [(2, 2), (3, 3), (2, 3), (3, 2), (1, 4)]:
        board = Domineering.empty(rows, columns)
        analysis = grundy.start(DOMINEERING, board).solve()
        assert analysis.value == repr(grundy.value(board, progress=False))
        assert analysis.grundy_value is None
        solution = grundy.solve(board, to_move="left", progress=False)
        assert analysis.to_move_wins == solution.to_move_wins
        assert analysis.remoteness == solution.remoteness


def test_the_perfect_move_leaves_the_opponent_lost():
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        rows = [rng.randint(1, 6) for _ in range(rng.randint(1, 3))]
        state = grundy.start(KAYLES_GAME, Kayles(rows))
        analysis = state.solve()
        after = state.play(state.perfect_move())
        reply = after.solve()
        if analysis.to_move_wins:
            checked += 1
            assert reply.to_move_wins is False
            assert reply.remoteness == analysis.remoteness - 1
        else:
            assert reply.to_move_wins is True
    assert checked > 10
    board = grundy.start(DOMINEERING, Domineering.empty(3, 3))
    assert board.solve().to_move_wins
    assert board.play(board.perfect_move()).solve().to_move_wins is False


def test_misere_play_goes_through_the_librarys_wrapper():
    # Misère Kayles: a single pin is lost for the player to move (who must knock it down
    # last), two separate pins won, three lost.
    assert grundy.start(KAYLES_GAME, "1", misere=True).solve().to_move_wins is False
    state = grundy.start(KAYLES_GAME, "1+1", misere=True)
    assert state.misere and state.position == "1+1@misere"
    assert state.solve().to_move_wins is True
    three = grundy.start(KAYLES_GAME, "1+1+1@misere")
    assert three.solve().to_move_wins is False
    assert three.play("1+1").is_over is False
    for rows in [[2, 3], [4], [1, 2, 2]]:
        expected = grundy.outcome(Kayles(rows), misere=True, progress=False) == "N"
        assert grundy.start(KAYLES_GAME, Kayles(rows), misere=True).solve().to_move_wins == expected


def test_bounds_for_front_ends_that_need_them():
    state = grundy.start(KAYLES_GAME, "4")
    # Four pins: the most moves are the start's own 7, and at most four moves are played.
    assert state.most_moves() == 7
    assert state.longest_game() == 4
    board = grundy.start(DOMINEERING, Domineering.empty(3, 3))
    assert board.most_moves() == 6 and board.longest_game() == 4


# --- strategies and matches ---------------------------------------------------------------


def test_strategies_choose_legal_moves():
    state = grundy.start(KAYLES_GAME, "2+3")
    for spec in ["perfect", "stubborn", "random", "noisy:0.5", "scripted:9,1+3"]:
        move = grundy.Strategy(spec, seed=2).choose(state)
        assert move in state.legal_moves(), spec
    assert grundy.Strategy("scripted:9,1+3").choose(state) == "1+3"
    assert grundy.Strategy("perfect").choose(state) == state.solve().best_move
    with pytest.raises(ValueError, match="mcts is a Pousse strategy; it cannot play uf-kayles"):
        grundy.Strategy("mcts").choose(state)


@pytest.mark.parametrize("game", [KAYLES_GAME, SUBTRACTION, DOMINEERING, DOMINEERING_RIGHT])
def test_perfect_play_never_loses_a_won_position_against_random_play(game):
    for position in [game.default_position, *game.sample_positions]:
        won_first = grundy.start(game, position).solve().to_move_wins
        for seed in range(12):
            perfect, other = ("perfect", "random") if won_first else ("random", "perfect")
            record = grundy.play_match(game, perfect, other, position=position, seed=seed)
            assert record["termination"] == "normal"
            assert record["winner"] == (0 if won_first else 1), (position, seed, record)


def test_a_match_record_replays():
    record = grundy.play_match(
        KAYLES_GAME, grundy.Strategy("noisy:0.3"), "stubborn", position=Kayles([3, 5]), seed=5
    )
    assert record["game"] == "uf-kayles" and record["position"] == "3+5"
    assert record["players"] == ["noisy:0.3", "stubborn"] and record["seed"] == 5
    assert len(record["times_ms"]) == len(record["moves"])
    state = grundy.start(record["game"], record["position"])
    for move in record["moves"]:
        state = state.play(move)
    assert state.is_over and state.winner == record["winner"]
    assert record["result"].startswith(("first wins", "second wins"))
    again = grundy.play_match(KAYLES_GAME, "noisy:0.3", "stubborn", position="3+5", seed=5)
    assert again["moves"] == record["moves"]


def test_a_match_stops_at_its_move_limit_and_names_bad_input():
    record = grundy.play_match(SUBTRACTION, "random", "random", max_moves=2)
    assert record["termination"] == "move_cap" and record["winner"] is None
    assert len(record["moves"]) == 2
    with pytest.raises(ValueError, match="unknown strategy"):
        grundy.play_match(SUBTRACTION, "clever", "random")
    with pytest.raises(ValueError, match=r'not a position of uf-subtraction.*\("nope"\)'):
        grundy.play_match(SUBTRACTION, "random", "random", position="nope")
    with pytest.raises(ValueError, match="unknown game"):
        grundy.play_match("uf-nothing", "random", "random")
    with pytest.raises(ValueError, match="movetime is a number of seconds"):
        grundy.play_match(SUBTRACTION, "random", "random", movetime=-1)
    # Built-in games play matches too.
    record = grundy.play_match("rectangle", "perfect", "random", position="4x3", seed=1)
    assert record["winner"] == 0 and record["termination"] == "normal"


# --- errors of the game's own methods -----------------------------------------------------


FRAGILE = grundy.define_game(Fragile(6, 3), name="uf-fragile")


def test_an_exception_of_the_game_surfaces_in_every_state_call():
    state = grundy.start(FRAGILE)
    assert state.legal_moves() == ["5", "4"]
    for call in [
        lambda: state.solve(),
        lambda: state.perfect_move(),
        lambda: grundy.Strategy("perfect").choose(state),
        lambda: grundy.Strategy("stubborn").choose(state),
        lambda: state.play("4").play("3").legal_moves(),
        lambda: state.play("4").play("3").is_over,
        lambda: state.most_moves(),
        lambda: state.svg(),
    ]:
        with pytest.raises(Bomb) as error:
            call()
        if sys.version_info >= (3, 11) and "picture" not in str(error.value):
            assert any("grundy: raised by options() of 3" in note for note in error.value.__notes__)
    # The state itself is unharmed.
    assert state.legal_moves() == ["5", "4"]
    with pytest.raises(Bomb):
        state._repr_svg_()


def test_an_exception_of_the_game_ends_a_match_with_that_exception():
    with pytest.raises(Bomb):
        grundy.play_match(FRAGILE, "random", "random", seed=1)
    with pytest.raises(Bomb):
        grundy.play_match(FRAGILE, "perfect", "perfect")


def test_a_time_limit_and_threads():
    big = grundy.start(KAYLES_GAME, Kayles([13, 14, 15]))
    with pytest.raises(TimeoutError, match="time limit"):
        big.solve(movetime=0.001)
    answers = []

    def solve(rows):
        answers.append(grundy.start(KAYLES_GAME, Kayles(rows)).solve().to_move_wins)

    threads = [threading.Thread(target=solve, args=([n, n + 1],)) for n in range(1, 7)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(answers) == 6


# --- Jupyter ------------------------------------------------------------------------------


def test_a_state_draws_itself_with_the_positions_own_svg():
    state = grundy.start(SUBTRACTION, Subtraction(4))
    assert state._repr_svg_() == Subtraction(4)._repr_svg_()
    assert state.svg() == state._repr_svg_()
    assert grundy.start(KAYLES_GAME)._repr_svg_() is None


def test_a_native_heap_position_is_a_game_too():
    game = grundy.define_game(KAYLES(3, 4), name="uf-heap-kayles")
    state = game.start()
    assert state.solve().grundy_value == nim_value(KAYLES(3, 4))
    record = grundy.play_match(game, "perfect", "random", seed=2)
    assert record["winner"] == (0 if state.solve().to_move_wins else 1)


# --- OpenSpiel ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def spiel_kayles():
    return gos.register(Kayles, name="uf-spiel-kayles", start=Kayles([2, 3]))


@pytest.fixture(scope="module")
def spiel_domineering():
    return gos.register(DOMINEERING)


def test_register_defines_and_names_the_game(spiel_kayles, spiel_domineering):
    assert spiel_kayles == "grundy_uf_spiel_kayles"
    assert spiel_domineering == "grundy_uf_domineering"
    assert grundy.Game("uf-spiel-kayles").default_position == "2+3"
    assert spiel_kayles in pyspiel.registered_names()
    game = pyspiel.load_game(spiel_kayles)
    assert game.num_distinct_actions() == grundy.start("uf-spiel-kayles").most_moves()
    # Every move knocks down a pin or two: at most five moves from 2+3.
    assert game.max_game_length() == 5
    # The built-in games, as before.
    builtin = gos.register()
    assert builtin == [gos.short_name(game) for game in grundy.games() if game.is_builtin]
    with pytest.raises(TypeError, match="needs start="):
        gos.register(Kayles)


@pytest.mark.parametrize(
    ("name", "positions"),
    [
        ("grundy_uf_spiel_kayles", ["2+3", "1+4+5", "6"]),
        ("grundy_uf_domineering", [".../.../...", "../..", "..../...."]),
    ],
)
def test_random_play_through_openspiel_is_legal_and_returns_follow_the_winner(
    spiel_kayles, spiel_domineering, name, positions
):
    rng = random.Random(name)
    for position in positions:
        if name == "grundy_uf_domineering":
            # Domineering has no parse(): a board is known once given as an object.
            rows = position.split("/")
            grundy.start(DOMINEERING, Domineering.empty(len(rows), len(rows[0])))
        game = pyspiel.load_game(name, {"position": position})
        pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
        for _ in range(10):
            state = game.new_initial_state()
            while not state.is_terminal():
                actions = state.legal_actions()
                assert 0 < len(actions) <= game.num_distinct_actions()
                assert len(actions) == len(state.grundy_state.legal_moves())
                state.apply_action(rng.choice(actions))
            assert len(state.history()) <= game.max_game_length()
            winner = state.grundy_state.winner
            assert state.returns() == ([1.0, -1.0] if winner == 0 else [-1.0, 1.0])


def mcts_bot(game, seed, simulations):
    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
        solve=True,
    )


@pytest.mark.parametrize(
    ("name", "grundy_game", "position"),
    [
        ("grundy_uf_spiel_kayles", "uf-spiel-kayles", "2+3"),
        ("grundy_uf_spiel_kayles", "uf-spiel-kayles", "1+2+4"),
        ("grundy_uf_domineering", "uf-domineering", ".../.../..."),
    ],
)
def test_mcts_finds_the_winning_move_of_a_small_won_position(
    spiel_kayles, spiel_domineering, name, grundy_game, position
):
    analysis = grundy.start(grundy_game, position).solve()
    moves = grundy.start(grundy_game, position).legal_moves()
    assert analysis.to_move_wins and 0 < len(analysis.winning_moves) < len(moves)
    game = pyspiel.load_game(name, {"position": position})
    for seed in range(3):
        state = game.new_initial_state()
        action = mcts_bot(game, seed, 2000).step(state)
        assert gos.move_of(state, action) in analysis.winning_moves, (position, seed)
        # And playing on against perfect play, MCTS keeps the win: returns follow it.
        perfect = grundy.Strategy("perfect")
        bot = mcts_bot(game, seed, 500)
        while not state.is_terminal():
            if state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                move = perfect.choose(state.grundy_state)
                state.apply_action(gos.action_of(state, move))
        assert state.grundy_state.winner == 0
        assert state.returns() == [1.0, -1.0]


def test_max_actions_replaces_the_walk_and_is_enforced():
    name = gos.register(Subtraction, name="uf-spiel-sub", start=Subtraction(40), max_actions=3)
    game = pyspiel.load_game(name, {"position": "40"})
    assert game.num_distinct_actions() == 3
    assert game.max_game_length() == gos.DEFAULT_MAX_MOVES
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    tight = gos.register("uf-spiel-sub", max_actions=2)
    state = pyspiel.load_game(tight, {"position": "40"}).new_initial_state()
    with pytest.raises(ValueError, match="3 legal moves, more than the 2 actions"):
        state.legal_actions()
    with pytest.raises(ValueError, match="max_actions is a number of moves"):
        gos.register("uf-spiel-sub", max_actions=0)
