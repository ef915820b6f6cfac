#!/usr/bin/env python3
"""How close the built-in simulator with a physics file comes to the real server.

A `libero optimize --objective command` trial (docs/scaling.md): runs skill
bench scenarios on `libero serve --physics PHYSICS_FILE` and compares their
medians with the real server's figures (real_server_figures.json beside this
script). Writes ./fitness.txt, higher is better:

    fitness = - sum over scenarios of ((builtin - real) / real)^2 - FALL_COST * falls

so 0 is a perfect match, and a candidate whose robot falls pays as if one
figure were off by its whole size per fall. The seed picks the runs (--first,
as skill_fitness.sh), so each generation's trials start fresh.

Usage: calibration_fitness.py PHYSICS_FILE SEED [--runs N] [--scenarios a,b]
                              [--figures FILE] [--bench PATH] [--libero PATH]
  e.g. libero optimize --file robots/simulator.lua --params "robot_friction=0.5:3,..."
       --objective command --trial "tools/bench/calibration/calibration_fitness.py {file} {seed}"
Exit 0 with fitness.txt written; 1 when a bench run failed, printed no figure
or the figures file is broken (no fitness.txt: the optimiser retries, then
reports the trial); 2 on bad arguments.
"""
import argparse
import json
import os
import re
import subprocess
import sys

FALL_COST = 1.0
HERE = os.path.dirname(os.path.abspath(__file__))

# What each scenario's figure is and how to read it from the bench's output.
PATTERNS = {
    "walk": r"^distance in [0-9.]+ s median ([0-9.]+) m .*falls ([0-9]+)$",
    "walk_side": r"^distance in [0-9.]+ s median ([0-9.]+) m .*falls ([0-9]+)$",
    "turn": r"^turned median [-0-9.]+ deg in [0-9.]+ s = (-?[0-9.]+) deg/s, falls ([0-9]+)$",
    "kick_long_spot": r"^ball travel median ([0-9.]+) m .*falls ([0-9]+)$",
    "kick_short_spot": r"^ball travel median ([0-9.]+) m .*falls ([0-9]+)$",
    "kick_lofted_spot": r"^ball travel median ([0-9.]+) m .*falls ([0-9]+)$",
}


class Failed(Exception):
    pass


def usage_error(parser, message):
    parser.print_usage(sys.stderr)
    print(f"calibration_fitness.py: {message}", file=sys.stderr)
    sys.exit(2)


def load_figures(path):
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise Failed(f"{path}: {e}")
    figures = data.get("figures") if isinstance(data, dict) else None
    if not isinstance(figures, dict) or not figures:
        raise Failed(f"{path}: no 'figures' table")
    out = {}
    for name, entry in figures.items():
        if name not in PATTERNS:
            raise Failed(f"{path}: figure '{name}' is no scenario this objective can measure "
                         f"({', '.join(sorted(PATTERNS))})")
        value = entry.get("value") if isinstance(entry, dict) else None
        if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
            raise Failed(f"{path}: figure '{name}' needs a positive number 'value'")
        out[name] = float(value)
    return out


def run_scenario(bench, libero, physics, scenario, runs, first):
    command = [bench, scenario, "--physics", physics, "--runs", str(runs), "--first", str(first)]
    if libero:
        command += ["--libero", libero]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    sys.stdout.write(result.stdout)
    if result.returncode != 0:
        raise Failed(f"{scenario}: the bench exited {result.returncode}")
    for line in result.stdout.splitlines():
        m = re.match(PATTERNS[scenario], line.strip())
        if m:
            return float(m.group(1)), int(m.group(2))
    raise Failed(f"{scenario}: no figure in the bench's output")


def main():
    parser = argparse.ArgumentParser(prog="calibration_fitness.py", add_help=True,
                                     description="the built-in simulator against the real server's figures")
    parser.add_argument("physics")
    parser.add_argument("seed")
    parser.add_argument("--runs", type=int, default=1, help="runs per scenario (default 1)")
    parser.add_argument("--scenarios", default="", help="comma-separated subset of the figures file's scenarios")
    parser.add_argument("--figures", default=os.path.join(HERE, "real_server_figures.json"))
    parser.add_argument("--bench", default=os.environ.get("LIBERO_SKILL_BENCH",
                                                          os.path.join(HERE, "../../../build/tools/bench/skills/libero_skill_bench")))
    parser.add_argument("--libero", default="", help="the libero binary (default: the bench's own search)")
    try:
        args = parser.parse_args()
    except SystemExit as e:
        sys.exit(2 if e.code else 0)
    if not re.fullmatch(r"[0-9]+", args.seed):
        usage_error(parser, f"SEED must be a whole number, got '{args.seed}'")
    if not os.path.isfile(args.physics):
        usage_error(parser, f"no physics file '{args.physics}'")
    if not 1 <= args.runs <= 20:
        usage_error(parser, f"--runs must be 1-20, got {args.runs}")
    if not (os.path.isfile(args.bench) and os.access(args.bench, os.X_OK)):
        usage_error(parser, f"no libero_skill_bench at {args.bench} (--bench or $LIBERO_SKILL_BENCH)")
    physics = os.path.abspath(args.physics)
    libero = os.path.abspath(args.libero) if args.libero else ""
    # Runs differ by their number only: seed N starts at run 1000 + 10 (N mod
    # 90000), away from the runs the benchmarks report (0-19), like skill_fitness.sh.
    first = 1000 + 10 * (int(args.seed) % 90000)
    try:
        real = load_figures(args.figures)
        wanted = [s for s in args.scenarios.split(",") if s] or list(real)
        for s in wanted:
            if s not in real:
                usage_error(parser, f"--scenarios: '{s}' has no real-server figure in {args.figures}")
        total, falls, rows = 0.0, 0, []
        for scenario in wanted:
            value, fell = run_scenario(args.bench, libero, physics, scenario, args.runs, first)
            error = (value - real[scenario]) / real[scenario]
            total += error * error
            falls += fell
            rows.append(f"{scenario:16s} builtin {value:8.2f}  real {real[scenario]:8.2f}  "
                        f"error {100 * error:+6.1f} %  falls {fell}")
    except Failed as e:
        print(f"calibration_fitness.py: {e}", file=sys.stderr)
        sys.exit(1)
    fitness = -total - FALL_COST * falls
    print("\n".join(rows))
    with open("fitness.txt.tmp", "w") as f:
        f.write(f"{fitness:.6f}\n")
    os.replace("fitness.txt.tmp", "fitness.txt")
    print(f"fitness {fitness:.6f}")


if __name__ == "__main__":
    main()
