#!/usr/bin/env python3
"""What a team's robot nearest the ball is doing, from match replay logs
recorded with `libero match --record-debug` (docs/replay-log.md): where a
half is lost in duels at the ball.

state shares: in PlayOn frames, the team's robot nearest the ball (by the
  replay's truth) and the option state it reported over the debug channel
  nearest in time (within 0.2 s; "?" when none): the last two entries of its
  activation graph, e.g. "dribble/dribble:line_up", as a share of the frames.
line-up duels: of the frames in which that robot is in `dribble:line_up`,
  the share with an opponent standing within 1 m of the ball ("pressed"),
  and of those the share with the ball within 1.5 m of the robot and within
  0.8 rad of its nose (it faces the ball and is walking up to it).
ball in own half, nearest: the share of PlayOn frames with the ball in the
  team's half, and in which the team's robot is nearer the ball than every
  standing opponent.

Usage: nearest_states.py [--team NAME] [--top N] REPLAY.jsonl|DIR ...
(a DIR means every *.jsonl in it; NAME defaults to Libero). Replays in which
the team does not play are skipped and named; none left, a missing file or a
broken line is an error naming it (exit 1). Python 3 only.
"""
import bisect
import collections
import json
import math
import os
import sys

from chase_stats import replay_files

PRESSED = 1.0      # m: an opponent this near the ball presses
NEAR_BALL = 1.5    # m
FACING = 0.8       # rad
MATCH_TIME = 0.2   # s: a debug message this near a frame's time describes it


def wrap(a):
    return (a + math.pi) % (2 * math.pi) - math.pi


def read(path):
    """The header, the frames and, per (team, unum), the (t, state) entries
    of the debug channel in file order; fall_causes.py reads replays with it
    too, so its errors name the tool that runs."""
    tool = os.path.basename(sys.argv[0]) or "nearest_states.py"
    header, frames, states = None, [], collections.defaultdict(list)
    try:
        f = open(path)
    except OSError as e:
        raise SystemExit("%s: %s: %s" % (tool, path, e.strerror))
    with f:
        for number, line in enumerate(f, 1):
            try:
                r = json.loads(line)
            except json.JSONDecodeError as e:
                raise SystemExit("%s: %s:%d: not JSON (%s)" % (tool, path, number, e))
            kind = r.get("type")
            if kind == "header":
                header = r
            elif kind == "frame":
                frames.append(r)
            elif kind == "debug" and r.get("kind") == "agent":
                act = r.get("d", {}).get("act") or []
                name = "/".join("%s:%s" % (a[1], a[2]) for a in act[-2:])
                states[(r["team"], r["unum"])].append((r["t"], name))
    if header is None or not frames:
        raise SystemExit("%s: %s: no header or no frames (not a replay log?)" % (tool, path))
    return header, frames, states


def state_at(entries, t):
    """The state in `entries` (sorted by time) nearest t, within MATCH_TIME."""
    if not entries:
        return "?"
    i = bisect.bisect_left(entries, (t, ""))
    best = None
    for j in (i - 1, i):
        if 0 <= j < len(entries) and abs(entries[j][0] - t) <= MATCH_TIME:
            if best is None or abs(entries[j][0] - t) < abs(best[0] - t):
                best = entries[j]
    return best[1] if best else "?"


def main(argv):
    team_name, top, args = "Libero", 12, []
    i = 0
    while i < len(argv):
        if argv[i] in ("--team", "--top") and i + 1 < len(argv):
            if argv[i] == "--team":
                team_name = argv[i + 1]
            else:
                top = int(argv[i + 1])
            i += 2
        elif argv[i].startswith("--"):
            raise SystemExit("nearest_states.py: unknown option %s" % argv[i])
        else:
            args.append(argv[i])
            i += 1
    files = replay_files(args)
    if not files:
        raise SystemExit(__doc__.strip().split("\n\n")[-1])
    shares, n = collections.Counter(), 0
    line_up = pressed = facing = own_half = nearest = games = 0
    for path in files:
        header, frames, states = read(path)
        if team_name not in (header.get("team_left"), header.get("team_right")):
            print("skipped %s: %s does not play" % (path, team_name))
            continue
        games += 1
        us = 0 if header.get("team_left") == team_name else 1
        ahead = 1 if us == 0 else -1     # +x is the way we attack when we play left
        for f in frames:
            if f.get("pm") != "PlayOn":
                continue
            bx, by = f["ball"][0], f["ball"][1]
            ours = [r for r in f["robots"] if r["team"] == us]
            theirs = [r for r in f["robots"] if r["team"] != us]
            if not ours:
                continue

            def dist(r):
                return math.hypot(r["pos"][0] - bx, r["pos"][1] - by)
            me = min(ours, key=dist)
            n += 1
            state = state_at(states[(us, me["unum"])], f["t"])
            shares[state] += 1
            if ahead * bx < 0:
                own_half += 1
            standing = [dist(o) for o in theirs if not o["fallen"]]
            if not me["fallen"] and (not standing or dist(me) < min(standing)):
                nearest += 1
            if state.endswith("dribble:line_up"):
                line_up += 1
                if theirs and min(dist(o) for o in theirs) < PRESSED:
                    pressed += 1
                    bearing = math.atan2(by - me["pos"][1], bx - me["pos"][0])
                    if dist(me) < NEAR_BALL and abs(wrap(bearing - me["yaw"])) < FACING:
                        facing += 1
    if games == 0 or n == 0:
        raise SystemExit("nearest_states.py: no PlayOn frames of %s in %d replay(s)" % (team_name, len(files)))

    def pct(a, b):
        return 100.0 * a / b if b else 0.0
    print("%s in %d replay(s), %d PlayOn frames: ball in own half %.1f %%, nearest to it %.1f %%"
          % (team_name, games, n, pct(own_half, n), pct(nearest, n)))
    for state, count in shares.most_common(top):
        print("%5.1f %% %s" % (pct(count, n), state))
    print("line-up duels: %.1f %% of the frames lining up; of those %.1f %% pressed (opponent within %.1f m"
          " of the ball); of those %.1f %% facing the ball within %.1f m"
          % (pct(line_up, n), pct(pressed, line_up), PRESSED, pct(facing, pressed), NEAR_BALL))


if __name__ == "__main__":
    main(sys.argv[1:])
