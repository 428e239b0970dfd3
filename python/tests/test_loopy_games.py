"""Games of your own whose positions repeat, and loopy values in ``grundy.Value``.

Every answer on a looping class is checked, on every position of a few small games, against
brute forces written plainly here, which share nothing with the library: a retrograde
analysis by rounds on the explicit graph (a position is won within ``t`` moves when some move
leads to a position lost within ``t - 1``, lost within ``t`` when every move leads to one won
within ``t - 1``; what is never settled is drawn), and the generalised Sprague–Grundy value by
what it means in play (``u`` is worth ``*g`` exactly when ``u + *g`` is lost for the player
to move; ``∞`` with the finite values of its options when no ``g`` is). The loopy values
``grundy.Value`` reads are checked against what the command ``grundy value --json`` prints
for the same text."""

import collections
import json
import os
import pathlib
import random
import subprocess

import pytest

import grundy

# ---------------------------------------------------------------------------------------
# Brute forces.


def retrograde(moves, misere=False):
    """``{state: (result, remoteness)}`` for the player to move at each state of the graph
    ``moves`` (state -> list of states): ``"win"``, ``"loss"`` or ``"draw"`` (remoteness
    ``None``), by rounds."""
    result = {state: ("win" if misere else "loss", 0) for state, after in moves.items() if not after}
    rounds = 0
    while True:
        rounds += 1
        settled = {}
        for state, after in moves.items():
            if state in result:
                continue
            if any(result.get(next_state, ("",))[0] == "loss" for next_state in after):
                settled[state] = ("win", rounds)
            elif all(result.get(next_state, ("",))[0] == "win" for next_state in after):
                settled[state] = ("loss", rounds)
        if not settled:
            break
        result.update(settled)
    return {state: result.get(state, ("draw", None)) for state in moves}


def reachable(options, start):
    seen, todo = set(), [start]
    while todo:
        p = todo.pop()
        if p not in seen:
            seen.add(p)
            todo.extend(options[p])
    return seen


def loopy_values(options):
    """The generalised Sprague–Grundy value of every position, printed as grundy prints it,
    by its meaning: ``*g`` when ``u + *g`` is lost, else ``∞`` with the finite values of the
    options."""
    positions = list(options)
    most = len(positions) + 1
    # The sum of each position with a Nim heap of each size up to `most`.
    moves = {}
    for u in positions:
        for heap in range(most + 1):
            moves[u, heap] = [(v, heap) for v in options[u]] + [(u, smaller) for smaller in range(heap)]
    solved = retrograde(moves)
    finite = {}
    for u in positions:
        lost = [heap for heap in range(most + 1) if solved[u, heap][0] == "loss"]
        assert len(lost) <= 1
        if lost:
            finite[u] = lost[0]
    shown = {}
    for u in positions:
        if u in finite:
            g = finite[u]
            shown[u] = "0" if g == 0 else "*" if g == 1 else f"*{g}"
        else:
            kept = sorted({finite[v] for v in options[u] if v in finite})
            shown[u] = "∞{" + ",".join(map(str, kept)) + "}" if kept else "∞"
    return shown


LETTER = {"win": "N", "loss": "P", "draw": "D"}

# CGSuite's outcome classes from the result when Left starts and when Right starts (Left's
# win, Right's win, or a draw).
CLASSES = {
    ("L", "L"): "L", ("R", "R"): "R", ("L", "R"): "N", ("R", "L"): "P", ("D", "D"): "D",
    ("D", "L"): "PHat", ("R", "D"): "PCheck", ("L", "D"): "NHat", ("D", "R"): "NCheck",
}


# ---------------------------------------------------------------------------------------
# Games: positions of explicit graphs, counting every call grundy makes.


class Numbered:
    """A position of an explicit graph, known by its number ``p`` (``str()`` is ``p3``);
    equal to the positions of its own class with the same number."""

    def __init__(self, p):
        self.p = p

    def __eq__(self, other):
        return type(other) is type(self) and self.p == other.p

    def __hash__(self):
        return hash(self.p)

    def __str__(self):
        return f"p{self.p}"


