#!/usr/bin/env bash
# Integration test of the Slurm scripts on a one-node cluster started on this machine
# (deploy/slurm/local-cluster.sh; installs slurm-wlm and munge when missing). A 4-task job
# array plays a tournament's shards, the dependent job merges them, and the merged table
# must equal an unsharded run's; then a run with a failing task must be refused with a
# message naming the task. Anything missing is a failure, never a skip.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--inside" ]; then
    # The test profile's build with the workspace's features: `cargo test --workspace` has built
    # this very binary already (with `-p grundy-cli` the features differ and all is rebuilt).
    cargo build -q --profile test --workspace --bin grundy
    exec deploy/slurm/local-cluster.sh "$0" --inside
fi

grundy="$PWD/target/debug/grundy"
submit="$PWD/deploy/slurm/submit.sh"
work="$(mktemp -d "${TMPDIR:-/tmp}/grundy-slurm-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
args="rectangle --player perfect --player random --player stubborn --position 9x7 --position 5x5 --rounds 3 --seed 11"

echo "== unsharded run"
# shellcheck disable=SC2086
"$grundy" tournament $args --jobs 2 >"$work/whole.txt"
cat "$work/whole.txt"

echo "== 4-task job array and merge job"
GRUNDY="$grundy" GRUNDY_OUT="$work/ok" SUBMIT_WAIT=1 "$submit" 4 "$args"
if ! diff -u "$work/whole.txt" "$work/ok/table.txt"; then
    echo "slurm-test: FAILED: the merged table differs from the unsharded run" >&2
    exit 1
fi
for k in 0 1 2 3; do
    [ -f "$work/ok/shard-$k.ok" ] || { echo "slurm-test: FAILED: task $k left no .ok" >&2; exit 1; }
done
echo "merged table equals the unsharded run"

echo "== a failing task is named"
mkdir -p "$work/bad"
# Task 2 finds a record of another tournament (another seed) in its place and refuses it.
# shellcheck disable=SC2086
"$grundy" tournament ${args/--seed 11/--seed 12} --shard 2/4 --record "$work/bad/shard-2.jsonl" >/dev/null
if GRUNDY="$grundy" GRUNDY_OUT="$work/bad" SUBMIT_WAIT=1 "$submit" 4 "$args"; then
    echo "slurm-test: FAILED: the merge job succeeded although task 2 failed" >&2
    exit 1
fi
merge_log="$(ls "$work"/bad/slurm-merge-*.out)"
cat "$merge_log"
if ! grep -q "task 2 (shard 2/4) exited with code 2" "$merge_log"; then
    echo "slurm-test: FAILED: the merge job did not name the failed task" >&2
    exit 1
fi
if ! grep -q "task 2 (shard 2/4) of job .* failed with exit code 2" "$work"/bad/slurm-*_2.out; then
    echo "slurm-test: FAILED: task 2's own log does not name it" >&2
    exit 1
fi
if [ -e "$work/bad/table.txt" ]; then
    echo "slurm-test: FAILED: a table was written although a task failed" >&2
    exit 1
fi
echo "slurm-test: passed"
