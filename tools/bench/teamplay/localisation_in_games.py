#!/usr/bin/env python3
"""Localisation in games: how far each Libero robot's own pose and ball
estimates were from the truth, over whole matches played with
`libero match --record-agents` (either server). For each agent record in
<stem>-agents/ the agent's pipeline is replayed (libero_world_on_record, which
reproduces exactly what the robot believed) and compared with the runner's
replay log (replay_truth.py) by game time (once the clock runs), upright and not within
2 s of getting up. Prints each robot's medians and the pooled ones:
  self position error median, heading error median, ball error median (ball
  seen within the last second), scored cycles.

usage: localisation_in_games.py MATCH_OUT_DIR STEM [STEM...] [--world-on-record PATH]
                                [--scripts DIR] [--left-scripts DIR] [--right-scripts DIR]
Exit 0 done, 1 a match's files are missing or unreadable, or nothing could be
scored, 2 bad arguments."""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def median(values):
    values = sorted(values)
    if not values:
        return float("nan")
    mid = len(values) // 2
    return values[mid] if len(values) % 2 else 0.5 * (values[mid - 1] + values[mid])


def parse(argv):
    opts = {"world_on_record": None, "scripts": os.path.join(REPO, "scripts"), "left": None, "right": None}
    positional = []
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            return None
        if a in ("--world-on-record", "--scripts", "--left-scripts", "--right-scripts"):
            if i + 1 >= len(argv):
                raise ValueError(f"{a} needs a value")
            key = {"--world-on-record": "world_on_record", "--scripts": "scripts",
                   "--left-scripts": "left", "--right-scripts": "right"}[a]
            opts[key] = argv[i + 1]
            i += 2
            continue
        if a.startswith("--"):
            raise ValueError(f"unknown option {a}")
        positional.append(a)
        i += 1
    if len(positional) < 2:
        raise ValueError("need a match output folder and at least one stem")
    opts["dir"], opts["stems"] = positional[0], positional[1:]
    if opts["world_on_record"] is None:
        for build in ("build", "build-release"):
            candidate = os.path.join(REPO, build, "tools", "bench", "world", "libero_world_on_record")
            if os.access(candidate, os.X_OK):
                opts["world_on_record"] = candidate
                break
    if opts["world_on_record"] is None or not os.access(opts["world_on_record"], os.X_OK):
        raise ValueError("libero_world_on_record not found: build it or pass --world-on-record")
    return opts


def main(argv):
    try:
        opts = parse(argv)
    except ValueError as e:
        print(f"localisation_in_games.py: {e}", file=sys.stderr)
        return 2
    if opts is None:
        print(__doc__, file=sys.stderr)
        return 2
    pooled = {"pos": [], "heading": [], "ball": []}
    with tempfile.TemporaryDirectory() as work:
        for stem in opts["stems"]:
            log = os.path.join(opts["dir"], stem + ".jsonl")
            summary_path = os.path.join(opts["dir"], stem + ".summary.json")
            agents = os.path.join(opts["dir"], stem + "-agents")
            try:
                with open(summary_path, encoding="utf-8") as f:
                    summary = json.load(f)
                records = sorted(n for n in os.listdir(agents) if n.endswith(".record"))
            except (OSError, ValueError) as e:
                print(f"localisation_in_games.py: {stem}: {e}", file=sys.stderr)
                return 1
            if not records:
                print(f"localisation_in_games.py: {stem}: no agent records in {agents} "
                      "(play the match with --record-agents)", file=sys.stderr)
                return 1
            truth = os.path.join(work, stem + ".truth")
            made = subprocess.run([sys.executable, os.path.join(HERE, "replay_truth.py"), log, truth],
                                  capture_output=True, text=True)
            if made.returncode != 0:
                print(made.stderr.strip(), file=sys.stderr)
                return 1
            for name in records:
                side, _, unum = name[:-len(".record")].partition("-")
                team = summary.get("team_left" if side == "left" else "team_right", "")
                scripts = opts[side] or opts["scripts"]
                samples = os.path.join(work, f"{stem}-{side}-{unum}.samples")
                run = subprocess.run([opts["world_on_record"], os.path.join(agents, name), truth, "--team", team,
                                      "--unum", unum, "--side", side, "--scripts", scripts, "--game-time",
                                      "--samples", samples], capture_output=True, text=True)
                if run.returncode != 0 or not os.path.exists(samples):
                    print(f"{stem} {side} {unum}: not scored ({(run.stderr or run.stdout).strip()[:200]})")
                    continue
                pos, heading, ball = [], [], []
                with open(samples, encoding="utf-8") as f:
                    for line in f:
                        p, h, b = (float(v) for v in line.split())
                        pos.append(p)
                        heading.append(h)
                        if b >= 0:
                            ball.append(b)
                print(f"{stem} {side} {unum}: position {median(pos):.3f} m, heading {median(heading):.2f} deg, "
                      f"ball {median(ball):.3f} m ({len(pos)} cycles, ball in {len(ball)})")
                pooled["pos"] += pos
                pooled["heading"] += heading
                pooled["ball"] += ball
    if not pooled["pos"]:
        print("localisation_in_games.py: no cycle could be scored", file=sys.stderr)
        return 1
    print(f"pooled: position median {median(pooled['pos']):.3f} m, heading median {median(pooled['heading']):.2f} deg, "
          f"ball median {median(pooled['ball']):.3f} m over {len(pooled['pos'])} cycles "
          f"({len(pooled['ball'])} with the ball seen)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
