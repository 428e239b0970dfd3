"""Values as the numbers they often are: arithmetic and comparison with int and Fraction on
either side, hashes that agree with ==, conversions, and the figures of a value as data
(atomic weight, options, thermograph walls); every state's value."""

import sys
from fractions import Fraction

import numpy as np
import pytest

import grundy
from grundy import Value
from test_user_frontends import Kayles

UP, STAR = Value("^"), Value("*")


def test_values_compare_with_ints_on_either_side():
    # ^ is a positive infinitesimal: Left wins it whoever starts.
    assert UP > 0 and UP >= 0 and not UP == 0 and UP != 0
    assert 0 < UP and 0 <= UP and not 0 == UP and not UP < 1 - 1
    assert UP < Fraction(1, 1024) and -Fraction(1, 1024) < UP
    # * is confused with 0: the comparisons are real ones, not a type mismatch.
    assert not STAR > 0 and not STAR >= 0 and not STAR <= 0 and not STAR < 0
    assert STAR != 0 and not STAR == 0 and STAR.confused_with(0)
    assert Value("{1|-1}").confused_with(Fraction(1, 2))
    assert Value(3) == 3 and 3 == Value(3) and Value("3/4") == Fraction(3, 4)
    assert Value("3/4") < 1 and 1 > Value("3/4") and Value(-2) <= -2 <= Value(-2)
    assert Value(2**100) == 2**100 and Value(2**100) > 2**100 - 1


def test_arithmetic_with_numbers_on_either_side():
    assert 1 + UP == Value("1^") and UP + 1 == Value("1^")
    assert UP - Fraction(1, 2) == Value("-1/2 + ^")
    assert 2 - UP == Value("2v") and 2 - UP == 2 + Value("v")
    assert Fraction(1, 2) + UP == Value("1/2^")
    assert Fraction(3, 4) - Value("1/4") == Fraction(1, 2)
    assert type(1 + UP) is Value and type(Fraction(1, 2) - UP) is Value
    assert +UP == UP
    big = 2**200 + Fraction(1, 2**70)
    assert Value(big) == big and Value(big) - big == 0 and (Value(big) + UP) - big == UP
    assert Value(-(2**90)) + 2**90 == 0


def test_numbers_of_other_libraries_that_are_integers():
    assert Value(3) == np.int64(3) and UP + np.int64(1) == Value("1^")
    assert Value(np.uint8(7)) == 7


def test_equal_values_and_numbers_hash_alike():
    assert hash(Value(3)) == hash(3) and hash(Value("3")) == hash(3)
    assert hash(Value("1/2")) == hash(Fraction(1, 2))
    assert hash(Value("-5/8")) == hash(Fraction(-5, 8))
    assert hash(Value(2**100)) == hash(2**100)
    assert hash(Value(Fraction(-3, 2**80))) == hash(Fraction(-3, 2**80))
    assert hash(Value("1/2") + Value("1/2")) == hash(1)
    assert hash(UP + UP) == hash(Value("^^"))
    table = {3: "three", Fraction(1, 2): "half", Value("*"): "star"}
    assert table[Value(3)] == "three" and table[Value("1/2")] == "half"
    assert table[Value("{0|0}")] == "star"
    assert len({Value(1), 1, Fraction(1), Value("1/2 + 1/2")}) == 1


def test_unsupported_types_raise_type_error_and_compare_unequal():
    for other in ("1", None, [1], {}, object()):
        assert not UP == other and UP != other
        with pytest.raises(TypeError):
            UP + other
        with pytest.raises(TypeError):
            other + UP
        with pytest.raises(TypeError):
            UP - other
        with pytest.raises(TypeError):
            UP < other
        with pytest.raises(TypeError):
            other >= UP
    with pytest.raises(TypeError):
        Value(None)
    with pytest.raises(TypeError, match="confused_with"):
        UP.confused_with("0")


def test_floats_are_refused_because_values_are_exact():
    for bad in (0.5, 1.0, np.float64(0.25)):
        with pytest.raises(TypeError, match="float"):
            UP + bad
        with pytest.raises(TypeError, match="float"):
            bad - UP
        with pytest.raises(TypeError, match="float"):
            UP < bad
        with pytest.raises(TypeError, match="exact"):
            Value(bad)
    # == with a float is NotImplemented, as for any type a value does not take.
    assert not Value("1/2") == 0.5 and Value("1/2") != 0.5
    # The exact way in: a float's exact value as a Fraction.
    assert Value(Fraction(0.375)) == Value("3/8")


def test_rationals_that_are_not_dyadic_are_no_short_game():
    third = Fraction(1, 3)
    with pytest.raises(ValueError, match="1, 3.*not the value of a short game"):
        Value(third)
    with pytest.raises(ValueError, match="short game"):
        UP + third
    with pytest.raises(ValueError, match="short game"):
        third - UP
    with pytest.raises(ValueError, match="short game"):
        Value("1/2") < third
    # No short game equals 1/3: == answers, it does not raise.
    assert not Value("1/2") == third and Value("1/2") != third