def impartial_class(options, calls):
    class Position(Numbered):
        def options(self):
            calls["options", self.p] += 1
            return [Position(q) for q in options[self.p]]

    return Position


def partizan_class(lefts, rights, calls):
    class Position(Numbered):
        def left_options(self):
            calls["left", self.p] += 1
            return [Position(q) for q in lefts[self.p]]

        def right_options(self):
            calls["right", self.p] += 1
            return [Position(q) for q in rights[self.p]]

    return Position


def wind_up(n, amounts):
    """cgt-tools' Wind-Up: a token on a cycle of ``n`` cells moves back by an amount of the
    set, modulo ``n``; at cell 0 the game is over."""
    return {c: [] if c == 0 else [(c - a) % n for a in amounts] for c in range(n)}


def random_graph(rng, most):
    """A graph on ``0 .. n - 1`` with up to three moves a position anywhere (cycles, moves
    to the position itself, repeated moves)."""
    n = rng.randint(1, most)
    return {p: [rng.randrange(n) for _ in range(rng.randint(0, 3))] for p in range(n)}


IMPARTIAL_GAMES = [wind_up(5, [1, 2]), wind_up(6, [1, 2]), wind_up(10, [2, 3]), wind_up(9, [1, 2, 4])] + [
    random_graph(random.Random(seed), 7) for seed in range(40)
]


def check_solution(solution, expected, moves):
    """``solution`` gives ``expected`` (the brute force's result and remoteness) for the
    player to move, and ``moves`` (each option with the brute force's result for the
    opponent after it) move by move."""
    result, remoteness = expected
    assert solution.outcome == result
    assert solution.to_move_wins == (result == "win")
    assert solution.remoteness == remoteness
    assert [q.p for q in solution.winning_moves] == [
        q for q, (after, _) in moves if after == "loss" and result == "win"
    ]
    assert [q.p for q in solution.drawing_moves] == [
        q for q, (after, _) in moves if after == "draw" and result == "draw"
    ]
    assert [(option.p, wins, count) for option, wins, count in solution.moves] == [
        (q, after == "loss", None if count is None else count + 1) for q, (after, count) in moves
    ]


@pytest.mark.parametrize("shared", [False, True], ids=["a cache a call", "one cache a game"])
def test_impartial_games_that_loop_agree_with_the_brute_forces_on_every_position(shared):
    for options in IMPARTIAL_GAMES:
        calls = collections.Counter()
        Position = impartial_class(options, calls)
        values = loopy_values(options)
        normal, misere = retrograde(options), retrograde(options, misere=True)
        cache = grundy.Cache() if shared else None
        order = list(options)
        random.Random(len(options)).shuffle(order)
        for p in order:
            def fresh():
                return cache if shared else grundy.Cache()

            value = grundy.value(Position(p), cache=fresh(), progress=False)
            assert str(value) == values[p], (options, p)
            assert value.outcome == LETTER[normal[p][0]], (options, p)
            assert grundy.outcome(Position(p), cache=fresh(), progress=False) == LETTER[normal[p][0]]
            assert grundy.outcome(Position(p), misere=True, cache=fresh(), progress=False) == LETTER[misere[p][0]]
            for play, results in ((False, normal), (True, misere)):
                solution = grundy.solve(Position(p), misere=play, cache=fresh(), progress=False)
                check_solution(solution, results[p], [(q, results[q]) for q in options[p]])


def test_a_loopy_value_is_a_value_that_adds_as_smiths_sums_say():
    options = wind_up(6, [1, 2])
    values = loopy_values(options)
    Position = impartial_class(options, collections.Counter())

    class Sum:
        def __init__(self, parts):
            self.parts = tuple(parts)

        def components(self):
            return [Position(p) for p in self.parts]

        def options(self):
            raise AssertionError("a sum is valued by its components")

        def __eq__(self, other):
            return isinstance(other, Sum) and self.parts == other.parts

        def __hash__(self):
            return hash(self.parts)

    # The explicit graph of the sum of two cells, valued by the brute force.
    pairs = {(a, b): [(c, b) for c in options[a]] + [(a, c) for c in options[b]] for a in options for b in options}
    summed = loopy_values(pairs)
    for a, b in pairs:
        value = grundy.value(Sum([a, b]), cache=grundy.Cache(), progress=False)
        assert str(value) == summed[a, b], (a, b)
        assert value == grundy.Value(values[a]) + grundy.Value(values[b])


