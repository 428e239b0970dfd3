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
from test_loopy_games import LETTER, Numbered, loopy_values, reachable, retrograde

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

    class Position(Numbered):
        def options(self):
            if fault == ("raises", self.p):
                raise Broken(f"broken at {self.p}")
            moves = [Position(q) for q in options[self.p]]
            if fault == ("not a position", self.p):
                moves.append(42)
            return moves

    return Position


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
        looped += fault is not None and fault[0] == "loop"
        if fault is not None and fault[0] != "loop" and fault[1] in reachable(options, start):
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
        normal, misere = retrograde(options), retrograde(options, misere=True)
        assert str(calls["value"]()) == loopy_values(options)[start], (options, start)
        assert calls["outcome"]() == LETTER[normal[start][0]], (options, start)
        assert calls["misere"]() == LETTER[misere[start][0]], (options, start)
        solution = calls["solve"]()
        assert (solution.outcome, solution.remoteness) == normal[start], (options, start)
        winning = sorted(move.p for move in solution.winning_moves)
        assert winning == sorted(q for q in options[start] if normal[q][0] == "loss" and normal[start][0] == "win")
    print(f"{checked} games checked, {faulty} with a fault met, {looped} with a loop")
    assert checked > GAMES // 2 and faulty > GAMES // 40 and looped > GAMES // 40
