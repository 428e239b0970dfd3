"""The example notebook runs to the end in a real Jupyter kernel (nbclient and ipykernel),
and the pictures it draws are the boards and thermographs it asks for."""

import re
from pathlib import Path

import nbclient
import nbformat
import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run_notebook():
    notebook = nbformat.read(EXAMPLES / "notebook.ipynb", as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(EXAMPLES)}},
    )
    client.execute()
    return notebook


def outputs_of(cell):
    """Every output of a cell as (kind, text): errors, printed text and each rich form."""
    found = []
    for output in cell.get("outputs", []):
        if output.output_type == "error":
            found.append(("error", f"{output.ename}: {output.evalue}"))
        elif output.output_type == "stream":
            found.append(("text", output.text))
        else:
            for kind, text in output.get("data", {}).items():
                found.append((kind, text if isinstance(text, str) else "".join(text)))
    return found


def svg_of(cell):
    svgs = [text for kind, text in outputs_of(cell) if kind == "image/svg+xml"]
    assert len(svgs) == 1, f"one SVG expected from:\n{cell.source}\ngot {outputs_of(cell)}"
    return svgs[0]


def cell_with(notebook, text):
    cells = [c for c in notebook.cells if c.cell_type == "code" and text in c.source]
    assert len(cells) == 1, text
    return cells[0]


@pytest.fixture(scope="module")
def notebook():
    """The notebook, run once for the module's tests."""
    return run_notebook()


def test_every_cell_runs_without_an_error(notebook):
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs, f"no output from:\n{cell.source}"
            errors = [text for kind, text in outputs_of(cell) if kind == "error"]
            assert not errors, f"{cell.source}\n{errors}"


def test_the_boards_are_drawn_as_boards(notebook):
    domineering = svg_of(cell_with(notebook, '"domineering", "4x4")\nboard'))
    assert "<title>Domineering 4x4</title>" in domineering
    # 16 empty cells of the grid, and the column letters above it.
    assert len(re.findall(r'<rect class="cell', domineering)) == 16
    hackenbush = svg_of(cell_with(notebook, '"hackenbush", "BBR+GG+BRB"'))
    # Eight edges as written, B B R + G G + B R B: four Blue, two Red, two Green.
    assert hackenbush.count('class="edge blue"') == 4
    assert hackenbush.count('class="edge red"') == 2
    assert hackenbush.count('class="edge green"') == 2
    toads = svg_of(cell_with(notebook, '"toadsfrogs", "TTT..FF"'))
    assert "<title>Toads and Frogs TTT..FF</title>" in toads
    clobber = svg_of(cell_with(notebook, '"clobber", "xoxo/oxox"'))
    assert len(re.findall(r"<circle", clobber)) == 8


def test_the_thermograph_is_drawn_with_its_figures(notebook):
    cell = cell_with(notebook, "print(value, \"outcome\"")
    svg = svg_of(cell)
    assert "Thermograph of {2|-1}" in svg
    assert "temperature 3/2, mean 1/2" in svg
    printed = "".join(text for kind, text in outputs_of(cell) if kind == "text")
    assert printed.startswith("±")


def test_a_game_of_your_own_and_misere_quotients_give_their_values(notebook):
    cakes = cell_with(notebook, "from cutcake import Cake")
    plain = [text for kind, text in outputs_of(cakes) if kind == "text/plain"][0]
    assert "(4, 1, 3)" in plain and "(4, 4, 0)" in plain
    quotient = cell_with(notebook, "misere_quotient(30)")
    kinds = dict(outputs_of(quotient))
    assert "order 40" in "".join(text for kind, text in outputs_of(quotient) if kind == "text")
    assert kinds["text/plain"] == "('P', 'N')" or kinds["text/plain"] == "('N', 'P')"


def test_values_are_numbers_with_exact_figures(notebook):
    cell = cell_with(notebook, 'up = grundy.Value("^")')
    printed = "".join(text for kind, text in outputs_of(cell) if kind == "text")
    assert "up > 0: True up < 1/64: True 1 + up = 1^" in printed
    assert "stops 2 -1 mean 1/2 temperature 3/2" in printed
    assert "walls [(Fraction(-1, 1), Fraction(3, 1)), (Fraction(3, 2), Fraction(1, 2))]" in printed
    # The sum's last expression is a Value, shown as its thermograph.
    assert "Thermograph of " in svg_of(cell)


def test_the_misere_quotient_of_a_registry_game_decides_a_sum(notebook):
    cell = cell_with(notebook, 'grundy.misere_quotient("0.07", 24)')
    printed = "".join(text for kind, text in outputs_of(cell) if kind == "text")
    assert printed.startswith("0^{120} 0^{120} 1^{031} 1^{031} 2^{20}")
    assert "Dawson's Kayles: order 24 P-portion ['a', 'b^2', 'ac', 'ad', 'acd']" in printed
    assert dict(outputs_of(cell))["text/plain"].startswith("('N', [(3, (1,)), (5, (1, 2)), (5, (3,)), (8, (1, 5)), (8, (3, 3))])")
