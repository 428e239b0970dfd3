"""Your own game: a Python class (or a heap ruleset) valued, solved and bounded by grundy,
each example of ``python/examples/rulesets`` checked against a built-in game or a published
value, and every kind of bad input answered with an exception naming the position.

No test asserts a wall-clock time: a generous ``time_limit`` guards against a hang."""

import doctest
import importlib.util
import random
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

import grundy

RULESETS = Path(__file__).resolve().parent.parent / "examples" / "rulesets"
sys.path.insert(0, str(RULESETS))

from cutcake import Cake, published_value  # noqa: E402
from domineering import Domineering  # noqa: E402
from kayles import KAYLES, kayles_options  # noqa: E402
from snort import Path as SnortPath  # noqa: E402
from toppling_dominoes import Row  # noqa: E402
from wythoff import Wythoff, cold_pairs  # noqa: E402


@pytest.mark.parametrize("path", sorted(RULESETS.glob("*.py")), ids=lambda path: path.stem)
def test_every_ruleset_example_runs_its_docstring(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0, path.name


# --- the examples against the built-in games and published values -----------------------


def test_domineering_with_components_agrees_with_the_built_in_game_up_to_4x4():
    for rows in range(1, 5):
        for columns in range(1, 5):
            mine = grundy.value(Domineering.empty(rows, columns))
            built_in = grundy.value_of("domineering", f"{columns}x{rows}")
            assert mine == built_in, (rows, columns)
            assert repr(mine) == repr(built_in)


def test_domineering_agrees_on_boards_with_holes():
    rng = random.Random(49)
    for _ in range(150):
        rows, columns = rng.randint(1, 4), rng.randint(1, 4)
        cells = [(r, c) for r in range(rows) for c in range(columns) if rng.random() < 0.75]
        board = Domineering(cells)
        notation = "/".join(
            "".join("." if (r, c) in board.cells else "#" for c in range(columns))
            for r in range(rows)
        )
        assert grundy.value(board) == grundy.value_of("domineering", notation), notation


def test_cutcake_has_the_published_values():
    for width in range(1, 13):
        for height in range(1, 13):
            assert grundy.value(Cake(width, height)) == grundy.Value(str(published_value(width, height)))


def test_a_sum_of_cakes_is_the_sum_of_their_values():
    cakes = Cake(cakes=[(5, 1), (1, 3), (8, 3)])
    assert grundy.value(cakes) == grundy.Value("4 - 2 + 3")


def test_wythoff_rows_and_cold_positions_are_the_published_ones():
    row_one = [grundy.value(Wythoff(1, n)) for n in range(30)]
    published = [n + 1 if n % 3 < 2 else n - 2 for n in range(30)]
    assert row_one == [grundy.Value(f"*{g}") if g else grundy.Value("0") for g in published]
    for n in range(30):
        assert grundy.value(Wythoff(0, n)) == grundy.Value(f"*{n}" if n else "0")
    cold = set(cold_pairs(20))
    for a in range(30):
        for b in range(a, 30):
            assert (grundy.outcome(Wythoff(a, b)) == "P") == ((a, b) in cold), (a, b)


def test_snort_on_a_path_is_its_own_negative_with_the_published_first_values():
    assert [repr(grundy.value(SnortPath(n))) for n in (1, 2, 3)] == ["*", "±1", "±2"]
    for n in range(1, 9):
        g = grundy.value(SnortPath(n))
        assert g + g == grundy.Value("0"), n
        assert grundy.outcome(SnortPath(n)) in ("N", "P")


def test_toppling_dominoes_has_the_published_values_and_symmetries():
    for n in range(1, 8):
        assert grundy.value(Row("L" * n)) == grundy.Value(str(n))
        assert grundy.value(Row("R" * n)) == grundy.Value(str(-n))
    assert repr(grundy.value(Row("LR"))) == "*"
    assert repr(grundy.value(Row("G"))) == "*"
    rng = random.Random(7)
    swap = str.maketrans("LR", "RL")
    for _ in range(60):
        row = "".join(rng.choice("LRG") for _ in range(rng.randint(1, 7)))
        g = grundy.value(Row(row))
        assert grundy.value(Row(row[::-1])) == g, row
        assert grundy.value(Row(row.translate(swap))) == -g, row


def test_kayles_as_a_heap_ruleset_is_0_77():
    mine = KAYLES.sequence(600, progress=False)
    built_in = grundy.sequence("0.77", 600)
    assert mine.values.tolist() == built_in.values.tolist()
    assert (mine.periodicity, mine.period, mine.preperiod) == ("seen", 12, 71)
    assert "seen, not proved" in repr(mine)


def test_heap_positions_are_sums_of_heaps():
    assert str(KAYLES(7, 0, 5)) == "5+7"
    assert KAYLES(5, 7) == KAYLES(7, 5) and hash(KAYLES(5, 7)) == hash(KAYLES(7, 5))
    assert grundy.value(KAYLES(5, 7)) == grundy.Value("*4 + *2")
    assert [str(option) for option in KAYLES(3).options()] == ["2", "1+1", "1"]


def test_kayles_misere_outcomes_agree_with_the_built_in_game():
    rng = random.Random(3)
    for _ in range(40):
        heaps = [rng.randint(1, 7) for _ in range(rng.randint(1, 3))]
        notation = "0.77:" + "+".join(map(str, heaps)) + "@misere"
        built_in = grundy.start("takebreak", notation).solve()
        mine = grundy.outcome(KAYLES(*heaps), misere=True)
        assert mine == ("N" if built_in.winner == 0 else "P"), notation


def test_kayles_misere_quotient_is_0_77s():
    # `grundy misere-quotient 0.77 --heaps 30` prints this quotient: order 40, generators
    # at heaps 1, 2, 5, 9, 12, 25, 27, and these relations and P-portion.
    quotient = KAYLES.misere_quotient(30, progress=False)
    assert quotient.order == 40
    assert quotient.generators == [("a", 1), ("b", 2), ("c", 5), ("d", 9), ("e", 12), ("f", 25), ("g", 27)]
    assert quotient.p_portion == ["a", "b^2", "ac", "d", "ac^2", "e", "ad^2", "ade", "adf"]
    assert quotient.relations[:4] == ["a^2 = 1", "bd = bc", "be = bc", "bf = ab"]
    assert len(quotient.relations) == 21
    assert quotient.heap_elements[:8] == ["1", "a", "b", "ab", "a", "c", "ab", "b"]
    assert quotient.periodic is None  # a function gives the periodicity theorem nothing
    # Its outcomes are the exact misère search's, through the built-in game.
    rng = random.Random(30)
    for _ in range(40):
        heaps = [rng.randint(1, 12) for _ in range(rng.randint(1, 3))]
        notation = "0.77:" + "+".join(map(str, heaps)) + "@misere"
        built_in = grundy.start("takebreak", notation).solve()
        assert quotient.outcome(*heaps) == ("N" if built_in.winner == 0 else "P"), notation
    with pytest.raises(ValueError, match="beyond the quotient's heaps"):
        quotient.outcome(31)


def test_kayles_genera_are_conways():
    # On Numbers and Games: Kayles' first heaps, wild from 5 on.
    genera = [KAYLES.genus(n) for n in range(7)]
    assert genera == ["0^{120}", "1^{031}", "2^{20}", "3^{31}", "1^{031}", "4^{146}", "3^{31}"]
    partizan = grundy.HeapRuleset(left=kayles_options, right=kayles_options)
    with pytest.raises(ValueError, match="partizan"):
        partizan.misere_quotient(5)


def test_solve_gives_the_users_own_options_and_the_exact_remoteness():
    rng = random.Random(11)
    for _ in range(25):
        heaps = [rng.randint(1, 6) for _ in range(rng.randint(1, 3))]
        notation = "0.77:" + "+".join(map(str, heaps))
        built_in = grundy.start("takebreak", notation).solve()
        solution = grundy.solve(KAYLES(*heaps))
        assert solution.to_move_wins == (built_in.winner == 0), notation
        assert solution.remoteness == built_in.remoteness, notation
        for move in solution.winning_moves:
            assert isinstance(move, grundy.HeapPosition)
            assert grundy.outcome(move) == "P"
        assert len(solution.moves) == len(KAYLES(*heaps).options())


def test_a_partizan_solution_names_the_side():
    board = Domineering.empty(3, 3)
    for side in ("left", "right"):
        solution = grundy.solve(board, to_move=side)
        assert solution.to_move == side and solution.to_move_wins  # ±1: the first player wins
        assert solution.winning_moves and all(isinstance(m, Domineering) for m in solution.winning_moves)
    with pytest.raises(ValueError, match="to_move"):
        grundy.solve(board)
    with pytest.raises(ValueError, match="impartial"):
        grundy.solve(Wythoff(1, 2), to_move="left")


def test_a_partizan_heap_ruleset_values_heaps():
    # Left takes one token, Right takes two: a heap of n is worth about n/3 for Left.
    ruleset = grundy.HeapRuleset(
        left=lambda n: [[n - 1]] if n >= 1 else [],
        right=lambda n: [[n - 2]] if n >= 2 else [],
        name="one-two",
    )
    assert ruleset.is_partizan
    values = ruleset.values(6)
    assert [repr(v) for v in values[:3]] == ["0", "1", "{1|0}"]
    assert grundy.value(ruleset(2, 2)) == values[2] + values[2]
    with pytest.raises(ValueError, match="values, not a nim sequence"):
        ruleset.sequence(10)


def test_misere_outcomes_of_partizan_games():
    # Under misère play the player who cannot move wins: on an empty board both win at once.
    assert grundy.outcome(Domineering([]), misere=True) == "N"
    # One vertical slot: Left must fill it (and then Right cannot move and wins); Right cannot
    # move and wins at once.
    assert grundy.outcome(Domineering([(0, 0), (1, 0)]), misere=True) == "R"


# --- the cache ----------------------------------------------------------------------------


def test_a_cache_keeps_values_across_calls_and_can_be_cleared_and_bounded():
    cache = grundy.Cache()
    assert len(cache) == 0 and cache.last_run is None
    grundy.value(Domineering.empty(3, 4), cache=cache)
    first = cache.last_run
    assert first["positions"] > 0 and len(cache) > 0
    assert 0 <= first["user_seconds"] <= first["seconds"]
    grundy.value(Domineering.empty(3, 4), cache=cache)
    assert cache.last_run["positions"] == 0
    assert cache.bytes > 0
    cache.clear()
    assert len(cache) == 0
    small = grundy.Cache(memory_limit=1)
    assert small.memory_limit == 1
    with pytest.raises(MemoryError, match="memory_limit=1"):
        grundy.value(Domineering.empty(5, 5), cache=small, progress=False)
    assert len(small) > 0  # what was valued stays, and is right
    grundy.value(Domineering.empty(2, 3), cache=small)
    with pytest.raises(ValueError, match="memory_limit"):
        grundy.Cache(memory_limit=0)


def test_the_shared_cache_is_grundy_cache():
    grundy.cache.clear()
    grundy.value(Wythoff(3, 4))
    assert len(grundy.cache) > 0
    assert "grundy.Cache(" in repr(grundy.cache)


# --- bad input ----------------------------------------------------------------------------


class Raising:
    """A game whose position 3 raises."""

    def __init__(self, n):
        self.n = n

    def options(self):
        if self.n == 3:
            raise RuntimeError("no options here")
        return [Raising(k) for k in range(self.n)]

    def __eq__(self, other):
        return isinstance(other, Raising) and self.n == other.n

    def __hash__(self):
        return hash(self.n)

    def __str__(self):
        return f"R{self.n}"


def test_an_exception_of_a_users_method_is_passed_on_naming_the_position():
    with pytest.raises(RuntimeError, match="no options here") as raised:
        grundy.value(Raising(6), cache=grundy.Cache())
    notes = getattr(raised.value, "__notes__", [])
    assert any("options() of R3" in note for note in notes), notes


class WrongOption(Raising):
    def options(self):
        return [WrongOption(0), 42] if self.n else []


def test_an_option_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match=r"42 \(an option of R2\) is a int, not a position"):
        grundy.value(WrongOption(2), cache=grundy.Cache())


