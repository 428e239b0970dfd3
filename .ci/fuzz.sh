#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer on the stable toolchain (docs/fuzzing.md): builds
# every target of fuzz/ with SanitizerCoverage, runs each for FUZZ_SECONDS (default 30) on a
# copy of its checked-in seed corpus, prints the executions run, and fails on any crash,
# printing the crashing input.
#
#   bash .ci/fuzz.sh                 # every target, 30 s each
#   FUZZ_SECONDS=300 bash .ci/fuzz.sh position moves
#   FUZZ_BUILD_ONLY=1 bash .ci/fuzz.sh           # build the targets, run none
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

seconds=${FUZZ_SECONDS:-30}
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(position moves takebreak_code record_line table_header contest value_notation partizan_position)
fi
# Everything built and every corpus copy goes under the target folder, never into fuzz/.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
triple=$(rustc -vV | sed -n 's/^host: //p')
work=$CARGO_TARGET_DIR/fuzz
bin=$CARGO_TARGET_DIR/$triple/release

# SanitizerCoverage through stable codegen options (no -Z flag, so no AddressSanitizer):
# the inline 8-bit counters and the PC table are libFuzzer's coverage, the compare traces
# its value profile and dictionary. Debug assertions and overflow checks are on
# (fuzz/Cargo.toml's release profile): a panic is the crash libFuzzer reports.
# --target keeps these flags off build scripts and procedural macros.
export RUSTFLAGS="-Cpasses=sancov-module \
-Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares \
--cfg fuzzing -Cdebug-assertions -Coverflow-checks"

# The files the targets write every run (record and table files), in memory where possible.
if [ -d /dev/shm ]; then
    export GRUNDY_FUZZ_SCRATCH=/dev/shm/grundy-fuzz-$$
else
    export GRUNDY_FUZZ_SCRATCH=$work/scratch
fi
trap 'rm -rf "$GRUNDY_FUZZ_SCRATCH"' EXIT

echo "== fuzz: building ${targets[*]} ($SECONDS s)"
bins=()
for target in "${targets[@]}"; do bins+=(--bin "$target"); done
cargo build --locked --release --manifest-path fuzz/Cargo.toml --target "$triple" "${bins[@]}"
if [ -n "${FUZZ_BUILD_ONLY:-}" ]; then
    echo "== fuzz: built ${targets[*]} ($SECONDS s)"
    exit 0
fi

failed=()
for target in "${targets[@]}"; do
    corpus=$work/corpus/$target
    artifacts=$work/artifacts/$target
    log=$work/logs/$target.log
    rm -rf "$corpus" "$artifacts"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    cp fuzz/corpus/"$target"/* "$corpus"/
    dict=()
    if [ -f fuzz/dictionaries/"$target".dict ]; then
        dict=(-dict="$root/fuzz/dictionaries/$target.dict")
    fi
    echo "== fuzz: $target for $seconds s ($SECONDS s)"
    status=0
    started=$SECONDS
    "$bin/$target" "$corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
        -max_len=4096 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1 || status=$?
    grep -E '^INFO: Loaded|^#[0-9]+ *DONE' "$log" || true
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    coverage=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | sed -n 's/.* cov: \([0-9]*\) ft: \([0-9]*\).*/cov \1, ft \2/p')
    echo "fuzz $target: ${executions:-?} executions in $((SECONDS - started)) s, ${coverage:-no coverage line}, corpus $(ls "$corpus" | wc -l) inputs"
    crashes=$(find "$artifacts" -type f)
    if [ "$status" -ne 0 ] || [ -n "$crashes" ]; then
        failed+=("$target")
        echo "fuzz $target FAILED (exit $status); the end of its log:"
        tail -n 60 "$log"
        for crash in $crashes; do
            echo "-- crashing input $crash (reproduce: $bin/$target $crash), as hex:"
            od -A d -t x1 -v "$crash" | head -n 40
            echo "-- as text:"
            head -c 2000 "$crash" | cat -v
            echo
        done
    fi
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "== fuzz: crashes in ${failed[*]} ($SECONDS s)"
    exit 1
fi
echo "== fuzz: no crash in ${targets[*]} ($SECONDS s)"
