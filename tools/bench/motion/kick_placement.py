#!/usr/bin/env python3
"""Where the kick approach left the ball, and what each placement cost: reads the output of
`libero_motion_bench kick|kick_short|kick_lofted --runs N -v` (a file, or - for stdin) and bins
the kicks by the ball's offset from the kick spot as the swing started (the swing line's
`spot DX DY`, cm, in the kicking foot's frame: + ahead of the spot, + towards the other foot).
Per bin: kicks, median distance, median |direction error|, kicks more than 25 degrees wide, falls.
Used in docs/benchmarks.md, "The fast walk at a limit of 1.1, and where the approach leaves the ball".

usage: kick_placement.py OUTPUT [--dx-bins=-5,0,1,2,3,5] [--dy-bins=-5,-2,-1,0,1,2,5]
(edges starting with a minus need the "=" form)
"""
import argparse
import re
import signal
import statistics
import sys

SWING = re.compile(r"^  run (\d+) swing: .* spot (-?[0-9.]+) (-?[0-9.]+)$")
RESULT = re.compile(r"^  run (\d+): kicked \d+ after .* ball ([0-9.]+) m at (-?[0-9.]+) deg off, .* fell (\d)")


def edges(text, name):
    try:
        values = [float(v) for v in text.split(",")]
    except ValueError:
        raise SystemExit("%s takes comma-separated offsets in cm, got %r" % (name, text))
    if len(values) < 2 or values != sorted(values) or len(set(values)) != len(values):
        raise SystemExit("%s needs at least two increasing offsets, got %r" % (name, text))
    return values


def read_kicks(lines):
    """(dx, dy, distance, direction, fell) of every run with a swing line and a result line."""
    spots, kicks = {}, []
    for line in lines:
        line = line.rstrip("\n")
        m = SWING.match(line)
        if m:
            spots[int(m.group(1))] = (float(m.group(2)), float(m.group(3)))
            continue
        m = RESULT.match(line)
        if m and int(m.group(1)) in spots:
            dx, dy = spots.pop(int(m.group(1)))
            kicks.append((dx, dy, float(m.group(2)), float(m.group(3)), int(m.group(4))))
    return kicks


def table(kicks, bins, index, label):
    rows = ["%-14s %5s %9s %10s %5s %5s" % (label, "kicks", "distance", "|dir|", "wide", "falls")]
    for lo, hi in zip(bins, bins[1:]):
        # The last bin takes its upper edge too (the offsets are held to +-5 cm).
        inside = [k for k in kicks if lo <= k[index] < hi or (hi == bins[-1] and k[index] == hi)]
        if not inside:
            rows.append("%5.1f .. %5.1f %5d" % (lo, hi, 0))
            continue
        rows.append("%5.1f .. %5.1f %5d %7.2f m %6.1f deg %5d %5d" % (
            lo, hi, len(inside), statistics.median(k[2] for k in inside),
            statistics.median(abs(k[3]) for k in inside), sum(abs(k[3]) > 25 for k in inside),
            sum(k[4] for k in inside)))
    outside = sum(not bins[0] <= k[index] <= bins[-1] for k in kicks)
    if outside:
        rows.append("(%d kicks outside %g .. %g cm)" % (outside, bins[0], bins[-1]))
    return "\n".join(rows)


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # piped into head: end quietly
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("output", help="the bench's -v output, or - for stdin")
    ap.add_argument("--dx-bins", default="-5,0,1,2,3,5", help="bin edges ahead of the spot (cm)")
    ap.add_argument("--dy-bins", default="-5,-2,-1,0,1,2,5", help="bin edges towards the other foot (cm)")
    a = ap.parse_args()
    dx_bins, dy_bins = edges(a.dx_bins, "--dx-bins"), edges(a.dy_bins, "--dy-bins")
    try:
        lines = sys.stdin.readlines() if a.output == "-" else open(a.output).readlines()
    except OSError as e:
        raise SystemExit("cannot read %s: %s" % (a.output, e.strerror))
    kicks = read_kicks(lines)
    if not kicks:
        raise SystemExit("no kicks with a swing line in %s: run the bench's kick scenarios with -v and --runs 2 or more"
                         % a.output)
    print("%d kicks, median distance %.2f m" % (len(kicks), statistics.median(k[2] for k in kicks)))
    print(table(kicks, dx_bins, 0, "ahead (cm)"))
    print(table(kicks, dy_bins, 1, "inward (cm)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
