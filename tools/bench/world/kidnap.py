#!/usr/bin/env python3
"""Kidnapper for the world-model benchmark on the built-in simulator.

Reads the server's ground-truth feed (TCP, one line per cycle), copies every
line to OUT, and every PERIOD seconds of game time after kick-off moves robot
UNUM of the left team to a random upright pose with a trainer command on the
monitor port (length-framed, docs/simulator.md). The scorer finds the jumps in
the truth and measures how long the robot's own estimate takes to recover.

Usage: kidnap.py TRUTH_PORT MONITOR_PORT OUT [--period S] [--seed N] [--unum N]
"""
import argparse
import random
import socket
import struct
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("truth_port", type=int)
    parser.add_argument("monitor_port", type=int)
    parser.add_argument("out")
    parser.add_argument("--period", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--unum", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    truth = socket.create_connection(("127.0.0.1", args.truth_port), timeout=30)
    monitor = socket.create_connection(("127.0.0.1", args.monitor_port), timeout=30)
    next_kidnap = None
    moves = 0
    with open(args.out, "w") as out, truth.makefile("r") as lines:
        for line in lines:
            out.write(line)
            if "(pm PlayOn)" not in line:
                continue
            time = float(line.split("(time ", 1)[1].split(")", 1)[0])
            if next_kidnap is None:
                next_kidnap = time + args.period
            if time < next_kidnap:
                continue
            next_kidnap = time + args.period
            x, y = rng.uniform(-12, 12), rng.uniform(-8, 8)
            yaw = rng.uniform(-180, 180)
            command = "(agent (unum %d) (team Left) (move %.2f %.2f 0.40 %.1f))" % (args.unum, x, y, yaw)
            data = command.encode("ascii")
            monitor.sendall(struct.pack(">I", len(data)) + data)
            moves += 1
    print("kidnap.py: %d moves" % moves, file=sys.stderr)


if __name__ == "__main__":
    main()
