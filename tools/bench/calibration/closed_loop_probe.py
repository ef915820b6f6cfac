#!/usr/bin/env python3
"""Closed-loop timing and sensors in motion, on the built-in simulator and on
the real rcssserver3d, side by side: one scripted agent (this script, no
Libero code) plays the same open-loop joint script on each server in sync mode
and records every percept, so a controller's view of both servers can be
compared cycle by cycle.

The script (percept numbers counted from the agent's first percept; the reply
to percept k is applied before the physics step whose state percept k+2
reports, when the latency is SimSpark's):
  - percept 2: beam to (-5, 0) facing the opponent goal; every joint held;
  - STEP (150): a velocity step (head yaw 1 rad/s and both hip pitches
    -0.5 rad/s for 10 cycles, then 0): which percept first shows the joint
    angle, the gyro, the accelerometer and the foot forces change;
  - SWAY (200-350): both hip rolls and ankle rolls driven with a 1-s sine, the
    torso rocking side to side over planted feet: gyro, accelerometer and
    foot forces in motion;
  - LIFT (380-440): the right knee and hip pitch bend, lifting the right foot
    for about 0.4 s, then stretch again and land: the left foot's force while
    the robot stands on it, and the right foot's force rising on landing.
Every series is written per server (--trace PREFIX writes PREFIX-SERVER.tsv)
and summarised: the first percept that responds to the step, and per phase
each channel's RMS on each server, the RMS of their difference and their
correlation.

Usage: closed_loop_probe.py --libero build/libero [--kit DIR] [--physics FILE]
                            [--trace PREFIX] [--servers builtin,rcssserver3d]
Python 3 standard library only. Exit 1 when a server fails, 2 on bad arguments.
"""
import argparse
import math
import os
import sys
import tempfile

from probe_link import Link, numbers, start_server, stop

STEP = 150
SWAY = (200, 350)
LIFT = (380, 440)
END = 470

CHANNELS = ("gyr x", "gyr y", "gyr z", "acc x", "acc y", "acc z",
            "lf fz", "rf fz", "lf cx", "lf cy", "rf cx", "rf cy", "lf fx", "lf fy",
            "hj1", "lle3", "rle3", "lle2", "lle4", "rle4")
JOINT_NAMES = {"hj1": "hj1", "lle3": "llj3", "rle3": "rlj3", "lle2": "llj2", "lle4": "llj4", "rle4": "rlj4"}


def commands(k):
    """The joint commands (rad/s) sent in reply to percept k."""
    c = {}
    if k == STEP:
        c = {"he1": 1.0, "lle3": -0.5, "rle3": -0.5}
    elif k == STEP + 10:
        c = {"he1": 0.0, "lle3": 0.0, "rle3": 0.0}
    elif SWAY[0] <= k < SWAY[1]:
        # hip roll and ankle roll in opposite senses keep the feet flat while
        # the torso rocks: amplitude 0.08 rad, period 1 s
        v = 0.08 * 2 * math.pi * math.cos(2 * math.pi * (k - SWAY[0]) * 0.02)
        c = {"lle2": v, "rle2": v, "lle6": -v, "rle6": -v}
    elif k == SWAY[1]:
        c = {"lle2": 0.0, "rle2": 0.0, "lle6": 0.0, "rle6": 0.0}
    elif k == LIFT[0]:
        c = {"rle3": 1.0, "rle4": -2.0, "rle5": 1.0}
    elif k == LIFT[0] + 10:
        c = {"rle3": 0.0, "rle4": 0.0, "rle5": 0.0}
    elif k == LIFT[0] + 30:
        c = {"rle3": -1.0, "rle4": 2.0, "rle5": -1.0}
    elif k == LIFT[0] + 40:
        c = {"rle3": 0.0, "rle4": 0.0, "rle5": 0.0}
    return "".join("(%s %.4f)" % kv for kv in sorted(c.items()))


def parse(msg):
    row = {}
    g = numbers(r"\(GYR \(n torso\) \(rt (\S+) (\S+) (\S+)\)\)", msg)
    a = numbers(r"\(ACC \(n torso\) \(a (\S+) (\S+) (\S+)\)\)", msg)
    for i, axis in enumerate("xyz"):
        row["gyr " + axis] = g[i] if g else float("nan")
        row["acc " + axis] = a[i] if a else float("nan")
    for foot in ("lf", "rf"):
        f = numbers(r"\(FRP \(n %s\) \(c (\S+) (\S+) \S+\) \(f (\S+) (\S+) (\S+)\)\)" % foot, msg)
        row[foot + " fz"] = f[4] if f else 0.0
        row[foot + " cx"] = f[0] if f else 0.0
        row[foot + " cy"] = f[1] if f else 0.0
        if foot == "lf":
            row["lf fx"] = f[2] if f else 0.0
            row["lf fy"] = f[3] if f else 0.0
    for key, name in JOINT_NAMES.items():
        j = numbers(r"\(HJ \(n %s\) \(ax (\S+)\)\)" % name, msg)
        row[key] = j[0] if j else float("nan")
    return row


