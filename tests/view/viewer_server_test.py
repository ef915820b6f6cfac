#!/usr/bin/env python3
"""`libero view` against a real game on `libero serve` (loopback, free ports):
the page and three.js are served, the event stream carries the game as it
runs, a trainer request moves the ball in the simulator, bad requests get
their HTTP errors, slow and vanished browsers are dropped, and they do not
slow the game (game seconds per wall second in sync mode, measured with and
without them). Usage: viewer_server_test.py LIBERO_BINARY"""

import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewer_game import EventStream, Game  # noqa: E402

THREE = "/usr/share/javascript/three/build/three.min.js"


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def raw(port, data, wait=3.0):
    """Sends raw bytes, returns the status line and body of the answer."""
    s = socket.create_connection(("127.0.0.1", port), timeout=wait)
    s.sendall(data)
    reply = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
    except socket.timeout:
        pass
    s.close()
    line = reply.split(b"\r\n", 1)[0].decode(errors="replace")
    return line, reply.split(b"\r\n\r\n", 1)[-1].decode(errors="replace")


def expect_status(port, data, status, why):
    line, body = raw(port, data)
    if (" %d " % status) not in line:
        fail("%s: expected %d, got %r (%s)" % (why, status, line, body.strip()[:120]))


def check_page(game):
    status, headers, body = game.request("GET", "/")
    if status != 200 or b'id="field"' not in body or b"/web/live.js" not in body:
        fail("GET / did not give the page (%d)" % status)
    for path in ("/web/live.js", "/web/field.js", "/web/view3d.js", "/web/style.css"):
        status, headers, body = game.request("GET", path)
        if status != 200 or not body:
            fail("GET %s: %d" % (path, status))
    if os.path.exists(THREE):
        status, headers, body = game.request("GET", "/three/build/three.min.js")
        if status != 200 or len(body) != os.path.getsize(THREE):
            fail("three.js not served whole (%d, %d bytes)" % (status, len(body)))
    status, headers, body = game.request("HEAD", "/")
    if status != 200 or body or int(headers.get("Content-Length", "0")) == 0:
        fail("HEAD / should give the headers only")
    print("ok: the page, its scripts and three.js are served")


def check_live(game):
    stream = EventStream(game.view_port)
    # All four agents in (they join one by one; slower on a loaded machine).
    deadline, joined = time.time() + 20, False
    while time.time() < deadline and not joined:
        for event, data in stream.events(0.5):
            if event == "frame" and len(json.loads(data)["robots"]) == 4:
                joined = True
                break
    if not joined:
        fail("the four robots did not all appear within 20 s")
    frames = stream.frames(2.0)
    stream.close()
    if "text/event-stream" not in (stream.head or ""):
        fail("no event stream: %r" % stream.head)
    if len(frames) < 20:
        fail("only %d frames in 2 s" % len(frames))
    robots = {(r[0], r[1]) for r in frames[-1]["robots"]}
    if robots != {(0, 1), (0, 2), (1, 1), (1, 2)}:
        fail("robots in the last frame: %s" % sorted(robots))
    first = {(r[0], r[1]): (r[3], r[4]) for r in frames[0]["robots"]}
    moved = max(((r[3] - first[(r[0], r[1])][0]) ** 2 + (r[4] - first[(r[0], r[1])][1]) ** 2) ** 0.5
                for r in frames[-1]["robots"] if (r[0], r[1]) in first)
    if frames[-1]["t"] <= frames[0]["t"]:
        fail("the clock did not run: %.2f -> %.2f" % (frames[0]["t"], frames[-1]["t"]))
    if moved < 0.05:
        fail("no robot moved in 2 s (most: %.3f m)" % moved)
    print("ok: %d frames in 2 s, clock %.2f -> %.2f s, a robot moved %.2f m" %
          (len(frames), frames[0]["t"], frames[-1]["t"], moved))


def check_trainer(game):
    status, _, body = game.trainer(action="play_on")
    if status != 200:
        fail("play_on: %d %s" % (status, body))
    status, _, body = game.trainer(action="ball", x="4", y="-3")
    if status != 200 or not body.startswith(b"(ball (pos 4.000 -3.000"):
        fail("ball: %d %s" % (status, body))
    stream = EventStream(game.view_port)
    near = None
    for event, data in stream.events(3.0):  # until the ball is there
        b = json.loads(data)["ball"] if event == "frame" else None
        if b and abs(b[0] - 4) < 0.3 and abs(b[1] + 3) < 0.3:
            near = b
            break
    stream.close()
    if not near:
        fail("the ball did not move to (4, -3) in the simulator")
    print("ok: a trainer request moved the ball to (%.2f, %.2f)" % (near[0], near[1]))


