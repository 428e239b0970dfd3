#!/usr/bin/env bash
# The misère-quotient timing of docs/benchmarks.md ("Misère quotients against the reference
# solver"): the reference program, MisereSolver (Java, in CGSuite's sources), and
# `grundy misere-quotient` on the same rows in the same run, CPU time (user + system, from
# bash's `times`) of each, their ratio, and whether they found the same quotient orders heap
# by heap.
#
#   crates/lab/scripts/misere-reference.sh [CGSUITE]
#
# CGSUITE is a clone of CGSuite's sources, working tree or bare (default: $CGSUITE, else
# ../cgsuite beside the repository):
#
#   git clone https://github.com/aaron-siegel/cgsuite
#
# Only the solver's own Java files are taken (lib/core/src/main/scala/org/cgsuite/core/
# misere/solver/, read from the clone's HEAD). Their one tie to the rest of CGSuite, the
# heap ruleset (and the command line, which needs CGSuite's language), is replaced by the
# small classes of crates/lab/misere-reference/: the octal options of a heap and a driver
# that runs the solver to heap N (its own command line stops at the first proved period).
# javac (JDK 11 or later) builds them; the grundy binary is built in release mode unless
# GRUNDY names one. ROWS overrides the rows, "CODE:HEAPS" separated by spaces.
set -euo pipefail
cd "$(dirname "$0")/../../.."
root=$PWD

cgsuite=${1:-${CGSUITE:-../cgsuite}}
rows=${ROWS:-"0.77:200 0.137:32"}
solver_dir=lib/core/src/main/scala/org/cgsuite/core/misere/solver
# The solver's files; the command line and the .msv loader need the rest of CGSuite.
solver_files="BipartiteMonoid CommutativeMonoid DirectSumMonoid ExplicitFiniteMonoid
MisereSolver Pretension Relation Word"

if ! git -C "$cgsuite" rev-parse --verify -q HEAD >/dev/null; then
    echo "misere-reference: no CGSuite clone at $cgsuite (git clone https://github.com/aaron-siegel/cgsuite)" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/classes"
for name in $solver_files; do
    git -C "$cgsuite" show "HEAD:$solver_dir/$name.java" >"$work/src/$name.java"
done
# MisereSolver: its heap options come from HeapRuleset.options (ours) instead of CGSuite's
# Scala ruleset, and the constructor that reads .msv files goes (it needs CGSuite's codes).
perl -0pi -e '
    s/^import (org\.cgsuite|scala)[^\n]*\n//mg;
    s/public List<int\[\]> heapOptions\(int heapSize\)\s*\{.*?\n    \}\n/public List<int[]> heapOptions(int heapSize) { return rules.options(heapSize); }\n/s
        or die "heapOptions not found\n";
    s/public MisereSolver\(InputStream msvInputStream\).*?\n    \}\n//s
        or die "the .msv constructor not found\n";
' "$work/src/MisereSolver.java"
cp "$root"/crates/lab/misere-reference/*.java "$work/src/"
javac -nowarn -encoding UTF-8 -d "$work/classes" "$work"/src/*.java 2>"$work/javac.log" || {
    cat "$work/javac.log" >&2
    exit 1
}

grundy=${GRUNDY:-}
if [ -z "$grundy" ]; then
    cargo build --release -q -p grundy-cli
    grundy=${CARGO_TARGET_DIR:-target}/release/grundy
fi

# CPU seconds (user + system, millisecond resolution: bash's `times` in a subshell that
# runs only this command, whose second line is its children's) of a command, its output
# kept in $work/out.
cpu() {
    (
        "$@" >"$work/out" 2>/dev/null
        times
    ) | sed -n 2p | awk '{
        split($1, u, /[ms]/); split($2, s, /[ms]/)
        printf "%.3f", u[1] * 60 + u[2] + s[1] * 60 + s[2]
    }'
}

echo "cgsuite $(git -C "$cgsuite" rev-parse --short HEAD), $(java -version 2>&1 | head -1)"
printf "%-28s %12s %12s %8s  %s\n" "row" "reference s" "grundy s" "ratio" "same orders"
for row in $rows; do
    code=${row%%:*}
    heaps=${row##*:}
    ref=$(cpu java -cp "$work/classes" org.cgsuite.core.misere.solver.MisereReference "$code" "$heaps")
    ref_orders=$(sed -n 's/^orders //p' "$work/out")
    ref_p=$(sed -n 's/^order [0-9]* p_portion //p' "$work/out")
    ours=$(cpu "$grundy" misere-quotient "$code" --heaps "$heaps" --json)
    our_orders=$(python3 -c 'import json,sys; print(" ".join(map(str, json.load(sys.stdin)["orders"])))' <"$work/out")
    our_p=$(python3 -c 'import json,sys; print(len(json.load(sys.stdin)["p_portion"]))' <"$work/out")
    same=no
    if [ "$ref_orders" = "$our_orders" ] && [ "$ref_p" = "$our_p" ]; then
        same=yes
    fi
    ratio=$(awk -v a="$ours" -v b="$ref" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')
    printf "%-28s %12s %12s %8s  %s (order %s, P-portion %s)\n" \
        "misere-quotient $code --heaps $heaps" "$ref" "$ours" "$ratio" "$same" "${ref_orders##* }" "$ref_p"
done
