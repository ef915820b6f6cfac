#!/usr/bin/env python3
"""rcssserver3d's self-collision rule through the agent protocol.

One type-0 agent throws itself onto its back (knees bent, as the skill bench's
getup_back does), plays a script that keeps the right lower arm clear of the
raised right thigh for 4 s, then the same script with the arm rolled in onto
the thigh (tests/motion/self_collision_script.h: the same targets and gains).
Checks, from the joint angles in the percepts and the server's log:
  * the clear script: no ANALYSECOLLISIONS line, no joint stands still while
    commanded;
  * the colliding script: "ANALYSECOLLISIONS: ... rlowerarm rthigh" logged,
    the right arm stands still for 1.0 s (50 cycles, +-2) although commanded,
    the left arm keeps moving meanwhile, and the right arm is not stopped
    again until 3 s after the first stop.

Usage:
  self_collision_client.py --libero /path/to/libero   # `libero serve --sync` on free ports
  self_collision_client.py --real-server [PATH]       # rcssserver3d (exit 77 when absent)
Exit 0 when every check passes, 1 otherwise. Standard library only.
"""

import argparse
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

# The wire format, check() and its FAILURES list: the simulator server's protocol test.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sim_server"))
from simspark_client import FAILURES, Connection, check  # noqa: E402

SKIP = 77
APPROACH_START = 1.5   # s, tests/motion/self_collision_script.h
SCRIPT_SECONDS = 7.0
EFFECTORS = {"raj1": "rae1", "raj2": "rae2", "raj3": "rae3", "raj4": "rae4", "laj1": "lae1", "laj2": "lae2",
             "laj3": "lae3", "laj4": "lae4", "rlj1": "rle1", "rlj2": "rle2", "rlj3": "rle3", "rlj4": "rle4",
             "rlj5": "rle5", "rlj6": "rle6", "llj1": "lle1", "llj2": "lle2", "llj3": "lle3", "llj4": "lle4",
             "llj5": "lle5", "llj6": "lle6", "hj1": "he1", "hj2": "he2"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, process, seconds=60):
    end = time.time() + seconds
    while time.time() < end and process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.2)
    return False


def joint_angles(percept):
    """(HJ (n raj1) (ax -12.34)) -> {"raj1": degrees}."""
    return {m.group(1): float(m.group(2)) for m in re.finditer(r"\(HJ \(n (\w+)\) \(ax ([-0-9.e]+)\)\)", percept)}


def server_time(percept):
    m = re.search(r"\(time \(now ([-0-9.]+)\)\)", percept)
    return float(m.group(1)) if m else None


def script(t, collide, angle):
    """Velocities (rad/s) by perceptor name: the C++ self_collision_script."""
    approach = t >= APPROACH_START
    target = {
        "raj1": -89 + (3 * math.sin(2 * math.pi * t / 0.6) if approach else 0),
        "raj2": -4 if (collide and approach) else -60,
        "raj3": -5, "raj4": 23, "rlj1": -29, "rlj2": -8, "rlj3": 95, "rlj4": -31,
        "laj1": -45 + 30 * math.sin(2 * math.pi * t / 1.0),
    }
    rate = {"raj1": math.radians(3) * (2 * math.pi / 0.6) * math.cos(2 * math.pi * t / 0.6) if approach else 0.0,
            "laj1": math.radians(30) * (2 * math.pi / 1.0) * math.cos(2 * math.pi * t / 1.0)}
    return {n: max(-2.0, min(2.0, 5.0 * math.radians(v - angle.get(n, 0.0)) + rate.get(n, 0.0)))
            for n, v in target.items()}


def fall_back(angle):
    """The skill bench's bench_fall_back pose (knees bent, hips and ankles straight)."""
    target = {"laj1": -90, "raj1": -90, "llj3": -20, "rlj3": -20, "llj4": -110, "rlj4": -110, "llj5": 0, "rlj5": 0}
    return {n: max(-6.0, min(6.0, 8.0 * math.radians(v - angle.get(n, 0.0)))) for n, v in target.items()}


