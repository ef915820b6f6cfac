#!/usr/bin/env python3
"""Turns a libero_skill_bench run kept with --keep-logs into a joint trace for
self_collision_test.cpp's "agrees with rcssserver3d" case.

Usage: joint_trace_from_record.py RUN_DIR TYPE "WHAT" > trace.txt
RUN_DIR holds agent.record (the percepts the agent received) and server.log
(rcssserver3d's output with its ANALYSECOLLISIONS lines). The trace is the
header (the robot type and, per pair, how many cycles rcssserver3d logged it)
and then one line per PlayOn percept: the game time and the 24 perceived joint
angles in degrees, in engine/core/nao_joints.h order (0 for joints the type
lacks).
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "bench", "calibration"))
from agent_record import received_messages  # noqa: E402

JOINTS = ["hj1", "hj2", "raj1", "raj2", "raj3", "raj4", "laj1", "laj2", "laj3", "laj4", "rlj1", "rlj2",
          "rlj3", "rlj4", "rlj5", "rlj6", "llj1", "llj2", "llj3", "llj4", "llj5", "llj6", "rlj7", "llj7"]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    run, robot_type, what = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    pairs = {}
    for line in open(run + "/server.log", errors="replace"):
        if line.startswith("ANALYSECOLLISIONS: Collision"):
            words = line.split()
            key = words[-2] + "-" + words[-1]
            pairs[key] = pairs.get(key, 0) + 1
    print("# %s" % what)
    print("type %d" % robot_type)
    for key in sorted(pairs):
        print("logged %s %d" % (key, pairs[key]))
    for p in received_messages(run + "/agent.record"):
        if "(pm PlayOn)" not in p:
            continue
        t = re.search(r"\(GS .*?\(t ([-0-9.]+)\)", p)
        angles = dict(re.findall(r"\(HJ \(n (\w+)\) \(ax ([-0-9.e]+)\)\)", p))
        print(t.group(1) + " " + " ".join(angles.get(j, "0") for j in JOINTS))


if __name__ == "__main__":
    main()