def test_each_method_is_called_once_a_position_and_asking_again_calls_none():
    options = wind_up(10, [2, 3])
    calls = collections.Counter()
    Position = impartial_class(options, calls)
    cache = grundy.Cache()
    assert str(grundy.value(Position(4), cache=cache, progress=False)) == loopy_values(options)[4]
    assert set(calls.values()) == {1} and len(calls) == len(reachable(options, 4))
    assert cache.last_run["positions"] == len(reachable(options, 4))
    calls.clear()
    for p in options:
        grundy.value(Position(p), cache=cache, progress=False)
    # Only the positions not reached from 4 are new, each asked once.
    assert set(calls.values()) <= {1} and len(calls) == len(set(options) - reachable(options, 4))
    calls.clear()
    grundy.value(Position(4), cache=cache, progress=False)
    assert not calls and cache.last_run["positions"] == 0
    # A play-out asks each position once too.
    calls.clear()
    solution = grundy.solve(Position(7), cache=grundy.Cache(), progress=False)
    assert solution.outcome == retrograde(options)[7][0]
    assert set(calls.values()) == {1}


class Endless(Numbered):
    """Position ``p`` moves to ``0`` and to ``p + 1``: a loop at once, and a graph without
    end."""

    def __init__(self, p, first_back=True):
        super().__init__(p)
        self.first_back = first_back

    def options(self):
        onward = [Endless(0, self.first_back), Endless(self.p + 1, self.first_back)]
        return onward if self.first_back else onward[::-1]


@pytest.mark.parametrize("first_back", [True, False])
def test_a_graph_without_end_stops_at_the_memory_or_time_limit_naming_it(first_back):
    with pytest.raises(MemoryError, match="valuing needs more memory than allowed.*memory_limit=20"):
        grundy.value(Endless(1, first_back), memory_limit=20, progress=False)
    with pytest.raises(TimeoutError, match="solving stopped at its time limit of 0.5 s"):
        grundy.solve(Endless(1, first_back), time_limit=0.5, memory_limit=4000, progress=False)


def random_partizan(rng, most):
    n = rng.randint(1, most)
    side = lambda: {p: [rng.randrange(n) for _ in range(rng.randint(0, 2))] for p in range(n)}  # noqa: E731
    return side(), side()


PARTIZAN_GAMES = [random_partizan(random.Random(seed), 5) for seed in range(40)] + [
    # Left passes for ever, Right cannot move: on.
    ({0: [0]}, {0: []}),
    # a{0|a}: over.
    ({0: [1], 1: []}, {0: [0], 1: []}),
    # Both pass: dud.
    ({0: [0]}, {0: [0]}),
]


def partizan_results(lefts, rights, misere=False):
    moves = {}
    for p in lefts:
        moves[p, "L"] = [(q, "R") for q in lefts[p]]
        moves[p, "R"] = [(q, "L") for q in rights[p]]
    return moves, retrograde(moves, misere)


def winner(result, mover):
    if result == "draw":
        return "D"
    return mover if result == "win" else ("R" if mover == "L" else "L")


