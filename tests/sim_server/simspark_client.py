#!/usr/bin/env python3
"""An independent SimSpark (rcssserver3d 0.7.x) agent client, written from the
reference sheet only (no Libero code), that checks a server plays like the
reference: handshake, team sides, joint latency, beam, vision, hearing, text
format and message order.

Usage:
  simspark_client.py --server /path/to/libero      # starts `libero serve` on free ports, stops it after
  simspark_client.py --host 127.0.0.1 --port 3100  # against a running server (sync mode expected)

Exit code 0 when every check passes; each failed check is printed.
Standard library only.
"""

import argparse
import math
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import time

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL: " + message, flush=True)
    return condition


# --- wire format: 4-byte big-endian length + payload -------------------------------------

class Connection:
    def __init__(self, host, port, timeout=20.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def send(self, text):
        data = text.encode("ascii")
        self.sock.sendall(struct.pack(">I", len(data)) + data)

    def send_raw(self, data):
        self.sock.sendall(data)

    def _fill(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                return False
            self.buffer += chunk
        return True

    def receive(self):
        """Returns the next message as text, or None when the server closed the connection."""
        if not self._fill(4):
            return None
        (length,) = struct.unpack(">I", self.buffer[:4])
        if not self._fill(4 + length):
            return None
        payload = self.buffer[4:4 + length]
        self.buffer = self.buffer[4 + length:]
        return payload.decode("ascii")

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


# --- S-expressions -----------------------------------------------------------------------

def parse_sexp(text):
    """Parses a concatenation of S-expressions into nested Python lists of strings."""
    tokens = re.findall(r"\(|\)|[^\s()]+", text)
    stack = [[]]
    for token in tokens:
        if token == "(":
            stack.append([])
        elif token == ")":
            if len(stack) < 2:
                raise ValueError("unbalanced ')'")
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(token)
    if len(stack) != 1:
        raise ValueError("unbalanced '('")
    return stack[0]


def find(expr, tag):
    for item in expr:
        if isinstance(item, list) and item and item[0] == tag:
            return item
    return None


class Percept:
    """The parts of one server message the checks need."""

    def __init__(self, text):
        self.text = text
        self.items = parse_sexp(text)
        self.tags = []
        self.joints = {}
        self.frp = {}
        self.gs = {}
        self.hear = []
        self.see = None
        for item in self.items:
            tag = item[0]
            if tag == "HJ":
                name = find(item, "n")[1]
                self.joints[name] = float(find(item, "ax")[1])
                self.tags.append("HJ:" + name)
            elif tag == "FRP":
                name = find(item, "n")[1]
                self.frp[name] = [float(v) for v in find(item, "f")[1:]]
                self.tags.append("FRP:" + name)
            else:
                self.tags.append(tag)
            if tag == "time":
                self.time = float(find(item, "now")[1])
            elif tag == "GS":
                for part in item[1:]:
                    self.gs[part[0]] = part[1]
            elif tag == "hear":
                self.hear.append(item[1:])
            elif tag == "See":
                self.see = item[1:]

    def seen_objects(self):
        """name -> (d, h, v) for flags, goals and the ball."""
        out = {}
        for entry in self.see or []:
            if entry[0] in ("P", "L"):
                continue
            pol = find(entry, "pol")
            out[entry[0]] = tuple(float(v) for v in pol[1:4])
        return out

    def seen_players(self):
        out = []
        for entry in self.see or []:
            if entry[0] == "P":
                out.append(entry)
        return out

    def seen_lines(self):
        return [entry for entry in self.see or [] if entry[0] == "L"]


# --- the reference order of a percept (reference sheet section 5) ---------------------------

def expected_order(percept, robot_type=0):
    order = ["time", "GS"] + ["hear"] * len(percept.hear) + ["GYR", "ACC", "HJ:hj1", "HJ:hj2"]
    if percept.see is not None:
        order.append("See")
    order += ["HJ:raj1", "HJ:raj2", "HJ:raj3", "HJ:raj4", "HJ:laj1", "HJ:laj2", "HJ:laj3", "HJ:laj4"]
    order += ["HJ:rlj1", "HJ:rlj2", "HJ:rlj3", "HJ:rlj4", "HJ:rlj5"]
    if "rf" in percept.frp:
        order.append("FRP:rf")
    order.append("HJ:rlj6")
    if robot_type == 4:
        if "rf1" in percept.frp:
            order.append("FRP:rf1")
        order.append("HJ:rlj7")
    order += ["HJ:llj1", "HJ:llj2", "HJ:llj3", "HJ:llj4", "HJ:llj5"]
    if "lf" in percept.frp:
        order.append("FRP:lf")
    order.append("HJ:llj6")
    if robot_type == 4:
        if "lf1" in percept.frp:
            order.append("FRP:lf1")
        order.append("HJ:llj7")
    return order


NUMBER = re.compile(r"(?<=[ (])(-?\d+(?:\.\d+)?)(?=[ )])")
INTEGER_FIELDS = re.compile(r"\((?:unum|sl|sr|id) -?\d+\)")


def check_format(percept, label):
    text = percept.text
    # Integers are allowed only as unum, sl, sr and id.
    stripped = INTEGER_FIELDS.sub("", text)
    for number in NUMBER.findall(stripped):
        if not check("." in number and len(number.split(".")[1]) == 2,
                     "%s: number '%s' is not fixed-point with 2 decimals" % (label, number)):
            return
    check(percept.tags == expected_order(percept),
          "%s: message order %s differs from the reference %s" % (label, percept.tags, expected_order(percept)))


# --- an agent ----------------------------------------------------------------------------

class Agent(threading.Thread):
    """Runs one SimSpark agent: scene, then a scripted reply to every percept, always with (syn)."""

    def __init__(self, host, port, name, script, cycles, start_event=None, robot_type=0):
        super().__init__(daemon=True)
        self.host, self.port, self.name = host, port, name
        self.script = script
        self.cycles = cycles
        self.start_event = start_event
        self.robot_type = robot_type
        self.percepts = []
        self.sent = {}
        self.error = None
        self.joined = threading.Event()

    def run(self):
        try:
            if self.start_event is not None:
                self.start_event.wait(30)
            conn = Connection(self.host, self.port)
            conn.send("(scene rsg/agent/nao/nao_hetero.rsg %d)" % self.robot_type)
            for k in range(self.cycles):
                text = conn.receive()
                if text is None:
                    self.error = "server closed the connection at percept %d" % k
                    break
                percept = Percept(text)
                self.percepts.append(percept)
                if "unum" in percept.gs:
                    self.joined.set()
                reply = self.script(k, percept) or ""
                self.sent[k] = reply
                conn.send(reply + "(syn)")
            conn.close()
        except Exception as e:  # reported by the main thread
            self.error = "%s: %r" % (self.name, e)
        finally:
            self.joined.set()


# --- expected vision from a pose (reference sheet section 5.7) -------------------------------

LANDMARKS = {"F1L": (-15, 10, 0), "F2L": (-15, -10, 0), "F1R": (15, 10, 0), "F2R": (15, -10, 0),
             "G1L": (-15, 1.05, 0.8), "G2L": (-15, -1.05, 0.8), "G1R": (15, 1.05, 0.8), "G2R": (15, -1.05, 0.8)}


def expected_horizontal(x, y, heading_deg, head_yaw_deg, target):
    bearing = math.degrees(math.atan2(target[1] - y, target[0] - x))
    h = bearing - heading_deg - head_yaw_deg
    while h > 180:
        h -= 360
    while h <= -180:
        h += 360
    return h


def angle_close(a, b, tolerance):
    d = (a - b + 180) % 360 - 180
    return abs(d) <= tolerance


# --- the scenario ---------------------------------------------------------------------------

def left_script(k, p):
    if k == 0:
        return "(init (unum 0)(teamname PyLeft))"
    if k == 6:
        return "(he1 1.0)"
    if k == 12:
        return "(he1 0)"
    if k == 15:
        return "(beam -3 2 -20)"
    if k == 24:
        return "(say hello)"
    return ""


def right_script(k, p):
    if k == 0:
        return "(init (unum 5)(teamname PyRight))"
    if k == 6:
        return "(beam -5 0 0)"
    if k == 15:
        return "(say hi_there)"
    return ""


def run_scenario(host, port):
    left = Agent(host, port, "left", left_script, 40)
    right = Agent(host, port, "right", right_script, 30, start_event=left.joined)
    left.start()
    right.start()

    # A misbehaving agent: a malformed message gets it disconnected, the others play on.
    time.sleep(0.2)
    bad = Connection(host, port)
    bad.send("(scene rsg/agent/nao/nao_hetero.rsg 0)")
    bad.send("(he1 1.0")  # unbalanced
    got = bad.receive()
    while got is not None:
        got = bad.receive()
    check(True, "malformed agent disconnected")
    bad.close()

    left.join(60)
    right.join(60)
    check(not left.is_alive() and not right.is_alive(), "agents did not finish within 60 s")
    check(left.error is None, "left agent: %s" % left.error)
    check(right.error is None, "right agent: %s" % right.error)
    if left.error or right.error:
        return
    check_left(left)
    check_right(right)
    check_hearing(left, right)


def check_left(agent):
    P = agent.percepts
    check(len(P) == 40, "left: expected 40 percepts, got %d" % len(P))
    for i, p in enumerate(P):
        check_format(p, "left percept %d" % i)
        check(len(p.joints) == 22, "left percept %d: %d HJ entries, expected 22" % (i, len(p.joints)))
    # Server time advances 0.02 per percept.
    for i in range(1, len(P)):
        check(abs(P[i].time - P[i - 1].time - 0.02) < 0.005,
              "left: time step %d -> %d is %.3f" % (i - 1, i, P[i].time - P[i - 1].time))
    # Handshake: first percept before init has no unum; init in reply to percept 0 -> GS (unum)(team) in percept 2, once.
    check("unum" not in P[0].gs and "unum" not in P[1].gs, "left: unum announced before init took effect")
    check(P[2].gs.get("unum") == "1" and P[2].gs.get("team") == "left",
          "left: percept 2 GS should carry (unum 1) (team left), got %s" % P[2].gs)
    check(all("unum" not in p.gs for p in P[3:]), "left: (unum) announced more than once")
    check(P[0].gs.get("pm") == "BeforeKickOff", "left: play mode %s" % P[0].gs.get("pm"))
    # Vision every third percept from the first.
    for i, p in enumerate(P):
        check((p.see is not None) == (i % 3 == 0), "left: vision in percept %d is %s" % (i, p.see is not None))
    # Joint latency: (he1 1.0) sent in reply to percept 6 shows in percept 8 at ~1.146 deg per cycle.
    hj1 = [p.joints["hj1"] for p in P]
    check(abs(hj1[7] - hj1[6]) < 0.2, "left: hj1 moved already in percept 7 (%.2f -> %.2f)" % (hj1[6], hj1[7]))
    check(hj1[8] - hj1[7] > 0.5, "left: hj1 did not move in percept 8 (%.2f -> %.2f)" % (hj1[7], hj1[8]))
    for i in (9, 10, 11):
        step = hj1[i] - hj1[i - 1]
        check(abs(step - math.degrees(0.02)) < 0.15, "left: hj1 step in percept %d is %.2f, expected 1.15" % (i, step))
    # Stopped again from percept 14 on.
    check(abs(hj1[16] - hj1[15]) < 0.2, "left: hj1 still moving after (he1 0)")
    head_yaw = hj1[20]

    # Init pose: torso at (-14.2, 9.2) facing +x; vision of percept 3 (before the beam) agrees.
    before = P[3].seen_objects()
    check("F1R" in before or "F2R" in before or "G1R" in before, "left: no right-side landmark seen before the beam")
    for name, pol in before.items():
        if name in LANDMARKS:
            h = expected_horizontal(-14.2, 9.2, 0.0, hj1[3], LANDMARKS[name])
            check(angle_close(pol[1], h, 3.0), "left: %s at %.2f deg before the beam, expected %.2f" % (name, pol[1], h))
    check(len(P[3].seen_lines()) > 0, "left: no field lines in vision")

    # Beam in reply to percept 15 -> pose (-3, 2) facing -20 deg from percept 17; vision at 18.
    after = P[18].seen_objects()
    check(len(after) >= 2, "left: too few landmarks after the beam: %s" % list(after))
    for name, pol in after.items():
        if name in LANDMARKS:
            h = expected_horizontal(-3, 2, -20, head_yaw, LANDMARKS[name])
            check(angle_close(pol[1], h, 3.0), "left: %s at %.2f deg after the beam, expected %.2f" % (name, pol[1], h))
            t = LANDMARKS[name]
            d = math.hypot(t[0] + 3, t[1] - 2)
            check(abs(pol[0] - d) < 0.5, "left: %s at %.2f m after the beam, expected about %.2f" % (name, pol[0], d))
    check("B" in after, "left: the ball at the centre is not seen after beaming to (-3, 2) facing -20 deg")
    if "B" in after:
        h = expected_horizontal(-3, 2, -20, head_yaw, (0, 0))
        check(angle_close(after["B"][1], h, 3.0), "left: ball at %.2f deg, expected %.2f" % (after["B"][1], h))
    check(before != after, "left: vision did not change after the beam")
    own = [pl for p in P if p.see for pl in p.seen_players() if find(pl, "team")[1] == "PyLeft"]
    check(len(own) > 0, "left: own lower arms never seen in vision")
    # Standing robot: foot force sensors present at some point.
    check(any("lf" in p.frp and "rf" in p.frp for p in P[10:]), "left: no FRP for both feet while standing")


def check_right(agent):
    P = agent.percepts
    check(len(P) == 30, "right: expected 30 percepts, got %d" % len(P))
    for i, p in enumerate(P):
        check_format(p, "right percept %d" % i)
    check(P[2].gs.get("unum") == "5" and P[2].gs.get("team") == "right",
          "right: percept 2 GS should carry (unum 5) (team right), got %s" % P[2].gs)
    # (beam -5 0 0) in reply to percept 6 -> world (5, 0) facing -x; vision at percept 9.
    after = P[9].seen_objects()
    check(any(n in after for n in ("G1L", "G2L", "F1L", "F2L")), "right: left-side landmarks not seen after beaming")
    head_yaw = P[9].joints["hj1"]
    for name, pol in after.items():
        if name in LANDMARKS:
            h = expected_horizontal(5, 0, 180, head_yaw, LANDMARKS[name])
            check(angle_close(pol[1], h, 3.0), "right: %s at %.2f deg, expected %.2f (mirrored beam)" % (name, pol[1], h))
    # The left robot stands at (-3, 2): its body parts appear as a P group with team and id.
    players = [pl for p in P[18:] if p.see for pl in p.seen_players()]
    check(any(find(pl, "team")[1] == "PyLeft" and find(pl, "id")[1] == "1" and find(pl, "head") for pl in players),
          "right: the left robot (PyLeft 1) is never seen with its head")


def check_hearing(left, right):
    # left says in reply to its percept 24 -> hears itself in percept 26.
    heard_self = [h for h in left.percepts[26].hear if h[2] == "self"]
    check(len(heard_self) == 1 and heard_self[0][0] == "PyLeft" and heard_self[0][3] == "hello",
          "left: own say not echoed as self in percept 26: %s" % left.percepts[26].hear)
    left_heard = sorted(h[3] for p in left.percepts for h in p.hear)
    check(left_heard == ["hello", "hi_there"], "left: heard %s, expected hello (self) and hi_there" % left_heard)
    heard = [(i, h) for i, p in enumerate(right.percepts) for h in p.hear if h[3] == "hello"]
    check(len(heard) == 1, "right: heard the left robot's hello %d times" % len(heard))
    if heard:
        h = heard[0][1]
        check(h[0] == "PyLeft" and h[2] != "self", "right: hear entry %s" % h)
        # Direction in the right team's frame: from (5, 0) to (-3, 2) in world = (8, -2) mirrored.
        direction = float(h[2])
        expected = math.degrees(math.atan2(-2, 8))
        check(abs(direction - expected) < 2.0, "right: hear direction %.2f, expected about %.2f" % (direction, expected))
        check(re.fullmatch(r"-?\d+\.\d\d", h[1]) is not None, "right: hear time '%s' not 2 decimals" % h[1])
    heard_hi = [h for p in left.percepts for h in p.hear if h[3] == "hi_there"]
    check(len(heard_hi) == 1 and heard_hi[0][0] == "PyRight", "left: the right robot's message heard %d times" % len(heard_hi))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", help="path of the libero program; starts `libero serve --sync` on free ports")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=3100)
    args = parser.parse_args()

    server = None
    port = args.port
    try:
        if args.server:
            command = [args.server, "serve", "--sync", "--agent-port", "0", "--monitor-port", "0", "--seed", "7",
                       "--no-beam-noise", "--duration", "120", "--log-level", "warn"]
            server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
            line = server.stdout.readline()
            m = re.search(r"agent port (\d+)", line)
            if not m:
                print("FAIL: server did not announce its port: %r" % line)
                return 1
            port = int(m.group(1))
        run_scenario(args.host, port)
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            check(server.returncode == 0, "server exit code %s after SIGTERM" % server.returncode)
    if FAILURES:
        print("%d check(s) failed" % len(FAILURES))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
