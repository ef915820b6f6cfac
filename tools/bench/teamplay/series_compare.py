#!/usr/bin/env python3
"""Two sim_series.py runs of the same data against each other with the sides
swapped, added up for the "new" data: W/D/L, goals, shots, falls and mean
possession, then falls and ball touches per robot type. A data change (a kick
file, a walk limit) is judged on both sides of the field, since the sides are
not alike in a series (the kick-off and each type's uniform numbers differ).

  series_compare.py NEW_LEFT_DIR NEW_RIGHT_DIR

NEW_LEFT_DIR: sim_series.py --out of the run with the new data on the left
(`-- --left-robots NEW --right-robots OLD`); NEW_RIGHT_DIR: the run with the
sides swapped. A touch is a change of the last robot to touch the ball in the
replay's frames (docs/replay-log.md), so a robot dribbling counts once.
"""
import collections
import glob
import json
import os
import sys


class SeriesError(Exception):
    pass


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise SeriesError(f"{path}: {e}")


def touches_by_robot(replay_path):
    """(team, unum) -> how many times the robot became the last to touch the ball."""
    counts = collections.Counter()
    last = None
    try:
        with open(replay_path) as f:
            for number, line in enumerate(f, 1):
                try:
                    record = json.loads(line)
                except ValueError:
                    raise SeriesError(f"{replay_path}:{number}: not a JSON line")
                if record.get("type") != "frame":
                    continue
                touch = tuple(record.get("touch", (-1, 0)))
                if touch != last and touch[0] >= 0:
                    counts[touch] += 1
                last = touch
    except OSError as e:
        raise SeriesError(f"{replay_path}: {e}")
    return counts


def add_series(totals, directory, new_team):
    summaries = sorted(glob.glob(os.path.join(directory, "series-*.summary.json")))
    if not summaries:
        raise SeriesError(f"{directory}: no series-*.summary.json (a sim_series.py --out directory?)")
    old_team = 1 - new_team
    for path in summaries:
        summary = load_json(path)
        try:
            new_goals, old_goals = summary["score"][new_team], summary["score"][old_team]
            totals["games"] += 1
            totals["W" if new_goals > old_goals else "D" if new_goals == old_goals else "L"] += 1
            totals["goals new"] += new_goals
            totals["goals old"] += old_goals
            totals["shots new"] += summary["shots"][new_team]
            totals["shots old"] += summary["shots"][old_team]
            totals["possession new"] += summary["possession"][new_team]
            robot_type = {}
            for agent in summary["agents"]:
                side = "new" if agent["team"] == new_team else "old"
                robot_type[(agent["team"], agent["unum"])] = agent["type"]
                totals[f"falls {side}"] += agent["falls"]
                totals[f"falls {side} type {agent['type']}"] += agent["falls"]
        except (KeyError, IndexError, TypeError) as e:
            raise SeriesError(f"{path}: not a match summary (missing {e})")
        replay = path[: -len(".summary.json")] + ".jsonl"
        for (team, unum), count in touches_by_robot(replay).items():
            side = "new" if team == new_team else "old"
            totals[f"touches {side} type {robot_type.get((team, unum), '?')}"] += count


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    totals = collections.Counter()
    try:
        add_series(totals, argv[1], 0)
        add_series(totals, argv[2], 1)
    except SeriesError as e:
        print(f"series_compare: {e}", file=sys.stderr)
        return 1
    games = totals["games"]
    print(f"new data, {games} games: W/D/L {totals['W']}/{totals['D']}/{totals['L']}, "
          f"goals {totals['goals new']} : {totals['goals old']}, shots {totals['shots new']} : {totals['shots old']}, "
          f"falls {totals['falls new']} : {totals['falls old']}, possession {totals['possession new'] / games:.2f}")
    for robot_type in range(5):
        print(f"  type {robot_type}: falls {totals[f'falls new type {robot_type}']} : "
              f"{totals[f'falls old type {robot_type}']}, touches {totals[f'touches new type {robot_type}']} : "
              f"{totals[f'touches old type {robot_type}']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
