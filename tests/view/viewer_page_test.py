#!/usr/bin/env python3
"""The viewer's page in headless Chromium (DevTools protocol, cdp.py) on a
real game (`libero serve`, four agents, `libero view`): the field and the
robots render, the robots move as the game runs, dragging the ball moves it
in the simulator, the 3D view draws, and a browser that vanishes is
forgotten by the viewer. Prints the page-side latency (viewer receipt to
drawn). Exits 77 (skipped) without Chromium.
Usage: viewer_page_test.py LIBERO_BINARY [--screenshots DIR]"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium, find_chromium  # noqa: E402
from viewer_game import Game  # noqa: E402


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


# Share of the canvas in the field's green, the lines' white and each
# team's colour (field.js).
PIXELS_JS = """(() => {
  const c = document.getElementById('field'), g = c.getContext('2d');
  const d = g.getImageData(0, 0, c.width, c.height).data;
  const count = {green: 0, white: 0, blue: 0, red: 0};
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i], gr = d[i + 1], b = d[i + 2];
    if (r === 0x2e && gr === 0x7d && b === 0x32) count.green++;
    else if (r === 255 && gr === 255 && b === 255) count.white++;
    else if (r === 0x15 && gr === 0x65 && b === 0xc0) count.blue++;
    else if (r === 0xc6 && gr === 0x28 && b === 0x28) count.red++;
  }
  const n = d.length / 4;
  return {green: count.green / n, white: count.white / n, blue: count.blue, red: count.red};
})()"""

# Page coordinates (CSS pixels) of a field point on the 2D canvas.
POINT_JS = """((x, y) => {
  const v = window.liberoView, c = document.getElementById('field'), r = c.getBoundingClientRect();
  const [cx, cy] = v.field.toCanvas(x, y);
  return [r.left + cx * r.width / c.width, r.top + cy * r.height / c.height];
})(%f, %f)"""


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def check_report(libero):
    """The match report's replay draws with the same field.js, offline."""
    out = tempfile.mkdtemp(prefix="libero-view-report-")
    try:
        subprocess.run([libero, "match", "--world", "mock", "--players", "2", "--half-time", "5", "--single-half",
                        "--quiet", "--out", out, "--name", "r"], check=True, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        browser = Chromium("file://" + os.path.join(out, "r.html"))
        try:
            if not browser.wait_for("typeof LiberoField === 'object' && document.getElementById('clock').textContent",
                                    timeout=10):
                fail("the report's replay did not start")
            first = browser.evaluate(PIXELS_JS)
            seek = ("(() => { const s = document.getElementById('seek'); s.value = s.max; s.oninput();"
                    " return document.getElementById('clock').textContent; })()")
            clock = browser.evaluate(seek)
            last = browser.evaluate(PIXELS_JS)
            if first["green"] < 0.5 or first["blue"] < 50 or first["red"] < 50 or "t = 5" not in clock:
                fail("the report's replay does not draw the game: %s, %s, %r" % (first, last, clock))
        finally:
            browser.close()
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print("ok: the match report's replay draws with the viewer's field.js (%d/%d robot pixels, %s)" %
          (first["blue"], first["red"], clock.strip()))


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    libero = args[0]
    shots = args[args.index("--screenshots") + 1] if "--screenshots" in args else None
    if not find_chromium():
        print("SKIP: no chromium on PATH (tools/setup installs it)")
        return 77
    start = time.time()
    with Game(libero, players=2) as game:
        browser = Chromium("http://127.0.0.1:%d/" % game.view_port)
        try:
            # Chromium's start and first page load took over 15 s on two cores
            # shared with parallel builds (load average 22); the game waits meanwhile.
            if not browser.wait_for("window.liberoView && window.liberoView.drawn > 5", timeout=60):
                fail("the page drew no frames: %s" % browser.evaluate("JSON.stringify(window.liberoView || null)"))
            pixels = browser.evaluate(PIXELS_JS)
            if pixels["green"] < 0.5 or pixels["white"] < 0.005 or pixels["blue"] < 50 or pixels["red"] < 50:
                fail("the field or the robots are not drawn: %s" % pixels)
            print("ok: field drawn (%.0f%% grass, %.1f%% lines), robots of both teams (%d and %d pixels)" %
                  (100 * pixels["green"], 100 * pixels["white"], pixels["blue"], pixels["red"]))

            if not browser.wait_for("document.querySelectorAll('#robots tbody tr').length === 4", timeout=5):
                fail("the robot list does not show the 4 robots")
            if not browser.wait_for("document.getElementById('status').className === 'up'", timeout=5):
                fail("the page does not say it is live")
            positions = "JSON.stringify(window.liberoView.frame.robots.map(r => [r[0], r[1], r[3], r[4]]))"

            before = {(r[0], r[1]): (r[2], r[3]) for r in json.loads(browser.evaluate(positions))}
            t0 = browser.evaluate("window.liberoView.frame.t")
            time.sleep(2.0)
            after = {(r[0], r[1]): (r[2], r[3]) for r in json.loads(browser.evaluate(positions))}
            t1 = browser.evaluate("window.liberoView.frame.t")
            moved = max(((after[k][0] - before[k][0]) ** 2 + (after[k][1] - before[k][1]) ** 2) ** 0.5
                        for k in after if k in before)
            if t1 <= t0 or moved < 0.02:
                fail("robots did not move in the page: clock %.2f -> %.2f, most moved %.3f m" % (t0, t1, moved))
            print("ok: robots move in the page (clock %.2f -> %.2f s, up to %.2f m)" % (t0, t1, moved))

            # Drag the ball with the mouse; the simulator must put it there.
            browser.evaluate("window.liberoTrainer({action: 'play_on'})")
            bx, by = browser.evaluate("window.liberoView.frame.ball.slice(0, 2)")
            x0, y0 = browser.evaluate(POINT_JS % (bx, by))
            x1, y1 = browser.evaluate(POINT_JS % (-5.0, 4.0))
            browser.mouse("mousePressed", x0, y0)
            for i in range(1, 6):
                browser.mouse("mouseMoved", x0 + (x1 - x0) * i / 5, y0 + (y1 - y0) * i / 5)
            browser.mouse("mouseReleased", x1, y1, buttons=0)
            moved_ball = browser.wait_for(
                "(() => { const b = window.liberoView.frame.ball;"
                " return b && Math.abs(b[0] + 5) < 0.3 && Math.abs(b[1] - 4) < 0.3 ? b : null; })()", timeout=3,
                interval=0.02)
            if not moved_ball:
                fail("dragging the ball did not move it: trainer replies %s, ball %s" % (
                    browser.evaluate("JSON.stringify(window.liberoView.trainer)"),
                    browser.evaluate("JSON.stringify(window.liberoView.frame.ball)")))
            print("ok: the dragged ball moved in the simulator to (%.2f, %.2f)" % (moved_ball[0], moved_ball[1]))
            if shots:
                time.sleep(0.5)
                browser.screenshot(os.path.join(shots, "viewer-2d.png"))

            lat = browser.evaluate("window.liberoView.latencies.slice(-500)")
            if lat:
                print("figure: page latency (viewer receipt to drawn) p50 %.0f ms, p99 %.0f ms over %d frames" % (
                    percentile(lat, 50), percentile(lat, 99), len(lat)))

            # The 3D view (three.js from libjs-three).
            if os.path.exists("/usr/share/javascript/three/build/three.min.js"):
                browser.evaluate("document.getElementById('view-toggle').click()")
                if not browser.wait_for("window.LiberoView3D && !document.getElementById('view3d').hidden && "
                                        "document.querySelector('#view3d canvas') !== null", timeout=10):
                    fail("the 3D view did not open: %s" % browser.evaluate(
                        "document.getElementById('trainer-result').textContent"))
                time.sleep(1.0)
                green = browser.evaluate("""(() => {
                  const src = document.querySelector('#view3d canvas');
                  const c = document.createElement('canvas'); c.width = src.width; c.height = src.height;
                  const g = c.getContext('2d'); g.drawImage(src, 0, 0);
                  const d = g.getImageData(0, 0, c.width, c.height).data; let n = 0;
                  for (let i = 0; i < d.length; i += 4) if (d[i + 1] > d[i] + 30 && d[i + 1] > d[i + 2] + 30) n++;
                  return n / (d.length / 4); })()""")
                if green < 0.1:
                    fail("the 3D view shows no field (%.1f%% green)" % (100 * green))
                print("ok: the 3D view draws the field (%.0f%% of it green)" % (100 * green))
                if shots:
                    browser.screenshot(os.path.join(shots, "viewer-3d.png"))
        finally:
            browser.close()
        # The browser is gone: the viewer forgets it.
        deadline = time.time() + 3
        while time.time() < deadline and game.stats()["clients"] != 0:
            time.sleep(0.05)
        if game.stats()["clients"] != 0:
            fail("the viewer still counts the closed browser: %s" % game.stats())
        print("ok: the closed browser's stream is gone")
    check_report(libero)
    print("viewer page test passed in %.1f s" % (time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
