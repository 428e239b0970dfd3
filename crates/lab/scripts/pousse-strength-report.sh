#!/usr/bin/env bash
# What the records of crates/lab/scripts/pousse-strength.sh hold so far, finished or not: for each
# pairing, the results table of the games played (`grundy tournament merge --partial`), each
# player's longest move and how many moves it made, and every game that did not end normally
# (a time loss, an illegal move, a crash). A pairing with no record in target/strength/ is
# read from the one kept in crates/lab/data/strength/ (crates/lab/scripts/pousse-strength.sh --save).
#
#   crates/lab/scripts/pousse-strength-report.sh [PAIRING...]    # default: every record there is
set -euo pipefail
cd "$(dirname "$0")/../../.."

grundy=target/release/grundy
out=target/strength
kept=crates/lab/data/strength
[ -x "$grundy" ] || cargo build --release -p grundy-cli
if [ $# -eq 0 ]; then
    set -- $( (ls "$out"/*.jsonl "$kept"/*.jsonl.gz 2>/dev/null || true) | xargs -n1 basename 2>/dev/null |
        sed 's/\.jsonl\(\.gz\)\?$//' | sort -u)
fi
[ $# -gt 0 ] || { echo "no records in $out (run crates/lab/scripts/pousse-strength.sh first)" >&2; exit 1; }

# Kept records are read from copies unpacked here, removed at the end.
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT

for name in "$@"; do
    record=$out/$name.jsonl
    if [ ! -f "$record" ] && [ -f "$kept/$name.jsonl.gz" ]; then
        record=$unpacked/$name.jsonl
        gunzip -c "$kept/$name.jsonl.gz" > "$record"
    fi
    [ -f "$record" ] || { echo "no record $out/$name.jsonl or $kept/$name.jsonl.gz" >&2; exit 1; }
    echo "== $name"
    "$grundy" tournament merge --partial --quiet "$record"
    python3 - "$record" <<'PY'
import json, sys

longest, moves, faults = {}, {}, []
with open(sys.argv[1]) as lines:
    next(lines)  # the tournament header
    for number, line in enumerate(lines, start=2):
        try:
            game = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short by an interruption; the merge above names it
        for ply, move in enumerate(game["moves"]):
            player = game["players"][ply % 2]
            longest[player] = max(longest.get(player, 0.0), move["ms"])
            moves[player] = moves.get(player, 0) + 1
        result = game["result"]
        if result["termination"] != "normal":
            faults.append(f"  line {number}: {game['position']}: {result['termination']}: {result['detail']}")
for player in sorted(longest):
    print(f"{player}: longest move {longest[player]:.1f} ms of {moves[player]} moves")
print("\n".join(faults) if faults else "every game ended normally")
PY
done
