#!/usr/bin/env python3
"""Libero's own stand, its foot force sensors read on the built-in simulator
and on the real rcssserver3d: one `libero agent` (the default team's scripts,
type 0) joins each server in sync mode and stands before the kick-off; its
record (`--record`) gives every percept's FRP. After --settle seconds it reads
--seconds of each foot's force z.

Why: a single cycle's reading swings with the stand's pitch feedback on both
servers, so a test of "the feet carry the robot" must read a mean, and the
swing itself is a figure of the ground contact (docs/simulator.md, "Ground
contact in motion").

Usage: stand_foot_forces.py --libero build/libero [--kit DIR] [--physics FILE]
                            [--servers builtin,rcssserver3d] [--settle S] [--seconds S]
Prints per server and foot: mean, sd, min and max (N), and the cycles under
0.35 x the robot's weight (the test's bound, 15.8 N for type 0). Exit 1 when
a server or the agent fails or the record holds too few percepts, 2 on bad
arguments. Python 3 standard library only.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

from agent_record import received_messages
from probe_link import start_server, stop

WEIGHT_SHARE = 0.35
TYPE0_WEIGHT = 45.196  # N: the NAO type 0's mass (robots/nao) x 9.81
FRP = re.compile(r"\(FRP \(n (lf|rf)\) \(c [^)]*\) \(f [-\d.e]+ [-\d.e]+ ([-\d.e]+)\)\)")


def percept_forces(record):
    """Each received message's (lf z, rf z); a foot off the ground reads 0."""
    rows = []
    try:
        for payload in received_messages(record):
            z = {"lf": 0.0, "rf": 0.0}
            for m in FRP.finditer(payload):
                z[m.group(1)] = float(m.group(2))
            rows.append((z["lf"], z["rf"]))
    except ValueError as e:
        sys.exit("stand_foot_forces.py: %s" % e)
    return rows


def stand(server, args, work):
    started = start_server(server, args.libero, args.kit, work, args.physics if server == "builtin" else None)
    if started is None:
        return None
    proc, port = started
    record = os.path.join(work, server + ".record")
    cycles = int(round((args.settle + args.seconds) / 0.02)) + 5
    try:
        done = subprocess.run([args.libero, "agent", "--port", str(port), "--unum", "1", "--record", record,
                               "--cycles", str(cycles), "--log-level", "warn"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
    finally:
        stop(proc)
    if done.returncode != 0 or not os.path.exists(record):
        sys.exit("stand_foot_forces.py: the agent on %s exited %d" % (server, done.returncode))
    rows = percept_forces(record)
    first = int(round(args.settle / 0.02))
    wanted = int(round(args.seconds / 0.02))
    if len(rows) < first + wanted:
        sys.exit("stand_foot_forces.py: %s: %d percepts recorded, %d needed" % (server, len(rows), first + wanted))
    return rows[first:first + wanted]


def summary(values):
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    under = sum(1 for v in values if v < WEIGHT_SHARE * TYPE0_WEIGHT)
    return "%.2f | %.2f | %.2f | %.2f | %d of %d" % (mean, sd, min(values), max(values), under, len(values))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--libero", required=True)
    p.add_argument("--kit", default=os.path.expanduser("~/.cache/libero-realserver"))
    p.add_argument("--physics")
    p.add_argument("--servers", default="builtin,rcssserver3d")
    p.add_argument("--settle", type=float, default=4.0)
    p.add_argument("--seconds", type=float, default=4.0)
    args = p.parse_args()
    args.libero = os.path.abspath(args.libero)
    if args.physics:
        args.physics = os.path.abspath(args.physics)
    servers = args.servers.split(",")
    if any(s not in ("builtin", "rcssserver3d") for s in servers):
        p.error("--servers: a list of builtin and rcssserver3d, got '%s'" % args.servers)
    if not (0 <= args.settle <= 60) or not (0.1 <= args.seconds <= 60):
        p.error("--settle must be 0-60 s and --seconds 0.1-60 s")
    if not os.access(args.libero, os.X_OK):
        p.error("--libero: '%s' is not an executable" % args.libero)
    if args.physics and not os.path.isfile(args.physics):
        p.error("--physics: no file '%s'" % args.physics)
    print("| server | foot | mean N | sd N | min N | max N | cycles under %.2f x weight |" % WEIGHT_SHARE)
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="libero_stand_forces_") as work:
        for server in servers:
            rows = stand(server, args, work)
            if rows is None:
                continue
            for k, foot in enumerate(("left", "right")):
                print("| %s | %s | %s |" % (server, foot, summary([r[k] for r in rows])))


if __name__ == "__main__":
    main()
