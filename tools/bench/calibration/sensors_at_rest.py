#!/usr/bin/env python3
"""Sensors of a robot standing still, on the built-in simulator and on the real
rcssserver3d, side by side: one agent (this script, no Libero code) beams a
type-0 robot to (-5, 0), holds every joint still for 3 s, then reads for 5 s
of simulated time the gyro, the accelerometer, the foot force sensors, two
joint angles and the vision of the ball and a flag. Both servers run in sync
mode on free loopback ports and are stopped after.

Usage: sensors_at_rest.py --libero build/libero [--kit DIR] [--seconds S]
Prints a Markdown table: mean (sd) of each figure per server. The real server
is skipped (with a line saying so) when the kit is not there. Python 3 only.
"""
import argparse
import math
import os
import sys
import tempfile

from probe_link import Link, numbers, start_server, stop


def stand_and_read(port, seconds):
    link = Link(port)
    link.send("(scene rsg/agent/nao/nao_hetero.rsg 0)")
    series = {k: [] for k in ("gyr x", "gyr y", "gyr z", "acc x", "acc y", "acc z", "force lf z", "force rf z",
                              "hj1 (head yaw)", "llj4 (left knee)", "ball distance", "F1R distance")}
    cycle = 0
    settle = 150  # 3 s
    total = settle + int(seconds / 0.02)
    while cycle < total:
        msg = link.receive()
        reply = "(syn)"
        if cycle == 0:
            reply = "(init (unum 1)(teamname Probe))(syn)"
        elif cycle == 2:
            reply = "(beam -5 0 0)(syn)"
        link.send(reply)
        cycle += 1
        if cycle <= settle:
            continue
        g = numbers(r"\(GYR \(n torso\) \(rt (\S+) (\S+) (\S+)\)\)", msg)
        a = numbers(r"\(ACC \(n torso\) \(a (\S+) (\S+) (\S+)\)\)", msg)
        if g:
            series["gyr x"].append(g[0]); series["gyr y"].append(g[1]); series["gyr z"].append(g[2])
        if a:
            series["acc x"].append(a[0]); series["acc y"].append(a[1]); series["acc z"].append(a[2])
        for foot in ("lf", "rf"):
            f = numbers(r"\(FRP \(n %s\) \(c \S+ \S+ \S+\) \(f \S+ \S+ (\S+)\)\)" % foot, msg)
            series["force %s z" % foot].append(f[0] if f else 0.0)
        for name, key in (("hj1", "hj1 (head yaw)"), ("llj4", "llj4 (left knee)")):
            j = numbers(r"\(HJ \(n %s\) \(ax (\S+)\)\)" % name, msg)
            if j:
                series[key].append(j[0])
        b = numbers(r"\(B \(pol (\S+) \S+ \S+\)\)", msg)
        if b and not math.isnan(b[0]):
            series["ball distance"].append(b[0])
        f1 = numbers(r"\(F1R \(pol (\S+) \S+ \S+\)\)", msg)
        if f1 and not math.isnan(f1[0]):
            series["F1R distance"].append(f1[0])
    link.sock.close()
    return series


def summary(values):
    if not values:
        return "—"
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    return "%.3f (%.3f)" % (mean, sd)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--libero", required=True)
    ap.add_argument("--kit", default=os.environ.get("LIBERO_REALSERVER",
                                                    os.path.expanduser("~/.cache/libero-realserver")))
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    args.libero = os.path.abspath(args.libero)
    if not (0 < args.seconds <= 600):
        ap.error("--seconds must be in (0, 600]")
    results = {}
    with tempfile.TemporaryDirectory() as work:
        for server in ("builtin", "rcssserver3d"):
            started = start_server(server, args.libero, args.kit, work)
            if started is None:
                continue
            proc, port = started
            try:
                results[server] = stand_and_read(port, args.seconds)
            finally:
                stop(proc)
    servers = list(results)
    print("| %.0f s standing, mean (sd) | %s |" % (args.seconds, " | ".join(servers)))
    print("|---|" + "---|" * len(servers))
    for key in results["builtin"]:
        print("| %s | %s |" % (key, " | ".join(summary(results[s][key]) for s in servers)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