def test_partizan_games_that_loop_agree_with_the_brute_force_on_every_position():
    for lefts, rights in PARTIZAN_GAMES:
        calls = collections.Counter()
        Position = partizan_class(lefts, rights, calls)
        for misere in (False, True):
            moves, results = partizan_results(lefts, rights, misere)
            for p in lefts:
                expected = CLASSES[winner(results[p, "L"][0], "L"), winner(results[p, "R"][0], "R")]
                got = grundy.outcome(Position(p), misere=misere, cache=grundy.Cache(), progress=False)
                assert got == expected, (lefts, rights, p, misere)
                for mover, side in (("L", "left"), ("R", "right")):
                    solution = grundy.solve(
                        Position(p), to_move=side, misere=misere, cache=grundy.Cache(), progress=False
                    )
                    after = [(q, results[q, other]) for q, other in moves[p, mover]]
                    check_solution(solution, results[p, mover], after)
        # The value's outcome class (the loopy engine's, on the value) is play's too.
        _, results = partizan_results(lefts, rights)
        for p in lefts:
            calls.clear()
            value = grundy.value(Position(p), cache=grundy.Cache(), progress=False)
            reached = reachable({q: lefts[q] + rights[q] for q in lefts}, p)
            assert set(calls.values()) == {1} and len(calls) == 2 * len(reached)
            expected = CLASSES[winner(results[p, "L"][0], "L"), winner(results[p, "R"][0], "R")]
            assert value.outcome == expected, (lefts, rights, p, str(value))
            # Printed and read back, the same value.
            assert grundy.Value(str(value)) == value, str(value)


def test_the_textbook_loopy_games_get_their_values():
    on = partizan_class({0: [0]}, {0: []}, collections.Counter())
    over = partizan_class({0: [1], 1: []}, {0: [0], 1: []}, collections.Counter())
    dud = partizan_class({0: [0]}, {0: [0]}, collections.Counter())
    assert str(grundy.value(on(0))) == "on" and grundy.value(on(0)) == grundy.Value("on")
    assert str(grundy.value(over(0))) == "over" and grundy.value(over(0)).is_stopper()
    value = grundy.value(dud(0))
    assert str(value) == "dud" and not value.is_stopper() and value.outcome == "D"
    assert (value.onside, value.offside) == (grundy.Value("on"), grundy.Value("off"))


def test_a_defined_game_that_loops_is_solved_and_played_with_draws():
    dud = partizan_class({0: [0, 1], 1: []}, {0: [0], 1: []}, collections.Counter())
    game = grundy.define_game(dud(0), name="loopy-pass")
    state = grundy.start(game)
    analysis = state.solve()
    # Left moves to the end and wins at once.
    assert analysis.to_move_wins is True and analysis.remoteness == 1
    Cell = impartial_class(wind_up(5, [1, 2]), collections.Counter())
    wind = grundy.define_game(Cell(1), name="loopy-wind")
    results = retrograde(wind_up(5, [1, 2]))
    for n in range(5):
        analysis = grundy.start(wind, Cell(n)).solve()
        expected, remoteness = results[n]
        assert analysis.to_move_wins == {"win": True, "loss": False, "draw": None}[expected]
        assert analysis.remoteness == remoteness
    # Both pass for ever: a draw that perfect play keeps.
    draw = partizan_class({0: [0]}, {0: [0]}, collections.Counter())
    drawn = grundy.start(grundy.define_game(draw(0), name="loopy-draw"))
    analysis = drawn.solve()
    assert analysis.to_move_wins is None and analysis.comment.startswith("draw: ")
    for _ in range(6):
        drawn = drawn.play(drawn.perfect_move())
        assert not drawn.is_over


def loops_from(graph, p):
    """Whether a position reachable from ``p`` in ``graph`` (state -> states) is among its
    own followers."""
    return any(q in set().union(*(reachable(graph, r) for r in graph[q])) for q in reachable(graph, p))


def named(positions):
    return {f"p{q}" for q in positions}


