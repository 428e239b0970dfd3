#!/usr/bin/env bash
# The Pousse strength measurement of docs/benchmark-notes.md ("Strength against the sparring
# partners"): every pairing that the engine's strength is judged by, at least 200 games each,
# through the referee with clocks, each opening of the suite in both colours.
#
#   crates/lab/scripts/pousse-strength.sh [PAIRING...]     # default: all, in the order below
#
#   crates/lab/scripts/pousse-strength.sh --save [PAIRING...]   # keep the records so far in crates/lab/data/strength/
#
#   crates/lab/scripts/pousse-strength.sh --fresh PAIRING...    # play the pairings again from the start
#
# Each pairing plays the 100 openings of data/openings/pousse-<size>.txt in both colours:
# 200 games. It keeps them in target/strength/<pairing>.jsonl as they end, so a run that is
# stopped resumes where it was (the tournament skips games already in its record).
# The records behind the figures of docs/benchmark-notes.md are kept, compressed, in
# crates/lab/data/strength/<pairing>.jsonl.gz: a pairing whose record is not in target/strength/ starts
# from the kept one (so a pairing begun on another machine resumes), and each finished
# pairing's record is kept there again. `--save` keeps the records as they are now, finished
# or not (for a run that has to stop). `--fresh` measures a changed engine: it plays every
# game again, neither resuming the record in target/strength/ (moved aside to
# <pairing>.jsonl.before-<time>) nor starting from the kept one, which the finished run
# replaces; a fresh run that was stopped resumes without `--fresh`.
# Run it on an otherwise idle machine: the figures are about strength, and a busy machine
# takes time from both sides unevenly. Two games run at once (one per core), except for the
# two-thread pairings. It takes many hours: a pairing at 100 ms a move about 5-10 min, one
# where a side has 1 s about 45-70 min on 6 x 6 and 70-110 min on 7 x 7.
set -euo pipefail
cd "$(dirname "$0")/../../.."

grundy=target/release/grundy
out=target/strength
kept=crates/lab/data/strength
mkdir -p "$out" "$kept"

# Keeps the record of pairing $1 as it is now in crates/lab/data/strength/.
save() {
    [ -f "$out/$1.jsonl" ] || { echo "no record $out/$1.jsonl" >&2; exit 1; }
    gzip -9 -n -c "$out/$1.jsonl" > "$kept/$1.jsonl.gz.tmp"
    mv "$kept/$1.jsonl.gz.tmp" "$kept/$1.jsonl.gz"
    echo "kept $kept/$1.jsonl.gz" >&2
}

if [ "${1:-}" = --save ]; then
    shift
    if [ $# -eq 0 ]; then
        set -- $(ls "$out"/*.jsonl 2>/dev/null | xargs -n1 basename 2>/dev/null | sed 's/\.jsonl$//')
    fi
    for name in "$@"; do
        save "$name"
    done
    exit 0
fi

fresh=false
if [ "${1:-}" = --fresh ]; then
    shift
    [ $# -gt 0 ] || { echo "--fresh needs the pairings to play again" >&2; exit 2; }
    fresh=true
fi

cargo build --release -p grundy-cli

# Starts pairing $1 from its kept record when this machine has none of its own; with
# --fresh, from nothing (a record this machine has is moved aside, not lost).
restore() {
    if $fresh; then
        if [ -f "$out/$1.jsonl" ]; then
            local aside="$out/$1.jsonl.before-$(date +%Y%m%d-%H%M%S)"
            mv "$out/$1.jsonl" "$aside"
            echo "playing $1 afresh; its earlier record is now $aside" >&2
        fi
        return
    fi
    if [ ! -f "$out/$1.jsonl" ] && [ -f "$kept/$1.jsonl.gz" ]; then
        gunzip -c "$kept/$1.jsonl.gz" > "$out/$1.jsonl"
        echo "resuming $1 from $kept/$1.jsonl.gz" >&2
    fi
}

# The partners get a 100 ms margin so that their own lateness never counts for the engine;
# the engine gets none.
partner_margin=timemargin=100

run() {
    local name=$1 size=$2 jobs=$3
    shift 3
    echo "== $name" >&2
    restore "$name"
    "$grundy" tournament pousse --gauntlet "$@" \
        --openings "data/openings/pousse-$size.txt" \
        --max-moves 600 --jobs "$jobs" --record "$out/$name.jsonl" | tee "$out/$name.txt"
    save "$name"
}

pairing() {
    case $1 in
    ab-equal-100-6) run "$1" 6 2 --player perfect@movetime=100 --player "alphabeta@movetime=100,$partner_margin" ;;
    ab-equal-100-7) run "$1" 7 2 --player perfect@movetime=100 --player "alphabeta@movetime=100,$partner_margin" ;;
    ab-equal-1000-6) run "$1" 6 2 --player perfect@movetime=1000 --player "alphabeta@movetime=1000,$partner_margin" ;;
    ab-equal-1000-7) run "$1" 7 2 --player perfect@movetime=1000 --player "alphabeta@movetime=1000,$partner_margin" ;;
    ab-10x-6) run "$1" 6 2 --player perfect@movetime=100 --player "alphabeta@movetime=1000,$partner_margin" ;;
    ab-10x-7) run "$1" 7 2 --player perfect@movetime=100 --player "alphabeta@movetime=1000,$partner_margin" ;;
    mcts-10x-6) run "$1" 6 2 --player perfect@movetime=100 --player "mcts@movetime=1000,$partner_margin" ;;
    mcts-10x-7) run "$1" 7 2 --player perfect@movetime=100 --player "mcts@movetime=1000,$partner_margin" ;;
    # The classical design in the engine's place: how the 1998-style searcher fares against
    # MCTS at ten times its time (context for mcts-10x-6, not one of the engine's pairings;
    # both sides get the margin, so that only play is measured).
    classic-mcts-10x-6) run "$1" 6 2 --player "alphabeta@movetime=100,$partner_margin" --player "mcts@movetime=1000,$partner_margin" ;;
    # Two threads against one: one game at a time, so that the two threads have two cores.
    threads-6) run "$1" 6 1 --player perfect@movetime=100,threads=2 --player perfect@movetime=100,threads=1 ;;
    threads-7) run "$1" 7 1 --player perfect@movetime=100,threads=2 --player perfect@movetime=100,threads=1 ;;
    # The Elo ladder: a round robin of the engine at four times per move, 200 games a pair,
    # two games at once. Every player gets the same referee margin: without one, 18 of 1 200
    # games were lost on time with two games at once and 2 of 419 one at a time, from stalls
    # of the machine longer than any reserve a 10 or 30 ms budget can keep (docs/benchmark-notes.md).
    # The engine still aims at its budget; the report gives each player's longest move.
    ladder-6)
        echo "== $1" >&2
        restore "$1"
        local margin=timemargin=100
        "$grundy" tournament pousse --player "perfect@movetime=10,$margin" \
            --player "perfect@movetime=30,$margin" --player "perfect@movetime=100,$margin" \
            --player "perfect@movetime=300,$margin" \
            --openings data/openings/pousse-6.txt --max-moves 600 --jobs 2 \
            --record "$out/$1.jsonl" | tee "$out/$1.txt"
        save "$1"
        ;;
    *)
        echo "unknown pairing: $1" >&2
        exit 2
        ;;
    esac
}

all=(ab-equal-100-6 ab-equal-100-7 ab-10x-6 ab-10x-7 mcts-10x-6 mcts-10x-7 threads-6 threads-7
    ladder-6 ab-equal-1000-6 ab-equal-1000-7)
for name in "${@:-${all[@]}}"; do
    pairing "$name"
done