class Agent:
    def __init__(self, port, monitor):
        self.conn = Connection("127.0.0.1", port, timeout=60.0)
        self.monitor = monitor
        self.angle = {}
        self.cycle = 0

    def exchange(self, velocities):
        """Sends one cycle's commands and (syn), returns the next percept's angles."""
        text = "".join("(%s %.4f)" % (EFFECTORS[n], v) for n, v in velocities.items())
        self.conn.send(text + "(syn)")
        percept = self.conn.receive()
        if percept is None:
            raise RuntimeError("the server closed the agent's connection")
        self.angle.update(joint_angles(percept))
        self.cycle += 1
        return percept

    def start(self):
        self.conn.send("(scene rsg/agent/nao/nao_hetero.rsg 0)")
        self.conn.receive()
        self.conn.send("(init (unum 1)(teamname SelfCollision))(syn)")
        self.conn.receive()
        for _ in range(10):
            self.exchange({})
        self.conn.send("(beam -5 0 0)(syn)")
        self.conn.receive()
        for _ in range(20):
            self.exchange({})
        self.monitor.send("(playMode PlayOn)")
        for _ in range(25):
            self.exchange({})

    def play(self, seconds, command):
        """Runs `command(t, angles)` each cycle; returns per cycle (angles, velocities sent)."""
        trace = []
        for k in range(int(round(seconds / 0.02))):
            v = command(k * 0.02, dict(self.angle))
            trace.append((dict(self.angle), v))
            self.exchange(v)
        trace.append((dict(self.angle), {}))
        return trace


def still_runs(trace, joint, commanded=0.3, still=0.1):
    """Runs of cycles in which `joint` moved less than `still` deg a cycle
    while the commands sent two cycles before each (the protocol's latency)
    averaged at least `commanded` rad/s: [(first index, length)]. A joint
    that has reached its target is still but not commanded; a swinging one
    is commanded but still only at its turning points."""
    runs, current, sent = [], None, 0.0
    for k in range(3, len(trace) + 1):
        moved = abs(trace[k][0].get(joint, 0) - trace[k - 1][0].get(joint, 0)) if k < len(trace) else 1e9
        if moved < still:
            if current is None:
                current, sent = k, 0.0
            sent += abs(trace[k - 2][1].get(joint, 0))
        elif current is not None:
            length = k - current
            if sent / length >= commanded:
                runs.append((current, length))
            current = None
    return runs


def collision_lines(log_path):
    try:
        with open(log_path, errors="replace") as f:
            return [line.strip() for line in f if "ANALYSECOLLISIONS" in line]
    except OSError:
        return []


def run(agent_port, monitor_port, log_path, label):
    monitor = Connection("127.0.0.1", monitor_port, timeout=60.0)
    agent = Agent(agent_port, monitor)
    try:
        agent.start()
        agent.play(0.9, lambda t, a: fall_back(a))
        agent.play(2.0, lambda t, a: {})
        before = len(collision_lines(log_path))
        clear = agent.play(4.0, lambda t, a: script(t, False, a))
        time.sleep(0.3)
        clear_lines = collision_lines(log_path)[before:]
        check(not clear_lines, "%s: the clear script logged self-collisions: %s" % (label, clear_lines[:3]))
        long_clear = [r for r in still_runs(clear, "raj2") + still_runs(clear, "laj1") if r[1] > 5]
        check(not long_clear, "%s: a joint stood still while commanded in the clear script: %s" % (label, long_clear))
        check(clear[-1][0].get("rlj3", 0) > 80, "%s: the thigh was raised (rlj3 %.1f deg)" % (label, clear[-1][0].get("rlj3", 0)))

        hit = agent.play(SCRIPT_SECONDS, lambda t, a: script(t, True, a))
        time.sleep(0.5)
        lines = collision_lines(log_path)[before:]
        print("%s: %d ANALYSECOLLISIONS lines, first: %s" % (label, len(lines), lines[:1]), flush=True)
        check(any("rlowerarm rthigh" in line for line in lines), "%s: no 'rlowerarm rthigh' collision logged" % label)
        # The right arm, driven at both shoulder joints, stands still for the freeze.
        stops = sorted([r for r in still_runs(hit, "raj2") + still_runs(hit, "raj1") if r[1] >= 20])
        print("%s: right arm still while commanded (first cycle, cycles): %s" % (label, stops), flush=True)
        if check(stops, "%s: the right arm never stood still" % label):
            first = max((r for r in stops if r[0] == stops[0][0]), key=lambda r: r[1])
            check(48 <= first[1] <= 52, "%s: the first freeze lasted %d cycles, not 50" % (label, first[1]))
            check(first[0] * 0.02 > APPROACH_START, "%s: frozen before the arm rolled in" % label)
            left = sum(abs(hit[k][0].get("laj1", 0) - hit[k - 1][0].get("laj1", 0))
                       for k in range(first[0], first[0] + first[1]))
            check(left > 20, "%s: the left arm moved only %.1f deg during the freeze" % (label, left))
            later = [r for r in stops if r[0] > first[0] + first[1]]
            check(all(r[0] - first[0] >= 149 for r in later),
                  "%s: stopped again %.2f s after the first freeze" % (label, min(r[0] - first[0] for r in later) * 0.02)
                  if later else "")
            print("%s: next stop %s cycles after the first" % (label, [r[0] - first[0] for r in later]), flush=True)
    finally:
        agent.conn.close()
        monitor.close()


def stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def serve_and_run(label, prefix, log_name, command, **popen):
    """Starts a server (command(agent_port, monitor_port); cwd=True runs it in the fresh folder
    that holds its log), runs the checks against it and stops it; the folder stays when a check
    failed."""
    workdir = tempfile.mkdtemp(prefix=prefix)
    log_path = os.path.join(workdir, log_name)
    if popen.pop("cwd", False):
        popen["cwd"] = workdir
    agent_port, monitor_port = free_port(), free_port()
    with open(log_path, "w") as log:
        server = subprocess.Popen(command(agent_port, monitor_port), stdout=log, stderr=subprocess.STDOUT, **popen)
        try:
            if check(wait_port(monitor_port, server), "%s started (log %s)" % (label, log_path)):
                run(agent_port, monitor_port, log_path, label)
        finally:
            stop(server)
    if not FAILURES:
        shutil.rmtree(workdir, ignore_errors=True)


def run_libero(libero):
    serve_and_run("libero serve", "libero-selfcollision-", "serve.log",
                  lambda agent, monitor: [libero, "serve", "--sync", "--agent-port", str(agent), "--monitor-port",
                                          str(monitor), "--seed", "1", "--no-beam-noise"])


def find_real_server(given):
    for c in [given, os.environ.get("LIBERO_RCSSSERVER3D"),
              os.path.expanduser("~/.cache/libero-realserver/install/bin/rcssserver3d")]:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.realpath(c)
    return None


def run_real_server(binary):
    install = os.path.dirname(os.path.dirname(binary))
    env = dict(os.environ)
    simhome = os.path.join(os.path.dirname(install), "simhome")  # the kit's config: sync mode from RCSS_SYNC
    if os.path.isdir(simhome):
        env["HOME"] = simhome
    env["LD_LIBRARY_PATH"] = ":".join([os.path.join(install, "lib", "simspark"),
                                       os.path.join(install, "lib", "rcssserver3d"), env.get("LD_LIBRARY_PATH", "")])
    env["RCSS_SYNC"] = "1"
    env["RCSS_REALTIME"] = "0"
    serve_and_run("rcssserver3d", "libero-rcss-selfcollision-", "server.log",
                  lambda agent, monitor: [binary, "--agent-port", str(agent), "--server-port", str(monitor)],
                  cwd=True, env=env)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--libero")
    parser.add_argument("--real-server", nargs="?", const="", default=None)
    args = parser.parse_args()
    if args.libero:
        run_libero(args.libero)
    elif args.real_server is not None:
        binary = find_real_server(args.real_server)
        if binary is None:
            print("rcssserver3d not found: skipped")
            return SKIP
        run_real_server(binary)
    else:
        parser.error("--libero PATH or --real-server [PATH]")
    print("FAILED: %d check(s)" % len(FAILURES) if FAILURES else "all checks passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
