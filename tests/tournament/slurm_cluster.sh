#!/usr/bin/env bash
# A one-node Slurm cluster for tests (Debian 12's slurm-wlm and munge, as
# root, no systemd): munged, slurmctld and slurmd as plain processes, every
# path in DIR, free loopback ports, cgroup-free plugins.
#   slurm_cluster.sh start DIR   exit 0: up (SLURM_CONF=DIR/slurm.conf), 77: cannot run here, 1: failed
#   slurm_cluster.sh stop DIR    stops the daemons this script started (by their pid files)
set -u
cmd="$1"
dir="$2"

stop() {
  for name in slurmd slurmctld munged; do
    [ -s "$dir/$name.pid" ] || continue
    pid=$(cat "$dir/$name.pid")
    kill "$pid" 2>/dev/null
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
    rm -f "$dir/$name.pid"
  done
}

if [ "$cmd" = stop ]; then
  stop
  exit 0
fi

skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "a test Slurm cluster needs root (SlurmUser=root)"
for tool in munged slurmctld slurmd sbatch squeue scancel sinfo; do
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || skip "$tool is not installed (apt-get install slurm-wlm munge)"
done
export PATH="$PATH:/usr/sbin"
mkdir -p "$dir/state" "$dir/spool" "$dir/munge" /run/munge || skip "cannot make the cluster's folders"
chmod 700 "$dir/munge"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
host=$(hostname -s)
ctld_port=$(free_port)
slurmd_port=$(free_port)
while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done

head -c 1024 /dev/urandom >"$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" --pid-file="$dir/munged.pid" \
  --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" --force >"$dir/munged.out" 2>&1 ||
  skip "munged does not start: $(tail -2 "$dir/munged.out")"

cat >"$dir/slurm.conf" <<CONF
ClusterName=libero-test
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
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
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -c -f "$SLURM_CONF" >"$dir/slurmctld.out" 2>&1 || { stop; skip "slurmctld does not start: $(tail -2 "$dir/slurmctld.log")"; }
slurmd -f "$SLURM_CONF" >"$dir/slurmd.out" 2>&1 || { stop; skip "slurmd does not start: $(tail -2 "$dir/slurmd.log")"; }
for _ in $(seq 1 100); do
  state=$(sinfo -h -N -o %t 2>/dev/null | head -1)
  [ "$state" = idle ] && exit 0
  sleep 0.2
done
echo "slurm node not idle after 20 s (state '$state'): $(tail -3 "$dir/slurmctld.log")"
stop
exit 1
