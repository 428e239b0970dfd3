#!/usr/bin/env bash
# The partizan timing of docs/benchmarks.md ("Partizan values against cgt-tools"), and the
# Wind-Up timing ("Games that can loop"; rows windup:N:SET, below): the
# field's reference Rust program, cgt-tools (https://github.com/t4ccer/cgt-tools), and
# `grundy solve` on the same positions in the same run, one after the other, each three
# times; the median CPU time (user + system) and peak resident memory of each, their ratio
# (cgt-tools ÷ grundy: above 1 means grundy is faster),
# and whether the two canonical values are the same game.
#
#   crates/lab/scripts/cgt-tools-compare.sh [CGT_TOOLS_DIR]
#
# CGT_TOOLS_DIR is a clone of cgt-tools with a working tree (default: $CGT_TOOLS_DIR, else
# ../cgt-tools beside the repository):
#
#   git clone https://github.com/t4ccer/cgt-tools
#
# cgt-tools values a position with its library's `PartizanGame::canonical_form` and a fresh
# transposition table. The small driver that calls it, crates/lab/cgt-tools-bench/ (the
# position readers and the printing of the value; no code of cgt-tools), is built outside
# the workspace, in its own folder, against that clone by path (the workspace never
# depends on cgt-tools), single-threaded (cgt-tools' `rayon` feature off) and in release
# mode with cgt-tools' own release profile (LTO) and allocator (jemalloc), in CGT_BENCH_DIR
# (default: cgt-tools-bench in the cargo target folder; the first build takes minutes). CGT names an
# already built driver instead; GRUNDY names a grundy binary (else it is built in release
# mode). The default rows take about 15 minutes of CPU, most of it in the last three.
# ROWS overrides the rows: "GAME:POSITION" separated by spaces, POSITION in
# grundy's notation (docs/notation.md), converted here to cgt-tools':
#
#   domineering, konane, fission,  rows joined by `/` (or WxH)  ->  rows joined by `|`
#   amazons
#   toppling                       `L`, `R`, rows split by `.`  ->  `x`, `o`, rows by `|`
#   snort                          an edge list, or a grid WxH  ->  the same edge list
#
# Wind-Up rows, "windup:N:SET" (windup:2000:1,2,4), value every cell of the cycle: cgt-tools'
# `WindUp::new_using_graph` (what its `wind_up range` command runs; the driver's `wind_up`
# prints the values in grundy's notation) against grundy's `cycle_values`, the cycle's
# explicit graph labelled at once (the lab's `windup_values`, built in release mode unless
# WINDUP_VALUES names it); both print every cell's value and the two lines must be the same.
# The grundy CPU column is then `windup_values`'s, and the row adds, in the last column, the
# time of `grundy solve windup N:SET@N-1` (one cell's report: it explores from the cell).
#
# grundy's time is that of its whole report (`grundy solve GAME POSITION --json`): the
# value, and also each option's value, the winning moves and the bounded remoteness search,
# which cgt-tools' canonical_form does not do. The values are compared as games: cgt-tools'
# printed canonical form is read back by `grundy value`, and the two canonical forms must be
# the same text.
set -euo pipefail
cd "$(dirname "$0")/../../.."
root=$PWD

