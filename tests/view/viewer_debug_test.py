#!/usr/bin/env python3
"""What the robots think, in the page (headless Chromium): two agents on
`libero serve` publish to `libero view` over their debug channels; the page
lists their roles and activation graphs and draws their beliefs; a drawing
saved into their scripts appears (timed from the save), disappears when its
layer is switched off and comes back with it; a script error shows with its
file and line, and the good save after it as a reload. Exits 77 (skipped)
without Chromium. Usage: viewer_debug_test.py LIBERO_BINARY"""

import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium, find_chromium  # noqa: E402
from viewer_game import Game  # noqa: E402

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts")


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


# Pixels of a colour (within 40 per channel) on the 2D canvas.
COUNT_JS = """((r0, g0, b0) => {
  const c = document.getElementById('field'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4)
    if (Math.abs(d[i] - r0) < 40 && Math.abs(d[i + 1] - g0) < 40 && Math.abs(d[i + 2] - b0) < 40) n++;
  return n;
})(%d, %d, %d)"""

# The same count on the 3D view's WebGL canvas (drawn with
# preserveDrawingBuffer, so it can be read back).
COUNT3D_JS = """((r0, g0, b0) => {
  const src = document.querySelector('#view3d canvas');
  const c = document.createElement('canvas'); c.width = src.width; c.height = src.height;
  const g = c.getContext('2d'); g.drawImage(src, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4)
    if (Math.abs(d[i] - r0) < 40 && Math.abs(d[i + 1] - g0) < 40 && Math.abs(d[i + 2] - b0) < 40) n++;
  return n;
})(%d, %d, %d)"""

# Resolves with the wall clock (ms) of the first animation frame whose
# canvas shows the colour, checked after each draw.
WATCH_JS = """new Promise(resolve => {
  const deadline = Date.now() + 5000;
  function look() {
    const n = %s;
    if (n > 200) return resolve(Date.now());
    if (Date.now() > deadline) return resolve(0);
    requestAnimationFrame(look);
  }
  requestAnimationFrame(look);
})"""


def probe_main(colour):
    # A probe drawing in its own layer, around whatever the team does.
    return ('local play = require "behaviors.play"\n'
            'return function()\n'
            '  draw.layer("probe")\n'
            '  draw.circle(0, 0, 4, %s)\n'
            '  draw.polygon(-2, -2, 2, -2, 0, 2, %s)\n'
            '  draw.layer("default")\n'
            '  play()\n'
            'end\n' % (colour, colour))


