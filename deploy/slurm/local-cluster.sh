#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for trying the sharded tournament scripts and
# for the integration test (.ci/slurm-test.sh).
#
#   deploy/slurm/local-cluster.sh COMMAND [ARGS...]
#   deploy/slurm/local-cluster.sh --install-only     # install what is missing, then exit
#
# Installs Debian's slurm-wlm and munge when they are missing (as root: apt-get), writes a
# localhost slurm.conf and a munge key into a temporary directory, starts munged, slurmctld
# and slurmd in this script's own process group, runs COMMAND with SLURM_CONF set (so that
# sbatch, squeue, scontrol talk to this cluster), stops the daemons and removes the directory
# on exit. The exit code is COMMAND's.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

need_install=""
for program in sbatch slurmctld slurmd munged; do
    if ! command -v "$program" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$program" ]; then
        need_install=yes
    fi
done
if [ -n "$need_install" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "local-cluster: slurm-wlm and munge are missing; install them as root:" >&2
        echo "  apt-get update && apt-get install -y slurm-wlm munge" >&2
        exit 1
    fi
    echo "local-cluster: installing slurm-wlm and munge" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
PATH="$PATH:/usr/sbin"
if [ "$1" = "--install-only" ]; then
    echo "local-cluster: slurm-wlm and munge are installed"
    exit 0
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/grundy-slurm.XXXXXX")"
chmod 755 "$dir"
pids=()
cleanup() {
    local code=$?
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${pids[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    if [ "$code" -ne 0 ] && [ -z "${LOCAL_CLUSTER_KEEP:-}" ]; then
        for log in "$dir"/*.log; do
            [ -f "$log" ] || continue
            echo "local-cluster: last lines of $(basename "$log"):" >&2
            tail -n 5 "$log" >&2 || true
        done
    fi
    if [ -z "${LOCAL_CLUSTER_KEEP:-}" ]; then
        rm -rf "$dir"
    else
        echo "local-cluster: kept $dir" >&2
    fi
    exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

node="$(hostname -s)"
cpus="$(nproc)"
memory_mb=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
user="$(id -un)"
mkdir -p "$dir/state" "$dir/spool"

# munge: a fresh key, its own socket.
dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge.key"
munged --force --foreground \
    --key-file="$dir/munge.key" \
    --socket="$dir/munge.socket" \
    --pid-file="$dir/munged.pid" \
    --log-file="$dir/munged.log" \
    --seed-file="$dir/munge.seed" >>"$dir/munged.log" 2>&1 &
pids+=("$!")

cat > "$dir/slurm.conf" <<CONF
ClusterName=grundy-local
SlurmctldHost=$node
SlurmUser=$user
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.socket
SlurmctldPort=$(( 16817 + RANDOM % 1000 ))
SlurmdPort=$(( 17818 + RANDOM % 1000 ))
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
LaunchParameters=use_interactive_step
NodeName=$node CPUs=$cpus RealMemory=$memory_mb State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
CONF
export SLURM_CONF="$dir/slurm.conf"

# Wait for munged's socket before the Slurm daemons need it.
for _ in $(seq 1 100); do
    [ -S "$dir/munge.socket" ] && break
    sleep 0.1
done
[ -S "$dir/munge.socket" ] || { echo "local-cluster: munged did not start" >&2; exit 1; }

slurmctld -D -i -f "$SLURM_CONF" >>"$dir/slurmctld.log" 2>&1 &
pids+=("$!")
slurmd -D -f "$SLURM_CONF" -N "$node" >>"$dir/slurmd.log" 2>&1 &
pids+=("$!")

# Wait until the node takes jobs.
ready=""
for _ in $(seq 1 300); do
    state="$(sinfo -h -N -o '%t' 2>/dev/null | head -n 1 || true)"
    case "$state" in
        idle*|mix*|alloc*) ready=yes; break ;;
    esac
    sleep 0.2
done
if [ -z "$ready" ]; then
    echo "local-cluster: the node did not come up (state: ${state:-none})" >&2
    exit 1
fi
echo "local-cluster: node $node up with $cpus CPUs (SLURM_CONF=$SLURM_CONF)" >&2

"$@"
