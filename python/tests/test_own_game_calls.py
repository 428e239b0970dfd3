"""Your own game, as a newcomer meets it: how often grundy calls your methods (once per
position, once per heap), what its progress says and where, and the small things of the
interface (``Value.nim``, any iterable of options, ``to_move="L"``, a class that is both
kinds of game).

No test asserts a wall-clock time: a generous ``time_limit`` guards against a hang."""

import collections
import io
import sys
import time

import pytest

import grundy
from test_value_numbers import Stalk  # a Blue-Red Hackenbush stalk

sys.setrecursionlimit(10_000)

CALLS = collections.Counter()
HASHED = []


class FibonacciNim:
    """A heap and the most the player to move may take; taking ``k`` lets the next player
    take up to ``2k``. Counts every call grundy makes into it."""

    def __init__(self, heap, limit):
        self.heap = heap
        self.limit = min(limit, heap)

    def options(self):
        CALLS["options", self.heap, self.limit] += 1
        return [FibonacciNim(self.heap - k, 2 * k) for k in range(1, self.limit + 1)]

    def __eq__(self, other):
        CALLS["eq"] += 1
        return isinstance(other, FibonacciNim) and (self.heap, self.limit) == (other.heap, other.limit)

    def __hash__(self):
        HASHED.append(self)  # kept alive, so that ids are not reused
        return hash((self.heap, self.limit))

    def __str__(self):
        CALLS["str"] += 1
        return f"{self.heap}/{self.limit}"


def brute_nim_value(heap, limit, memo):
    """The plain memoised brute force on pairs."""
    limit = min(limit, heap)
    if (heap, limit) not in memo:
        seen = {brute_nim_value(heap - k, 2 * k, memo) for k in range(1, limit + 1)}
        value = 0
        while value in seen:
            value += 1
        memo[heap, limit] = value
    return memo[heap, limit]


def test_each_method_is_called_once_per_position_and_hash_once_per_object():
    CALLS.clear()
    HASHED.clear()
    cache = grundy.Cache()
    memo = {}
    value = grundy.value(FibonacciNim(60, 59), cache=cache, progress=False)
    assert value.nim == brute_nim_value(60, 59, memo)
    distinct = len(memo)
    run = cache.last_run
    assert run["positions"] == distinct
    options_calls = {key: count for key, count in CALLS.items() if key[0] == "options"}
    assert len(options_calls) == distinct and set(options_calls.values()) == {1}
    assert len({id(position) for position in HASHED}) == len(HASHED), "an object hashed twice"
    # str() only for the check of the hash against the notation (the first thousand).
    assert CALLS["str"] <= min(distinct, 1000)
    # Asking again: nothing new is computed, the root alone is hashed.
    CALLS.clear()
    HASHED.clear()
    assert grundy.value(FibonacciNim(60, 59), cache=cache, progress=False) == value
    assert len(HASHED) == 1 and not any(key[0] == "options" for key in CALLS)
    assert cache.last_run["positions"] == 0


