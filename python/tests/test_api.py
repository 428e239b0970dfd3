"""The grundy Python API: games, states, solving, strategies, tables and bad input."""

import copy
import sys
import threading

import numpy as np
import pytest

import grundy



# --- games --------------------------------------------------------------------------------


def test_games_lists_every_game_in_order():
    games = grundy.games()
    names = [game.name for game in games]
    # The registry's list, in its order: the command line's `grundy games` lists the same.
    assert names[:2] == ["rectangle", "cuboid"]
    assert len(set(names)) == len(names)
    for game in games:
        assert isinstance(game, grundy.Game)
        assert game.summary
        assert game.start().position == game.default_position
        assert str(game) == game.name
        assert repr(game) == f'grundy.Game("{game.name}")'


def test_game_by_name_ignores_case_and_compares_by_name():
    assert grundy.Game("CUBOID") == grundy.Game("cuboid")
    assert grundy.Game("cuboid") != grundy.Game("paper")
    assert len({grundy.Game("rectangle"), grundy.Game("Rectangle")}) == 1


def test_unknown_game_is_a_value_error_with_the_command_line_message():
    names = ", ".join(game.name for game in grundy.games())
    message = f'unknown game; the games are {names} ("chess")'
    assert message.startswith("unknown game; the games are rectangle, cuboid, bidding")
    with pytest.raises(ValueError) as error:
        grundy.Game("chess")
    assert str(error.value) == message
    with pytest.raises(ValueError) as error:
        grundy.start("chess", "4x3")
    assert str(error.value) == message


# --- states -------------------------------------------------------------------------------


def test_start_accepts_a_name_or_a_game_and_defaults_the_position():
    assert grundy.start("rectangle").position == "4x3"
    assert grundy.start(grundy.Game("bidding"), "15").position == "15"
    assert grundy.Game("paper").start("2x1") == grundy.start("paper", "2x1")


def test_a_state_prints_in_notation():
    state = grundy.start("cuboid", "2x2x2+3x4x5")
    assert str(state) == "2x2x2+3x4x5"
    assert repr(state) == 'grundy.start("cuboid", "2x2x2+3x4x5")'
    assert state.game == grundy.Game("cuboid")


def test_play_returns_a_new_state_and_leaves_the_old_one():
    start = grundy.start("rectangle", "4x3")
    after = start.play("v1")
    assert str(after) == "3x3"
    assert str(start) == "4x3"
    assert after.history == ["v1"]
    assert start.history == []
    assert after.start_position == "4x3"
    assert after.to_move == 1 and start.to_move == 0


def test_equal_positions_are_equal_and_hash_alike_whatever_the_path():
    by_cut = grundy.start("rectangle", "4x3").play("v1")
    direct = grundy.start("rectangle", "3x3")
    assert by_cut == direct
    assert hash(by_cut) == hash(direct)
    assert {by_cut: "seen"}[direct] == "seen"
    assert by_cut != grundy.start("rectangle", "3x2")
    # Same notation, other game: not equal.
    assert grundy.start("pousse", "4") != grundy.start("pousse-waterloo", "4")
    assert by_cut != "3x3"


def test_copies_are_the_state_itself():
    state = grundy.start("paper", "3x2")
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state


def test_undo_goes_back_and_stops_at_the_start():
    start = grundy.start("bidding", "15")
    later = start.play("double").play("pass")
    assert later.position == "15/2/1"
    assert later.undo() == start.play("double")
    assert later.undo().undo() == start
    with pytest.raises(ValueError, match="no move to take back"):
        start.undo()


def test_moves_are_canonicalised():
    state = grundy.start("bidding", "15").play("3")
    assert state.history == ["triple"]