def test_conversions_of_numbers():
    assert int(Value(7)) == 7 and type(int(Value(7))) is int
    assert int(Value(-(2**80))) == -(2**80)
    assert float(Value("3/4")) == 0.75 and float(Value(-2)) == -2.0
    assert Value("-3/8").as_integer_ratio() == (-3, 8)
    assert Value(6).as_integer_ratio() == (6, 1)
    half = Value("1/2")
    assert Fraction(*half.as_integer_ratio()) == Fraction(1, 2)
    with pytest.raises(ValueError, match="1/2 is not an integer"):
        int(half)
    for game in (UP, STAR, Value("{1|0}")):
        with pytest.raises(TypeError, match="is not a number"):
            int(game)
        with pytest.raises(TypeError, match="is not a number"):
            float(game)
        with pytest.raises(TypeError, match="is not a number"):
            game.as_integer_ratio()
        with pytest.raises(TypeError):
            Fraction(game)
    if sys.version_info >= (3, 14):  # Fraction reads as_integer_ratio() from 3.14 on
        assert Fraction(half) == Fraction(1, 2)


def test_kinds_of_values():
    assert Value("-3/4").is_number() and Value(0).is_number()
    assert not UP.is_number() and not STAR.is_number() and not Value("{1|0}").is_number()
    assert all(Value(text).is_infinitesimal() for text in ["0", "*", "^", "{0|^}", "^*3"])
    assert not any(Value(text).is_infinitesimal() for text in ["1/64", "{1|0}", "{1|-1}"])
    assert all(Value(text).is_all_small() for text in ["0", "*", "^", "v*", "{0|^}"])
    assert not any(Value(text).is_all_small() for text in ["1", "{1|0}", "{0|-1}"])


def test_atomic_weights_of_all_small_values():
    weights = {"^": 1, "^*": 1, "*": 0, "0": 0, "^^*": 2, "v": -1, "^3": 3}
    for text, weight in weights.items():
        assert Value(text).atomic_weight() == weight, text
        assert type(Value(text).atomic_weight()) is Value
    assert grundy.value_of("clobber", "xxo").atomic_weight() == 1
    with pytest.raises(ValueError, match="not all-small"):
        Value("{1|0}").atomic_weight()
    with pytest.raises(ValueError, match="not all-small"):
        Value(1).atomic_weight()


def test_birthdays_and_canonical_options():
    switch = Value("{1|0}")
    assert switch.birthday == 2
    assert switch.left_options() == [1] and switch.right_options() == [0]
    assert all(type(option) is Value for option in switch.left_options())
    assert Value(0).left_options() == [] and Value(0).right_options() == []
    assert Value(3).left_options() == [2] and Value(3).right_options() == []
    assert Value("1/2").left_options() == [0] and Value("1/2").right_options() == [1]
    assert UP.left_options() == [0] and UP.right_options() == [STAR]
    # A value is the game of its options.
    for text in ["{5/2|-1/4}", "{3|{1|-1}}", "^*", "{0|^}", "-7/8"]:
        value = Value(text)
        lefts, rights = (",".join(map(repr, side)) for side in (value.left_options(), value.right_options()))
        assert Value("{" + lefts + "|" + rights + "}") == value, text


def test_stops_and_the_thermograph_as_data():
    g = Value("{2|-1}")
    assert g.stops == (Fraction(2), Fraction(-1))
    thermograph = g.thermograph()
    assert isinstance(thermograph, grundy.Thermograph)
    assert thermograph.left_wall == [(Fraction(-1), Fraction(3)), (Fraction(3, 2), Fraction(1, 2))]
    assert thermograph.right_wall == [(Fraction(-1), Fraction(-2)), (Fraction(3, 2), Fraction(1, 2))]
    assert thermograph.mast == Fraction(1, 2) and thermograph.temperature == Fraction(3, 2)
    figures = [thermograph.mast, thermograph.temperature] + [
        number for point in thermograph.left_wall + thermograph.right_wall for number in point
    ]
    assert all(type(figure) is Fraction for figure in figures)
    assert all(type(stop) is Fraction for stop in g.stops)
    # At temperature 0 the walls are the stops; above the temperature, the mast.
    assert thermograph.left_at(0) == 2 and thermograph.right_at(0) == -1
    assert thermograph.left_at(Fraction(1, 2)) == Fraction(3, 2)
    assert thermograph.left_at(5) == thermograph.right_at(5) == Fraction(1, 2)
    with pytest.raises(ValueError, match="-1"):
        thermograph.left_at(-2)
    with pytest.raises(TypeError):
        thermograph.left_at(0.5)
    assert "mast=1/2" in repr(thermograph)
    # The figures the value gives agree with its thermograph.
    for text in ["{5/2|-1/4}", "{1|0}", "^", "7", "{3|{1|-1}}"]:
        value = Value(text)
        drawn = value.thermograph()
        assert (drawn.mast, drawn.temperature) == (value.mean, value.temperature), text
        assert (drawn.left_at(0), drawn.right_at(0)) == value.stops, text
    assert Value(7).thermograph().left_wall == [(Fraction(-1), Fraction(7))]


