"""The limits of a game written in Python, measured: rows 5 to 11 of the limits audit
(docs/benchmarks.md, "The limits of a game written in Python"), each in a process of its
own, with its wall time and its peak resident memory.

    target/venv/bin/python -I python/benches/limits.py            # every row: a Markdown table
    target/venv/bin/python -I python/benches/limits.py endless    # one row: what it answered
    /usr/bin/time -v target/venv/bin/python -I python/benches/limits.py endless

The table runs each row as ``/usr/bin/time -v python limits.py ROW`` and reads its "Maximum
resident set size"; ``--address-space MB`` runs the rows under that address-space limit
(``ulimit -v``), to measure a build whose limits do not hold without exhausting the machine.
The interpreter's own base (``import grundy``) is the first row.
"""

import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import grundy

HERE = os.path.abspath(__file__)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), os.pardir, "tests"))

from misbehaving_games import Breaking, Endless, Spinning, Sub, chain  # noqa: E402


class Slow(Sub):
    """Sub with a little Python work in ``options()``, so that threads switch inside a walk."""

    def options(self):
        sum(range(3000))
        return super().options()


def post(url, body, timeout=300):
    """POSTs JSON: the status, the reply and the seconds taken."""
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return reply.status, json.load(reply), time.perf_counter() - began
    except urllib.error.HTTPError as error:
        return error.code, json.load(error), time.perf_counter() - began
    except OSError as error:
        return None, {"error": str(error)}, time.perf_counter() - began


def outcome(work):
    """What `work()` answered, or the exception it raised, in a few words."""
    try:
        answer = repr(work())
    except BaseException as error:  # noqa: BLE001 - the row reports whatever ends it
        lines = str(error).splitlines() or [""]
        answer = f"{type(error).__name__}: {lines[0]}"
    return answer[:160]


