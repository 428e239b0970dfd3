"""Partizan values from Python: notation, arithmetic, the partial order, positions' values
and the thermograph as SVG."""

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
    assert (g.left_stop, g.right_stop, g.mean, g.temperature) == ("3", "-1", "1", "2")


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
    with pytest.raises(ValueError, match="impartial"):
        grundy.value_of("nim", "3+4")
    with pytest.raises(ValueError):
        grundy.value_of("domineering", "2y2")
    with pytest.raises(TypeError):
        Value("1") + 1