def save(path, text):
    # Written elsewhere and renamed in, as editors do: the agents see one
    # complete file (a rename-in triggers the reload, docs/scripting.md).
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.rename(tmp, path)
    return time.time() * 1000


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    libero = sys.argv[1]
    if not find_chromium():
        print("SKIP: no chromium on PATH (tools/setup installs it)")
        return 77
    start = time.time()
    scripts = tempfile.mkdtemp(prefix="libero-view-scripts-")
    shutil.rmtree(scripts)
    shutil.copytree(SCRIPTS, scripts)
    main_lua = os.path.join(scripts, "main.lua")
    try:
        with Game(libero, players=1, agent_args=["--scripts", scripts]) as game:
            browser = Chromium("http://127.0.0.1:%d/" % game.view_port)
            try:
                if not browser.wait_for("window.liberoView && window.liberoView.agents.size === 2 && "
                                        "document.querySelectorAll('#minds .mind').length === 2", timeout=15):
                    fail("the page does not list both agents' minds: %s" % browser.evaluate(
                        "document.getElementById('minds').textContent"))
                minds = browser.evaluate("document.getElementById('minds').textContent")
                roles = browser.evaluate("[...window.liberoView.agents.values()].map(a => a.d.role).join(',')")
                if "play [" not in minds or not roles.replace(",", ""):
                    fail("activation graphs or roles missing: %r / %r" % (minds[:300], roles))
                print("ok: both agents' roles (%s) and activation graphs listed" % roles)

                # Beliefs: own pose rings and the ball as believed (orange).
                browser.evaluate("document.getElementById('beliefs-all').click()")
                time.sleep(0.5)
                orange = browser.evaluate(COUNT_JS % (0xff, 0x98, 0x00))
                if orange < 20:
                    fail("no ball beliefs drawn (%d orange pixels)" % orange)
                browser.evaluate("document.getElementById('beliefs-all').click()")
                print("ok: beliefs drawn over the truth (%d pixels of believed ball)" % orange)

                # A drawing saved into the scripts shows up; time it from the save.
                delays = []
                for colour, rgb in (("'magenta'", (255, 0, 255)), ("'cyan'", (0, 255, 255)),
                                    ("'magenta'", (255, 0, 255)), ("'cyan'", (0, 255, 255))):
                    watch = WATCH_JS % (COUNT_JS % rgb)
                    browser.call("Runtime.evaluate", expression="window.__probe = " + watch, awaitPromise=False)
                    saved = save(main_lua, probe_main(colour))
                    seen = browser.evaluate("window.__probe", timeout=10)
                    if not seen:
                        fail("the saved drawing (%s) never appeared" % colour)
                    delays.append(seen - saved)
                    time.sleep(0.3)
                print("figure: save -> drawing in the page: median %.0f ms, max %.0f ms (%s)" % (
                    statistics.median(delays), max(delays), ", ".join("%.0f" % d for d in delays)))
                if not browser.wait_for("document.querySelector('#layers input[data-layer=probe]') !== null", 3):
                    fail("no 'probe' layer in the page")
                # The layer off: gone; on again: back.
                browser.evaluate("document.querySelector('#layers input[data-layer=probe]').click()")
                time.sleep(0.4)
                hidden = browser.evaluate(COUNT_JS % (0, 255, 255))
                browser.evaluate("document.querySelector('#layers input[data-layer=probe]').click()")
                time.sleep(0.4)
                shown = browser.evaluate(COUNT_JS % (0, 255, 255))
                if hidden > 50 or shown < 200:
                    fail("the layer toggle does not hide and show the drawing (%d hidden, %d shown)" % (hidden, shown))
                print("ok: the 'probe' layer hides (%d px) and shows (%d px) the drawing" % (hidden, shown))

                # The 3D view shows the same drawing on the grass, and the same layer hides it.
                browser.evaluate("document.getElementById('view-toggle').click()")
                if not browser.wait_for("window.liberoView.view === '3d'", timeout=15):
                    fail("the 3D view did not open: %s" % browser.evaluate(
                        "document.getElementById('trainer-result').textContent"))
                time.sleep(0.6)
                shown3d = browser.evaluate(COUNT3D_JS % (0, 255, 255))
                browser.evaluate("document.querySelector('#layers input[data-layer=probe]').click()")
                time.sleep(0.6)
                hidden3d = browser.evaluate(COUNT3D_JS % (0, 255, 255))
                browser.evaluate("document.querySelector('#layers input[data-layer=probe]').click()")
                browser.evaluate("document.getElementById('beliefs-all').click()")
                time.sleep(0.6)
                beliefs3d = browser.evaluate(COUNT3D_JS % (0xff, 0x98, 0x00))
                browser.evaluate("document.getElementById('beliefs-all').click()")
                browser.evaluate("document.getElementById('view-toggle').click()")
                if shown3d < 100 or hidden3d > shown3d / 5 or beliefs3d < 10:
                    fail("the 3D view does not show the drawing with its layer and the beliefs "
                         "(%d px shown, %d hidden, %d px of believed ball)" % (shown3d, hidden3d, beliefs3d))
                print("ok: 3D view: the drawing on the grass (%d px), hidden with its layer (%d px); beliefs (%d px)" %
                      (shown3d, hidden3d, beliefs3d))

                # A broken save: the error with file and line; then a good save: a reload.
                save(main_lua, probe_main("'cyan'").replace("play()\n", "play(\nend\n", 1))
                error = browser.wait_for(
                    "[...document.querySelectorAll('#script-events li.error')].map(l => l.textContent)"
                    ".find(t => /main\\.lua:\\d+/.test(t)) || null", timeout=5)
                if not error:
                    fail("no script error with file and line in the page: %s" % browser.evaluate(
                        "document.getElementById('script-events').textContent"))
                save(main_lua, probe_main("'cyan'"))
                if not browser.wait_for("[...document.querySelectorAll('#script-events li.reload')].length > 0", 5):
                    fail("the good save after the error is not shown as a reload")
                print("ok: script error shown (%s); the fix shown as a reload" % error.strip()[:90])
                print("figure: page activation graphs %s" % minds.replace("\n", " | ")[:160])
            finally:
                browser.close()
            stats = game.stats()
            if stats["debug_rejected"]:
                fail("the viewer rejected agents' datagrams: %s" % stats)
    finally:
        shutil.rmtree(scripts, ignore_errors=True)
    print("viewer debug test passed in %.1f s" % (time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
