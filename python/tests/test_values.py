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