def check_bad_requests(game):
    p = game.view_port
    expect_status(p, b"GARBAGE\r\n\r\n", 400, "garbage")
    expect_status(p, b"GET /nope HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 404, "unknown path")
    expect_status(p, b"DELETE / HTTP/1.1\r\n\r\n", 405, "DELETE")
    expect_status(p, b"BREW / HTTP/1.1\r\n\r\n", 501, "unknown method")
    expect_status(p, b"GET / HTTP/3.0\r\n\r\n", 505, "HTTP/3")
    expect_status(p, b"GET /web/../../../../../etc/passwd HTTP/1.1\r\n\r\n", 404, "path out of the web folder")
    expect_status(p, b"GET /web/%2e%2e/CMakeLists.txt HTTP/1.1\r\n\r\n", 404, "encoded path out of the web folder")
    expect_status(p, b"GET / HTTP/1.1\r\nHost: evil.example:80\r\n\r\n", 403, "foreign Host")
    expect_status(p, b"GET / HTTP/1.1\r\nX: " + b"a" * 9000 + b"\r\n\r\n", 431, "huge header")
    expect_status(p, b"GET /api/trainer HTTP/1.1\r\n\r\n", 405, "GET on the trainer")
    form = b"action=drop_ball"
    head = b"POST /api/trainer HTTP/1.1\r\nContent-Length: %d\r\n" % len(form)
    expect_status(p, head + b"Content-Type: application/x-www-form-urlencoded\r\n\r\n" + form, 403,
                  "trainer without X-Libero-Trainer")
    expect_status(p, head + b"X-Libero-Trainer: 1\r\nContent-Type: text/plain\r\n\r\n" + form, 415,
                  "trainer with the wrong content type")
    bad = b"action=killsim"
    expect_status(p, b"POST /api/trainer HTTP/1.1\r\nContent-Length: %d\r\nX-Libero-Trainer: 1\r\n"
                  b"Content-Type: application/x-www-form-urlencoded\r\n\r\n" % len(bad) + bad, 400, "killsim")
    # A request never finished is answered once the timeout (1 s here) runs out.
    t0 = time.time()
    expect_status(p, b"GET / HTTP/1.1\r\nHost: 127", 408, "unfinished request")
    if time.time() - t0 > 2.5:
        fail("the unfinished request was held %.1f s" % (time.time() - t0))
    if game.stats()["bad_requests"] < 13:
        fail("bad requests not counted: %s" % game.stats())
    print("ok: bad requests answered 400/403/404/405/408/415/431/501/505")


def check_slow_and_vanished(game):
    before = game.stats()
    slow = [EventStream(game.view_port, rcvbuf=4096) for _ in range(5)]  # connect, never read
    good = EventStream(game.view_port)
    frames = good.frames(2.0)
    if len(frames) < 20:
        fail("a reading browser got only %d frames in 2 s beside 5 stalled ones" % len(frames))
    # Their socket buffers fill, then their queues drop frames, and after
    # --stall-close 1.5 s without progress they are closed.
    deadline = time.time() + 6
    while time.time() < deadline and game.stats()["clients_closed_slow"] < before["clients_closed_slow"] + 5:
        list(good.frames(0.5))
    after = game.stats()
    if after["frames_dropped"] <= before["frames_dropped"]:
        fail("stalled browsers had no frames dropped: %s" % after)
    if after["clients_closed_slow"] < before["clients_closed_slow"] + 5:
        fail("stalled browsers not dropped: %s" % after)
    for s in slow:
        s.close()
    # A browser that vanishes (connection reset) is forgotten at once.
    gone = EventStream(game.view_port)
    list(gone.frames(0.3))
    gone.close(abort=True)
    good.close()
    deadline = time.time() + 2
    while time.time() < deadline and game.stats()["clients"] != 0:
        time.sleep(0.05)
    if game.stats()["clients"] != 0:
        fail("closed streams still counted: %s" % game.stats())
    print("ok: a reading browser got %d frames in 2 s beside 5 stalled ones; %d frames dropped for them; "
          "all 5 closed after the stall limit; a reset stream is forgotten" %
          (len(frames), after["frames_dropped"] - before["frames_dropped"]))


def game_speed(stream, seconds):
    """Game seconds per wall second over `seconds`, from the frames' clock."""
    frames = stream.frames(seconds)
    if len(frames) < 2:
        fail("no frames to time the game by")
    return (frames[-1]["t"] - frames[0]["t"]) / (frames[-1]["recv"] - frames[0]["recv"]) * 1000


def check_speed(libero):
    # Sync mode runs as fast as the agents and the server allow, so anything
    # the viewer held up would show as a slower game clock.
    with Game(libero, players=1, sync=True, view_args=["--stall-close", "60"]) as game:
        watch = EventStream(game.view_port)
        list(watch.frames(1.5))  # agents joined, kicked off
        alone, slowed = [], []
        slow = []
        for _ in range(3):
            alone.append(game_speed(watch, 1.0))
            slow += [EventStream(game.view_port, rcvbuf=4096) for _ in range(4)]
            slowed.append(game_speed(watch, 1.0))
        dropped = game.stats()["frames_dropped"]
        for s in slow:
            s.close()
        watch.close()
    a, b = statistics.median(alone), statistics.median(slowed)
    print("figure: sync-mode game speed %.2f game s per wall s without stalled browsers, %.2f with 4-12 "
          "(ratio %.2f; %d frames dropped for them)" % (a, b, b / a, dropped))
    # A server that waited on a stalled browser would stop the clock (ratio
    # near 0). Two shared cores under a full `ctest -j2` measured 0.66 once
    # (the Slurm tournament test starting beside it), 0.9-1.0 when idle: the
    # bound leaves that noise and still catches a blocking write.
    if b < 0.5 * a:
        fail("stalled browsers slowed the game: %.2f -> %.2f game s per s" % (a, b))


def check_cli(libero):
    def run(args, timeout=20):
        p = subprocess.run([libero] + args, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr

    for args, code, text in (
            (["view", "--port", "70000"], 2, "--port"),
            (["view", "--monitor-port", "0"], 2, "--monitor-port"),
            (["view", "stray"], 2, "no replay log 'stray'"),
            (["view", "a.jsonl", "b.jsonl"], 2, "unexpected argument"),
            (["serve", "--view", "99999"], 2, "--view"),
            (["serve", "--view=x"], 2, "--view"),
            (["serve", "--view", "0", "--monitor-port", "off", "--agent-port", "0"], 1, "monitor port"),
            (["match", "--view", "0", "--world", "mock"], 2, "--world sim")):
        rc, out = run(args)
        if rc != code or text not in out:
            fail("libero %s: exit %d (wanted %d), output %r" % (" ".join(args), rc, code, out[-300:]))
    rc, out = run(["serve", "--help"])
    if rc != 0 or "--view [PORT]" not in out:
        fail("libero serve --help does not describe --view")
    # A viewer with no game yet: it says so, and trainer requests are refused.
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    idle = Game(libero)
    idle.monitor_port = closed.getsockname()[1]  # bound, never listening: nothing there
    try:
        idle.start_view([])
        status, _, body = idle.trainer(action="drop_ball")
        if status != 503:
            fail("a trainer request without a game: %d %s" % (status, body))
        if idle.request("GET", "/api/state")[0] != 503:
            fail("/api/state without a game should be 503")
        if idle.stats()["monitor_connected"]:
            fail("the viewer says it is connected to nothing")
    finally:
        idle.stop()
        closed.close()
    # `libero serve --view 0`: the viewer in the simulator's process, on its monitor port.
    serve = subprocess.Popen([libero, "serve", "--view", "0", "--agent-port", "0", "--monitor-port", "0",
                              "--log-level", "warn"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
    try:
        m = Game._read_line(serve, r"viewer http://127\.0\.0\.1:(\d+)/", 20)
        viewer = Game(libero)
        viewer.view_port = int(m.group(1))
        deadline = time.time() + 5
        while time.time() < deadline and not viewer.stats()["monitor_connected"]:
            time.sleep(0.05)
        if not viewer.stats()["monitor_connected"]:
            fail("libero serve --view: the viewer is not on the monitor port")
        status, _, body = viewer.trainer(action="kick_off", team="left")
        if status != 200:
            fail("libero serve --view: trainer kick-off %d %s" % (status, body))
    finally:
        serve.send_signal(signal.SIGTERM)
        try:
            serve.wait(10)
        except subprocess.TimeoutExpired:
            serve.kill()
            serve.wait()
        serve.stdout.close()
    # `libero match --view 0`: the viewer runs beside the match.
    out_dir = tempfile.mkdtemp(prefix="libero-view-match-")
    try:
        proc = subprocess.Popen([libero, "match", "--view", "0", "--players", "1", "--half-time", "3", "--single-half",
                                 "--realtime", "--quiet", "--out", out_dir], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            m = Game._read_line(proc, r"viewer http://127\.0\.0\.1:(\d+)/", 20)
            game = Game(libero)
            game.view_port = int(m.group(1))
            deadline, state = time.time() + 10, None
            while time.time() < deadline:
                status, _, body = game.request("GET", "/api/state")
                if status == 200 and len(json.loads(body)["robots"]) == 2:
                    state = json.loads(body)
                    break
                time.sleep(0.1)
            if not state:
                fail("libero match --view: no game state with both robots")
            proc.stdout.read()
            if proc.wait(30) != 0:
                fail("libero match --view exited %d" % proc.returncode)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stdout.close()
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)
    print("ok: libero view / serve --view / match --view options; no game = 503; serve --view and match --view "
          "serve their game")


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    libero = sys.argv[1]
    start = time.time()
    with Game(libero, players=2, view_args=["--stall-close", "1.5", "--request-timeout", "1"]) as game:
        check_page(game)
        check_live(game)
        check_bad_requests(game)
        check_trainer(game)
        check_slow_and_vanished(game)
    check_speed(libero)
    check_cli(libero)
    print("viewer server test passed in %.1f s" % (time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