def test_legal_moves_of_every_game():
    assert grundy.start("rectangle", "4x3").legal_moves() == ["v1", "v2", "v3", "h1", "h2"]
    assert grundy.start("bidding", "15").legal_moves() == ["pass", "double", "triple"]
    assert grundy.start("paper", "2x1").legal_moves() == ["1,0,1,1"]
    cuboid = grundy.start("cuboid", "1x2x2")
    assert cuboid.legal_moves() == ["1:0,0,0", "1:0,0,1", "1:0,1,0", "1:0,1,1"]
    assert cuboid.move_count() == 4
    pousse = grundy.start("pousse", "2").legal_moves()
    assert pousse == ["L1", "L2", "R1", "R2", "T1", "T2", "B1", "B2"]
    for game in grundy.games():
        state = game.start()
        moves = state.legal_moves()
        assert len(moves) == state.move_count()
        for move in moves:
            state.play(move)


def test_legal_moves_of_huge_positions_need_a_limit():
    huge = grundy.start("rectangle", "100000000x99999999")
    assert huge.move_count() == 199999997
    with pytest.raises(ValueError, match="has 199999997 legal moves; pass limit="):
        huge.legal_moves()
    assert huge.legal_moves(limit=3) == ["v1", "v2", "v3"]
    assert huge.legal_moves(limit=0) == []


def test_the_end_of_a_game():
    state = grundy.start("rectangle", "2x1")
    assert not state.is_over and state.winner is None
    over = state.play("v1")
    assert over.is_over
    assert over.winner == 0
    assert over.legal_moves() == []
    assert over.move_count() == 0
    assert over.random_move(seed=1) is None
    assert over.perfect_move() is None
    with pytest.raises(ValueError, match="the game is over"):
        over.play("v1")


def test_the_bidding_games_forced_pass_ends_the_game():
    state = grundy.start("bidding", "3").play("triple")
    assert state.legal_moves() == ["pass"]
    with pytest.raises(ValueError, match="the only move is pass"):
        state.play("double")
    over = state.play("pass")
    assert over.is_over and over.winner == 0


def test_side_names():
    assert grundy.start("pousse", "4").side_name(0) == "X"
    assert grundy.start("pousse", "4").side_name(1) == "O"
    assert grundy.start("bidding").side_name(1) == "bajtazar"
    assert grundy.start("rectangle").side_name(0) == "first"
    with pytest.raises(ValueError, match="a player is 0"):
        grundy.start("rectangle").side_name(2)


def test_random_moves_are_legal_and_replay_from_a_seed():
    for game in grundy.games():
        state = game.start()
        move = state.random_move(seed=7)
        assert move in state.legal_moves()
        assert state.random_move(seed=7) == move
    state = grundy.start("cuboid", "5x5x5")
    assert len({state.random_move() for _ in range(40)}) > 1


def test_draw_pictures_the_position():
    assert "n = 15" in grundy.start("bidding", "15").draw()
    assert "X" in grundy.start("pousse", "3:L1").draw()


@pytest.mark.parametrize(
    ("game", "position", "message"),
    [
        ("rectangle", "4xq", 'the height must be a positive integer, got "q" ("4xq")'),
        ("rectangle", "", ""),
        ("cuboid", "65x1x1", "cuboid sides of at most 64 can be played"),
        ("cuboid", "2x2", ""),
        ("bidding", "0", ""),
        ("bidding", "3/3/2", "a finished game is written n/pile/1"),
        ("paper", "2x1:5,5,5,5", ""),
        ("pousse", "0", ""),
        ("pousse", "3:Q9", ""),
        ("pousse-waterloo", "X/O", ""),
    ],
)
def test_bad_positions_raise_value_error(game, position, message):
    with pytest.raises(ValueError) as error:
        grundy.start(game, position)
    assert str(error.value)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("game", "position", "move", "message"),
    [
        ("rectangle", "4x3", "v7", "illegal move v7: a cut must be at 1 to 3"),
        ("rectangle", "4x3", "x1", ""),
        ("rectangle", "4x3", "", ""),
        ("cuboid", "2x2x2", "2:0,0,0", ""),
        ("cuboid", "2x2x2", "1:5,0,0", ""),
        ("bidding", "15", "quadruple", ""),
        ("paper", "2x1", "0,0,2,0", ""),
        ("pousse", "3", "L4", ""),
        ("pousse-waterloo", "3", "Z1", ""),
    ],
)
def test_bad_moves_raise_value_error_and_change_nothing(game, position, move, message):
    state = grundy.start(game, position)
    with pytest.raises(ValueError) as error:
        state.play(move)
    assert str(error.value)
    assert message in str(error.value)
    assert state.position == position and state.history == []


