"""Partizan values from Python: notation, arithmetic, the partial order, positions' values,
exact figures (stops, mean, temperature as Fraction, the birthday as int) and the
thermograph as SVG."""

import random
from fractions import Fraction

import pytest

import grundy
from grundy import Value


def test_values_read_and_print_in_the_usual_notation():
    assert repr(Value("{0|0}")) == "*"
    assert repr(Value("{0|*}")) == "^"
    assert str(Value("{1|0} + ^ - (1/2 + *)")) == "{1/2^*|-1/2^*}"
    assert repr(Value("{2|-2}")) == "±2"


def test_arithmetic_is_the_group_of_games():
    g = Value("{2|-1}")
    assert g + (-g) == Value("0")
    assert g - g == Value("0")
    assert Value("^") + Value("^") == Value("⇑")
    assert Value("*") + Value("*") == Value("0")
    assert hash(Value("1/2") + Value("1/2")) == hash(Value("1"))


def test_the_order_is_partial():
    assert Value("1/2") < Value("1")
    assert Value("0") <= Value("^")
    assert Value("^") > Value("0")
    star = Value("*")
    assert not star <= Value("0") and not star >= Value("0")
    assert star.confused_with(Value("0"))
    assert star != Value("0")


def test_figures_of_a_switch():
    g = Value("{3|-1}")
    assert g.outcome == "N"
    figures = (g.left_stop, g.right_stop, g.mean, g.temperature)
    assert figures == (Fraction(3), Fraction(-1), Fraction(1), Fraction(2))
    assert all(type(figure) is Fraction for figure in figures)
    # Their text is the notation's, as the command line prints it.
    assert [str(figure) for figure in figures] == ["3", "-1", "1", "2"]
    assert g.birthday == 4 and type(g.birthday) is int  # 3 is born on day 3


def test_figures_of_hot_and_cold_values():
    g = Value("{5/2|-1/4}")
    assert (g.left_stop, g.right_stop) == (Fraction(5, 2), Fraction(-1, 4))
    assert g.mean == Fraction(9, 8) and g.temperature == Fraction(11, 8)
    assert g.birthday == 5  # 5/2 is born on day 4
    half = Value("1/2")
    assert (half.left_stop, half.mean, half.temperature) == (Fraction(1, 2),) * 2 + (Fraction(-1, 2),)
    assert Value("7").temperature == Fraction(-1)
    assert Value("^").temperature == Fraction(0) and Value("^").birthday == 2
    assert Value("0").birthday == 0 and Value("*").birthday == 1 and Value("3/4").birthday == 3


def test_numbers_are_exact_past_every_machine_word():
    value = Value("4611686018427387903")  # 2^62 - 1
    for _ in range(66):
        value = value + value
    exact = (2**62 - 1) * 2**66
    assert value > Value("0")
    assert value.left_stop == exact and value.right_stop == exact and value.mean == exact
    assert value == Value(str(exact))
    assert value.birthday == exact
    assert value - Value(str(exact - 1)) == Value("1")


def test_tiny_numbers_are_exact():
    tiny = Value("1/170141183460469231731687303715884105728")  # 2^-127
    assert tiny.left_stop == Fraction(1, 2**127)
    assert tiny.right_stop == Fraction(1, 2**127)
    assert tiny.temperature == Fraction(-1, 2**127)
    assert tiny.birthday == 128
    assert Value("0") < tiny < Value("1/85070591730234615865843651857942052864")


def test_the_simplest_number_between_two_close_options_is_exact():
    g = Value("{200+1/1152921504606846976 | 200+1/576460752303423488}")
    assert g > Value("0")
    assert g == Value("200 + 3/2305843009213693952")  # 200 + 3/2^61
    assert g.left_stop == g.right_stop == 200 + Fraction(3, 2**61)
    assert g.birthday == 200 + 61 + 1


def _dyadic(rng):
    """A random dyadic rational with up to 300 bits of numerator over up to 2^200."""
    numerator = rng.getrandbits(rng.choice([1, 8, 63, 64, 65, 130, 300])) * rng.choice([-1, 1])
    return Fraction(numerator, 2 ** rng.randrange(0, 201))


def _birthday_of_number(x):
    whole = abs(int(x))  # int() truncates towards zero
    if x.denominator == 1:
        return whole
    return whole + x.denominator.bit_length()  # + exponent + 1


def test_big_numbers_agree_with_fraction_arithmetic():
    rng = random.Random(48)
    for _ in range(400):
        a, b = _dyadic(rng), _dyadic(rng)
        if rng.random() < 0.1:
            b = a
        va, vb = Value(str(a)), Value(str(b))
        assert va.left_stop == a and va.right_stop == a and va.mean == a, a
        assert va.birthday == _birthday_of_number(a), a
        total, difference = va + vb, va - vb
        assert total.left_stop == a + b, (a, b)
        assert difference.right_stop == a - b, (a, b)
        assert (-va).mean == -a
        assert total == Value(str(a + b)) and difference == Value(str(a - b))
        assert Value(f"{a} + {b}") == total
        assert (va < vb, va <= vb, va == vb, va >= vb, va > vb) == (
            a < b,
            a <= b,
            a == b,
            a >= b,
            a > b,
        ), (a, b)
        assert not va.confused_with(vb)


def test_positions_have_values():
    assert grundy.value_of("domineering", "2x2") == Value("{1|-1}")
    assert repr(grundy.value_of("hackenbush", "BRB")) == "3/4"
    assert grundy.value_of("toadsfrogs", "T.F") == Value("*")
    assert grundy.value_of("clobber", "xo.ox") == Value("0")


def test_thermographs_are_svg():
    svg = Value("{3|-1}")._repr_svg_()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert "</svg>" in svg


def test_bad_input_raises_value_error_naming_the_token():
    with pytest.raises(ValueError, match="1/3"):
        Value("1/3")
    with pytest.raises(ValueError, match="chess"):
        grundy.value_of("chess", "e4")
    with pytest.raises(ValueError, match="pousse has no value"):
        grundy.value_of("pousse", "4")
    with pytest.raises(ValueError):
        grundy.value_of("domineering", "2y2")
    with pytest.raises(TypeError):
        Value("1") + "1"


def _svg_classes(svg):
    import xml.etree.ElementTree as ElementTree

    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    classes = [element.get("class") for element in root.iter() if element.get("class")]
    return {name: classes.count(name) for name in set(classes)}


def test_partizan_positions_draw_as_svg_in_notebooks():
    board = _svg_classes(grundy.start("domineering", "..#./..../.#..")._repr_svg_())
    assert board["cell"] == 10 and board["cell blocked"] == 2
    picture = _svg_classes(grundy.start("hackenbush", "BBR+GG").svg())
    assert picture["edge blue"] == 2 and picture["edge red"] == 1
    assert picture["edge green"] == 2 and picture["ground"] == 1
    row = _svg_classes(grundy.start("toadsfrogs", "TT..F").svg())
    assert row["cell"] == 5 and row["piece left"] == 2 and row["piece right"] == 1
    stones = _svg_classes(grundy.start("clobber", "xox/ox.").svg())
    assert stones["cell"] == 6 and stones["piece left"] == 3 and stones["piece right"] == 2


def test_games_without_a_drawing_have_no_svg():
    assert grundy.start("nim").svg() is None
