"""The examples run to the end."""

import runpy
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_the_tour_runs(capsys):
    runpy.run_path(str(EXAMPLES / "tour.py"), run_name="__main__")
    printed = capsys.readouterr().out
    assert "rectangle" in printed and "pousse-waterloo" in printed
    assert "ValueError: illegal move v99" in printed
    assert "losing single cuboids up to side 10: [(2, 2, 2), (4, 4, 4)" in printed
    assert "grundy_cuboid(max_moves=0,misere=False,position=2x3x4) actions: 24 first: 1:0,0,0" in printed
    assert "up > 0: True  up == 0: False  1 + up = 1^  up + 1/2 = 1/2^" in printed
    assert "{2|-1}: stops 2 -1 mean 1/2 temperature 3/2" in printed
    assert "its thermograph's left wall: (-1, 3), (3/2, 1/2)" in printed
    assert "Clobber xxo is ^ of atomic weight 1" in printed
    assert "Kayles' genera: 0^{120} 1^{031} 2^{20} 3^{31} 1^{031} 4^{146}" in printed
    assert "misère quotient of Kayles: order 40 P-portion 9 proved True" in printed
    assert "12+15+100 is b N ; winning: [(12, (2, 9)), (12, (11,))]" in printed
