#!/usr/bin/env python3
"""Writes the truth of a match's replay log (docs/replay-log.md) in the
ground-truth text format libero_world_on_record reads, keyed by game time:
one line per frame,
  (time T) (ball X Y) (robot (team left|right) (unum N) (pos X Y Z) (heading DEG)) ...
World frame, as the replay log. A game time that several frames share (the
clock stands still before the kick-off, at a goal, at the end) names no frame
and is left out.

usage: replay_truth.py REPLAY_LOG OUTPUT
Exit 0 done, 1 a line is not JSON or a frame lacks a field (named with its
line number), 2 bad arguments."""
import json
import math
import sys


def main(argv):
    if len(argv) != 3 or argv[1] in ("-h", "--help"):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        src = open(argv[1], encoding="utf-8")
    except OSError as e:
        print(f"replay_truth.py: {argv[1]}: {e.strerror}", file=sys.stderr)
        return 1
    lines = []
    with src:
        for number, line in enumerate(src, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                if record.get("type") != "frame":
                    continue
                ball = record["ball"]
                parts = [f"(time {float(record['t']):.3f}) (ball {float(ball[0]):.4f} {float(ball[1]):.4f})"]
                for robot in record["robots"]:
                    x, y, z = (float(v) for v in robot["pos"])
                    team = "left" if int(robot["team"]) == 0 else "right"
                    heading = math.degrees(float(robot["yaw"]))
                    parts.append(f"(robot (team {team}) (unum {int(robot['unum'])}) "
                                 f"(pos {x:.4f} {y:.4f} {z:.4f}) (heading {heading:.2f}))")
                lines.append((f"{float(record['t']):.3f}", " ".join(parts)))
            except (ValueError, KeyError, TypeError, IndexError) as e:
                print(f"replay_truth.py: {argv[1]}:{number}: not a replay-log frame ({e})", file=sys.stderr)
                return 1
    seen = {}
    for time, _ in lines:
        seen[time] = seen.get(time, 0) + 1
    lines = [text for time, text in lines if seen[time] == 1]
    try:
        with open(argv[2], "w", encoding="utf-8") as out:
            out.write("\n".join(lines) + ("\n" if lines else ""))
    except OSError as e:
        print(f"replay_truth.py: {argv[2]}: {e.strerror}", file=sys.stderr)
        return 1
    print(f"{len(lines)} frames with a game time of their own")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
