"""Misère play from Python and inside OpenSpiel: the keyword, the refusals, and OpenSpiel's
exact solver against grundy's misère analysis."""

import pytest
from open_spiel.python.algorithms import minimax

import grundy
import grundy.openspiel as gos

# The built-in games (not the games other tests define).
BUILTIN = [game for game in grundy.games() if game.is_builtin]
IMPARTIAL = [game for game in BUILTIN if game.is_impartial]
PARTIZAN = [game for game in BUILTIN if not game.is_impartial]


def test_the_keyword_is_the_rules_term():
    state = grundy.start("nim", "1+1+1", misere=True)
    assert state.position == "1+1+1@misere"
    assert state.misere
    assert grundy.start("nim", "1+1+1@misere") == state
    assert grundy.Game("nim").start("1+1+1", misere=True) == state
    assert not grundy.start("nim", "1+1+1").misere


def test_misere_nim_follows_boutons_rule():
    # Normal play: 1+1+1 is won. Misère play: it is lost, and 1+1+2 is won by 2->1.
    assert grundy.start("nim", "1+1+1").solve().to_move_wins is True
    assert grundy.start("nim", "1+1+1", misere=True).solve().to_move_wins is False
    state = grundy.start("nim", "1+1+2", misere=True)
    assert state.solve().to_move_wins is True
    assert state.perfect_move() == "2->1"


def test_the_last_mover_loses():
    state = grundy.start("nim", "1", misere=True)
    state = state.play("1->0")
    assert state.is_over
    # Player 0 took the last token and lost.
    assert state.winner == 1


@pytest.mark.parametrize("game", PARTIZAN, ids=str)
def test_games_that_are_not_impartial_refuse_misere_play(game):
    with pytest.raises(ValueError, match=game.name):
        game.start(misere=True)


def misere_positions():
    """Small positions of every impartial game: its sample positions played down by
    perfect moves until small enough for OpenSpiel's exact solver."""
    found = []
    for game in IMPARTIAL:
        for position in game.sample_positions or [game.default_position]:
            state = game.start(position)
            for _ in range(300):
                if state.is_over or (state.longest_game() or 99) <= 8:
                    break
                state = state.play(state.legal_moves()[0])
            if (state.longest_game() or 99) <= 8 and (state.most_moves() or 99) <= 12:
                found.append((game.name, state.position))
    return found


@pytest.mark.parametrize(("game", "position"), misere_positions())
def test_openspiels_exact_solver_agrees_with_grundy(game, position):
    analysis = grundy.start(game, position, misere=True).solve()
    openspiel_game = gos.load(game, position, misere=True)
    value, _ = minimax.alpha_beta_search(
        openspiel_game,
        maximum_depth=openspiel_game.max_game_length() + 1,
        maximizing_player_id=0,
    )
    assert value == (1.0 if analysis.to_move_wins else -1.0), (game, position)


def test_openspiel_refuses_misere_partizan_games():
    gos.register()
    with pytest.raises(ValueError, match="domineering"):
        gos.load("domineering", "2x2", misere=True)
