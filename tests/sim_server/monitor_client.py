#!/usr/bin/env python3
"""An independent RoboCup 3D monitor client (rcssserver3d 0.7.x monitor port,
default 3200), written from the reference sheet (section 8) and the real
server's output, with no Libero code. It reads full (RSG) and incremental
(RDS) scene messages, keeps the scene graph, and reports what a monitor shows:
the ball, every robot's team, number, torso position and heading, the play
mode, game time, half and score. It reads any server the same way.

How it finds things (the real server's layout): the ball is the transform
holding the mesh models/soccerball.obj; a robot's torso is the transform that
holds the transform holding its models/naobody*.obj mesh, and the mesh's
materials name its team (matLeft / matRight) and number (matNum<N>). A body's
transform is in SimSpark's RSG frame (x right, y forward), so the heading is
the direction of the torso matrix's y column.

Usage:
  monitor_client.py --host H --port M [--seconds S]       print what a running server shows
  monitor_client.py --libero PATH [--golden FILE]          checks `libero serve --sync` (free ports); with a
                                                           capture also its scene layout against the real server's
  monitor_client.py --golden FILE                          checks a captured real-server stream
  monitor_client.py --real-server [PATH] [--capture FILE]  checks the real rcssserver3d (skips if absent)

A capture file holds one monitor message per line (no length prefix), like
the real server's sparkmonitor.log. Exit code 0 when every check passes, 77
when the real server is not found. Standard library only.
"""

import argparse
import math
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

FAILURES = []
SKIP_CODE = 77


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL: " + message, flush=True)
    return condition


# --- wire format: 4-byte big-endian length + payload -------------------------------------