def test_game_solve_of_an_impartial_class_that_loops_gives_the_loopy_report_on_every_position():
    graphs = [wind_up(5, [1, 2]), wind_up(10, [2, 3])] + [random_graph(random.Random(seed), 7) for seed in range(8)]
    kinds = collections.Counter()
    for number, graph in enumerate(graphs):
        Position = impartial_class(graph, collections.Counter())
        game = grundy.define_game(Position(0), name=f"loopy-report-{number}")
        values = loopy_values(graph)
        results = retrograde(graph)
        for p in graph:
            report = game.solve(Position(p), moves=100, memory_limit=200)
            result, remoteness = results[p]
            winning = named(q for q in graph[p] if results[q][0] == "loss") if result == "win" else set()
            drawing = named(q for q in graph[p] if results[q][0] == "draw") if result == "draw" else set()
            if "drawing_moves" not in report:
                # No loop reachable: the short report, as before (a position without a
                # loop whose followers were valued on a loopy graph before may get the loopy
                # report, with the same answers).
                assert not loops_from(graph, p) and result != "draw"
                assert report["remoteness"]["moves"] == remoteness
                assert set(report["winning_moves"]) == winning
                kinds["short"] += 1
                continue
            kinds[result] += 1
            assert report["outcome"] == LETTER[result], (graph, p)
            assert report.get("remoteness") == remoteness
            assert set(report["winning_moves"]) == winning
            assert report["winning_move_count"] == str(len(winning))
            assert set(report["drawing_moves"]) == drawing
            assert report["drawing_move_count"] == str(len(drawing))
            # The perfect move is listed first: the fastest win, a drawing move, the
            # slowest loss.
            if result == "win":
                fastest = min(results[q][1] for q in graph[p] if results[q][0] == "loss")
                assert report["best_move"] == report["winning_moves"][0]
                assert results[int(report["best_move"][1:])] == ("loss", fastest)
            elif result == "draw":
                assert report["best_move"] == report["drawing_moves"][0]
            assert report["canonical"] == values[p], (graph, p)
    assert all(kinds[kind] > 0 for kind in ("short", "win", "loss", "draw")), kinds


def test_game_solve_of_a_partizan_class_that_loops_gives_the_loopy_report_on_every_position():
    kinds = collections.Counter()
    for number, (lefts, rights) in enumerate(PARTIZAN_GAMES):
        Position = partizan_class(lefts, rights, collections.Counter())
        game = grundy.define_game(Position(0), name=f"loopy-partizan-report-{number}")
        moves, results = partizan_results(lefts, rights)
        for p in lefts:
            value = grundy.value(Position(p), cache=grundy.Cache(), progress=False)
            game.solve(Position(p), memory_limit=200)
            for mover, written in (("L", f"p{p}"), ("R", f"p{p}@R")):
                report = game.solve(written, moves=100, memory_limit=200)
                result, remoteness = results[p, mover]
                after = moves[p, mover]
                if "players" not in report:
                    # The play of this player never meets a loop: the short report.
                    assert result != "draw"
                    assert report["remoteness"]["moves"] == remoteness
                    kinds["short"] += 1
                    continue
                kinds[result] += 1
                assert report["canonical"] == str(value), (lefts, rights, p)
                assert report["outcome"] == value.outcome
                assert report["to_move"] == {"L": "left", "R": "right"}[mover]
                (player,) = report["players"]
                assert player["wins"] == (result == "win")
                assert player.get("draws", False) == (result == "draw")
                assert player.get("remoteness") == remoteness
                kept = {"win": "loss", "draw": "draw", "loss": "win"}[result]
                assert set(player["moves"]) == named(q for q, other in after if results[q, other][0] == kept)
                if player["moves"]:
                    assert player["best_move"] == player["moves"][0]
    assert all(kinds[kind] > 0 for kind in ("short", "win", "loss", "draw")), kinds


@pytest.mark.parametrize("call", ["value", "outcome", "solve"])
def test_the_last_run_of_a_loopy_search_gives_its_positions_rate_and_share_in_the_game(call):
    graph = wind_up(40, [1, 2])
    Position = impartial_class(graph, collections.Counter())
    cache = grundy.Cache()
    getattr(grundy, call)(Position(39), cache=cache, progress=False)
    run = cache.last_run
    assert run["positions"] == len(reachable(graph, 39)) == 40
    assert 0 < run["user_seconds"] <= run["seconds"]
    assert 0 < run["user_share"] <= 1
    assert run["user_share"] == pytest.approx(run["user_seconds"] / run["seconds"])
    assert run["positions_per_second"] == pytest.approx(run["positions"] / run["seconds"])


