#!/usr/bin/env python3
"""Live latency of `libero view`: from a simulator cycle to the page drawing
it. Plays `libero match --view 0 --realtime` (50 Hz cycles), reads the
server's monitor port directly (the cycle's end, give or take loopback) and
the page in headless Chromium (window.liberoView.drawLog: game time and
wall clock of each frame drawn); a frame's latency is the page's draw time
minus the direct reader's arrival time for the same game time. Both clocks
are this machine's wall clock. Also reports the viewer's own share
(monitor message in the viewer -> drawn).
Usage: bench_latency.py LIBERO [--players 11] [--seconds 20] [--screenshot PNG]"""

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "view"))
from cdp import Chromium, find_chromium  # noqa: E402
from viewer_game import EventStream, Game  # noqa: E402


def monitor_reader(port, arrivals, stop):
    """Arrival wall times (ms) of the monitor messages, by game time (the
    clock stands in BeforeKickOff: such times repeat and are not matched)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.settimeout(0.5)
    buffer = b""
    while not stop.is_set():
        try:
            chunk = s.recv(1 << 20)
        except socket.timeout:
            continue
        if not chunk:
            break
        now = time.time() * 1000
        buffer += chunk
        while len(buffer) >= 4:
            n = struct.unpack(">I", buffer[:4])[0]
            if len(buffer) < 4 + n:
                break
            message, buffer = buffer[4:4 + n], buffer[4 + n:]
            m = re.search(rb"\(time ([0-9.eE+-]+)\)", message[:2000])
            if m:
                arrivals.setdefault(round(float(m.group(1)), 2), []).append(now)
    s.close()


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("libero")
    ap.add_argument("--players", type=int, default=11)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--screenshot")
    a = ap.parse_args()
    if not find_chromium():
        print("no chromium")
        return 77
    out = tempfile.mkdtemp(prefix="libero-view-bench-")
    proc = subprocess.Popen([a.libero, "match", "--view", "0", "--players", str(a.players), "--realtime",
                             "--half-time", str(int(a.seconds + 60)), "--single-half", "--quiet", "--out", out],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    stop = threading.Event()
    browser = None
    try:
        m = Game._read_line(proc, r"viewer http://127\.0\.0\.1:(\d+)/", 60)
        view_port = int(m.group(1))
        status = None
        stream = EventStream(view_port)
        for event, data in stream.events(10):
            if event == "status" and json.loads(data)["monitor"]:
                status = json.loads(data)
                break
        stream.close()
        monitor_port = int(status["host"].rsplit(":", 1)[1])
        arrivals = {}
        reader = threading.Thread(target=monitor_reader, args=(monitor_port, arrivals, stop))
        reader.start()
        browser = Chromium("http://127.0.0.1:%d/" % view_port, width=1600, height=1000)
        # Wait for every robot, then measure in play.
        want = 2 * a.players
        deadline = time.time() + 120
        while time.time() < deadline:
            if browser.evaluate("window.liberoView && window.liberoView.frame ? "
                                "window.liberoView.frame.robots.length : 0") == want:
                break
            time.sleep(0.5)
        browser.evaluate("window.liberoView.drawLog = []; window.liberoView.latencies = []; 0")
        t_start = time.time()
        time.sleep(a.seconds)
        wall = time.time() - t_start
        log = browser.evaluate("window.liberoView.drawLog")
        own = browser.evaluate("window.liberoView.latencies")
        frame = browser.evaluate("window.liberoView.frame")
        if a.screenshot:
            # Show one robot's beliefs too (its row in the table selects it).
            browser.evaluate("(() => { const r = document.querySelector('#robots tbody tr[data-team=\"0\"]"
                             "[data-unum=\"%d\"]'); if (r) r.cells[0].click(); return 0; })()" % min(10, a.players))
            time.sleep(0.5)
            browser.screenshot(a.screenshot)
        stop.set()
        reader.join()
        lat = [drawn - arrivals[round(t, 2)][0] for t, drawn in log if len(arrivals.get(round(t, 2), ())) == 1]
        game_span = log[-1][0] - log[0][0] if len(log) > 1 else 0
        print("%d vs %d, real time: %.1f game s in %.1f wall s (%.2fx), %d robots, play mode %s" % (
            a.players, a.players, game_span, wall, game_span / wall, len(frame["robots"]), frame["mode"]))
        print("frames drawn %d (%.1f per s), matched to the monitor %d; agents publishing to the page: %d" % (
            len(log), len(log) / wall, len(lat), browser.evaluate("window.liberoView.agents.size")))
        if lat:
            print("cycle -> page: median %.0f ms, p95 %.0f ms, p99 %.0f ms, max %.0f ms" % (
                statistics.median(lat), percentile(lat, 95), percentile(lat, 99), max(lat)))
        if own:
            print("viewer receipt -> page: median %.0f ms, p99 %.0f ms" % (statistics.median(own), percentile(own, 99)))
    finally:
        stop.set()
        if browser:
            browser.close()
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        proc.stdout.close()
        shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
