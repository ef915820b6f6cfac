#!/usr/bin/env python3
"""How fast each team's robots go for the ball and how often they fall, from
match replay logs (docs/replay-log.md), so the same figure can be put side by
side for a game on the built-in simulator and one on the real server.

chasing speed: in PlayOn, for each team the robot nearest the ball (not down at
  either end), its horizontal speed over the next 1 s of game time; the median
  over every such second of the games.
falls per player-minute: falls counted as the summary counts them (a robot
  down after standing at least 1 s; docs/match.md), over the robots' minutes of
  game time from kick-off.
time down: the share of the robots' game time from kick-off spent fallen, and
  the median length of a spell down (from the first frame fallen to the first
  frame up again): how long a fall costs, which the get-ups decide.
Figures are gathered per team name (the replay header's), so a series played
from both sides adds up each team's own games.

Usage: chase_stats.py REPLAY.jsonl|DIR ... (a DIR means every *.jsonl in it)
Exit 1 with the file named on a missing file or a broken line. Python 3 only.
"""
import json
import math
import os
import sys

WINDOW = 1.0      # s of game time per speed sample
STAND_UP = 0.5    # s a robot must stand before a new fall counts (the summary's kStandUpSeconds)


def replay_files(args):
    files = []
    for a in args:
        if os.path.isdir(a):
            files += sorted(os.path.join(a, f) for f in os.listdir(a) if f.endswith(".jsonl"))
        else:
            files.append(a)
    return files


def frames_of(path):
    frames = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                raise SystemExit("chase_stats.py: %s:%d: not JSON (%s)" % (path, number, e))
            if record.get("type") == "frame":
                frames.append(record)
    if not frames:
        raise SystemExit("chase_stats.py: %s: no frames (not a replay log?)" % path)
    return frames


def analyse(frames, names, stats):
    """Adds one replay's samples to stats[name] for the team names (left, right)."""
    speeds = {side: stats[names[side]]["speeds"] for side in (0, 1)}
    by_robot = {}
    kicked_off = False
    start = None
    for i, f in enumerate(frames):
        if f["pm"] not in ("BeforeKickOff",):
            if not kicked_off:
                kicked_off, start = True, f["t"]
        if not kicked_off:
            continue
        for r in f["robots"]:
            key = (r["team"], r["unum"])
            state = by_robot.setdefault(key, {"down": False, "stood_since": f["t"], "first": f["t"], "last": f["t"],
                                              "down_since": None})
            team_stats = stats[names[r["team"]]]
            if state["down"]:
                team_stats["seconds_down"] += f["t"] - state["last"]
            state["last"] = f["t"]
            if r["fallen"] and not state["down"] and f["t"] - state["stood_since"] >= STAND_UP:
                team_stats["falls"] += 1
            if r["fallen"] and not state["down"]:
                state["down_since"] = f["t"]
            if not r["fallen"] and state["down"]:
                state["stood_since"] = f["t"]
                team_stats["spells"].append(f["t"] - state["down_since"])
            state["down"] = r["fallen"]
    for (side, _), s in by_robot.items():
        stats[names[side]]["minutes"] += (s["last"] - s["first"]) / 60.0
    # Speeds of each team's robot nearest the ball, 1 s windows in PlayOn.
    j = 0
    for i, f in enumerate(frames):
        if f["pm"] != "PlayOn":
            continue
        while j < len(frames) and frames[j]["t"] < f["t"] + WINDOW:
            j += 1
        if j >= len(frames) or frames[j]["pm"] != "PlayOn" or frames[j]["t"] - f["t"] > WINDOW * 1.5:
            continue
        later = {(r["team"], r["unum"]): r for r in frames[j]["robots"]}
        bx, by = f["ball"][0], f["ball"][1]
        for team in (0, 1):
            mine = [r for r in f["robots"] if r["team"] == team and not r["fallen"]]
            if not mine:
                continue
            near = min(mine, key=lambda r: math.hypot(r["pos"][0] - bx, r["pos"][1] - by))
            after = later.get((team, near["unum"]))
            if after is None or after["fallen"]:
                continue
            dt = frames[j]["t"] - f["t"]
            speeds[team].append(math.hypot(after["pos"][0] - near["pos"][0], after["pos"][1] - near["pos"][1]) / dt)


def median(values):
    if not values:
        return float("nan")
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else 0.5 * (v[n // 2 - 1] + v[n // 2])


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) >= 2 else 2
    files = replay_files(sys.argv[1:])
    if not files:
        raise SystemExit("chase_stats.py: no replay logs in %s" % " ".join(sys.argv[1:]))
    stats = {}
    order = []
    for path in files:
        if not os.path.isfile(path):
            raise SystemExit("chase_stats.py: %s: no such file" % path)
        frames = frames_of(path)
        with open(path) as f:
            header = json.loads(f.readline())
        names = (header.get("team_left", "left"), header.get("team_right", "right"))
        if names[0] == names[1]:
            names = (names[0] + " (left)", names[1] + " (right)")
        for name in names:
            if name not in stats:
                stats[name] = {"speeds": [], "falls": 0, "minutes": 0.0, "seconds_down": 0.0, "spells": []}
                order.append(name)
        analyse(frames, names, stats)
    for name in order:
        s = stats[name]
        rate = s["falls"] / s["minutes"] if s["minutes"] > 0 else float("nan")
        down = s["seconds_down"] / (60.0 * s["minutes"]) if s["minutes"] > 0 else float("nan")
        print("%-14s chasing speed median %.2f m/s (%d samples), falls %d in %.1f player-minutes = %.2f per player-minute, "
              "down %.1f %% of the time, median spell %.1f s (%d spells)"
              % (name, median(s["speeds"]), len(s["speeds"]), s["falls"], s["minutes"], rate, 100 * down,
                 median(s["spells"]), len(s["spells"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
