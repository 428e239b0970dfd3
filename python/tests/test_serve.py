"""``grundy.serve`` serves the web page with games defined in Python beside the built-in
ones: listed, drawn with the generic view, analysed and played through the page's API, while
the game's methods run in Python on the server's threads."""

import json
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import grundy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples" / "rulesets"))

from wythoff import Wythoff  # noqa: E402


def _get(url):
    with urllib.request.urlopen(url, timeout=60) as reply:
        return json.load(reply)


def _post(url, body):
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


@pytest.fixture(scope="module")
def served():
    game = grundy.define_game(Wythoff(3, 5), name="wythoff-served", positions=[Wythoff(1, 2)])
    with grundy.serve([game], port=0, block=False) as server:
        yield game, server.url
    assert not server.running


def test_the_users_game_is_listed_after_the_built_in_ones(served):
    game, url = served
    names = [entry["name"] for entry in _get(url + "api/games")]
    built_in = [g.name for g in grundy.games() if g.is_builtin]
    assert names == built_in + ["wythoff-served"]


def test_the_users_game_is_drawn_analysed_and_played_through_the_page(served):
    game, url = served
    status, view = _post(url + "api/position", {"game": game.name})
    assert status == 200, view
    assert view["position"] == "(3,5)"
    assert "(3,5)" in view["picture"]
    status, analysis = _post(url + "api/analysis", {"game": game.name, "position": "(1,2)"})
    assert status == 200, analysis
    # (1, 2) is a second-player win: every move loses, each to a win in one for the other.
    assert analysis["position"]["value"] == "lose"
    assert analysis["position"]["remoteness"] == 2
    assert [move["move"] for move in analysis["moves"]] == ["(0,2)", "(1,1)", "(0,1)"]
    assert all(move["value"] == "lose" and move["remoteness"] == 1 for move in analysis["moves"])
    status, reply = _post(url + "api/strategy", {"game": game.name, "strategy": "perfect"})
    assert status == 200, reply
    assert reply["view"]["position"] != "(3,5)"


def test_an_unknown_position_of_the_users_game_is_a_clear_error(served):
    game, url = served
    status, reply = _post(url + "api/position", {"game": game.name, "position": "(9,9,9)"})
    assert status == 400 and "(9,9,9)" in reply["error"], reply


def test_a_built_in_name_is_refused():
    with pytest.raises(ValueError, match="unknown game"):
        grundy.serve(["no-such-game"], port=0, block=False)
