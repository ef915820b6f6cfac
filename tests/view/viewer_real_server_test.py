#!/usr/bin/env python3
"""The viewer on the real rcssserver3d: `libero match --server rcssserver3d
--view 0 --record-debug` (1 vs 1, real time); the viewer reads the real
server's monitor port, the robots and the clock move in its frames, both
agents' debug channels reach it (passed on by the match's debug recorder),
a trainer request moves the ball in the real simulator, and the replay log
holds both agents' recorded beliefs. Exits 77 (skipped) when rcssserver3d is not installed
($LIBERO_RCSSSERVER3D, PATH or tools/setup-real-server's kit).
Usage: viewer_real_server_test.py LIBERO_BINARY"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewer_game import EventStream, Game  # noqa: E402


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def real_server():
    for candidate in (os.environ.get("LIBERO_RCSSSERVER3D"), shutil.which("rcssserver3d"),
                      os.path.expanduser("~/.cache/libero-realserver/install/bin/rcssserver3d")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    libero = sys.argv[1]
    if not real_server():
        print("SKIP: rcssserver3d not found (tools/setup-real-server builds it)")
        return 77
    start = time.time()
    out = tempfile.mkdtemp(prefix="libero-view-real-")
    proc = subprocess.Popen([libero, "match", "--server", "rcssserver3d", "--view", "0", "--players", "1",
                             "--half-time", "60", "--single-half", "--realtime", "--quiet", "--record-debug",
                             "--out", out, "--name", "real"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        m = Game._read_line(proc, r"viewer http://127\.0\.0\.1:(\d+)/", 60)
        game = Game(libero)
        game.view_port = int(m.group(1))
        stream = EventStream(game.view_port)
        frames, agents = [], set()
        deadline = time.time() + 30
        while time.time() < deadline and (len(agents) < 2 or len(frames) < 50 or
                                          not frames or len(frames[-1]["robots"]) < 2):
            for event, data in stream.events(0.5):
                if event == "frame":
                    frames.append(json.loads(data))
                elif event == "agent":
                    a = json.loads(data)
                    if a["side"]:
                        agents.add((a["side"], a["unum"]))
        if not frames or len(frames[-1]["robots"]) != 2:
            fail("no frames with both robots from the real server")
        if len(agents) < 2:
            fail("debug channels of both agents did not reach the viewer on the real server: %s" % agents)
        first = {(r[0], r[1]): (r[3], r[4]) for r in frames[-1]["robots"]}
        t0 = frames[-1]["t"]
        later = stream.frames(2.0)
        if not later or later[-1]["t"] <= t0:
            fail("the real server's clock did not run in the frames")
        moved = max(((r[3] - first[(r[0], r[1])][0]) ** 2 + (r[4] - first[(r[0], r[1])][1]) ** 2) ** 0.5
                    for r in later[-1]["robots"] if (r[0], r[1]) in first)
        print("ok: real server: %d frames, both robots (one moved %.2f m in 2 s), clock %.2f -> %.2f s, "
              "debug channels of %s" % (len(frames) + len(later), moved, t0, later[-1]["t"], sorted(agents)))
        status, _, body = game.trainer(action="ball", x="-4", y="3")
        if status != 200:
            fail("trainer on the real server: %d %s" % (status, body))
        near = None
        for event, data in stream.events(3.0):  # until the ball is there
            b = json.loads(data)["ball"] if event == "frame" else None
            if b and abs(b[0] + 4) < 0.3 and abs(b[1] - 3) < 0.3:
                near = b
                break
        stream.close()
        if not near:
            fail("the trainer's ball move did not show on the real server")
        print("ok: a trainer request moved the real server's ball to (%.2f, %.2f)" % (near[0], near[1]))
        proc.send_signal(signal.SIGINT)
        if proc.wait(60) != 0:
            fail("libero match exited %d after Ctrl-C" % proc.returncode)
        recorded = {}
        with open(os.path.join(out, "real.jsonl")) as f:
            for line in f:
                item = json.loads(line)
                if item["type"] == "debug" and item["kind"] == "agent":
                    recorded[item["team"]] = recorded.get(item["team"], 0) + 1
        if sorted(recorded) != [0, 1]:
            fail("the replay log does not hold both agents' recorded beliefs: %s" % recorded)
        print("ok: the replay log holds recorded beliefs of both agents on the real server: %s" % recorded)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        shutil.rmtree(out, ignore_errors=True)
    print("viewer real-server test passed in %.1f s" % (time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
