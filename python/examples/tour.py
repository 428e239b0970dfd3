"""A short tour of grundy from Python, in notebook cells (``# %%``): run it as a script,
or open it in an editor that runs cells.

    python python/examples/tour.py
"""

# %% The games
import grundy

for game in grundy.games():
    print(f"{game.name:16} {game.default_position:12} {game.summary}")

# %% A position, its moves, and who wins
state = grundy.start("rectangle", "33x11")
print(state, "has", state.move_count(), "legal moves; the first:", state.legal_moves(limit=4))
analysis = state.solve()
print("solve:", analysis)
print("winner:", analysis.winner, "value:", analysis.grundy_value, "in", analysis.remoteness)

# %% States are values: play returns a new one
after = state.play(analysis.best_move)
print(state, "->", after, "history", after.history, "lost for the mover:", not after.solve().to_move_wins)
seen = {after: "after the best move"}
print(seen[grundy.start("rectangle", after.position)])

# %% Errors say what is wrong, as the command line does
try:
    state.play("v99")
except ValueError as error:
    print("ValueError:", error)

# %% Partizan games: canonical values that behave like numbers
from fractions import Fraction

domineering = grundy.start("domineering", "4x4")
print("Domineering 4x4:", domineering.value(), "outcome", domineering.value().outcome)
up = grundy.Value("^")
print("up > 0:", up > 0, " up == 0:", up == 0, " 1 + up =", 1 + up, " up + 1/2 =", up + Fraction(1, 2))
hot = grundy.Value("{2|-1}")
print("{2|-1}: stops", *hot.stops, "mean", hot.mean, "temperature", hot.temperature)
print("its thermograph's left wall:", ", ".join(f"({t}, {x})" for t, x in hot.thermograph().left_wall))
print("Clobber xxo is", grundy.start("clobber", "xxo").value(), "of atomic weight", grundy.start("clobber", "xxo").value().atomic_weight())

# %% Misère play: genera and the misère quotient of Kayles
kayles = grundy.sequence("0.77", 12, misere=True)
print("Kayles' genera:", " ".join(kayles.genera), "- first wild heap", kayles.first_wild_heap)
quotient = grundy.misere_quotient("0.77", 200)
print("misère quotient of Kayles: order", quotient.order, "P-portion", len(quotient.p_portion), "proved", quotient.proved)
print("12+15+100 is", quotient.element(12, 15, 100), quotient.outcome(12, 15, 100), "; winning:", quotient.winning_moves(12, 15, 100)[:2])

# %% Strategies: perfect play against a noisy player
players = [grundy.Strategy("perfect"), grundy.Strategy("noisy:0.3", seed=7)]
game = grundy.start("cuboid", "2x2x2+3x4x5")
while not game.is_over:
    game = game.play(players[game.to_move].choose(game))
print("cuboid game:", " ".join(game.history), "winner", game.winner)

# %% Pousse: the engine searches within a time limit
pousse = grundy.start("pousse", "6")
print("Pousse engine on 6 x 6:", pousse.solve(movetime=0.2))

# %% The cuboid Grundy table as a NumPy array
import numpy as np

table = grundy.cuboid_table(10)
zeros = np.argwhere(table[1:, 1:, 1:] == 0) + 1
print("losing single cuboids up to side 10:", sorted({tuple(sorted(map(int, z))) for z in zeros}))
print("largest value up to side 10:", int(table.max()))

# %% Inside OpenSpiel (needs the open_spiel package)
try:
    import pyspiel
except ImportError:
    pyspiel = None
if pyspiel is not None:
    import grundy.openspiel

    grundy.openspiel.register()
    spiel_game = pyspiel.load_game("grundy_cuboid(position=2x3x4)")
    spiel_state = spiel_game.new_initial_state()
    print(spiel_game, "actions:", spiel_game.num_distinct_actions(), "first:", spiel_state.action_to_string(0, 0))