def many(url, body, count):
    """`count` requests at once: their statuses and seconds."""
    replies = []
    askers = [threading.Thread(target=lambda: replies.append(post(url, body))) for _ in range(count)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join()
    return replies


def statuses(replies):
    return ", ".join(f"{status} at {seconds:.1f} s" for status, _, seconds in sorted(replies, key=lambda r: r[2]))


def threads_row():
    answers, errors = [], []

    def work(which):
        for k in range(30):
            heap = 200 * (k + 1) + which
            try:
                if which % 4 == 0:
                    answers.append(grundy.value(Slow(heap), progress=False))
                elif which % 4 == 1:
                    answers.append(grundy.outcome(Slow(heap), misere=True, progress=False))
                else:
                    answers.append(grundy.solve(Slow(heap), progress=False).remoteness)
            except Exception as error:  # noqa: BLE001 - counted and shown
                errors.append(f"{type(error).__name__}: {error}")

    workers = [threading.Thread(target=work, args=(which,)) for which in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    first = f"; first: {errors[0][:100]}" if errors else ""
    return f"{len(answers)} answers, {len(errors)} errors of 120 calls{first}"


def page_row(game, position, count):
    with grundy.serve([game], port=0, block=False) as server:
        replies = many(server.url + "api/analysis", {"game": game.name, "position": position}, count)
        status, _, seconds = post(server.url + "api/analysis", {"game": "nim", "position": "3+4"})
        cpu = time.process_time()
        time.sleep(1)
        cpu = time.process_time() - cpu
    return f"{statuses(replies)}; then nim 3+4: {status} at {seconds:.1f} s; CPU in the next second {cpu:.2f} s"


def raising_row():
    game = grundy.define_game(Breaking(5), name="raising")
    with grundy.serve([game], port=0, block=False) as server:
        status, reply, _ = post(server.url + "api/analysis", {"game": "raising", "position": "5"})
    moves = ", ".join(f"{move['move']}: {move['value']}" for move in reply["moves"])
    return f"{status}; moves {moves}; complete {reply['complete']}"


def ctrl_c_child():
    signal.signal(signal.SIGINT, signal.default_int_handler)
    game = grundy.define_game(Spinning(5), name="spinning")
    port = int(sys.argv[2])

    def later():
        time.sleep(1)
        threading.Thread(
            target=post,
            args=(f"http://127.0.0.1:{port}/api/analysis", {"game": "spinning", "position": "5"}),
            daemon=True,
        ).start()
        time.sleep(0.5)
        print("ready", flush=True)

    threading.Thread(target=later, daemon=True).start()
    try:
        grundy.serve([game], port=port, block=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)


def exit_row(arguments, signal_when_ready):
    """Runs this script with `arguments`, sends it SIGINT once it says it is ready if asked:
    its exit status and whether the interpreter died with a fatal error."""
    child = subprocess.Popen(
        [sys.executable, "-I", HERE, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    if signal_when_ready:
        while child.stdout.readline().strip() != "ready":
            pass
        child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=300)
    fatal = "Fatal Python error" in err or child.returncode < 0
    return f"exit status {child.returncode}{', fatal error' if fatal else ''}"


def stop_child():
    game = grundy.define_game(Spinning(5), name="spinning")
    server = grundy.serve([game], port=0, block=False)
    threading.Thread(
        target=post, args=(server.url + "api/analysis", {"game": "spinning", "position": "5"}), daemon=True
    ).start()
    time.sleep(1)
    server.stop()


ROWS = {
    "base": ("5–11", "`import grundy`", lambda: "—"),
    "endless": (
        "5",
        "`value(E(0), time_limit=3, memory_limit=200)`, `E(n) -> E(n+1)`",
        lambda: outcome(lambda: grundy.value(Endless(0), time_limit=3, memory_limit=200, progress=False)),
    ),
    "chain-time": (
        "5",
        "a chain of 3·10^6, `time_limit=2`",
        lambda: outcome(lambda: grundy.value(chain(3_000_000)(0), time_limit=2, progress=False)),
    ),
    "chain-memory": (
        "5",
        "a chain of 10^6, `memory_limit=100`",
        lambda: outcome(lambda: grundy.value(chain(1_000_000)(0), memory_limit=100, progress=False)),
    ),
    "long-number": (
        "6",
        "`Value('9' * 10_000_000, time_limit=5)`",
        lambda: outcome(lambda: grundy.Value("9" * 10_000_000, time_limit=5)),
    ),
    "threads": ("7", "4 threads: `value`, `outcome(misere=True)`, `solve`, default cache", threads_row),
    "raising-page": ("8", "page: analysis of 5, `options()` raising at 3", raising_row),
    "spinning-page": (
        "9",
        "page: 6 analyses, `options()` spinning at 3; then nim",
        lambda: page_row(grundy.define_game(Spinning(5), name="spinning"), "5", 6),
    ),
    "endless-page": (
        "10",
        "page: 6 analyses of the endless chain; then nim",
        lambda: page_row(grundy.define_game(Endless(0), name="endless"), "E0", 6),
    ),
    "ctrl-c-page": (
        "11",
        "page `block=True`, a spinning request in flight, Ctrl-C",
        lambda: exit_row(["ctrl-c-child", str(free_port())], True),
    ),
    "stop-page": (
        "11",
        "page `block=False`, a spinning request in flight, `.stop()`, exit",
        lambda: exit_row(["stop-child"], False),
    ),
}


def free_port():
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def table(address_space):
    print("| row | what | answer | wall | peak RSS |")
    print("|---|---|---|---:|---:|")
    for name, (row, what, _) in ROWS.items():
        limit = ""
        if address_space:
            limit = f"ulimit -v {address_space * 1024}; "
        command = f"{limit}/usr/bin/time -v {sys.executable} -I {HERE} {name}"
        done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=900)
        answer = (done.stdout.strip().splitlines() or ["(nothing)"])[-1]
        if done.returncode != 0:
            answer += f" (exit status {done.returncode}: {done.stderr.strip().splitlines()[-1][:120]})"
        wall = peak = "?"
        for line in done.stderr.splitlines():
            if "Elapsed (wall clock)" in line:
                clock = line.rsplit(" ", 1)[1].split(":")
                wall = f"{sum(float(part) * 60**i for i, part in enumerate(reversed(clock))):.2f} s"
            if "Maximum resident set size" in line:
                peak = f"{int(line.rsplit(' ', 1)[1]) / 1024:.0f} MB"
        print(f"| {row} | {what} | {answer.replace('|', '/')} | {wall} | {peak} |", flush=True)


def main():
    arguments = sys.argv[1:]
    if arguments and arguments[0] == "ctrl-c-child":
        ctrl_c_child()
    elif arguments and arguments[0] == "stop-child":
        stop_child()
    elif arguments and arguments[0] in ROWS:
        began = time.perf_counter()
        answer = ROWS[arguments[0]][2]()
        print(f"{answer} — {time.perf_counter() - began:.2f} s", flush=True)
    elif not arguments or arguments[0] == "--address-space":
        table(int(arguments[1]) if arguments else None)
    else:
        raise SystemExit(f"rows: {', '.join(ROWS)}")


if __name__ == "__main__":
    # Quiet the rows' deliberate errors on stderr (the table reads /usr/bin/time's lines).
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    main()