def test_wrong_argument_types_raise_type_error():
    with pytest.raises(TypeError):
        grundy.start(3, "4x3")
    with pytest.raises(TypeError):
        grundy.start("rectangle").play(1)
    with pytest.raises(OverflowError):
        grundy.start("rectangle").legal_moves(limit=-1)


# --- solving ------------------------------------------------------------------------------


def test_solve_returns_a_typed_analysis():
    analysis = grundy.start("rectangle", "4x3").solve()
    assert isinstance(analysis, grundy.Analysis)
    assert analysis.to_move_wins is True
    assert analysis.winner == 0
    assert analysis.grundy_value == 2
    assert analysis.best_move == "v1"
    assert analysis.winning_moves == ["v1", "v3"]
    assert analysis.winning_moves_complete
    assert analysis.remoteness == 5
    assert analysis.remoteness_exact
    assert str(analysis) == "win in 5 best v1 value 2 winning v1 v3"
    assert repr(analysis) == "<Analysis win in 5 best v1 value 2 winning v1 v3>"
    assert analysis == grundy.start("rectangle", "4x3").solve()


def test_solve_names_the_winner_when_the_second_player_wins():
    analysis = grundy.start("rectangle", "4x3").play("v1").solve()
    # 3x3 after v1 is lost for the player to move (player 1): player 0 wins.
    assert analysis.to_move_wins is False
    assert analysis.winner == 0
    assert analysis.winning_moves == []


@pytest.mark.parametrize(
    ("game", "position", "wins", "value", "remoteness"),
    [
        ("cuboid", "2x2x2", False, 0, 2),
        ("cuboid", "4x4x4", False, 0, None),
        ("cuboid", "1x5x7", True, 1, None),
        ("cuboid", "2x2x2+3x4x5", True, 1, 5),
        ("bidding", "1", False, 0, 1),
        ("bidding", "15", True, 2, 12),
        ("paper", "2x1", True, 1, 1),
        ("paper", "2x2:0,1,2,1;0,1,2,1;1,2,1,0;1,1,1,2", False, 0, 0),
        ("rectangle", "1x1", False, 0, 0),
        ("rectangle", "33x11", True, None, None),
    ],
)
def test_solve_agrees_with_the_known_values(game, position, wins, value, remoteness):
    analysis = grundy.start(game, position).solve()
    assert analysis.to_move_wins is wins
    if value is not None:
        assert analysis.grundy_value == value
    if remoteness is not None:
        assert analysis.remoteness == remoteness
    assert analysis.remoteness is not None


def test_winning_moves_lead_to_lost_positions():
    for game, position in [("rectangle", "80x57"), ("cuboid", "2x3x4"), ("bidding", "22")]:
        state = grundy.start(game, position)
        analysis = state.solve()
        assert analysis.winning_moves
        for move in analysis.winning_moves:
            assert state.play(move).solve().to_move_wins is False


def test_pousse_is_searched_within_the_limits():
    state = grundy.start("pousse", "..../XXX./..../O.O.:X")
    analysis = state.solve(depth=2)
    assert analysis.to_move_wins is True
    assert analysis.best_move == "L2"
    assert analysis.remoteness == 1
    assert "depth" in analysis.comment
    assert state.perfect_move(movetime=0.05) == "L2"
    # The Waterloo 3 x 3 board is a draw, known from the solved table.
    draw = grundy.start("pousse-waterloo", "3").solve(movetime=0.1)
    assert draw.to_move_wins is None and draw.winner is None
    assert "draw" in draw.comment


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"movetime": 0}, "movetime is a number of seconds above 0"),
        ({"movetime": -1.5}, "movetime is a number of seconds above 0"),
        ({"movetime": float("nan")}, "movetime is a number of seconds above 0"),
        ({"movetime": float("inf")}, "movetime is a number of seconds above 0"),
        ({"depth": 0}, "depth is a number of plies of at least 1"),
        ({"threads": 0}, "threads is a number from 1 to 256"),
        ({"threads": 1000}, "threads is a number from 1 to 256"),
    ],
)
def test_bad_limits_raise_value_error(arguments, message):
    with pytest.raises(ValueError, match=message):
        grundy.start("pousse", "4").solve(**arguments)
    with pytest.raises(ValueError, match=message):
        grundy.Strategy("perfect").choose(grundy.start("pousse", "4"), **arguments)