class NotAList(Raising):
    def options(self):
        return 7


def test_options_that_are_not_a_list_are_a_type_error():
    with pytest.raises(TypeError, match=r"options\(\) of R1 gave int, not a list of positions"):
        grundy.value(NotAList(1), cache=grundy.Cache())


class Loop(Raising):
    def options(self):
        return [Loop((self.n + 1) % 3)]


def test_a_position_that_follows_itself_is_valued_as_a_game_that_loops():
    # R0 -> R1 -> R2 -> R0 for ever: no position ends, so each is worth ∞ and drawn.
    assert str(grundy.value(Loop(0), cache=grundy.Cache())) == "∞"
    assert grundy.outcome(Loop(0), cache=grundy.Cache()) == "D"
    solution = grundy.solve(Loop(0), cache=grundy.Cache())
    assert solution.outcome == "draw" and solution.remoteness is None
    assert [move.n for move in solution.drawing_moves] == [1]


class BadHash(Raising):
    """Equal positions that hash apart (the hash of the object, not of the position)."""

    def options(self):
        return [BadHash(k) for k in range(self.n)] + [BadHash(k) for k in range(self.n)]

    __hash__ = object.__hash__


def test_a_hash_inconsistent_with_equality_is_caught():
    with pytest.raises(ValueError, match="__hash__ is inconsistent with =="):
        grundy.value(BadHash(4), cache=grundy.Cache())


