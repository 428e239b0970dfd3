"""Random small games of your own, checked against a brute force in Python: hundreds of
games on a few positions, drawn from a fixed seed, each with random moves and, in some,
a method that raises, an option that is no position, or a move back that makes a loop.

Every answer of ``grundy.value``, ``grundy.outcome`` (normal and misère) and
``grundy.solve`` is the brute force's (on a game with a loop, the loopy brute forces of
``test_loopy_games``: draws, ``∞`` values), and a game with a fault is the error the fault
makes (the method's own exception or a ``TypeError``), never another answer, a panic or a
crash. This is the package's differential fuzzing of a
user's game, run on every test run (a libFuzzer target would have to build the package, the
web server and an embedded interpreter with coverage instrumentation: docs/fuzzing.md)."""

import random

import pytest

import grundy
from test_loopy_games import LETTER, loopy_values, retrograde

GAMES = 1500
# The most positions of a game.
MOST = 9


class Broken(RuntimeError):
    """What a faulty ``options()`` raises."""


def random_game(rng):
    """A game on positions ``0 .. n - 1``: each position's options (moves go to larger
    positions, so every play ends) and, sometimes, one fault."""
    n = rng.randint(1, MOST)
    options = {p: sorted(rng.sample(range(p + 1, n), rng.randint(0, min(3, n - p - 1)))) for p in range(n)}
    fault = None
    if n > 1 and rng.random() < 0.3:
        kind = rng.choice(["raises", "not a position", "loop"])
        where = rng.randrange(n)
        fault = (kind, where)
        if kind == "loop":
            # A move back to a position at or before it: a loop when it leads back here.
            back = rng.randint(0, where)
            options[where] = options[where] + [back]
            if where not in reachable(options, back):
                fault = None
    return n, options, fault


def game_class(options, fault):
    """A class whose positions are the game's: ``Position(p)``."""

    class Position:
        def __init__(self, p):
            self.p = p

        def options(self):
            if fault == ("raises", self.p):
                raise Broken(f"broken at {self.p}")
            moves = [Position(q) for q in options[self.p]]
            if fault == ("not a position", self.p):
                moves.append(42)
            return moves

        def __eq__(self, other):
            return isinstance(other, Position) and self.p == other.p

        def __hash__(self):
            return hash(self.p)

        def __str__(self):
            return f"p{self.p}"

    return Position


def brute_force(options, start, misere):
    """Whether the player to move wins from `start`, and the remoteness (the winner hurries,
    the loser holds out), by a plain recursion; and the nim value."""
    memo = {}

    def play(p):
        if p not in memo:
            after = [play(q) for q in options[p]]
            if not after:
                memo[p] = (misere, 0)
            else:
                wins = [moves + 1 for opponent_wins, moves in after if not opponent_wins]
                memo[p] = (True, min(wins)) if wins else (False, max(moves + 1 for _, moves in after))
        return memo[p]

    return play(start)


def nim_value(options, p, memo=None):
    memo = {} if memo is None else memo
    if p not in memo:
        values = {nim_value(options, q, memo) for q in options[p]}
        memo[p] = next(m for m in range(len(values) + 1) if m not in values)
    return memo[p]


def reachable(options, start):
    seen, todo = set(), [start]
    while todo:
        p = todo.pop()
        if p not in seen:
            seen.add(p)
            todo.extend(q for q in options[p] if q not in seen)
    return seen


def test_random_games_agree_with_the_brute_force_and_faults_are_their_errors():
    rng = random.Random(60)
    checked = faulty = looped = 0
    for _ in range(GAMES):
        n, options, fault = random_game(rng)
        Position = game_class(options, fault)
        start = rng.randrange(n)
        calls = {
            "value": lambda: grundy.value(Position(start), cache=grundy.Cache(), progress=False),
            "outcome": lambda: grundy.outcome(Position(start), cache=grundy.Cache(), progress=False),
            "misere": lambda: grundy.outcome(Position(start), misere=True, cache=grundy.Cache(), progress=False),
            "solve": lambda: grundy.solve(Position(start), cache=grundy.Cache(), progress=False),
        }
        if fault is not None and fault[0] == "loop":
            looped += 1
            normal, misere = retrograde(options), retrograde(options, misere=True)
            assert str(calls["value"]()) == loopy_values(options)[start], (options, start)
            assert calls["outcome"]() == LETTER[normal[start][0]], (options, start)
            assert calls["misere"]() == LETTER[misere[start][0]], (options, start)
            solution = calls["solve"]()
            assert (solution.outcome, solution.remoteness) == normal[start], (options, start)
            continue
        if fault is not None and fault[1] in reachable(options, start):
            faulty += 1
            kind, where = fault
            expected = {"raises": Broken, "not a position": TypeError}[kind]
            for name, call in calls.items():
                with pytest.raises(expected) as raised:
                    call()
                text = str(raised.value)
                if kind == "not a position":
                    assert f"an option of p{where}" in text, (name, text)
            continue
        checked += 1
        value = nim_value(options, start)
        assert calls["value"]() == grundy.Value(f"*{value}" if value else "0"), (options, start)
        normal = brute_force(options, start, misere=False)
        assert calls["outcome"]() == ("N" if normal[0] else "P"), (options, start)
        misere = brute_force(options, start, misere=True)
        assert calls["misere"]() == ("N" if misere[0] else "P"), (options, start)
        solution = calls["solve"]()
        assert (solution.to_move_wins, solution.remoteness) == normal, (options, start)
        winning = sorted(move.p for move in solution.winning_moves)
        assert winning == sorted(q for q in options[start] if not brute_force(options, q, False)[0])
    print(f"{checked} games checked, {faulty} with a fault met, {looped} with a loop")
    assert checked > GAMES // 2 and faulty > GAMES // 40 and looped > GAMES // 40
