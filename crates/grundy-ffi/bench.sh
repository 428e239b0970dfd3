#!/bin/sh
# Whole-process figures of the C interfaces (docs/benchmark-notes.md, section "C interfaces").
# Builds the four archives in release mode, links the combinations with gcc into a
# temporary directory and times full games with /usr/bin/time -v (wall time, peak memory).
# Usage: crates/grundy-ffi/bench.sh [--long]   (--long adds the ~10^8-move REC game and
# Licytacja n = 10^7; both take tens of seconds)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"
cargo build --release -q -p grundy-creclib -p grundy-cliclib -p grundy-rec-player -p grundy-lic-player
lib="$root/target/release"
native="-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() { out=$1; shift; gcc -O2 -I"$here/include" -o "$work/$out" "$@" $native; }
build rec_ours_ours "$here/c/player/rec.c" "$lib/libgrundy_rec_player.a" "$lib/libgrundy_creclib.a"
build rec_ours_c "$here/c/player/rec.c" "$here/c/lib/creclib.c" "$lib/libgrundy_rec_player.a"
build lic_ours_ours "$here/c/player/lic.c" "$lib/libgrundy_lic_player.a" "$lib/libgrundy_cliclib.a"
build lic_ours_c "$here/c/player/lic.c" "$here/c/lib/cliclib.c" "$lib/libgrundy_lic_player.a"
build lic_c_ours "$here/c/solutions/lic.c" "$lib/libgrundy_cliclib.a"

# measure <label> <program> <stdin> [VAR=value ...]: verdict, wall seconds, peak RSS.
measure() {
    label=$1; program=$2; input=$3; shift 3
    printf '%s\n' "$input" > "$work/in"
    env "$@" /usr/bin/time -v "$work/$program" < "$work/in" > "$work/out" 2> "$work/time" || true
    verdict=$(tail -n 1 "$work/out")
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time")
    printf '| %s | %s | %s | %s MB |\n' "$label" "$verdict" "$wall" "$((rss / 1024))"
}

echo "| game | verdict | wall time | peak memory |"
echo "|---|---|---|---|"
measure "REC 4x3, our player + our library (process start-up)" rec_ours_ours "4 3"
measure "REC 100000000x99999999 vs shave-one (our library)" rec_ours_ours "100000000 99999999" GRUNDY_STRATEGY=shave
measure "REC 100000000x99999999 vs shave-one (C example library)" rec_ours_c "100000000 99999999"
measure "REC 100000000x99999999 vs stubborn" rec_ours_ours "100000000 99999999" GRUNDY_STRATEGY=stubborn
measure "REC 2152364x3521458 vs stubborn" rec_ours_ours "2152364 3521458" GRUNDY_STRATEGY=stubborn
measure "Licytacja n = 29990, our player + our library (perfect)" lic_ours_ours "29990"
measure "Licytacja n = 29990, our player + C example library" lic_ours_c "29990"
measure "Licytacja n = 29990, C example solution + our library (POI code 2)" lic_c_ours "29990 2 1"
if [ "${1:-}" = "--long" ]; then
    measure "REC 62541235x63252365 vs stubborn" rec_ours_ours "62541235 63252365" GRUNDY_STRATEGY=stubborn
    measure "REC 100000000x99999998 vs stubborn" rec_ours_ours "100000000 99999998" GRUNDY_STRATEGY=stubborn
    measure "Licytacja n = 10^7, our player + C example library" lic_ours_c "10000000"
    measure "Licytacja n = 10^7, our player + our library (perfect)" lic_ours_ours "10000000"
fi