def play(port):
    link = Link(port)
    link.send("(scene rsg/agent/nao/nao_hetero.rsg 0)")
    rows = []
    for k in range(END):
        msg = link.receive()
        rows.append(parse(msg))
        reply = ""
        if k == 0:
            reply = "(init (unum 1)(teamname Probe))"
        elif k == 2:
            reply = "(beam -5 0 0)"
        reply += commands(k) + "(syn)"
        link.send(reply)
    link.sock.close()
    return rows


def first_response(rows, key, threshold):
    base = rows[STEP][key]
    for k in range(STEP + 1, min(STEP + 20, len(rows))):
        if abs(rows[k][key] - base) > threshold:
            return k - STEP
    return None


def phase_stats(a, b, key, lo, hi):
    xs = [r[key] for r in a[lo:hi]]
    ys = [r[key] for r in b[lo:hi]] if b else None
    mx = sum(xs) / len(xs)
    rms_a = math.sqrt(sum((x - mx) ** 2 for x in xs) / len(xs))
    if ys is None:
        return rms_a, None, None, None
    my = sum(ys) / len(ys)
    rms_b = math.sqrt(sum((y - my) ** 2 for y in ys) / len(ys))
    diff = math.sqrt(sum((x - y) ** 2 for x, y in zip(xs, ys)) / len(xs))
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / len(xs)
    corr = cov / (rms_a * rms_b) if rms_a > 1e-9 and rms_b > 1e-9 else float("nan")
    return rms_a, rms_b, diff, corr


def read_trace(path):
    rows = []
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        if header[1:] != [c.replace(" ", "_") for c in CHANNELS]:
            sys.exit("closed_loop_probe.py: %s is not a trace of this probe" % path)
        for line in f:
            values = line.rstrip("\n").split("\t")
            rows.append({c: float(v) for c, v in zip(CHANNELS, values[1:])})
    if len(rows) != END:
        sys.exit("closed_loop_probe.py: %s has %d percepts, not %d" % (path, len(rows), END))
    return rows


def run_on(server, args, work):
    started = start_server(server, args.libero, args.kit, work, args.physics)
    if started is None:
        return None
    proc, port = started
    try:
        return play(port)
    finally:
        stop(proc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--libero", required=True)
    ap.add_argument("--kit", default=os.environ.get("LIBERO_REALSERVER",
                                                    os.path.expanduser("~/.cache/libero-realserver")))
    ap.add_argument("--physics", help="the built-in simulator's physics file (default: the shipped one)")
    ap.add_argument("--trace", help="write PREFIX-SERVER.tsv, one line per percept")
    ap.add_argument("--servers", default="builtin,rcssserver3d")
    ap.add_argument("--reference", help="a trace written by --trace on another run, compared as a server of its own")
    args = ap.parse_args()
    args.libero = os.path.abspath(args.libero)
    servers = [s for s in args.servers.split(",") if s]
    if not servers or any(s not in ("builtin", "rcssserver3d") for s in servers):
        ap.error("--servers takes builtin and/or rcssserver3d")
    if args.reference and not os.path.isfile(args.reference):
        ap.error("no reference trace %s" % args.reference)
    if args.physics and not os.path.isfile(args.physics):
        ap.error("no physics file %s" % args.physics)
    results = {}
    with tempfile.TemporaryDirectory() as work:
        for s in servers:
            rows = run_on(s, args, work)
            if rows is not None:
                results[s] = rows
    if args.reference:
        results["reference"] = read_trace(args.reference)
    if args.trace:
        for s, rows in results.items():
            with open("%s-%s.tsv" % (args.trace, s), "w") as out:
                out.write("percept\t" + "\t".join(c.replace(" ", "_") for c in CHANNELS) + "\n")
                for k, r in enumerate(rows):
                    out.write("%d\t%s\n" % (k, "\t".join("%.3f" % r[c] for c in CHANNELS)))
    names = list(results)
    print("## first percept after the step's (percept %d) that changed, counted from it" % STEP)
    print("| channel | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for key, threshold in (("hj1", 0.05), ("lle3", 0.05), ("gyr z", 0.05), ("gyr x", 0.05), ("acc z", 0.05),
                           ("lf fz", 0.2)):
        print("| %s | %s |" % (key, " | ".join(str(first_response(results[s], key, threshold)) for s in names)))
    a = results.get(names[0])
    b = results.get(names[1]) if len(names) > 1 else None
    for label, (lo, hi) in (("step", (STEP, STEP + 40)), ("sway", SWAY), ("lift", (LIFT[0], END))):
        print("\n## %s (percepts %d-%d): RMS about the mean%s" % (
            label, lo, hi - 1, ", the RMS of the difference and the correlation" if b else ""))
        print("| channel | %s |%s" % (" | ".join(names), " difference | correlation |" if b else ""))
        print("|---|" + "---|" * (len(names) + (2 if b else 0)))
        for key in CHANNELS:
            ra, rb, diff, corr = phase_stats(a, b, key, lo, hi)
            if b:
                print("| %s | %.3f | %.3f | %.3f | %.2f |" % (key, ra, rb, diff, corr))
            else:
                print("| %s | %.3f |" % (key, ra))
    return 0


if __name__ == "__main__":
    sys.exit(main())
