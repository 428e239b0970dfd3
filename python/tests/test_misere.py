"""Misère play from Python and inside OpenSpiel: the keyword, the refusals, and OpenSpiel's
exact solver against grundy's misère analysis."""

import functools
import hashlib
import itertools
import json
import os
import re
import signal
import threading
import time

import numpy as np
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


# --- Misère play of the take-and-break games: genus sequences and misère quotients ---------
#
# The golden figures below are the command line's: `grundy misere-quotient RULES --heaps N
# --json` and `grundy sequence RULES --to N --misere --json` (release build). The digests are
# SHA-256 of the command's JSON line without its newline, so `to_json()` is checked field by
# field, the whole monoid's table included.


def octal_options(code, heap):
    """The heaps a move of the octal game `code` (``"0.77"``) leaves from a heap of
    `heap`, each as a sorted tuple: digit k of the code allows taking k tokens and leaving
    no heap (bit 1), one heap (bit 2) or two heaps (bit 4)."""
    digits = code.split(".")[1]
    found = set()
    for k, digit in enumerate(digits, start=1):
        digit = int(digit)
        rest = heap - k
        if rest < 0:
            break
        if digit & 1 and rest == 0:
            found.add(())
        if digit & 2 and rest > 0:
            found.add((rest,))
        if digit & 4:
            for a in range(1, rest // 2 + 1):
                if rest - a > 0:
                    found.add((a, rest - a))
    return found


@functools.lru_cache(maxsize=None)
def brute_misere_loses(code, heaps):
    """Whether the player to move loses the sum `heaps` (a sorted tuple) of `code` under
    misère play: a search of every move, the last mover losing."""
    moves = list(sum_moves(code, heaps))
    if not moves:
        return False  # no move: the player to move has won (the opponent moved last)
    return all(not brute_misere_loses(code, after) for _, _, after in moves)


def sum_moves(code, heaps):
    """Every move of the sum: (heap, left, the sorted sum after)."""
    seen = set()
    for index, heap in enumerate(heaps):
        if heap in seen:
            continue
        seen.add(heap)
        others = heaps[:index] + heaps[index + 1 :]
        for left in octal_options(code, heap):
            yield heap, left, tuple(sorted(others + left))


def test_the_misere_sequence_is_the_command_lines():
    # `grundy sequence 0.77 --to 20 --misere --json`
    golden = {
        "first_wild_heap": 5,
        "genus": ["0^{120}", "1^{031}", "2^{20}", "3^{31}", "1^{031}", "4^{146}", "3^{31}",
                  "2^{20}", "1^{13}", "4^{046}", "2^{20}", "6^{46}", "4^{046}", "1^{13}",
                  "2^{20}", "7^{57}", "1^{13}", "4^{64}", "3^{31}", "2^{20}", "1^{031}"],
        "misere_values": [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0],
        "play": "misere",
        "rules": "0.77",
        "tame_genus": [True, True, True, True, True, False, True, True, True, False, True,
                       False, False, True, True, False, True, False, True, True, True],
        "to": 20,
        "values": [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1],
    }
    kayles = grundy.sequence("0.77", 20, misere=True)
    assert isinstance(kayles, grundy.MisereSequence)
    assert kayles.as_dict() == golden
    assert json.loads(kayles.to_json()) == golden
    assert kayles.genera == golden["genus"]
    assert kayles.values == golden["values"]
    assert kayles.misere_values == golden["misere_values"]
    assert kayles.tame == golden["tame_genus"]
    assert kayles.first_wild_heap == 5
    assert (kayles.rules, kayles.to, len(kayles)) == ("0.77", 20, 21)
    # The structured genus: the normal value and the superscript as written.
    assert kayles.terms[:6] == [(0, (1, 2, 0)), (1, (0, 3, 1)), (2, (2, 0)), (3, (3, 1)),
                                (1, (0, 3, 1)), (4, (1, 4, 6))]
    assert repr(kayles) == "MisereSequence(0.77, heaps 0 to 20, first wild heap 5)"
    # Normal play is unchanged: the nim sequence with its proved period.
    assert not isinstance(grundy.sequence("0.77", 20), grundy.MisereSequence)
    assert grundy.sequence("0.77", 20).values.tolist() == golden["values"]


def test_dawsons_misere_genera():
    # `grundy sequence 0.07 --to 20 --misere --json` and the same of 0.137: Dawson's
    # Kayles is Dawson's chess one heap later, wild from heap 10 (9 for 0.137).
    dawson_kayles = grundy.sequence("0.07", 20, misere=True)
    dawson_chess = grundy.sequence("0.137", 20, misere=True)
    assert dawson_kayles.genera[:8] == ["0^{120}", "0^{120}", "1^{031}", "1^{031}", "2^{20}",
                                        "0^{120}", "3^{31}", "1^{031}"]
    assert dawson_chess.genera[:8] == ["0^{120}", "1^{031}", "1^{031}", "2^{20}", "0^{120}",
                                       "3^{31}", "1^{031}", "1^{031}"]
    assert dawson_kayles.genera[1:] == dawson_chess.genera[:-1]
    assert (dawson_kayles.first_wild_heap, dawson_chess.first_wild_heap) == (10, 9)


def test_a_heap_rulesets_misere_sequence_is_the_codes():
    def kayles(n):
        return [[a, n - k - a] for k in (1, 2) if k <= n for a in range(n - k + 1)]

    ruleset = grundy.HeapRuleset(kayles, name="kayles")
    mine = ruleset.sequence(16, misere=True, progress=False)
    assert isinstance(mine, grundy.MisereSequence)
    assert mine.rules == "kayles"
    assert mine.genera == grundy.sequence("0.77", 16, misere=True).genera
    assert mine.genera[5] == ruleset.genus(5) == "4^{146}"
    # Normal play is still the nim sequence.
    assert ruleset.sequence(16, progress=False).values.tolist() == mine.values


# `grundy misere-quotient RULES --heaps N --json`: the figures and the digest of the line.
QUOTIENTS = {
    ("0.77", 30): dict(
        order=40,
        p_portion=["a", "b^2", "ac", "d", "ac^2", "e", "ad^2", "ade", "adf"],
        generators=[("a", 1), ("b", 2), ("c", 5), ("d", 9), ("e", 12), ("f", 25), ("g", 27)],
        stable_from=27,
        periodic=None,
        digest="f4d175fb1bde5c232bae4a837c19e1c8fbed2a3b5c254dbf06879b36e9b08c54",
    ),
    ("0.07", 24): dict(
        order=24,
        p_portion=["a", "b^2", "ac", "ad", "acd"],
        generators=[("a", 2), ("b", 4), ("c", 10), ("d", 14)],
        stable_from=14,
        periodic=None,
        digest="0995e8e4fd6f7eca8c7a6f55034171310d9cda4ff14c82dcde1a1d7fec0011ff",
    ),
    ("0.137", 23): dict(
        order=24,
        p_portion=["a", "b^2", "ac", "ad", "acd"],
        generators=[("a", 1), ("b", 3), ("c", 9), ("d", 13)],
        stable_from=13,
        periodic=None,
        digest="da91b22149cccc3594593a013a3c05f193e9a6288882b06797b3a7a921082fe3",
    ),
    ("0.75", 40): dict(
        order=8,
        p_portion=["a", "b^2"],
        generators=[("a", 1), ("b", 2), ("c", 5)],
        stable_from=5,
        periodic=(8, 2),
        digest="7542cd947d3f3b4aa2fa48dbe12860b07218b8d07bb80b8958a85ed11f08d9a9",
    ),
}


@pytest.mark.parametrize(("rules", "heaps"), list(QUOTIENTS), ids=str)
def test_the_misere_quotient_is_the_command_lines(rules, heaps):
    golden = QUOTIENTS[(rules, heaps)]
    quotient = grundy.misere_quotient(rules, heaps)
    assert isinstance(quotient, grundy.MisereQuotient)
    assert (quotient.rules, quotient.heaps) == (rules, heaps)
    assert quotient.order == golden["order"]
    assert quotient.p_portion == golden["p_portion"]
    assert quotient.generators == golden["generators"]
    assert quotient.stable_from == golden["stable_from"]
    assert quotient.periodic == golden["periodic"]
    assert quotient.proved == (golden["periodic"] is not None)
    assert len(quotient.heap_elements) == heaps + 1
    assert len(quotient.orders) == heaps + 1 and quotient.orders[-1] == golden["order"]
    assert len(quotient.elements) == golden["order"] and quotient.elements[0] == "1"
    line = quotient.to_json()
    assert hashlib.sha256(line.encode()).hexdigest() == golden["digest"]
    data = quotient.as_dict()
    assert list(data) == sorted(data)  # the command line's order of keys
    assert set(data) == {
        "rules", "heaps", "order", "p_portion", "generators", "relations", "heap_elements",
        "orders", "periodic", "stable_from", "proof_states", "elements", "table",
        "p_numbers", "heap_numbers", "sum",
    }
    assert data["order"] == quotient.order and data["relations"] == quotient.relations
    assert data["heap_elements"] == quotient.heap_elements
    assert [(g["name"], g["heap"]) for g in data["generators"]] == quotient.generators
    assert data["elements"] == quotient.elements
    assert data["proof_states"] == quotient.proof_states
    assert data["sum"] is None
    # The table multiplies the elements: the P-portion's numbers are its words.
    assert [data["elements"][x] for x in data["p_numbers"]] == quotient.p_portion
    assert [data["elements"][x] for x in data["heap_numbers"]] == quotient.heap_elements


def test_kayles_quotient_as_the_command_line_prints_it():
    # `grundy misere-quotient 0.77 --heaps 30`: the relations and the first heaps.
    quotient = grundy.misere_quotient("0.77", 30)
    assert quotient.relations == [
        "a^2 = 1", "bd = bc", "be = bc", "bf = ab", "cd = b^2", "ce = b^2", "dg = cg",
        "e^2 = de", "eg = cg", "f^2 = b^2", "fg = ag", "g^2 = b^2", "b^3 = b",
        "b^2c = acf", "b^2g = g", "bc^2 = b", "c^3 = c", "c^2f = ab^2", "c^2g = g",
        "d^3 = d", "d^2f = f",
    ]
    assert quotient.heap_elements[:10] == ["1", "a", "b", "ab", "a", "c", "ab", "b", "ab^2", "d"]
    assert quotient.checked_to is None
    assert "order 40" in repr(quotient)
    # The same quotient as a user's ruleset of the same moves (a function gives no period).
    ruleset = grundy.HeapRuleset(lambda n: [[a, n - k - a] for k in (1, 2) if k <= n
                                            for a in range(n - k + 1)])
    mine = ruleset.misere_quotient(30, progress=False)
    assert (mine.order, mine.p_portion, mine.relations) == (40, quotient.p_portion,
                                                             quotient.relations)


@pytest.mark.parametrize(("rules", "heaps", "largest", "count"),
                         [("0.77", 12, 9, 3), ("0.07", 12, 10, 3), ("0.137", 12, 10, 3)])
def test_the_quotient_decides_sums_as_the_exact_search(rules, heaps, largest, count):
    quotient = grundy.misere_quotient(rules, heaps)
    for size in range(count + 1):
        for sum_ in itertools.combinations_with_replacement(range(1, largest + 1), size):
            loses = brute_misere_loses(rules, sum_)
            assert quotient.is_p_position(*sum_) == loses, sum_
            assert quotient.outcome(*sum_) == ("P" if loses else "N"), sum_
            moves = quotient.winning_moves(*sum_)
            expected = sorted({(heap, left) for heap, left, after in sum_moves(rules, sum_)
                               if brute_misere_loses(rules, after)})
            assert moves == expected, sum_
            # An N-position has a winning move unless it has no move at all.
            has_move = any(True for _ in sum_moves(rules, sum_))
            assert bool(moves) == (not loses and has_move), sum_


def test_kayles_sums_agree_with_the_misere_search_of_a_users_ruleset():
    kayles = grundy.HeapRuleset(lambda n: [[a, n - k - a] for k in (1, 2) if k <= n
                                           for a in range(n - k + 1)])
    quotient = grundy.misere_quotient("0.77", 14)
    for sum_ in [(1,), (2,), (1, 1), (5, 5), (1, 4), (2, 3, 5), (7, 9), (12, 14), (3, 6, 9)]:
        assert quotient.outcome(*sum_) == grundy.outcome(kayles(*sum_), misere=True), sum_


def test_elements_of_sums():
    quotient = grundy.misere_quotient("0.77", 30)
    assert quotient.element() == "1"
    assert quotient.element(1) == "a" and quotient.element(1, 1) == "1"
    assert quotient.element(1, 5) == "ac" and quotient.is_p_position(1, 5)
    assert quotient.element(2, 2) == "b^2" and quotient.outcome(2, 2) == "P"
    assert quotient.element(5, 5, 5) == "c"  # c^3 = c
    # Misère: the empty sum is won by the player to move, a heap of 1 lost.
    assert quotient.outcome() == "N" and quotient.outcome(1) == "P"
    assert quotient.winning_moves() == []
    assert quotient.winning_moves(3) == [(3, (1,))]
    assert quotient.winning_moves(1, 1) == [(1, ())]


def test_heaps_beyond_the_bound_need_a_proved_period():
    quotient = grundy.misere_quotient("0.77", 30)
    assert not quotient.proved
    for call in (quotient.outcome, quotient.element, quotient.is_p_position,
                 quotient.winning_moves):
        with pytest.raises(ValueError, match=r"beyond the quotient's heaps \(up to 30\)"):
            call(5, 31)
    # 0.75's quotient (R8) is proved periodic, period 2 from heap 8: every heap is known.
    r8 = grundy.misere_quotient("0.75", 40)
    assert r8.proved and r8.periodic == (8, 2) and r8.checked_to == 21
    big = 10**12
    assert r8.element(big) == r8.element(40) == r8.element(8)
    assert r8.element(big + 1) == r8.element(9)
    assert r8.outcome(big, big) == r8.outcome(8, 8)
    assert r8.winning_moves(1001, 2) == r8.winning_moves(1001, 2)
    with pytest.raises(ValueError, match="at most 1000000"):
        r8.winning_moves(big)


def test_winning_moves_of_a_proved_quotient_past_the_bound():
    r8 = grundy.misere_quotient("0.75", 40)
    for sum_ in [(101,), (100, 3), (57, 2, 2), (1000, 999)]:
        moves = r8.winning_moves(*sum_)
        assert (moves == []) == r8.is_p_position(*sum_), sum_
        for heap, left in moves:
            after = list(sum_)
            after.remove(heap)
            assert r8.is_p_position(*after, *left), (sum_, heap, left)


@pytest.mark.parametrize("rules", ["0.7x", "kayles", "", "0.77.1", "S(", "0.9"])
def test_bad_rules_are_refused_naming_the_text(rules):
    with pytest.raises(ValueError, match=re.escape(repr(rules).replace("'", '"'))):
        grundy.misere_quotient(rules, 5)
    with pytest.raises(ValueError, match=re.escape(repr(rules).replace("'", '"'))):
        grundy.sequence(rules, 5, misere=True)


def test_bad_heaps_are_refused():
    for heaps in (-1, 0, 20_001, 2**70):
        with pytest.raises(ValueError, match="heaps"):
            grundy.misere_quotient("0.77", heaps)
    for heaps in (1.5, "5", None, True):
        with pytest.raises(TypeError, match="heaps"):
            grundy.misere_quotient("0.77", heaps)
    # NumPy's integers are whole numbers too.
    assert grundy.misere_quotient("0.77", np.int64(12)).heaps == 12
    assert grundy.sequence("0.77", np.uint8(5), misere=True).to == 5
    assert len(grundy.sequence("0.77", np.int32(5)).values) == 6
    quotient = grundy.misere_quotient("0.77", 12)
    assert quotient.outcome(np.int64(1)) == "P"
    with pytest.raises(ValueError, match="-1"):
        quotient.outcome(3, -1)
    for heap in (2.0, "3", None, False):
        with pytest.raises(TypeError, match="a heap"):
            quotient.outcome(heap)
        with pytest.raises(TypeError, match="a heap"):
            quotient.winning_moves(heap)
    with pytest.raises(ValueError, match="200"):
        grundy.sequence("0.77", 201, misere=True)
    with pytest.raises(ValueError, match="-3"):
        grundy.sequence("0.77", -3, misere=True)
    with pytest.raises(TypeError, match="to"):
        grundy.sequence("0.77", "3", misere=True)


def test_limits_end_long_work():
    # Dawson's Kayles to heap 32 takes minutes (a quotient of 638 elements).
    with pytest.raises(TimeoutError, match="time_limit=0.2"):
        grundy.misere_quotient("0.07", 32, time_limit=0.2)
    with pytest.raises(MemoryError, match="memory_limit=1"):
        grundy.misere_quotient("0.07", 32, memory_limit=1)
    with pytest.raises(TimeoutError, match="time_limit=0.2"):
        grundy.sequence("0.77", 44, misere=True, time_limit=0.2)
    with pytest.raises(ValueError, match="time_limit"):
        grundy.misere_quotient("0.77", 5, time_limit=-1)


def test_ctrl_c_ends_a_quotient():
    sent = []

    def interrupt():
        time.sleep(0.3)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    thread = threading.Thread(target=interrupt)
    thread.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.misere_quotient("0.07", 32, time_limit=60)
    finally:
        thread.join()
    assert sent and time.monotonic() - sent[0] < 5


def test_kayles_quotient_is_proved_for_every_heap_from_heaps_to_200():
    # `grundy misere-quotient 0.77 --heaps 200 --json`: the heap map repeats with period 12
    # from heap 71, checked to heap 167, so this order-40 quotient is the whole game's.
    # (About 35 s in a debug build, 4 s in release.)
    quotient = grundy.misere_quotient("0.77", 200)
    assert quotient.proved and quotient.periodic == (71, 12) and quotient.checked_to == 167
    assert quotient.order == 40 and len(quotient.p_portion) == 9
    assert quotient.stable_from == 27
    digest = "b6da07d5e42bb07412b8350b1b359e8ff23da6f577b1640f018eed1b6f00303d"
    assert hashlib.sha256(quotient.to_json().encode()).hexdigest() == digest
    assert "proved: period 12 from heap 71" in repr(quotient)
    # Any heap is read through the period.
    big = 10**15 + 5
    same = 71 + (big - 71) % 12  # heap 81, with the same element
    assert quotient.element(big) == quotient.element(same) == quotient.element(same + 12)
    assert quotient.outcome(big, 5, 1) == quotient.outcome(same, 5, 1)
    sum_ = (999_999, 4)
    moves = quotient.winning_moves(*sum_)
    assert bool(moves) != quotient.is_p_position(*sum_)
    for heap, left in moves:
        after = list(sum_)
        after.remove(heap)
        assert quotient.is_p_position(*after, *left)
