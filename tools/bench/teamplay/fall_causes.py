#!/usr/bin/env python3
"""Falls per player-minute from match replay logs, split by whether another
robot was near just before, with one rule on both servers.

The match summary splits falls by contacts, which the built-in simulator
reports and rcssserver3d does not (there the runner estimates touches from
torso distances; docs/real-server.md). This tool applies the estimate to
every log alike: a fall (a robot down after standing at least 0.5 s, as the
summary counts) is "near a robot" when another robot's torso was within
NEAR m (horizontal, default 0.3, the runner's real-server rule) at any frame
of the CAUSE s before it (default 1.5, the summary's). Player-minutes run
from kick-off, as chase_stats.py counts them.

Usage: fall_causes.py [--near M] [--cause S] [--team NAME] REPLAY.jsonl|DIR ...
Prints one line per team name: player-minutes, falls, falls near a robot,
falls not near one, and the two rates. Exit 1 on a missing file or a broken
line, 2 on bad arguments. Python 3 only.
"""
import argparse
import json
import math
import os
import sys

from chase_stats import replay_files

STAND_UP = 0.5


def frames_of(path):
    header, frames = None, []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            try:
                item = json.loads(line)
            except ValueError:
                raise SystemExit("fall_causes.py: %s:%d: not a JSON line" % (path, n))
            if item.get("type") == "header":
                header = item
            elif item.get("type") == "frame":
                frames.append(item)
    if header is None:
        raise SystemExit("fall_causes.py: %s: no header line" % path)
    return header, frames


def count(path, near, cause, totals):
    header, frames = frames_of(path)
    names = (header["team_left"], header["team_right"])
    started = False
    last_t = None
    down, stood_since, last_near = {}, {}, {}
    for f in frames:
        t = f["t"]
        if not started:
            if f["pm"] in ("BeforeKickOff",):
                continue
            started = True
        robots = f["robots"]
        dt = 0.0 if last_t is None else max(0.0, t - last_t)
        last_t = t
        for r in robots:
            key = (r["team"], r["unum"])
            team = totals.setdefault(names[r["team"]], {"minutes": 0.0, "falls": 0, "near": 0})
            team["minutes"] += dt / 60.0
            for o in robots:
                if o is r:
                    continue
                if math.hypot(o["pos"][0] - r["pos"][0], o["pos"][1] - r["pos"][1]) < near and not r["fallen"]:
                    last_near[key] = t
            was = down.get(key, False)
            if r["fallen"] and not was and t - stood_since.get(key, -1e9) >= STAND_UP:
                team["falls"] += 1
                if t - last_near.get(key, -1e9) <= cause:
                    team["near"] += 1
            if not r["fallen"] and was:
                stood_since[key] = t
            if key not in stood_since and not r["fallen"]:
                stood_since[key] = t - STAND_UP
            down[key] = r["fallen"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--near", type=float, default=0.3)
    ap.add_argument("--cause", type=float, default=1.5)
    ap.add_argument("--team", help="only this team name")
    ap.add_argument("logs", nargs="+")
    args = ap.parse_args()
    if not (args.near > 0 and args.cause >= 0):
        ap.error("--near must be > 0 and --cause >= 0")
    totals = {}
    for path in replay_files(args.logs):
        if not os.path.isfile(path):
            raise SystemExit("fall_causes.py: no file %s" % path)
        count(path, args.near, args.cause, totals)
    print("| team | player-minutes | falls | near a robot | not near | falls / player-minute | not near / player-minute |")
    print("|---|---|---|---|---|---|---|")
    for name, t in sorted(totals.items()):
        if args.team and name != args.team:
            continue
        m = t["minutes"]
        print("| %s | %.1f | %d | %d | %d | %.2f | %.2f |" % (
            name, m, t["falls"], t["near"], t["falls"] - t["near"],
            t["falls"] / m if m else 0, (t["falls"] - t["near"]) / m if m else 0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
