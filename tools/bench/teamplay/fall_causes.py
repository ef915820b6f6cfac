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

--where adds, per team, how its falls near a robot happened: where the other
robot was when nearest, in the faller's torso frame (front: within 45 deg of
its nose, back, side), which way the torso went (its move from 0.6 s before
the fall to 0.6 s after, in the same frame: onto its front, back or side),
and, for replays recorded with --record-debug, the faller's option state 0.5 s
before (the last entry of its activation graph; "?" without one). Where the
duels that end on the ground are lost, so a behaviour can avoid them.

--refall S adds, per team, the falls that came within S s of the robot
standing up from a fall before (having stood at least 0.5 s, as every fall
counted here), by which way the torso went in the earlier fall and in this
one: a get-up that stands and topples again, which the get-up bench's fall
from standing does not show (docs/motion.md, "Standing, then toppling").

--getups adds, per team, how long the robots lay, timed as the get-up bench
times its falls (libero_skill_bench getup_*): from the torso first below
0.25 m to the first frame of a second with it above 0.30 m, by which way the
torso went: the count, the median and how many within 2 s (the get-up
target). The bench's own falls are one kind of fall; these are the game's.

Usage: fall_causes.py [--near M] [--cause S] [--team NAME] [--where] [--refall S] [--getups] REPLAY.jsonl|DIR ...
Prints one line per team name: player-minutes, falls, falls near a robot,
falls not near one, and the two rates. Exit 1 on a missing file or a broken
line, 2 on bad arguments. Python 3 only.
"""
import argparse
import bisect
import collections
import math
import os
import statistics
import sys

from chase_stats import STAND_UP, replay_files
from nearest_states import read, state_at


DOWN_Z, UP_Z, UP_HOLD = 0.25, 0.30, 1.0  # m, m, s: the get-up bench's rule (--getups)
STATE_BEFORE = 0.5   # s before a fall at which its option state is read (--where)
MOVE_SPAN = 0.6      # s either side of a fall over which the torso's move is read (--where)


def in_frame(robot, x, y):
    """(x, y) in the robot's torso frame: ahead, left."""
    dx, dy = x - robot["pos"][0], y - robot["pos"][1]
    c, s = math.cos(robot.get("yaw", 0.0)), math.sin(robot.get("yaw", 0.0))
    return c * dx + s * dy, -s * dx + c * dy


def sector(ahead, left):
    if ahead > abs(left):
        return "front"
    return "back" if -ahead > abs(left) else "side"


def fall_direction(frames, times, index, key):
    """Which way robot `key`'s torso went over the fall at frames[index]
    (front, back, side; "?" when the frames around it lack the robot)."""
    t = times[index]
    before = bisect.bisect_left(times, t - MOVE_SPAN)
    after = min(bisect.bisect_left(times, t + MOVE_SPAN), len(frames) - 1)
    start = next((r for r in frames[before]["robots"] if (r["team"], r["unum"]) == key), None)
    end = next((r for r in frames[after]["robots"] if (r["team"], r["unum"]) == key), None)
    if not (start and end):
        return "?"
    return sector(*in_frame(start, end["pos"][0], end["pos"][1]))


def where(frames, times, index, key, nearest, states, team):
    """Adds the fall of robot `key` at frames[index] to team's --where tallies.
    times: the frames' times; nearest: (frame index, other robot) when that
    robot was nearest."""
    frame_index, other = nearest
    me_then = next(r for r in frames[frame_index]["robots"] if (r["team"], r["unum"]) == key)
    team["other"][sector(*in_frame(me_then, other["pos"][0], other["pos"][1]))] += 1
    onto = fall_direction(frames, times, index, key)
    if onto != "?":
        team["onto"][onto] += 1
    # The activation graph's last entry ("option:state").
    team["state"][state_at(states.get(key, []), times[index] - STATE_BEFORE).split("/")[-1]] += 1


def time_getups(frames, times, names, totals):
    """Adds each robot's spells down (the bench's rule, DOWN_Z / UP_Z /
    UP_HOLD) to totals[team]["getups"][direction] as seconds."""
    spells = {}
    for index, f in enumerate(frames):
        if f["pm"] == "BeforeKickOff":
            continue
        for r in f["robots"]:
            key = (r["team"], r["unum"])
            z, t = r["pos"][2], f["t"]
            spell = spells.get(key)
            if spell is None:
                if z < DOWN_Z:
                    spells[key] = [t, fall_direction(frames, times, index, key), None]
            elif z > UP_Z:
                if spell[2] is None:
                    spell[2] = t
                elif t - spell[2] >= UP_HOLD:
                    totals[names[r["team"]]]["getups"][spell[1]].append(spell[2] - spell[0])
                    del spells[key]
            else:
                spell[2] = None