# A cycle of two (drawn), an end (lost), a move to the end (won), a choice of the cycle and
# a win for the opponent (drawn), and a move to a win for the opponent (lost in 2).
SPIEL_GRAPH = {0: [1], 1: [0], 2: [], 3: [2, 0], 4: [0, 3], 5: [3]}


def test_openspiel_plays_a_class_that_loops_to_its_move_limit_where_a_draw_ends_drawn():
    import pyspiel

    import grundy.openspiel as gos

    Position = impartial_class(SPIEL_GRAPH, collections.Counter())
    name = gos.register(
        Position, name="loopy-spiel", start=Position(4), positions=[Position(p) for p in SPIEL_GRAPH]
    )
    results = retrograde(SPIEL_GRAPH)
    assert [results[p][0] for p in SPIEL_GRAPH] == ["draw", "draw", "loss", "win", "draw", "loss"]
    # No longest game: the move limit of games that may go on for ever.
    game = pyspiel.load_game(name)
    assert game.max_game_length() == gos.DEFAULT_MAX_MOVES
    assert game.num_distinct_actions() == 2
    assert gos.load("loopy-spiel", "p4", max_moves=30).max_game_length() == 30
    rng = random.Random(62)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        length = len(state.history())
        assert length <= game.max_game_length()
        assert sum(state.returns()) == 0.0
        if state.returns() == [0.0, 0.0]:
            assert length == gos.DEFAULT_MAX_MOVES
    perfect = grundy.Strategy("perfect")
    for p, (result, remoteness) in results.items():
        state = gos.load("loopy-spiel", f"p{p}", max_moves=30).new_initial_state()
        while not state.is_terminal():
            state.apply_action(gos.action_of(state, perfect.choose(state.grundy_state)))
        expected = {"win": [1.0, -1.0], "loss": [-1.0, 1.0], "draw": [0.0, 0.0]}[result]
        assert state.returns() == expected, p
        assert len(state.history()) == (30 if result == "draw" else remoteness), p


# ---------------------------------------------------------------------------------------
# grundy.Value and the command line.


def command_line():
    """The `grundy` command built beside the package (cargo test or cargo build builds it),
    the newest of the debug and the release one; GRUNDY_COMMAND names another."""
    named = os.environ.get("GRUNDY_COMMAND")
    if named:
        return named
    root = pathlib.Path(__file__).resolve().parents[2] / "target"
    built = [path for path in (root / "debug" / "grundy", root / "release" / "grundy") if path.exists()]
    assert built, f"no grundy command under {root}: build it first (cargo build -p grundy-cli)"
    return str(max(built, key=lambda path: path.stat().st_mtime))


LOOPY_TEXTS = [
    "on", "off", "dud", "over", "under", "upon", "tis", "tisn", "a{0|a}", "a{{|a}|}",
    "{pass|3/2}", "over & v", "a{0|a} + on", "over + over", "over - over", "{pass|pass} + 1",
    "∞{0,2}", "inf{1,0}", "∞", "∞{0,2} + *3", "∞(0, *, *2) + ∞",
]


@pytest.mark.parametrize("text", LOOPY_TEXTS)
def test_loopy_values_read_and_print_as_the_command_line_does(text):
    printed = subprocess.run(
        [command_line(), "value", "--json", text], capture_output=True, text=True, check=True
    ).stdout
    expected = json.loads(printed)
    value = grundy.Value(text)
    assert value.is_loopy()
    assert str(value) == expected["canonical"]
    assert value.outcome == expected["outcome"]
    facts = value.facts()
    # A loopy impartial value is one part (the command line's sum lists its parts and the
    # moves in each); a partizan one gives every fact the command line gives.
    keys = ["canonical", "ascii", "outcome", "outcome_meaning"] if "ascii" in expected else list(expected)
    for key in keys:
        assert facts[key] == expected[key], key
    # What it prints reads back as the same value.
    assert grundy.Value(str(value)) == value