def grundys_game(n):
    CALLS["heap", n] += 1
    return [[a, n - a] for a in range(1, (n + 1) // 2)]


def brute_sequence(to):
    values = []
    for heap in range(to + 1):
        seen = {values[a] ^ values[heap - a] for a in range(1, (heap + 1) // 2)}
        value = 0
        while value in seen:
            value += 1
        values.append(value)
    return values


def test_a_heap_ruleset_asks_its_function_once_a_heap_and_values_positions_from_the_sequence():
    ruleset = grundy.HeapRuleset(grundys_game, name="Grundy's game")
    expected = brute_sequence(90)
    cache = grundy.Cache()
    CALLS.clear()
    assert ruleset.sequence(50, cache=cache, progress=False).values.tolist() == expected[:51]
    assert sorted(CALLS) == [("heap", n) for n in range(51)] and set(CALLS.values()) == {1}
    run = cache.last_run
    assert run["positions"] == 51 and 0 < run["user_seconds"] <= run["seconds"]
    # Positions of heaps already known ask nothing; a larger heap asks only the new heaps.
    CALLS.clear()
    assert grundy.value(ruleset(30, 40, 50), cache=cache).nim == expected[30] ^ expected[40] ^ expected[50]
    assert not CALLS and cache.last_run["positions"] == 0
    assert grundy.outcome(ruleset(7, 90), cache=cache) == ("P" if expected[7] == expected[90] else "N")
    assert sorted(CALLS) == [("heap", n) for n in range(51, 91)]
    assert cache.last_run["positions"] == 40
    # values() of single heaps, from the same table.
    CALLS.clear()
    assert [v.nim for v in ruleset.values(90, cache=cache)] == expected
    assert not CALLS
    # A fresh cache starts again; clear() forgets the heaps.
    cache.clear()
    assert grundy.value(ruleset(12), cache=cache).nim == expected[12]
    assert cache.last_run["positions"] == 13


def test_a_heap_position_is_valued_as_the_walk_values_its_options():
    ruleset = grundy.HeapRuleset(grundys_game)
    expected = brute_sequence(40)
    for heaps in [(), (1,), (3, 3), (5, 9, 12), (40, 17, 2, 2)]:
        total = 0
        for heap in heaps:
            total ^= expected[heap]
        assert grundy.value(ruleset(*heaps), cache=grundy.Cache()).nim == total, heaps
        # The same through its options (a position of one move more), walked as objects.
        position = ruleset(*heaps)
        reached = {grundy.value(option, cache=grundy.Cache()).nim for option in position.options()}
        smallest = 0
        while smallest in reached:
            smallest += 1
        assert smallest == total, heaps


class SlowHeaps:
    """A heap ruleset whose function takes a few milliseconds a heap."""

    def __call__(self, n):
        time.sleep(0.004)
        return [[n - 1]] if n else []


class TerminalStream(io.StringIO):
    def isatty(self):
        return True


def test_progress_on_a_pipe_is_lines_counting_heaps_and_says_stopped(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    ruleset = grundy.HeapRuleset(SlowHeaps(), name="slow")
    with pytest.raises(TimeoutError, match="heaps"):
        ruleset.sequence(100_000, cache=grundy.Cache(), time_limit=1.6)
    text = stream.getvalue()
    assert "\r" not in text and text.endswith("\n")
    lines = text.splitlines()
    assert lines[0].startswith("grundy: computing the nim sequence — ") and " heaps, " in lines[0]
    assert "new positions" not in text
    assert lines[-1].startswith("grundy: computing the nim sequence — stopped: ")
    assert "done" not in text


def test_progress_on_a_terminal_is_redrawn_and_says_done(monkeypatch):
    stream = TerminalStream()
    monkeypatch.setattr(sys, "stderr", stream)
    ruleset = grundy.HeapRuleset(SlowHeaps(), name="slow")
    values = ruleset.sequence(320, cache=grundy.Cache(), time_limit=60).values
    assert values.tolist() == [n % 2 for n in range(321)]
    text = stream.getvalue()
    assert text.startswith("\rgrundy: computing the nim sequence — ")
    assert text.endswith(" s\n") and "\n" not in text[:-1]
    assert "— done: 321 heaps in " in text


def test_value_nim_is_the_n_of_a_nimber():
    assert grundy.Value("0").nim == 0
    assert grundy.Value("*").nim == 1
    assert grundy.Value("*12").nim == 12
    assert grundy.value(FibonacciNim(1, 1)).nim == 1
    for not_a_nimber in ("1", "^", "*2 + 1", "{1|0}"):
        with pytest.raises(ValueError, match="not a nimber"):
            grundy.Value(not_a_nimber).nim
    with pytest.raises(TypeError, match=r"\.nim"):
        int(grundy.Value("*3"))


class Subtraction:
    """Take 1, 2 or 3; ``kind`` says what ``options()`` returns."""

    def __init__(self, n, kind):
        self.n, self.kind = n, kind

    def options(self):
        found = (Subtraction(self.n - k, self.kind) for k in (1, 2, 3) if k <= self.n)
        return {"list": list, "tuple": tuple, "generator": iter, "set": set}[self.kind](found)

    def __eq__(self, other):
        return isinstance(other, Subtraction) and self.n == other.n

    def __hash__(self):
        return self.n

    def __str__(self):
        return str(self.n)


@pytest.mark.parametrize("kind", ["list", "tuple", "generator", "set"])
def test_options_may_be_any_iterable(kind):
    for n in range(20):
        assert grundy.value(Subtraction(n, kind), cache=grundy.Cache()).nim == n % 4
    assert grundy.solve(Subtraction(9, kind), cache=grundy.Cache()).remoteness == 5


class Both(Subtraction):
    def left_options(self):
        return []


def test_a_class_with_both_kinds_of_options_is_refused_naming_both():
    with pytest.raises(TypeError, match=r"both options\(\) and left_options\(\)"):
        grundy.value(Both(3, "list"))
    with pytest.raises(TypeError, match=r"both options\(\) and left_options\(\)"):
        grundy.define_game(Both(3, "list"), name="both-kinds")


def test_to_move_takes_l_and_r_and_no_message_shows_rust():
    stalk = Stalk("BRB")  # 3/4: Left wins whoever starts
    for short, long in (("L", "left"), ("R", "right"), ("l", "left")):
        mine, theirs = grundy.solve(stalk, to_move=short), grundy.solve(stalk, to_move=long)
        assert mine.to_move == long
        assert (mine.to_move_wins, mine.remoteness) == (theirs.to_move_wins, theirs.remoteness)
    with pytest.raises(ValueError) as raised:
        grundy.solve(stalk, to_move="up")
    assert '"up"' in str(raised.value) and "Some(" not in str(raised.value)
    with pytest.raises(ValueError) as raised:
        grundy.solve(stalk)
    assert "None" not in str(raised.value) and '"L"' in str(raised.value)
    with pytest.raises(ValueError) as raised:
        grundy.solve(Subtraction(3, "list"), to_move="L")
    assert 'to_move="L"' in str(raised.value)
    with pytest.raises(ValueError) as raised:
        grundy.define_game(stalk, name="stalk-sides", first="up")
    assert '"up"' in str(raised.value) and "Some(" not in str(raised.value)


def dawsons_chess(n):
    """0.137: take one token alone, two from an end, or three splitting the rest."""
    found = [[]] if n == 1 else []
    if n >= 2:
        found.append([n - 2])
    if n >= 3:
        found += [[a, n - 3 - a] for a in range((n - 3) // 2 + 1)]
    return found


def test_the_misere_quotients_progress_is_the_command_lines_and_says_stopped(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    ruleset = grundy.HeapRuleset(dawsons_chess, name="0.137")
    with pytest.raises(TimeoutError):
        ruleset.misere_quotient(100, time_limit=2.5)
    lines = stream.getvalue().splitlines()
    assert stream.getvalue().endswith("\n") and "\r" not in stream.getvalue()
    heaps = [line for line in lines if line.startswith("grundy: misère quotient — heap ")]
    assert heaps and all(" of 100" in line for line in heaps), lines
    assert lines[-1].startswith("grundy: misère quotient — stopped after "), lines
    # Silenced with progress=False; a quotient that ends says nothing within its second.
    stream.truncate(0)
    stream.seek(0)
    with pytest.raises(TimeoutError):
        ruleset.misere_quotient(100, time_limit=1.5, progress=False)
    assert stream.getvalue() == ""


def test_a_partizan_game_of_your_own_is_played_under_misere_play():
    game = grundy.define_game(Stalk("BRB"), name="stalk-misere")
    right_first = grundy.define_game(Stalk("BRB"), name="stalk-misere-right", first="right")
    for edges in ["", "B", "R", "BR", "BRB", "RRB", "BBRR", "BRRBB"]:
        outcome = grundy.outcome(Stalk(edges), misere=True)
        cases = ((game, "left", outcome in ("L", "N")), (right_first, "right", outcome in ("R", "N")))
        for defined, mover, mover_wins in cases:
            state = grundy.start(defined, Stalk(edges), misere=True)
            assert state.position.endswith("@misere"), state.position
            solved = state.solve()
            assert solved.to_move_wins == mover_wins, (edges, mover)
            assert solved.remoteness == grundy.solve(Stalk(edges), to_move=mover, misere=True).remoteness
            assert solved.value is None  # values add under normal play only
            # Played out by perfect play, the winner is the one the solution named.
            while not state.is_over:
                state = state.play(state.perfect_move())
            assert state.winner == (0 if mover_wins else 1), (edges, mover)
    # The player who cannot move wins: nothing to play, and the player to move has won.
    over = grundy.start(game, Stalk(""), misere=True)
    assert over.is_over and over.winner == 0


def test_a_heap_too_large_for_the_memory_limit_is_refused_at_once():
    ruleset = grundy.HeapRuleset(grundys_game)
    with pytest.raises(MemoryError, match="heaps 0 to 1000000000 take 4001 MB, past the memory limit of 100 MB"):
        grundy.value(ruleset(10**9), cache=grundy.Cache(), memory_limit=100)
    with pytest.raises(MemoryError, match="memory limit"):
        ruleset.sequence(10**12, cache=grundy.Cache(memory_limit=100))