def test_states_of_impartial_games_have_nimbers():
    assert grundy.start("nim", "3").value() == Value("*3")
    assert grundy.start("nim", "3+4").value() == Value("*7")
    assert grundy.value_of("nim", "3") == Value("*3") and repr(grundy.value_of("nim", "3")) == "*3"
    assert grundy.start("nim", "2+2").value() == 0
    kayles = grundy.start("takebreak", "0.77:5")
    assert kayles.value() == Value("*4") == Value(f"*{kayles.solve().grundy_value}")
    assert grundy.start("rectangle", "4x3").value() == Value("*2")
    for game in ["cuboid", "paper", "bidding", "takebreak"]:
        state = grundy.start(game)
        assert state.value() == Value(f"*{state.solve().grundy_value}"), game


def test_states_of_partizan_games_have_canonical_values():
    domineering = grundy.start("domineering", "2x2")
    assert domineering.value() == Value("{1|-1}") == grundy.value_of("domineering", "2x2")
    assert grundy.start("domineering", "2x3").value() == Value("{1/2|-2}")
    assert grundy.start("domineering", "3x1").value() == -1
    # After Left's move the rest of the board: one vertical domino for Left.
    assert domineering.play("b1-b2").value() == 1
    assert grundy.start("clobber", "xxo").value() == UP
    assert grundy.start("clobber", "xo").value() == STAR
    assert grundy.start("clobber", "xox/oxo").value() == 0
    assert grundy.start("hackenbush", "BRB").value() == Fraction(3, 4)
    assert grundy.start("toadsfrogs", "TT..FF").value() == STAR


def test_misere_positions_and_searched_games_have_no_value():
    with pytest.raises(ValueError, match="misère.*misère quotient"):
        grundy.start("nim", "1+1", misere=True).value()
    with pytest.raises(ValueError, match="misère"):
        grundy.value_of("nim", "3@misere")
    with pytest.raises(ValueError, match="pousse has no value"):
        grundy.start("pousse").value()
    with pytest.raises(ValueError, match="pousse-waterloo has no value"):
        grundy.value_of("pousse-waterloo", "4")


def test_a_valuation_of_a_state_is_bounded():
    with pytest.raises(TimeoutError, match="time_limit=0.3"):
        grundy.start("clobber", "xo" * 32).value(time_limit=0.3)
    with pytest.raises(ValueError, match="time_limit"):
        grundy.start("nim", "3").value(time_limit=-1)


class Stalk:
    """A Blue-Red Hackenbush stalk, bottom edge first: Left cuts a B, Right an R, and the
    edges above the cut fall."""

    def __init__(self, edges):
        self.edges = edges

    def left_options(self):
        return [Stalk(self.edges[:i]) for i, edge in enumerate(self.edges) if edge == "B"]

    def right_options(self):
        return [Stalk(self.edges[:i]) for i, edge in enumerate(self.edges) if edge == "R"]

    def __eq__(self, other):
        return isinstance(other, Stalk) and self.edges == other.edges

    def __hash__(self):
        return hash(self.edges)

    def __str__(self):
        return self.edges or "0"


def test_states_of_games_of_your_own_have_values():
    kayles = grundy.define_game(Kayles([5]), name="kayles-values")
    assert kayles.start().value() == Value("*4") == grundy.value(Kayles([5]), progress=False)
    assert grundy.value_of("kayles-values", "5") == Value("*4")
    with pytest.raises(ValueError, match="misère"):
        kayles.start(misere=True).value()
    stalks = grundy.define_game(Stalk("BRB"), name="stalk-values")
    state = stalks.start()
    assert state.value() == Fraction(3, 4) and state.value().is_number()
    assert state.play("BR").value() == Fraction(1, 2)
    assert grundy.value_of("stalk-values", "BRB") == Value("3/4")


def test_values_multiply_by_integers():
    assert 3 * UP == Value("^3") and UP * 3 == UP + UP + UP
    assert -2 * Value("{1|0}") == -(Value("{1|0}") + Value("{1|0}"))
    assert 0 * UP == 0 and 1 * STAR == STAR and 2 * STAR == 0
    assert 2**64 * Value("1/2") == 2**63 and Value("3/4") * np.int64(4) == 3
    for bad in (Fraction(1, 2), UP, "2", None):
        with pytest.raises(TypeError):
            UP * bad
    with pytest.raises(TypeError, match="float"):
        UP * 2.0