def test_limits_are_keyword_only():
    with pytest.raises(TypeError):
        grundy.start("pousse", "4").solve(0.1)


# --- strategies ---------------------------------------------------------------------------


def play_out(state, first, second, **limits):
    players = [first, second]
    while not state.is_over:
        move = players[state.to_move].choose(state, **limits)
        state = state.play(move)
    return state


def test_perfect_play_keeps_a_won_game_against_every_opponent():
    for opponent in ["random", "noisy:0.5", "stubborn", "perfect"]:
        for seed in range(3):
            end = play_out(
                grundy.start("rectangle", "33x11"),
                grundy.Strategy("perfect"),
                grundy.Strategy(opponent, seed=seed),
            )
            assert end.winner == 0, (opponent, seed, end.history)


def test_perfect_play_lasts_the_remoteness():
    state = grundy.start("cuboid", "2x2x2+3x4x5")
    end = play_out(state, grundy.Strategy("perfect"), grundy.Strategy("perfect"))
    assert len(end.history) == state.solve().remoteness


def test_seeded_strategies_replay_exactly():
    def game(seed):
        return play_out(
            grundy.start("bidding", "200"),
            grundy.Strategy("random", seed=seed),
            grundy.Strategy("noisy:0.3", seed=seed + 1),
        ).history

    assert game(4) == game(4)
    assert game(4) != game(5)


def test_strategy_names_and_errors():
    assert grundy.Strategy("noisy").name == "noisy:0.1"
    assert repr(grundy.Strategy("mcts:playouts=50")) == 'grundy.Strategy("mcts:playouts=50")'
    with pytest.raises(ValueError, match="unknown strategy; the strategies are perfect"):
        grundy.Strategy("best")
    with pytest.raises(ValueError, match="noisy:ε is a probability from 0 to 1"):
        grundy.Strategy("noisy:2")
    with pytest.raises(ValueError, match="alphabeta is a Pousse strategy; it cannot play"):
        grundy.Strategy("alphabeta").choose(grundy.start("rectangle"))


def test_the_pousse_engine_and_sparring_partners_play_within_a_time_limit():
    state = grundy.start("pousse", "..../XXX./..../O.O.:X")
    for spec in ["perfect", "alphabeta", "mcts", "noisy:0"]:
        move = grundy.Strategy(spec, seed=3).choose(state, movetime=0.05)
        assert state.play(move).winner == 0, spec
    six = grundy.start("pousse", "6")
    move = grundy.Strategy("perfect").choose(six, movetime=0.05, threads=2)
    assert move in six.legal_moves()
    assert grundy.Strategy("scripted:v1,h1").choose(grundy.start("rectangle", "1x3")) == "h1"


def test_choose_on_a_finished_game_is_none():
    assert grundy.Strategy("perfect").choose(grundy.start("rectangle", "1x1")) is None


# --- tables -------------------------------------------------------------------------------


def test_the_cuboid_table_is_a_numpy_array_of_grundy_values():
    table = grundy.cuboid_table(8)
    assert isinstance(table, np.ndarray)
    assert table.dtype == np.uint32
    assert table.shape == (9, 9, 9)
    # No cuboid when a side is 0.
    assert not table[0].any() and not table[:, 0].any() and not table[:, :, 0].any()
    # Facts of the rules page: a side 1 is worth 1; the only zeros are 2x2x2 and 4x4x4.
    assert (table[1, 1:, 1:] == 1).all()
    zeros = {tuple(int(i) for i in index) for index in np.argwhere(table[1:, 1:, 1:] == 0) + 1}
    assert zeros == {(2, 2, 2), (4, 4, 4)}
    assert (table[2, 2, 3:] == 2).all()
    # The order of the sides does not matter.
    assert (table == table.transpose(1, 0, 2)).all()
    assert (table == table.transpose(2, 1, 0)).all()


