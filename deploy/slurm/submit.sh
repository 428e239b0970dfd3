#!/usr/bin/env bash
# Submits a sharded grundy tournament: a job array of N tasks and a merge job that runs
# after all of them (docs/cluster.md).
#
#   GRUNDY_OUT=/shared/run1 deploy/slurm/submit.sh N "rectangle --player perfect --player random" \
#       [extra sbatch options...]
#
# Prints the array's and the merge job's ids. With SUBMIT_WAIT=1 it waits for the merge job
# and exits with its exit code.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" -lt 2 ]; then
    echo "usage: GRUNDY_OUT=DIR $0 N 'TOURNAMENT ARGUMENTS' [SBATCH OPTIONS...]" >&2
    exit 2
fi
n="$1"
export GRUNDY_TOURNAMENT="$2"
shift 2
: "${GRUNDY_OUT:?set GRUNDY_OUT to a directory every node sees}"
case "$n" in
    ''|*[!0-9]*|0) echo "submit: N must be a whole number of at least 1, not '$n'" >&2; exit 2 ;;
esac
export GRUNDY_SHARDS="$n"
mkdir -p "$GRUNDY_OUT"
array=$(sbatch --parsable --array="0-$((n - 1))" --chdir="$GRUNDY_OUT" "$@" "$here/tournament.sbatch")
array="${array%%;*}"
echo "array job $array: $n shards"
wait_flag=()
if [ "${SUBMIT_WAIT:-}" = 1 ]; then
    wait_flag=(--wait)
fi
set +e
merge=$(sbatch --parsable --dependency="afterany:$array" --chdir="$GRUNDY_OUT" \
    --output="slurm-merge-%j.out" --job-name=grundy-merge "${wait_flag[@]}" "$@" \
    "$here/tournament.sbatch")
code=$?
set -e
echo "merge job ${merge%%;*}: $GRUNDY_OUT/table.txt"
exit "$code"
