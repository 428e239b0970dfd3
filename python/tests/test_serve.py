"""``grundy.serve`` serves the web page with games defined in Python beside the built-in
ones: listed, drawn with the generic view, analysed and played through the page's API, while
the game's methods run in Python on the server's threads. A method that raises makes its
position or move unknown with the error named; one that never returns is interrupted at the
request's time limit, freeing its thread; the page keeps its memory limit; stopping it with
a request in flight lets the interpreter end cleanly."""

import json
import signal
import subprocess
import sys
import textwrap
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import grundy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples" / "rulesets"))

from wythoff import Wythoff  # noqa: E402

from misbehaving_games import Breaking, Spinning, Sub  # noqa: E402


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


# --- games whose methods misbehave ----------------------------------------------------------


def test_a_method_that_raises_makes_its_position_and_moves_unknown_naming_the_error():
    game = grundy.define_game(Breaking(5), name="breaking-served")
    with grundy.serve([game], port=0, block=False) as server:
        status, analysis = _post(server.url + "api/analysis", {"game": game.name, "position": "5"})
        assert status == 200, analysis
        assert analysis["position"]["value"] == "unknown"
        assert "options() broke at 3" in analysis["position"]["comment"]
        # The move to 3 is not a win at once for its mover: 3 is not a lost position, its
        # moves could not be listed. Neither move has a value, each says why.
        assert [move["move"] for move in analysis["moves"]] == ["4", "3"]
        for move in analysis["moves"]:
            assert move["value"] == "unknown" and move["remoteness"] is None, move
            assert "RuntimeError: options() broke at 3" in move["comment"], move
        assert analysis["complete"] is False

        status, analysis = _post(server.url + "api/analysis", {"game": game.name, "position": "3"})
        assert status == 200, analysis
        assert analysis["view"]["over"] is False
        assert analysis["position"]["value"] == "unknown"
        assert "options() broke at 3" in analysis["position"]["comment"]
        assert analysis["moves"] == [] and analysis["complete"] is False

        # Playing through 3 is refused, naming the reason.
        status, reply = _post(
            server.url + "api/play", {"game": game.name, "position": "5", "moves": ["3"], "move": "2"}
        )
        assert status == 422 and "could not be listed" in reply["error"], reply


def _process_seconds_over(seconds):
    """The CPU time the whole process (every thread) spends while this thread sleeps."""
    began = time.process_time()
    time.sleep(seconds)
    return time.process_time() - began


def test_a_method_that_never_returns_is_abandoned_at_the_deadline_and_frees_its_thread():
    spinning = grundy.define_game(Spinning(5), name="spinning-served")
    healthy = grundy.define_game(Sub(5), name="healthy-served")
    with grundy.serve([spinning, healthy], port=0, block=False, time_limit=1) as server:
        replies = []

        def ask():
            replies.append(_post(server.url + "api/analysis", {"game": spinning.name, "position": "5"}))

        askers = [threading.Thread(target=ask) for _ in range(6)]
        for asker in askers:
            asker.start()
        # Meanwhile the built-in games are served on their own pool.
        status, nim = _post(server.url + "api/analysis", {"game": "nim", "position": "3+4"})
        assert status == 200 and nim["position"]["value"] == "win", nim
        for asker in askers:
            asker.join(60)
        assert len(replies) == 6
        for status, reply in replies:
            assert status == 503 and "limit of 1000 ms" in reply["error"], reply
        # The methods were interrupted: no thread spins any more, and the pool of your games
        # serves again.
        cpu = _process_seconds_over(0.5)
        print(f"CPU over half a second after the replies: {cpu:.2f} s")
        assert cpu < 0.25
        status, analysis = _post(server.url + "api/analysis", {"game": healthy.name, "position": "5"})
        assert status == 200 and analysis["position"]["value"] == "win", analysis


def _run_python(script, *, signal_after=None, timeout=120):
    """Runs `script` in a new interpreter, sending it SIGINT `signal_after` seconds after it
    prints ``ready`` when given: its exit status, stdout and stderr."""
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        if signal_after is not None:
            assert child.stdout.readline().strip() == "ready"
            time.sleep(signal_after)
            child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=timeout)
    finally:
        child.kill()
    return child.returncode, out, err


SERVED_SOURCE = f"""
    import json, signal, sys, threading, time, urllib.error, urllib.request
    sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
    import grundy
    from misbehaving_games import Endless, Spinning

    def peak_mb():
        # The peak resident memory of this interpreter (ru_maxrss would count the parent's,
        # inherited at fork).
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) // 1024

    def post(url, body):
        request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                         headers={{"Content-Type": "application/json"}})
        try:
            with urllib.request.urlopen(request, timeout=60) as reply:
                return reply.status, json.load(reply)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)
        except OSError as error:
            return None, str(error)
"""


def test_the_endless_chain_on_the_page_keeps_the_servers_memory_and_time_limits():
    status, out, err = _run_python(
        SERVED_SOURCE
        + """
    game = grundy.define_game(Endless(0), name="endless")
    before = peak_mb()
    with grundy.serve([game], port=0, block=False, memory_limit=50) as server:
        replies = []
        askers = [threading.Thread(target=lambda: replies.append(
            post(server.url + "api/analysis", {"game": "endless", "position": "E0"})))
            for _ in range(6)]
        for asker in askers: asker.start()
        for asker in askers: asker.join()
    print(json.dumps({"replies": replies, "grew": peak_mb() - before}))
    """
    )
    assert status == 0 and "Fatal Python error" not in err, err[-2000:]
    result = json.loads(out.strip().splitlines()[-1])
    for status, analysis in result["replies"]:
        # Bounded, and said so: never "the analysis failed … please report it".
        assert status == 200, analysis
        comment = analysis["position"]["comment"]
        assert "the server's time limit" in comment or "memory_limit=50" in comment, comment
        assert analysis["position"]["value"] == "unknown" and analysis["complete"] is False
    print(f"peak resident memory grew by {result['grew']} MB (two computations of 50 MB at once)")
    assert result["grew"] <= 2 * 1.5 * 50