def count(path, near, cause, totals, refall=0.0, getups=False):
    header, frames, states = read(path)
    times = [f["t"] for f in frames]
    names = (header["team_left"], header["team_right"])
    started = False
    last_t = None
    down, stood_since, last_near, nearest = {}, {}, {}, {}
    rose_at, last_fall = {}, {}  # from a fall (not the kick-off stand); which way the last fall went
    for index, f in enumerate(frames):
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
            team = totals.setdefault(names[r["team"]], {"minutes": 0.0, "falls": 0, "near": 0,
                                                        "other": collections.Counter(), "onto": collections.Counter(),
                                                        "state": collections.Counter(),
                                                        "refall": collections.Counter(),
                                                        "getups": collections.defaultdict(list)})
            team["minutes"] += dt / 60.0
            for o in robots:
                if o is r:
                    continue
                d = math.hypot(o["pos"][0] - r["pos"][0], o["pos"][1] - r["pos"][1])
                if d < near and not r["fallen"]:
                    # The nearest approach within the window is where the other robot was.
                    if t - last_near.get(key, -1e9) > cause or d < nearest[key][0]:
                        nearest[key] = (d, index, o)
                    last_near[key] = t
            was = down.get(key, False)
            if r["fallen"] and not was and t - stood_since.get(key, -1e9) >= STAND_UP:
                team["falls"] += 1
                if t - last_near.get(key, -1e9) <= cause:
                    team["near"] += 1
                    where(frames, times, index, key, nearest[key][1:], states, team)
                if refall > 0:
                    direction = fall_direction(frames, times, index, key)
                    if t - rose_at.get(key, -1e9) < refall:
                        team["refall"]["%s then %s" % (last_fall.get(key, "?"), direction)] += 1
                    last_fall[key] = direction
            if not r["fallen"] and was:
                stood_since[key] = t
                rose_at[key] = t
            if key not in stood_since and not r["fallen"]:
                stood_since[key] = t - STAND_UP
            down[key] = r["fallen"]
    if getups:
        time_getups(frames, times, names, totals)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--near", type=float, default=0.3)
    ap.add_argument("--cause", type=float, default=1.5)
    ap.add_argument("--team", help="only this team name")
    ap.add_argument("--where", action="store_true", help="how the falls near a robot happened")
    ap.add_argument("--refall", type=float, default=0.0, metavar="S",
                    help="the falls within S s of standing up from a fall before")
    ap.add_argument("--getups", action="store_true",
                    help="the time from down to standing per fall, as the get-up bench times it")
    ap.add_argument("logs", nargs="+")
    args = ap.parse_args()
    if not (args.near > 0 and args.cause >= 0 and args.refall >= 0):
        ap.error("--near must be > 0, --cause and --refall >= 0")
    totals = {}
    for path in replay_files(args.logs):
        if not os.path.isfile(path):
            raise SystemExit("fall_causes.py: no file %s" % path)
        count(path, args.near, args.cause, totals, args.refall, args.getups)
    print("| team | player-minutes | falls | near a robot | not near | falls / player-minute | not near / player-minute |")
    print("|---|---|---|---|---|---|---|")
    for name, t in sorted(totals.items()):
        if args.team and name != args.team:
            continue
        m = t["minutes"]
        print("| %s | %.1f | %d | %d | %d | %.2f | %.2f |" % (
            name, m, t["falls"], t["near"], t["falls"] - t["near"],
            t["falls"] / m if m else 0, (t["falls"] - t["near"]) / m if m else 0))
    if args.where:
        for name, t in sorted(totals.items()):
            if args.team and name != args.team:
                continue
            for label, tally in (("other robot", "other"), ("fell onto", "onto"), ("state before", "state")):
                print("%s, falls near a robot, %s: %s" % (name, label, ", ".join(
                    "%s %d" % (k, n) for k, n in sorted(t[tally].items(), key=lambda kv: (-kv[1], kv[0])))))
    if args.refall > 0:
        for name, t in sorted(totals.items()):
            if args.team and name != args.team:
                continue
            print("%s, falls within %.1f s of standing up from a fall: %d of %d%s" % (
                name, args.refall, sum(t["refall"].values()), t["falls"], "".join(
                    ", %s %d" % (k, n) for k, n in sorted(t["refall"].items(), key=lambda kv: (-kv[1], kv[0])))))
    if args.getups:
        for name, t in sorted(totals.items()):
            if args.team and name != args.team:
                continue
            parts = []
            for direction, seconds in sorted(t["getups"].items()):
                seconds = sorted(seconds)
                parts.append("%s %d, median %.2f s, within 2 s %d" % (
                    direction, len(seconds), statistics.median(seconds), sum(x <= 2.0 for x in seconds)))
            print("%s, down to standing: %s" % (name, "; ".join(parts) if parts else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