cgt_tools=${1:-${CGT_TOOLS_DIR:-../cgt-tools}}
rows=${ROWS:-"domineering:4x4 domineering:5x4 domineering:6x4 domineering:5x5
snort:3x3 snort:4x3 snort:5x3 snort:4x4
konane:xoxo/o..x/xoxo/oxox konane:xoxox/o.x.x/x.xo./oxoxo konane:xoxo/o..x/x..o/oxox/xoxo
konane:xoxoxo/o.xo.x/xo..xo/oxoxox
fission:.x.x/..x./..../..x. fission:...../...../..x../...../..... fission:...../.x.../...x./...../.....
fission:....../....../..x.../....../......
toppling:LRRLRLLRLR toppling:LRRL.RLLR.LRLR.RRLL toppling:LRLRRL.RLLRLR.LRRLLR.RLRLLR.LRLRRLLR.RLLRRLRL
toppling:LRRLRLLRLRRL.RLLRLRRLLRL.LRLRRLRLLRR.RRLLRLRLRLL.LRLLRRLR.RLRRLL
konane:xoxoxo/oxo.xo/xo..xo/oxoxox/xoxoxo fission:....../....../..x.../...x../....../......
domineering:6x5
amazons:x.../o... amazons:x..o/#..#/o..x amazons:x..o/...#/o..x amazons:x.../..../...o
amazons:x..o/..../o..x amazons:x...o/#...#/o...x"}
reps=${REPS:-3}

if [ ! -f "$cgt_tools/Cargo.toml" ]; then
    echo "cgt-tools-compare: no cgt-tools clone at $cgt_tools (git clone https://github.com/t4ccer/cgt-tools)" >&2
    exit 2
fi
cgt_tools=$(cd "$cgt_tools" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cgt=${CGT:-}
if [ -z "$cgt" ]; then
    # The driver's own folder and target, kept between runs so that a second run does not
    # build cgt-tools again.
    bench=${CGT_BENCH_DIR:-${CARGO_TARGET_DIR:-$root/target}/cgt-tools-bench}
    mkdir -p "$bench/src"
    sed "s#CGT_TOOLS_DIR#$cgt_tools#" crates/lab/cgt-tools-bench/Cargo.toml.in >"$bench/Cargo.toml"
    cp crates/lab/cgt-tools-bench/src/main.rs "$bench/src/main.rs"
    [ -f "$bench/Cargo.lock" ] || cp "$cgt_tools/Cargo.lock" "$bench/Cargo.lock"
    (cd "$bench" && CARGO_TARGET_DIR="$bench/target" cargo build --release -q)
    cgt=$bench/target/release/cgt-tools-bench
fi

grundy=${GRUNDY:-}
if [ -z "$grundy" ]; then
    cargo build --release -q -p grundy-cli
    grundy=${CARGO_TARGET_DIR:-target}/release/grundy
fi

windup_values=${WINDUP_VALUES:-}
if [ -z "$windup_values" ] && [[ " $rows " == *" windup:"* ]]; then
    cargo build --release -q -p grundy-lab --bin windup_values
    windup_values=${CARGO_TARGET_DIR:-target}/release/windup_values
fi

# cgt-tools' notation of a grundy position.
to_cgt() {
    local game=$1 position=$2
    case $game in
        domineering | konane | fission | amazons)
            if [[ $position =~ ^([0-9]+)x([0-9]+)$ ]]; then
                # A WxH board: W columns, H rows, all empty.
                awk -v w="${BASH_REMATCH[1]}" -v h="${BASH_REMATCH[2]}" 'BEGIN {
                    for (r = 0; r < h; r++) {
                        if (r) printf "|"
                        for (c = 0; c < w; c++) printf "."
                    }
                }'
            else
                printf '%s' "${position//\//|}"
            fi
            ;;
        toppling) printf '%s' "$position" | tr 'LR.' 'xo|' ;;
        snort)
            if [[ $position =~ ^([0-9]+)x([0-9]+)$ ]]; then
                # The grid graph, cells named row by row from 0 at the top left, as grundy
                # names them.
                awk -v w="${BASH_REMATCH[1]}" -v h="${BASH_REMATCH[2]}" 'BEGIN {
                    sep = ""
                    for (r = 0; r < h; r++) for (c = 0; c < w; c++) {
                        v = r * w + c
                        if (c + 1 < w) { printf "%s%d-%d", sep, v, v + 1; sep = "," }
                        if (r + 1 < h) { printf "%s%d-%d", sep, v, v + w; sep = "," }
                    }
                }'
            else
                printf '%s' "$position"
            fi
            ;;
        *)
            echo "cgt-tools-compare: cgt-tools has no game $game" >&2
            exit 2
            ;;
    esac
}

# "CPU-seconds peak-MB" of a command (GNU time's user + system time and maximum resident
# set), its standard output kept in $work/out.
measure() {
    /usr/bin/time -f "%U %S %M" -o "$work/time" "$@" >"$work/out" 2>"$work/err" || {
        echo "cgt-tools-compare: failed: $*" >&2
        cat "$work/err" >&2
        exit 1
    }
    awk '{ printf "%.2f %.0f", $1 + $2, $3 / 1024 }' "$work/time"
}

# The median of the numbers on standard input.
median() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

json_field() {
    python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"
}