def test_the_cuboid_table_agrees_with_solve():
    table = grundy.cuboid_table(6)
    for sides in [(1, 2, 3), (3, 4, 5), (6, 6, 6), (2, 5, 6)]:
        position = "x".join(map(str, sides))
        assert table[sides] == grundy.start("cuboid", position).solve().grundy_value


def test_the_cuboid_table_refuses_sides_beyond_128():
    with pytest.raises(ValueError, match="cuboid side 129 is beyond the supported maximum of 128"):
        grundy.cuboid_table(129)
    assert grundy.cuboid_table(0).shape == (1, 1, 1)
    with pytest.raises(OverflowError):
        grundy.cuboid_table(-1)


# --- the interpreter lock -----------------------------------------------------------------


def runs_alongside(call):
    """True when the main thread runs Python code while `call` runs in another thread.

    The switch interval is set far beyond the call's length, so the worker gives the
    interpreter up only when the call releases it: then the main thread, waiting on the
    event, wakes while the call is still running.
    """
    started = threading.Event()
    finished = threading.Event()

    def worker():
        started.set()
        call()
        finished.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        thread = threading.Thread(target=worker)
        thread.start()
        started.wait()
        alongside = not finished.is_set()
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    return alongside


def test_long_calls_release_the_interpreter():
    state = grundy.start("pousse", "7")
    assert runs_alongside(lambda: state.solve(movetime=1.0))
    assert runs_alongside(lambda: grundy.Strategy("mcts").choose(state, movetime=1.0))


# --- pickling -----------------------------------------------------------------------------


def test_states_and_games_pickle_with_their_history():
    import pickle

    state = grundy.start("pousse", "4").play("L1").play("T2")
    copy_ = pickle.loads(pickle.dumps(state))
    assert copy_ == state
    assert copy_.history == ["L1", "T2"]
    assert copy_.start_position == "4"
    rectangle = grundy.start("rectangle", "9x9").play("v3")
    assert pickle.loads(pickle.dumps(rectangle)).history == ["v3"]
    assert pickle.loads(pickle.dumps(grundy.Game("paper"))) == grundy.Game("paper")
    with pytest.raises(ValueError, match="illegal move"):
        grundy._grundy._restore("rectangle", "2x2", ["v5"])


def test_a_nim_sequence_is_a_numpy_array_with_its_proved_period():
    kayles = grundy.sequence("0.77", 300)
    assert isinstance(kayles.values, np.ndarray)
    assert kayles.values.dtype == np.uint32
    assert len(kayles.values) == 301
    # Kayles: 0 1 2 3 1 4 3 2 1 4 2 6, then period 12 from heap 71 on.
    assert list(kayles.values[:12]) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert kayles.periodicity == "proved"
    assert (kayles.period, kayles.preperiod) == (12, 71)
    assert kayles.rules == "0.77"
    assert "period 12" in repr(kayles)


def test_a_nim_sequence_agrees_with_solving_single_heaps():
    values = grundy.sequence("S(1,3,4)", 40).values
    # Subtraction game {1, 3, 4}: period 7, values 0 1 0 1 2 3 2.
    assert [int(v) for v in values[:14]] == [0, 1, 0, 1, 2, 3, 2] * 2


def test_grundys_game_claims_no_period():
    result = grundy.sequence("grundy", 30)
    assert result.periodicity == "no_theorem"
    assert result.period is None and result.preperiod is None
    assert list(result.values[:10]) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]


def test_bad_sequence_requests_raise_value_error_naming_the_token():
    with pytest.raises(ValueError, match="8"):
        grundy.sequence("0.8", 10)
    with pytest.raises(ValueError):
        grundy.sequence("", 10)
    with pytest.raises(ValueError, match="MiB"):
        grundy.sequence("0.77", 10**12)