class Connection:
    def __init__(self, host, port, timeout=30.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = bytearray()

    def send(self, text):
        data = text.encode("ascii")
        self.sock.sendall(struct.pack(">I", len(data)) + data)

    def _fill(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                return False
            self.buffer += chunk
        return True

    def receive(self):
        """The next message as text, or None when the server closed the connection."""
        if not self._fill(4):
            return None
        (length,) = struct.unpack(">I", self.buffer[:4])
        if not self._fill(4 + length):
            return None
        payload = bytes(self.buffer[4:4 + length])
        del self.buffer[:4 + length]
        return payload.decode("ascii", errors="replace")

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


# --- S-expressions -----------------------------------------------------------------------

TOKEN = re.compile(r"\(|\)|[^\s()]+")


def parse_sexp(text):
    """A concatenation of S-expressions as nested Python lists of strings."""
    stack = [[]]
    for token in TOKEN.findall(text):
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


# --- 4x4 column-major matrices (SLT order m0..m15) -----------------------------------------

IDENTITY = [1.0, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0]


def multiply(a, b):
    out = [0.0] * 16
    for col in range(4):
        for row in range(4):
            out[col * 4 + row] = sum(a[k * 4 + row] * b[col * 4 + k] for k in range(4))
    return out


# --- the scene graph ---------------------------------------------------------------------

class Node:
    __slots__ = ("kind", "slt", "attributes", "children", "parent")

    def __init__(self, kind, parent):
        self.kind = kind          # TRF, StaticMesh, SMN, Light, BN, ...
        self.slt = None           # 16 floats for transforms
        self.attributes = {}      # load, sSc, sMat, resetMaterials, setVisible, ... -> argument lists
        self.children = []
        self.parent = parent

    def world(self):
        """World matrix: the product of every transform's SLT from the root down to this node."""
        chain = []
        node = self
        while node is not None:
            if node.slt is not None:
                chain.append(node.slt)
            node = node.parent
        m = IDENTITY
        for slt in reversed(chain):
            m = multiply(m, slt)
        return m

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


def build_node(expr, parent):
    """A full-state (nd TYPE attributes... children...) expression."""
    kind = expr[1] if len(expr) > 1 and isinstance(expr[1], str) else "?"
    node = Node(kind, parent)
    for item in expr[1:]:
        if not isinstance(item, list) or not item:
            continue
        if item[0] == "nd":
            node.children.append(build_node(item, node))
        elif item[0] == "SLT":
            node.slt = [float(v) for v in item[1:17]]
        else:
            node.attributes[item[0]] = item[1:]
    return node


class TreeMismatch(Exception):
    pass


def apply_update(node, expr):
    """Applies an update's (nd [TYPE] [(SLT ...)] [(setVisible v)] children...) to a node."""
    children = [item for item in expr[1:] if isinstance(item, list) and item and item[0] == "nd"]
    if len(children) != len(node.children):
        raise TreeMismatch("a %s node has %d children in the update, %d in the full state" %
                           (node.kind, len(children), len(node.children)))
    for item in expr[1:]:
        if isinstance(item, list) and item and item[0] == "SLT":
            node.slt = [float(v) for v in item[1:17]]
        elif isinstance(item, list) and item and item[0] == "setVisible":
            node.attributes["setVisible"] = item[1:]
    for child, child_expr in zip(node.children, children):
        apply_update(child, child_expr)


PLAY_MODE_NAMES = ["BeforeKickOff", "KickOff_Left", "KickOff_Right", "PlayOn", "KickIn_Left", "KickIn_Right",
                   "corner_kick_left", "corner_kick_right", "goal_kick_left", "goal_kick_right",
                   "offside_left", "offside_right", "GameOver", "Goal_Left", "Goal_Right",
                   "free_kick_left", "free_kick_right", "direct_free_kick_left", "direct_free_kick_right",
                   "pass_left", "pass_right"]


class MonitorState:
    """What a monitor knows after the messages it has read."""

    def __init__(self):
        self.root = None
        self.predicates = {}      # the last value of every game-state / parameter predicate
        self.play_modes = []
        self.fouls = []
        self.full_states = 0
        self.updates = 0
        self.mismatches = []      # updates whose tree did not fit the full state
        self.last_kind = None     # "RSG" or "RDS"
        self.last_slt_count = 0   # transforms the last message moved
        self.last_text = ""

    def apply(self, text):
        items = parse_sexp(text)
        if len(items) < 3 or not isinstance(items[1], list) or items[1][:1] not in (["RSG"], ["RDS"]):
            raise ValueError("not a monitor message: %r" % text[:80])
        predicates, header, scene = items[0], items[1], items[2]
        for p in predicates:
            if not isinstance(p, list) or not p:
                continue
            if p[0] == "play_modes":
                self.play_modes = p[1:]
            elif p[0] == "foul":
                self.fouls.append(p[1:])
            else:
                self.predicates[p[0]] = p[1:]
        self.last_kind = header[0]
        self.last_text = text
        self.last_slt_count = text.count("(SLT")
        if header[0] == "RSG":
            self.full_states += 1
            root = Node("scene", None)
            for item in scene:
                if isinstance(item, list) and item and item[0] == "nd":
                    root.children.append(build_node(item, root))
            self.root = root
        else:
            self.updates += 1
            if self.root is None:
                self.mismatches.append("an update before any full state")
                return
            wrapper = ["scene"] + [item for item in scene if isinstance(item, list)]
            try:
                apply_update(self.root, wrapper)
            except TreeMismatch as e:
                self.mismatches.append(str(e))

    # --- game state ---

    def number(self, name, default=None):
        value = self.predicates.get(name)
        return float(value[0]) if value else default

    def time(self):
        return self.number("time")

    def half(self):
        v = self.number("half")
        return None if v is None else int(v)

    def score(self):
        left, right = self.number("score_left"), self.number("score_right")
        return (None if left is None else int(left), None if right is None else int(right))

    def play_mode(self):
        """The play mode's name, from its enum index and the play_modes list of the full state."""
        index = self.number("play_mode")
        if index is None:
            return None
        names = self.play_modes or PLAY_MODE_NAMES
        index = int(index)
        return names[index] if 0 <= index < len(names) else str(index)

    def team_names(self):
        return (self.predicates.get("team_left", [None])[0], self.predicates.get("team_right", [None])[0])

    # --- scene ---

    def meshes(self):
        if self.root is None:
            return
        for node in self.root.walk():
            if "load" in node.attributes:
                yield node, node.attributes["load"][0]

    def ball(self):
        for node, model in self.meshes():
            if model.endswith("soccerball.obj"):
                holder = node.parent
                if holder is not None and holder.slt is not None:
                    m = holder.world()
                    return (m[12], m[13], m[14])
        return None

    def robots(self):
        """[{team: left/right/None, unum, pos: (x, y, z), heading: deg from +x}] in scene order."""
        out = []
        for node, model in self.meshes():
            if not os.path.basename(model).startswith("naobody"):
                continue
            materials = node.attributes.get("resetMaterials", [])
            team, unum = None, None
            for material in materials:
                if material == "matLeft":
                    team = "left"
                elif material == "matRight":
                    team = "right"
                else:
                    m = re.fullmatch(r"matNum(\d+)", material)
                    if m:
                        unum = int(m.group(1))
            mesh_transform = node.parent
            torso = mesh_transform.parent if mesh_transform is not None else None
            if torso is None or torso.slt is None:
                continue
            m = torso.world()
            heading = math.degrees(math.atan2(m[5], m[4]))
            out.append({"team": team, "unum": unum, "pos": (m[12], m[13], m[14]), "heading": heading,
                        "model": model})
        return out

    def robot(self, team, unum):
        for r in self.robots():
            if r["team"] == team and r["unum"] == unum:
                return r
        return None

    def describe(self):
        lines = ["%s  time %s  half %s  score %s:%s  play mode %s  teams %s / %s" % (
            self.last_kind, self.time(), self.half(), *self.score(), self.play_mode(), *self.team_names())]
        ball = self.ball()
        if ball:
            lines.append("  ball (%.3f, %.3f, %.3f)" % ball)
        for r in self.robots():
            lines.append("  %s #%s  torso (%.3f, %.3f, %.3f)  heading %.1f deg" % (
                r["team"], r["unum"], *r["pos"], r["heading"]))
        return "\n".join(lines)


class Monitor:
    """A monitor connection that keeps a MonitorState; optionally records every message."""

    def __init__(self, host, port, capture=None):
        self.conn = Connection(host, port)
        self.state = MonitorState()
        self.capture = capture
        self.kinds = []

    def read(self):
        text = self.conn.receive()
        if text is None:
            raise ConnectionError("the server closed the monitor connection")
        if self.capture is not None:
            self.capture.append(text)
        self.state.apply(text)
        self.kinds.append(self.state.last_kind)
        return self.state

    def read_until(self, condition, seconds, what):
        end = time.time() + seconds
        while time.time() < end:
            self.read()
            if condition(self.state):
                return True
        check(False, "monitor: %s (within %.0f s)" % (what, seconds))
        return False

    def send(self, command):
        self.conn.send(command)

    def close(self):
        self.conn.close()


# --- agents that stand where they are beamed ----------------------------------------------

class Agent(threading.Thread):
    """A SimSpark agent: scene, init, a few beams, then (syn) for every percept until stopped."""

    def __init__(self, host, port, team, unum, beam, robot_type=0):
        super().__init__(daemon=True)
        self.host, self.port = host, port
        self.team, self.unum, self.beam = team, unum, beam
        self.robot_type = robot_type
        self.stop = threading.Event()
        self.joined = threading.Event()
        self.error = None
        self.percepts = 0

    def run(self):
        conn = None
        try:
            conn = Connection(self.host, self.port)
            conn.send("(scene rsg/agent/nao/nao_hetero.rsg %d)" % self.robot_type)
            k = 0
            while not self.stop.is_set():
                text = conn.receive()
                if text is None:
                    if not self.stop.is_set():
                        self.error = "%s #%d: server closed the connection" % (self.team, self.unum)
                    break
                self.percepts += 1
                reply = ""
                if k == 0:
                    reply = "(init (unum %d)(teamname %s))" % (self.unum, self.team)
                elif k in (2, 4, 6):
                    reply = "(beam %g %g %g)" % self.beam
                if "(unum" in text and k > 0:
                    self.joined.set()
                conn.send(reply + "(syn)")
                k += 1
        except Exception as e:  # reported by the main thread
            if not self.stop.is_set():
                self.error = "%s #%d: %r" % (self.team, self.unum, e)
        finally:
            self.joined.set()
            if conn is not None:
                conn.close()


def stop_agents(agents):
    for a in agents:
        a.stop.set()
    for a in agents:
        a.join(10)
    for a in agents:
        check(a.error is None, "agent: %s" % a.error)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def near(a, b, tolerance):
    return a is not None and b is not None and all(abs(x - y) <= tolerance for x, y in zip(a, b))


def angle_near(a, b, tolerance):
    return abs((a - b + 180) % 360 - 180) <= tolerance


# --- the scenario both servers play -------------------------------------------------------
# Left "Alpha" #1 and #2, right "Beta" #1, beamed to known spots; the monitor
# connects first and must see every join as a full state, a trainer ball move
# in updates, (reqfullstate) answered with a full state, play mode and score.

AGENTS = [("Alpha", 1, (-3.0, 1.0, 0.0)), ("Alpha", 2, (-6.0, -2.0, 90.0)), ("Beta", 1, (-4.0, 3.0, 45.0))]


def beam_heading(team_index, rot):
    """World heading of a beamed robot: the right team's frame is turned by 180 deg."""
    return rot if team_index == 0 else rot + 180.0


def beam_position(team_index, x, y):
    return (x, y) if team_index == 0 else (-x, -y)


def run_scenario(host, agent_port, monitor_port, truth=None, capture=None, settle_seconds=1.5):
    """Plays the scenario; `truth()` (optional) returns the simulator's own poses for comparison."""
    monitor = Monitor(host, monitor_port, capture)
    agents = []
    try:
        first = monitor.read()
        check(first.last_kind == "RSG", "the first monitor message is a full state (got %s)" % first.last_kind)
        check(first.number("FieldLength") == 30 and first.number("BallRadius") == 0.042,
              "the full state carries the field parameters")
        check(first.play_modes[:4] == PLAY_MODE_NAMES[:4], "the full state lists the play modes: %s" %
              first.play_modes[:4])
        check(first.time() is not None and first.half() in (1, 2), "the full state has time and half")
        check(first.play_mode() == "BeforeKickOff", "play mode BeforeKickOff at start (got %s)" % first.play_mode())
        ball = first.ball()
        check(near(ball, (0, 0, 0.042), 0.01), "the ball starts at the centre: %s" % (ball,))

        # Each join is a full state with one more robot, the robot identified by team and number.
        for team, unum, beam in AGENTS:
            full_before = monitor.state.full_states
            count_before = len(monitor.state.robots())
            agent = Agent(host, agent_port, team, unum, beam)
            agents.append(agent)
            agent.start()
            monitor.read_until(lambda s: s.robot(("left" if team == "Alpha" else "right"), unum) is not None,
                               30, "%s #%d appears with its team and number" % (team, unum))
            check(monitor.state.full_states > full_before, "%s #%d's join came as a full state" % (team, unum))
            check(len(monitor.state.robots()) == count_before + 1, "one robot more after %s #%d joined" %
                  (team, unum))
        check(monitor.state.team_names() == ("Alpha", "Beta"), "team names: %s" % (monitor.state.team_names(),))

        # Let them stand where they were beamed, then compare.
        end = time.time() + settle_seconds
        while time.time() < end:
            monitor.read()
        state = monitor.state
        for team, unum, (bx, by, rot) in AGENTS:
            side = 0 if team == "Alpha" else 1
            r = state.robot("left" if side == 0 else "right", unum)
            if not check(r is not None, "%s #%d is on the scene" % (team, unum)):
                continue
            x, y = beam_position(side, bx, by)
            check(near(r["pos"][:2], (x, y), 0.15) and 0.25 < r["pos"][2] < 0.5,
                  "%s #%d stands near its beam spot (%.2f, %.2f): %s" % (team, unum, x, y, r["pos"]))
            check(angle_near(r["heading"], beam_heading(side, rot), 12),
                  "%s #%d faces its beam heading %.0f: %.1f" % (team, unum, beam_heading(side, rot), r["heading"]))
        check(not state.mismatches, "every update fits the full state's tree: %s" % state.mismatches[:3])

        if truth is not None:
            compare_with_truth(monitor, truth)

        # Two more monitors: one's (reqfullstate) is answered, the other's updates go on;
        # a third that never reads blocks nobody.
        check_more_monitors(host, monitor_port)

        # Play mode and time: PlayOn runs the clock in steps of 0.04 s between updates.
        monitor.send("(playMode PlayOn)")
        monitor.read_until(lambda s: s.play_mode() == "PlayOn", 10, "play mode PlayOn after the trainer set it")
        times = []
        for _ in range(6):
            s = monitor.read()
            if s.last_kind == "RDS":
                times.append(s.time())
        steps = [round(b - a, 3) for a, b in zip(times, times[1:])]
        check(len(steps) >= 3 and all(abs(d - 0.04) < 0.0015 for d in steps),
              "updates come every 0.04 s of game time: %s" % steps)

        # Updates move the ball after a trainer command (the referee holds it before the kick-off).
        monitor.send("(ball (pos 2.5 -1.5 0.042)(vel 0 0 0))")
        updates_before = monitor.state.updates
        monitor.read_until(lambda s: near(s.ball(), (2.5, -1.5, 0.042), 0.01), 10,
                           "the ball shows at (2.5, -1.5) after the trainer moved it")
        check(monitor.state.last_kind == "RDS" and monitor.state.updates > updates_before,
              "an update (RDS) moved the ball, not a full state")
        check(not monitor.state.mismatches, "updates fit the tree: %s" % monitor.state.mismatches[:3])
        if truth is not None:
            compare_with_truth(monitor, truth)
        monitor.send("(score (left 2) (right 1))")
        monitor.read_until(lambda s: s.score() == (2, 1), 10, "score 2:1 after the trainer set it")

        # (reqfullstate) gives a full state.
        fulls = monitor.state.full_states
        monitor.send("(reqfullstate)")
        monitor.read_until(lambda s: s.full_states > fulls, 10, "a full state after (reqfullstate)")
        check(len(monitor.state.robots()) == 3, "the requested full state has the 3 robots")
        check(monitor.state.play_mode() == "PlayOn" and monitor.state.score() == (2, 1),
              "the requested full state repeats play mode and score")
        check(near(monitor.state.ball(), (2.5, -1.5, 0.042), 0.05), "the full state has the ball where it is")

        # A leaving robot: a full state without it.
        leaving = agents.pop()
        fulls = monitor.state.full_states
        stop_agents([leaving])
        monitor.read_until(lambda s: s.robot("right", 1) is None, 30, "Beta #1 disappears after leaving")
        check(monitor.state.full_states > fulls, "the leave came as a full state")
        check(len(monitor.state.robots()) == 2, "2 robots left")
        check(not monitor.state.mismatches, "updates fit the tree: %s" % monitor.state.mismatches[:3])
        print(monitor.state.describe(), flush=True)
        counts = (monitor.kinds.count("RSG"), monitor.kinds.count("RDS"))
        print("read %d full states and %d updates" % counts, flush=True)
        return monitor.state
    finally:
        stop_agents(agents)
        monitor.close()


def compare_with_truth(monitor, truth):
    """The monitor's robots and ball against the simulator's own ground truth."""
    gt = truth()
    if not check(gt is not None, "ground truth available"):
        return
    state = monitor.state
    for (team, unum), (pos, heading) in gt["robots"].items():
        r = state.robot(team, unum)
        if not check(r is not None, "ground-truth robot %s #%d is on the monitor" % (team, unum)):
            continue
        # SLTs are sent when an element moved > 0.005 and printed with 6 digits.
        check(near(r["pos"], pos, 0.012), "%s #%d torso %s matches the truth %s" % (team, unum, r["pos"], pos))
        check(angle_near(r["heading"], heading, 1.0), "%s #%d heading %.2f matches the truth %.2f" %
              (team, unum, r["heading"], heading))
    check(len(state.robots()) == len(gt["robots"]), "as many robots as the truth has")
    check(near(state.ball(), gt["ball"], 0.012), "ball %s matches the truth %s" % (state.ball(), gt["ball"]))


# --- libero serve's ground-truth feed -----------------------------------------------------

class GroundTruth(threading.Thread):
    """Keeps the last line of `libero serve --ground-truth PORT`."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.last = None
        self.running = True

    def run(self):
        buffer = b""
        try:
            while self.running:
                chunk = self.sock.recv(1 << 20)
                if not chunk:
                    break
                buffer += chunk
                lines = buffer.split(b"\n")
                buffer = lines[-1]
                if len(lines) > 1:
                    self.last = lines[-2].decode("ascii")
        except OSError:
            pass

    def current(self):
        if self.last is None:
            return None
        expr = parse_sexp(self.last)[0]
        ball = next(item for item in expr if isinstance(item, list) and item[0] == "ball")
        out = {"ball": tuple(float(v) for v in ball[1:4]), "robots": {}}
        for item in expr:
            if isinstance(item, list) and item[0] == "robot":
                fields = {f[0]: f[1:] for f in item[1:] if isinstance(f, list)}
                key = (fields["team"][0], int(fields["unum"][0]))
                out["robots"][key] = (tuple(float(v) for v in fields["pos"]), float(fields["heading"][0]))
        return out

    def close(self):
        self.running = False
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


def stop_process(process, sig=signal.SIGINT):
    if process is None or process.poll() is not None:
        return
    process.send_signal(sig)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def run_against_libero(libero, golden=None):
    command = [libero, "serve", "--sync", "--agent-port", "0", "--monitor-port", "0", "--ground-truth", "0",
               "--seed", "7", "--no-beam-noise", "--duration", "300", "--log-level", "warn"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    truth = None
    try:
        line = server.stdout.readline()
        m = re.search(r"agent port (\d+) monitor port (\d+) ground truth port (\d+)", line)
        if not check(m is not None, "server announced its ports: %r" % line):
            return
        agent_port, monitor_port, truth_port = (int(v) for v in m.groups())
        truth = GroundTruth(truth_port)
        truth.start()

        def current_truth():
            # The monitor's last message and the feed's last line are the same
            # cycle or one apart; standing robots barely move in between.
            time.sleep(0.3)
            return truth.current()

        final = run_scenario("127.0.0.1", agent_port, monitor_port, truth=current_truth)
        if golden:
            compare_layout(final, golden)
    finally:
        if truth is not None:
            truth.close()
        stop_process(server, signal.SIGTERM)
        check(server.returncode == 0, "server exit code %s after SIGTERM" % server.returncode)


def check_more_monitors(host, monitor_port):
    """Two more monitors: A's (reqfullstate) gets A a full state and B's updates go on; a third monitor that
    never reads must not hold anything up."""
    a = Monitor(host, monitor_port)
    b = Monitor(host, monitor_port)
    stalled = Monitor(host, monitor_port)   # never reads
    try:
        a.read()
        b.read()
        for _ in range(5):
            a.read()
            b.read()
        a.send("(reqfullstate)")
        a.read_until(lambda s: s.last_kind == "RSG", 10, "monitor A gets its requested full state")
        b_kinds = []
        for _ in range(10):
            b.read()
            b_kinds.append(b.state.last_kind)
        check("RDS" in b_kinds, "monitor B keeps getting updates: %s" % b_kinds)
        check(not a.state.mismatches and not b.state.mismatches, "both monitors' updates fit their trees")
    finally:
        for m in (a, b, stalled):
            m.close()


# --- the real server ------------------------------------------------------------------------

def find_real_server(given):
    candidates = [given, os.environ.get("LIBERO_RCSSSERVER3D"),
                  os.path.expanduser("~/.cache/libero-realserver/install/bin/rcssserver3d")]
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.realpath(c)
    return None


def run_against_real_server(binary, capture_file=None):
    install = os.path.dirname(os.path.dirname(binary))
    root = os.path.dirname(install)
    env = dict(os.environ)
    simhome = os.path.join(root, "simhome")   # build.sh's server config (sync mode from RCSS_SYNC)
    if os.path.isdir(simhome):
        env["HOME"] = simhome
    env["LD_LIBRARY_PATH"] = ":".join([os.path.join(install, "lib", "simspark"),
                                       os.path.join(install, "lib", "rcssserver3d"),
                                       env.get("LD_LIBRARY_PATH", "")])
    env["RCSS_SYNC"] = "1"
    env["RCSS_REALTIME"] = "0"
    workdir = tempfile.mkdtemp(prefix="libero-rcss-")
    agent_port, monitor_port = free_port(), free_port()
    log = open(os.path.join(workdir, "server.log"), "w")
    server = subprocess.Popen([binary, "--agent-port", str(agent_port), "--server-port", str(monitor_port)],
                              cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT)
    capture = [] if capture_file else None
    try:
        end = time.time() + 60
        while time.time() < end and server.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", monitor_port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        if not check(server.poll() is None, "the real server runs (log in %s)" % workdir):
            return
        run_scenario("127.0.0.1", agent_port, monitor_port, capture=capture)
        if capture_file:
            write_capture(capture, capture_file)
    finally:
        stop_process(server, signal.SIGINT)
        log.close()
        if not FAILURES:
            shutil.rmtree(workdir, ignore_errors=True)


def write_capture(messages, path):
    """Keeps what the golden test needs, small: every full state (each join, team and leave), a few updates
    after the first, and every update that changed the ball, the play mode or the score."""
    state = MonitorState()
    keep = []             # (text, kind, robots shown)
    plain_updates = 0
    last_ball = None
    for text in messages:
        state.apply(text)
        ball = state.ball()
        moved = ball is not None and last_ball is not None and not near(ball, last_ball, 0.05)
        last_ball = ball
        robots = sorted((str(r["team"]), r["unum"] or 0) for r in state.robots())
        if state.last_kind == "RSG":
            keep.append((text, "RSG", robots))
        elif moved or "(play_mode" in text or "(score_" in text or "(team_" in text or plain_updates < 4:
            keep.append((text, "RDS", robots))
            plain_updates += 1
    # A full state followed by another one showing the same robots adds nothing.
    trimmed = [text for i, (text, kind, robots) in enumerate(keep)
               if not (kind == "RSG" and 0 < i < len(keep) - 1 and keep[i + 1][1] == "RSG"
                       and keep[i + 1][2] == robots)]
    with open(path, "w") as f:
        for text in trimmed:
            f.write(text.replace("\n", " ") + "\n")
    print("wrote %d of %d messages to %s" % (len(trimmed), len(messages), path))


def shape(node):
    """A node's structure without its matrices: kind, model, scale, materials, and its children's shapes."""
    a = node.attributes
    return (node.kind, tuple(a.get("load", [])), tuple(a.get("sSc", [])), tuple(a.get("resetMaterials", [])),
            tuple(a.get("sMat", [])), tuple(shape(c) for c in node.children))


def robot_subtrees(state):
    """(team, unum) -> the robot's whole subtree: the top-level node holding its torso."""
    out = {}
    if state.root is None:
        return out
    for top in state.root.children:
        for node, model in ((n, n.attributes["load"][0]) for n in top.walk() if "load" in n.attributes):
            if os.path.basename(model).startswith("naobody"):
                materials = node.attributes.get("resetMaterials", [])
                team = "left" if "matLeft" in materials else "right" if "matRight" in materials else None
                unum = next((int(m[6:]) for m in materials if re.fullmatch(r"matNum\d+", m)), None)
                out[(team, unum)] = top
    return out


def compare_layout(ours, golden_path):
    """Our scene's static part and a type-0 robot's subtree against the real server's, node by node."""
    reference = MonitorState()
    with open(golden_path) as f:
        for line in f:
            if line.strip():
                reference.apply(line.rstrip("\n"))
    if not check(reference.root is not None and ours.root is not None, "both scenes are known"):
        return
    theirs_robots, our_robots = robot_subtrees(reference), robot_subtrees(ours)
    static_theirs = [shape(n) for n in reference.root.children if n not in theirs_robots.values()]
    static_ours = [shape(n) for n in ours.root.children if n not in our_robots.values()]
    check(static_theirs == static_ours, "the static scene (lights, field, goals, walls, flags, lines, ball) has the "
          "real server's layout (%d / %d top-level nodes)" % (len(static_ours), len(static_theirs)))
    key = ("left", 1)
    if check(key in theirs_robots and key in our_robots, "Alpha #1 in both scenes"):
        a, b = shape(our_robots[key]), shape(theirs_robots[key])
        check(a == b, "Alpha #1's subtree (parts, meshes, scales, materials) has the real server's layout")
        if a != b:
            for x, y in zip(a[5], b[5]):
                if x != y:
                    print("  first difference: ours %s\n                    real %s" % (x, y))
                    break


# --- the golden sample ------------------------------------------------------------------------

def check_golden(path):
    """A stream captured from the real server during run_scenario: the client must read back its values."""
    state = MonitorState()
    seen = {"robots": set(), "ball_moved": False, "playon": False, "score": False, "full_after_request": False}
    max_robots = 0
    with open(path) as f:
        lines = [line.rstrip("\n") for line in f if line.strip()]
    check(len(lines) > 5, "golden file has messages")
    for line in lines:
        state.apply(line)
        for r in state.robots():
            seen["robots"].add((r["team"], r["unum"]))
        max_robots = max(max_robots, len(state.robots()))
        if near(state.ball(), (2.5, -1.5, 0.042), 0.01):
            seen["ball_moved"] = True
        if state.play_mode() == "PlayOn":
            seen["playon"] = True
        if state.score() == (2, 1):
            seen["score"] = True
    first = MonitorState()
    first.apply(lines[0])
    check(first.last_kind == "RSG" and first.number("FieldLength") == 30, "golden: starts with a full state")
    check(first.play_modes == PLAY_MODE_NAMES, "golden: the play modes in enum order: %s" % first.play_modes)
    check(near(first.ball(), (0, 0, 0.042), 0.01), "golden: the ball at the centre first: %s" % (first.ball(),))
    check(seen["robots"] >= {("left", 1), ("left", 2), ("right", 1)},
          "golden: robots Alpha #1, #2 and Beta #1 identified: %s" % sorted(seen["robots"], key=str))
    check(max_robots == 3, "golden: at most 3 robots at once: %d" % max_robots)
    check(seen["ball_moved"], "golden: the trainer's ball move shows")
    check(seen["playon"] and seen["score"], "golden: PlayOn and the 2:1 score show")
    check(state.team_names() == ("Alpha", "Beta"), "golden: team names %s" % (state.team_names(),))
    check(not state.mismatches, "golden: every update fits its full state: %s" % state.mismatches[:3])
    # The end of the capture: Beta #1 has left, the two Alpha robots stand where they were beamed.
    final = {(r["team"], r["unum"]): r for r in state.robots()}
    check(set(final) == {("left", 1), ("left", 2)}, "golden: Alpha #1 and #2 remain: %s" % sorted(final))
    for team, unum, (bx, by, rot) in AGENTS[:2]:
        r = final.get(("left", unum))
        if r:
            check(near(r["pos"][:2], (bx, by), 0.15) and 0.25 < r["pos"][2] < 0.5,
                  "golden: Alpha #%d near (%g, %g): %s" % (unum, bx, by, r["pos"]))
            check(angle_near(r["heading"], rot, 12), "golden: Alpha #%d heading %.1f, beamed %g" %
                  (unum, r["heading"], rot))
    print(state.describe())


# --- main --------------------------------------------------------------------------------------

def watch(host, port, seconds):
    monitor = Monitor(host, port)
    end = time.time() + seconds
    try:
        while time.time() < end:
            monitor.read()
        print(monitor.state.describe())
    finally:
        monitor.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--libero", help="path of the libero program: checks `libero serve --sync`")
    parser.add_argument("--golden", help="a captured real-server monitor stream to check")
    parser.add_argument("--real-server", nargs="?", const="", default=None,
                        help="check the real rcssserver3d (path, else $LIBERO_RCSSSERVER3D or "
                             "~/.cache/libero-realserver/install/bin/rcssserver3d)")
    parser.add_argument("--capture", help="with --real-server: write the monitor stream here")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=3200)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()

    if args.real_server is not None:
        binary = find_real_server(args.real_server)
        if binary is None:
            print("skipped: real server not found (set LIBERO_RCSSSERVER3D or build it with "
                  "shared/realserver/build.sh)")
            return SKIP_CODE
        run_against_real_server(binary, args.capture)
    elif args.libero:
        run_against_libero(args.libero, args.golden)
    elif args.golden:
        check_golden(args.golden)
    else:
        watch(args.host, args.port, args.seconds)
        return 0
    if FAILURES:
        print("%d check(s) failed" % len(FAILURES))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