# One Wind-Up row (see above): the whole cycle valued by each, and one cell's report.
wind_up_row() {
    local cycle=$1 cells=${1%%:*}
    : >"$work/ours" && : >"$work/cgts" && : >"$work/solve"
    for _ in $(seq "$reps"); do
        measure "$windup_values" "$cycle" >>"$work/ours"
        echo >>"$work/ours"
        cp "$work/out" "$work/our_values"
        measure "$cgt" wind_up "$cycle" >>"$work/cgts"
        echo >>"$work/cgts"
        cp "$work/out" "$work/cgt_values"
        measure "$grundy" solve windup "$cycle@$((cells - 1))" --json >>"$work/solve"
        echo >>"$work/solve"
    done
    local our_cpu our_mb cgt_cpu cgt_mb solve_cpu same ratio
    our_cpu=$(cut -d' ' -f1 "$work/ours" | median)
    our_mb=$(cut -d' ' -f2 "$work/ours" | median)
    cgt_cpu=$(cut -d' ' -f1 "$work/cgts" | median)
    cgt_mb=$(cut -d' ' -f2 "$work/cgts" | median)
    solve_cpu=$(cut -d' ' -f1 "$work/solve" | median)
    if cmp -s "$work/our_values" "$work/cgt_values"; then
        same=yes
    else
        same="no: $(python3 -c 'import sys
a = open(sys.argv[1]).read().split(); b = open(sys.argv[2]).read().split()
diff = [i for i in range(max(len(a), len(b))) if a[i:i + 1] != b[i:i + 1]]
print(f"{len(diff)} cells differ, the first cell {diff[0]}: grundy {a[diff[0]]}, cgt-tools {b[diff[0]]}")' "$work/our_values" "$work/cgt_values")"
    fi
    ratio=$(awk -v a="$our_cpu" -v b="$cgt_cpu" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", b / a; else print "–" }')
    printf '| windup | `%s` (every cell) | %s | %s | %s | %s | %s | %s; `grundy solve` of cell %s: %s s |\n' \
        "$cycle" "$our_cpu" "$our_mb" "$cgt_cpu" "$cgt_mb" "$ratio" "$same" "$((cells - 1))" "$solve_cpu"
}

echo "cgt-tools $(git -C "$cgt_tools" rev-parse --short HEAD), grundy $(git rev-parse --short HEAD), $reps runs each, medians"
echo
echo "| game | position (grundy) | grundy CPU s | grundy MB | cgt-tools CPU s | cgt-tools MB | cgt-tools / grundy | same value |"
echo "|---|---|---|---|---|---|---|---|"
for row in $rows; do
    game=${row%%:*}
    position=${row#*:}
    if [ "$game" = windup ]; then
        wind_up_row "$position"
        continue
    fi
    theirs=$(to_cgt "$game" "$position")
    : >"$work/ours" && : >"$work/cgts"
    for _ in $(seq "$reps"); do
        measure "$grundy" solve "$game" "$position" --json >>"$work/ours"
        echo >>"$work/ours"
        our_value=$(json_field canonical <"$work/out")
        measure "$cgt" "$game" "$theirs" >>"$work/cgts"
        echo >>"$work/cgts"
        cgt_value=$(cat "$work/out")
    done
    our_cpu=$(cut -d' ' -f1 "$work/ours" | median)
    our_mb=$(cut -d' ' -f2 "$work/ours" | median)
    cgt_cpu=$(cut -d' ' -f1 "$work/cgts" | median)
    cgt_mb=$(cut -d' ' -f2 "$work/cgts" | median)
    # cgt-tools' value read back as a game by grundy, printed in grundy's canonical form.
    same=no
    if read_back=$("$grundy" value "$cgt_value" --json 2>/dev/null | json_field canonical); then
        [ "$read_back" = "$our_value" ] && same=yes
    fi
    [ $same = yes ] || same="no: grundy $our_value, cgt-tools $cgt_value"
    # cgt-tools ÷ grundy, as every table of docs/benchmarks.md (above 1: grundy is faster);
    # none when either took under 5 ms (the timer's resolution is 10 ms).
    ratio=$(awk -v a="$our_cpu" -v b="$cgt_cpu" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", b / a; else print "–" }')
    printf '| %s | `%s` | %s | %s | %s | %s | %s | %s |\n' \
        "$game" "$position" "$our_cpu" "$our_mb" "$cgt_cpu" "$cgt_mb" "$ratio" "$same"
done