def test_loopy_values_add_compare_and_give_their_facts():
    V = grundy.Value
    assert V("∞{0,2}") + V("*3") == V("∞{1,3}") and str(V("∞{0,2}") + V("*3")) == "∞{1,3}"
    assert V("∞{0,2}") + V("∞") == V("∞") and V("*2") + V("∞{0,2}") == V("∞{0,2}") + 2 * V("*")
    assert -V("∞{0,2}") == V("∞{0,2}") and V("∞{0,2}") != V("∞{0}")
    assert V("on") + V("off") == V("dud") and V("a{0|a}") == V("over")
    assert V("on") >= V("over") >= 0 and V("over") > 0 and V("over") < V("1/64")
    assert V("off") <= -5 and not V("dud") >= 0 and not V("dud") <= 0 and V("dud") == V("dud")
    # A loopy stopper less itself need not be 0 (grundy value 'over - over' says so too).
    assert V("over") - V("over") == V("over & under") and V("over") - V("over") != 0
    assert 3 * V("over") == V("over") + V("over") + V("over") and -V("over") == V("under")
    assert V("{pass|3/2}").stops == (V("3/2under"), V("3/2under"))
    assert V("over").is_infinitesimal() and not V("on").is_infinitesimal()
    assert V("over & v").onside == V("over") and V("over & v").offside == V("v")
    assert hash(V("a{0|a}")) == hash(V("over")) and hash(V("inf{2,0}")) == hash(V("∞{0,2}"))
    # Jupyter shows a loopy value as its text: it has no thermograph.
    assert V("over")._repr_svg_() is None and V("∞{0,2}")._repr_svg_() is None
    with pytest.raises(TypeError, match="loopy impartial values are not ordered"):
        V("∞{0,2}") <= V("*")
    with pytest.raises(ValueError, match="goes with nimbers and other loopy impartial values"):
        V("∞{0,2}") + V("on")
    with pytest.raises(ValueError, match="no stops of its own"):
        V("dud").stops


@pytest.mark.parametrize(
    "method, what",
    [
        (lambda v: v.temperature, "temperature"),
        (lambda v: v.mean, "mean"),
        (lambda v: v.birthday, "birthday"),
        (lambda v: v.thermograph(), "thermograph"),
        (lambda v: v.thermograph_svg(), "thermograph"),
        (lambda v: v.atomic_weight(), "atomic weight"),
        (lambda v: v.left_options(), "canonical short form"),
        (lambda v: v.is_all_small(), "all-small test"),
    ],
)
@pytest.mark.parametrize("text", ["over", "∞{0,2}", "over & v"])
def test_a_short_game_method_on_a_loopy_value_says_which_and_why(method, what, text):
    with pytest.raises(ValueError, match=f"is a loopy value, and a loopy value has no {what}"):
        method(grundy.Value(text))


def test_a_loopy_impartial_value_is_no_nimber_and_a_bad_expression_names_its_place():
    with pytest.raises(ValueError, match="not a nimber"):
        grundy.Value("∞{0,2}").nim
    with pytest.raises(ValueError, match="byte"):
        grundy.Value("∞{0,2")
    with pytest.raises(ValueError, match="unknown name"):
        grundy.Value("a{0|b}")


@pytest.mark.parametrize(
    "game, position, value",
    [
        # Wind-Up on 6 cells with {1,2}: cells 0 and 3 are 0, the others ∞{0}
        # (docs/loopy.md's table).
        ("windup", "6:1,2@1", "∞{0}"),
        ("windup", "6:1,2@3", "0"),
        ("windup", "12:1,3@1", "*"),
        # A heap of 12 is the first Fair Shares heap of value ∞{0}; a heap of 6 is *2.
        ("fairshares", "12", "∞{0}"),
        ("fairshares", "6", "*2"),
        # Backsliding Toads and Frogs: FF..TT is dud (docs/loopy.md).
        ("backsliding", "FF..TT", "dud"),
    ],
)
def test_the_registrys_loopy_games_give_their_loopy_values(game, position, value):
    found = grundy.Game(game).start(position).value()
    assert found == grundy.Value(value)
    assert str(found) == value
    assert found.is_loopy() == (value not in ("0", "*", "*2"))