class Unhashable(Raising):
    __hash__ = None


def test_an_unhashable_position_is_a_type_error():
    with pytest.raises(TypeError, match="R2 is not hashable"):
        grundy.value(Unhashable(2), cache=grundy.Cache())


def test_an_object_that_is_no_game_is_a_type_error():
    with pytest.raises(TypeError, match="is not a position of a game"):
        grundy.value(42)


def test_bad_heap_rulesets_name_the_heap_and_the_option():
    with pytest.raises(ValueError, match=r"options of a heap of 3 include \[3\]"):
        grundy.HeapRuleset(lambda n: [[n]])(3).options()
    with pytest.raises(TypeError, match="a heap is a whole number, not a str"):
        grundy.HeapRuleset(lambda n: [["a"]])(3).options()
    with pytest.raises(TypeError, match="must be a list of lists"):
        grundy.HeapRuleset(lambda n: 5)(3).options()
    with pytest.raises(ZeroDivisionError) as raised:
        # A heap's value comes from the sequence to it: heaps 0 to 2 are asked first.
        broken = grundy.HeapRuleset(lambda n: [[k] for k in range(n)] if n < 3 else 1 // 0, name="broken")
        grundy.value(broken(3), cache=grundy.Cache())
    assert any("broken's options of a heap of 3" in note for note in raised.value.__notes__)
    with pytest.raises(TypeError, match="function of a heap size"):
        grundy.HeapRuleset(5)
    with pytest.raises(TypeError, match="left= and right="):
        grundy.HeapRuleset(left=kayles_options)
    with pytest.raises(ValueError, match="whole number from 0"):
        KAYLES(-1)


# --- long runs ----------------------------------------------------------------------------


class Chain:
    """A chain of ``n`` moves: deeper than Python's recursion limit allows."""

    def __init__(self, n):
        self.n = n

    def options(self):
        return [Chain(self.n - 1)] if self.n else []

    def __eq__(self, other):
        return isinstance(other, Chain) and self.n == other.n

    def __hash__(self):
        return hash(self.n)

    def __str__(self):
        return f"chain {self.n}"


def test_depth_is_not_limited_by_pythons_recursion_limit():
    depth = 20 * sys.getrecursionlimit()
    cache = grundy.Cache()
    assert grundy.value(Chain(depth), cache=cache, progress=False) == grundy.Value("*" if depth % 2 else "0")
    assert grundy.solve(Chain(depth), cache=cache, progress=False).remoteness == depth


class Huge:
    """Every subset of 40 tokens: far too many positions to value."""

    def __init__(self, tokens=(1 << 40) - 1):
        self.tokens = tokens

    def options(self):
        return [Huge(self.tokens & ~(1 << i)) for i in range(40) if self.tokens >> i & 1]

    def __eq__(self, other):
        return isinstance(other, Huge) and self.tokens == other.tokens

    def __hash__(self):
        return hash(self.tokens)

    def __str__(self):
        return f"{self.tokens:x}"


def test_a_time_limit_stops_a_valuation():
    with pytest.raises(TimeoutError, match="time_limit=0.3"):
        grundy.value(Huge(), cache=grundy.Cache(), time_limit=0.3, progress=False)


def test_progress_goes_to_stderr_after_a_second(capsys):
    with pytest.raises(TimeoutError):
        grundy.value(Huge(), cache=grundy.Cache(), time_limit=2.5)
    assert "grundy: valuing —" in capsys.readouterr().err


def test_ctrl_c_stops_a_valuation():
    timer = threading.Timer(0.5, signal.raise_signal, args=(signal.SIGINT,))
    began = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.value(Huge(), cache=grundy.Cache(), time_limit=120, progress=False)
    finally:
        timer.cancel()
    print(f"stopped {time.monotonic() - began - 0.5:.3f} s after the signal")