SPINNING_REQUEST = """
    game = grundy.define_game(Spinning(5), name="spinning")
    def in_flight(url):
        threading.Thread(target=post, args=(url + "api/analysis", {"game": "spinning", "position": "5"}),
                         daemon=True).start()
"""


def test_ctrl_c_with_a_request_in_flight_stops_the_page_and_the_interpreter_cleanly():
    status, out, err = _run_python(
        SERVED_SOURCE
        + SPINNING_REQUEST
        + """
    import socket
    signal.signal(signal.SIGINT, signal.default_int_handler)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    def later():
        time.sleep(0.5)
        in_flight(f"http://127.0.0.1:{port}/")
        time.sleep(0.5)
        print("ready", flush=True)
    threading.Thread(target=later, daemon=True).start()
    try:
        grundy.serve([game], port=port, block=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    """,
        signal_after=0.5,
    )
    assert status == 0, err[-2000:]
    assert "interrupted" in out
    assert "Fatal Python error" not in err, err[-2000:]


@pytest.mark.parametrize("stopping", ["stop", "exit"])
def test_a_page_stopped_with_a_request_in_flight_lets_the_interpreter_end_cleanly(stopping):
    status, out, err = _run_python(
        SERVED_SOURCE
        + SPINNING_REQUEST
        + f"""
    server = grundy.serve([game], port=0, block=False)
    in_flight(server.url)
    time.sleep(1)
    if {stopping!r} == "stop":
        server.stop()
    print("leaving", flush=True)
    """
    )
    assert status == 0, err[-2000:]
    assert "leaving" in out
    assert "Fatal Python error" not in err, err[-2000:]


# --- sums and the server's own limit ---------------------------------------------------------


class TakeSum:
    """A sum of heaps, each losing 1, 2 or 3 a move: a heap of n is worth *(n % 4)."""

    def __init__(self, heaps):
        self.heaps = tuple(sorted(heap for heap in heaps if heap))

    @classmethod
    def parse(cls, text):
        return cls(int(part) for part in text.split("+") if part != "0")

    def options(self):
        found = []
        for index, heap in enumerate(self.heaps):
            rest = self.heaps[:index] + self.heaps[index + 1:]
            found += [TakeSum(rest + (heap - take,)) for take in (1, 2, 3) if take <= heap]
        return found

    def components(self):
        return [TakeSum([heap]) for heap in self.heaps] if len(self.heaps) > 1 else [self]

    def __eq__(self, other):
        return isinstance(other, TakeSum) and self.heaps == other.heaps

    def __hash__(self):
        return hash(self.heaps)

    def __str__(self):
        return "+".join(map(str, self.heaps)) or "0"


class Subsets:
    """Every subset of 36 tokens: far too many positions to solve in a request."""

    def __init__(self, tokens=(1 << 36) - 1):
        self.tokens = tokens

    def options(self):
        return [Subsets(self.tokens & ~(1 << i)) for i in range(36) if self.tokens >> i & 1]

    def __eq__(self, other):
        return isinstance(other, Subsets) and self.tokens == other.tokens

    def __hash__(self):
        return hash(self.tokens)

    def __str__(self):
        return f"{self.tokens:x}"


def test_the_analysis_values_each_component_of_a_users_sum():
    game = grundy.define_game(TakeSum([5, 6]), name="take-sum-served")
    with grundy.serve([game], port=0, block=False) as server:
        status, analysis = _post(server.url + "api/analysis", {"game": game.name, "position": "5+6+7"})
        assert status == 200, analysis
        assert analysis["components"] == [
            {"position": "5", "grundy_value": "1"},
            {"position": "6", "grundy_value": "2"},
            {"position": "7", "grundy_value": "3"},
        ]
        assert analysis["position"]["grundy_value"] == "0"  # 1 ^ 2 ^ 3
        # A position of one part is its own component.
        status, analysis = _post(server.url + "api/analysis", {"game": game.name, "position": "9"})
        assert analysis["components"] == [{"position": "9", "grundy_value": "1"}]


def test_the_servers_time_limit_is_named_as_the_servers_and_leaves_the_analysis_incomplete(capsys):
    game = grundy.define_game(Subsets(), name="subsets-served")
    with grundy.serve([game], port=0, block=False) as server:
        status, analysis = _post(
            server.url + "api/analysis", {"game": game.name, "position": str(Subsets()), "movetime_ms": 200}
        )
    assert status == 200, analysis
    assert analysis["complete"] is False
    assert analysis["position"]["value"] == "unknown"
    comment = analysis["position"]["comment"]
    assert "the server's time limit of 0.2 s for one position" in comment, comment
    assert "movetime_ms" in comment, comment
    assert "time_limit=" not in comment
    err = capsys.readouterr().err
    assert "your game raised" not in err, err
    assert "the server's limit stopped" in err, err
