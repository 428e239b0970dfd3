#!/usr/bin/env bash
# Writes crates/grundy/tests/data/misere_golden.json, the table the misère-quotient golden
# test (crates/grundy/tests/integration/misere_golden.rs) holds the construction to: for each row, the
# order of the quotient after every heap, and at the bound its P-portion, generators,
# relations and the element of every heap, as `grundy misere-quotient CODE --heaps N --json`
# prints them. The table was made with the release CLI before the construction was rebuilt
# for speed (docs/benchmarks.md, "Misère quotients against the reference solver"); run it
# again only to add rows.
#
#   crates/lab/scripts/misere-golden.sh
#
# GRUNDY names the binary (default: a release build); CACHE names a folder where
# g-CODE-HEAPS.json outputs are kept and reused (the long rows take minutes).
set -euo pipefail
cd "$(dirname "$0")/../../.."

# CODE:HEAPS:speed — "fast" rows run in every test run, "slow" ones with --ignored.
rows="0.77:60:fast 0.07:24:fast 0.137:23:fast 0.75:60:fast 0.71:60:fast 0.72:60:fast
0.456:18:fast 0.77:200:slow 0.07:33:slow 0.137:32:slow 0.456:30:slow 0.456:40:slow"

grundy=${GRUNDY:-}
if [ -z "$grundy" ]; then
    cargo build --release -q -p grundy-cli
    grundy=${CARGO_TARGET_DIR:-target}/release/grundy
fi
cache=${CACHE:-$(mktemp -d)}
mkdir -p "$cache"

for row in $rows; do
    IFS=: read -r code heaps speed <<<"$row"
    out="$cache/g-$code-$heaps.json"
    if [ ! -s "$out" ]; then
        "$grundy" misere-quotient "$code" --heaps "$heaps" --json >"$out" 2>/dev/null
    fi
    echo "$speed $out"
done | python3 -c '
import json, sys
rows = []
for line in sys.stdin:
    speed, path = line.split()
    d = json.load(open(path))
    rows.append({
        "rules": d["rules"],
        "heaps": d["heaps"],
        "slow": speed == "slow",
        "order": d["order"],
        "orders": d["orders"],
        "p_portion": d["p_portion"],
        "generators": [[g["name"], g["heap"]] for g in d["generators"]],
        "relations": d["relations"],
        "heap_elements": d["heap_elements"],
    })
with open("crates/grundy/tests/data/misere_golden.json", "w") as f:
    f.write("[\n")
    f.write(",\n".join(json.dumps(r, ensure_ascii=False) for r in rows))
    f.write("\n]\n")
print(len(rows), "rows")
'
