#!/usr/bin/env python3
"""How a team's shots end, from match replay logs (docs/replay-log.md).

A shot starts where the match summary counts one (tools/match/match_stats.cpp):
the ball, last touched by the team, moving at >= 1.5 m/s towards the
opponent goal within 15 m of its line, on a straight path crossing the line
within 0.3 m of the goal mouth; the attempt lasts until the ball slows below
1.0 m/s or leaves that path. Velocities come from consecutive frames, so
at the log's frame spacing (0.1 s by default) a few shots the summary counts
from single cycles can be missed. Each shot is followed until the first of:

  goal      the team scores
  keeper    an opponent numbered 1 touches the ball
  blocked   another opponent touches it
  again     a teammate of the shooter touches it (the replay's `touch`
            names the last robot to touch the ball, so the shooter's own
            later touches do not show: a dribble's pushes that count as
            shots end as "short" or run on into another outcome)
  wide      the ball crosses the goal line outside the mouth
  short     the ball comes to rest (under 0.1 m/s) in the field
  stopped   the play mode leaves PlayOn for another reason (time, a foul)

and binned by how far from the goal line it started.

  shot_outcomes.py [--team 0|1] REPLAY.jsonl|DIR [...]
"""
import argparse
import json
import os
import statistics
import sys

SHOT_MIN_SPEED = 1.5
SHOT_END_SPEED = 1.0
SHOT_MAX_DISTANCE = 15.0
GOAL_HALF_WIDTH = 1.05
SHOT_MARGIN = 0.3
GOAL_HEIGHT = 0.8
REST_SPEED = 0.1
OUTCOMES = ("goal", "keeper", "blocked", "again", "wide", "short", "stopped")
BINS = ((0, 3), (3, 6), (6, 9), (9, 15))


class ReplayError(Exception):
    pass


def replay_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            found = sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".jsonl"))
            if not found:
                raise ReplayError(f"{path}: no .jsonl replay logs")
            files.extend(found)
        elif os.path.isfile(path):
            files.append(path)
        else:
            raise ReplayError(f"{path}: no such file or directory")
    return files


def read_frames(path):
    """The field's half length and every frame of one replay as (t, pm, score, ball, touch)."""
    frames = []
    half_length = None
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as e:
                raise ReplayError(f"{path}:{number}: not JSON ({e.msg})")
            kind = item.get("type")
            if number == 1:
                if kind != "header" or item.get("format") != "libero-replay":
                    raise ReplayError(f"{path}:1: not a libero replay header")
                half_length = item.get("field", {}).get("length", 30) / 2
                continue
            if kind != "frame":
                continue
            try:
                frames.append((float(item["t"]), item["pm"], tuple(item["score"]), tuple(item["ball"][:3]),
                               tuple(item["touch"])))
            except (KeyError, TypeError, ValueError, IndexError):
                raise ReplayError(f"{path}:{number}: frame without t, pm, score, ball or touch")
    if half_length is None:
        raise ReplayError(f"{path}: empty")
    return half_length, frames


def goal_x_for(team, half_length):
    # SimSpark does not swap sides at half time: left attacks +x throughout.
    return half_length if team == 0 else -half_length


def shots_in(path, team):
    half_length, frames = read_frames(path)
    shots = []
    active = False
    current = None
    goal_x = goal_x_for(team, half_length)
    direction = 1.0 if goal_x > 0 else -1.0
    for i in range(1, len(frames)):
        t0, pm0, score0, b0, _ = frames[i - 1]
        t, pm, score, b, touch = frames[i]
        dt = t - t0
        if current is not None:
            outcome = None
            if score[team] > current["score"]:
                outcome = "goal"
            elif touch[0] not in (-1, team):  # a shot starts touched by the shooter: any other touch is news
                outcome = "keeper" if touch[1] == 1 else "blocked"
            elif touch[0] == team and touch[1] != current["shooter"]:
                outcome = "again"
            elif direction * b[0] > half_length:
                # Inside the mouth the referee's goal follows within a frame or two.
                outcome = "goal" if abs(b[1]) <= GOAL_HALF_WIDTH and b[2] < GOAL_HEIGHT else "wide"
            elif pm != "PlayOn":
                outcome = "stopped"
            elif dt > 0 and ((b[0] - b0[0]) ** 2 + (b[1] - b0[1]) ** 2) ** 0.5 / dt < REST_SPEED:
                outcome = "short"
            if outcome is not None:
                current["outcome"] = outcome
                current["end_distance"] = abs(goal_x - b[0])
                shots.append(current)
                current = None
        if pm != "PlayOn" or pm0 != "PlayOn" or dt <= 0:  # the ball is placed between play modes
            active = False
            continue
        vx, vy = (b[0] - b0[0]) / dt, (b[1] - b0[1]) / dt
        speed = (vx * vx + vy * vy) ** 0.5
        heading_in = False
        if touch[0] == team and vx * direction > 0 and abs(goal_x - b0[0]) <= SHOT_MAX_DISTANCE:
            y_at_line = b0[1] + vy * (goal_x - b0[0]) / vx
            heading_in = abs(y_at_line) <= GOAL_HALF_WIDTH + SHOT_MARGIN
        if heading_in and speed >= SHOT_MIN_SPEED and not active:
            active = True
            if current is None:
                current = {"file": os.path.basename(path), "t": t0, "distance": abs(goal_x - b0[0]),
                           "speed": speed, "shooter": touch[1], "score": score0[team]}
        if not heading_in or speed < SHOT_END_SPEED:
            active = False
    if current is not None:
        current["outcome"] = "stopped"
        current["end_distance"] = float("nan")
        shots.append(current)
    return shots


def table(shots):
    lines = []
    header = f"{'from goal line':<16}{'shots':>6}" + "".join(f"{o:>9}" for o in OUTCOMES) + f"{'speed':>8}"
    lines.append(header)
    for lo, hi in BINS + ((0, SHOT_MAX_DISTANCE),):
        group = [s for s in shots if lo <= s["distance"] < hi or (hi == SHOT_MAX_DISTANCE and s["distance"] == hi)]
        label = "all" if (lo, hi) == (0, SHOT_MAX_DISTANCE) else f"{lo:>4.0f} .. {hi:>2.0f} m"
        counts = "".join(f"{sum(1 for s in group if s['outcome'] == o):>9}" for o in OUTCOMES)
        speed = f"{statistics.median(s['speed'] for s in group):>6.1f}" if group else f"{'-':>6}"
        lines.append(f"{label:<16}{len(group):>6}{counts}{speed} m/s")
    short = [s for s in shots if s["outcome"] == "short"]
    if short:
        lines.append(f"short shots came to rest a median {statistics.median(s['end_distance'] for s in short):.1f} m "
                     f"before the goal line")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--team", type=int, choices=(0, 1), default=0, help="0 left (default), 1 right")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per shot")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    try:
        shots = []
        files = replay_files(args.paths)
        for path in files:
            shots.extend(shots_in(path, args.team))
    except (ReplayError, OSError) as e:
        print(f"shot_outcomes: {e}", file=sys.stderr)
        return 1
    if args.verbose:
        for s in shots:
            print(f"{s['file']} t={s['t']:6.1f} #{s['shooter']} from {s['distance']:4.1f} m at {s['speed']:.1f} m/s: "
                  f"{s['outcome']}")
    print(f"{len(files)} replays, team {args.team}: {len(shots)} shots")
    print(table(shots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
