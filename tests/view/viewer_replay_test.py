#!/usr/bin/env python3
"""A recorded game shows what the robots thought, in the report's replay
(headless Chromium): `libero match --record-debug` plays a short 1 vs 1 on
the built-in simulator (the one `libero serve` runs) with a left team whose
script draws in a "probe" layer and a right team whose script fails every
tick. The replay log must hold both agents' beliefs, the drawings and the
script errors; the report's replay must draw the drawings and the beliefs,
hide the drawings with their layer and list the activation graphs and the
errors; `libero view LOG` must rebuild the same page from the log, and read
a damaged log (cut line, garbage, a forged record) by skipping and counting
the bad lines, never crashing, and refuse a foreign file or an unwritable
page with a clear error. Exits 77 (skipped) without Chromium.
Usage: viewer_replay_test.py LIBERO_BINARY [--screenshot PNG] (the report's
replay with every robot's beliefs, as in docs/replay.png)"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium, find_chromium  # noqa: E402

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts")
MAGENTA = (255, 0, 255)
ORANGE = (0xff, 0x98, 0x00)

COUNT_JS = """((r0, g0, b0) => {
  const c = document.getElementById('field'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4)
    if (Math.abs(d[i] - r0) < 40 && Math.abs(d[i + 1] - g0) < 40 && Math.abs(d[i + 2] - b0) < 40) n++;
  return n;
})(%d, %d, %d)"""

# Seeks to the first frame at which both robots' messages are shown and the
# left one draws; returns that frame's index, or -1.
SEEK_JS = """(() => {
  const r = window.liberoReplay;
  for (let i = 0; i < r.frames.length; i++) {
    const agents = r.agentsAt(r.frames[i][7]);
    if (agents.length === 2 && agents.some(([k, a]) => (a.draw || []).length > 0)) { r.seek(i); return i; }
  }
  return -1;
})()"""


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def team_scripts(root, name, main):
    folder = os.path.join(root, name)
    shutil.copytree(SCRIPTS, folder)
    with open(os.path.join(folder, "main.lua"), "w") as f:
        f.write(main)
    return folder


def check_log(path):
    counts = {"agent": 0, "script": 0}
    teams, probe, beliefs = set(), False, False
    with open(path) as f:
        lines = f.read().splitlines()
    header = json.loads(lines[0])
    if header.get("version") != 2:
        fail("the replay log's header is not version 2: %s" % lines[0][:200])
    for line in lines[1:]:
        item = json.loads(line)
        if item["type"] != "debug":
            continue
        d = item["d"]
        counts[item["kind"]] += 1
        teams.add(item["team"])
        if item["kind"] == "agent":
            probe = probe or any(x[8] == "probe" for x in d.get("draw", []))
            beliefs = beliefs or (len(d["self"]) >= 5 and len(d["ball"]) >= 6)
        elif "probe failure" not in d.get("text", ""):
            fail("a script event without the script's error: %s" % line[:300])
    if counts["agent"] < 4 or teams != {0, 1} or not probe or not beliefs:
        fail("the replay log lacks the agents' messages: %s, teams %s, probe drawing %s, beliefs %s" %
             (counts, teams, probe, beliefs))
    if counts["script"] < 1:
        fail("the replay log has no script error event")
    print("ok: the replay log holds %d belief messages of both teams (with the probe drawing) and %d script "
          "errors" % (counts["agent"], counts["script"]))
    return lines


def check_page(browser, url, what, screenshot=None):
    browser.call("Page.navigate", url=url)
    if not browser.wait_for("window.liberoReplay && document.getElementById('clock').textContent", timeout=15):
        fail("%s: the replay did not start" % what)
    index = browser.evaluate(SEEK_JS)
    if index < 0:
        fail("%s: no frame shows both robots' messages" % what)
    shown = browser.evaluate(COUNT_JS % MAGENTA)
    minds = browser.evaluate("document.querySelectorAll('#minds .mind').length")
    errors = browser.evaluate("[...document.querySelectorAll('#script-events li.error')].map(l => l.textContent).join('|')")
    if shown < 200:
        fail("%s: the probe drawing is not drawn (%d magenta pixels at frame %d)" % (what, shown, index))
    if minds != 2:
        fail("%s: %s activation graphs listed, not 2" % (what, minds))
    # The layer off: gone; on again: back.
    browser.evaluate("document.querySelector('#layers input[data-layer=probe]').click()")
    hidden = browser.evaluate(COUNT_JS % MAGENTA)
    browser.evaluate("document.querySelector('#layers input[data-layer=probe]').click()")
    again = browser.evaluate(COUNT_JS % MAGENTA)
    if hidden > 50 or again < 200:
        fail("%s: the layer toggle does not hide and show the drawing (%d hidden, %d shown)" % (what, hidden, again))
    # Beliefs: off by default, drawn for every robot when asked.
    before = browser.evaluate(COUNT_JS % ORANGE)
    browser.evaluate("document.getElementById('beliefs-all').click()")
    after = browser.evaluate(COUNT_JS % ORANGE)
    if after < before + 20:
        fail("%s: no ball beliefs drawn (%d orange pixels, %d before)" % (what, after, before))
    if screenshot:
        browser.evaluate("document.getElementById('controls').scrollIntoView()")
        browser.screenshot(screenshot)
    # Script errors up to the frame shown: seek to the end, they are listed.
    browser.evaluate("window.liberoReplay.seek(1e9)")
    errors = browser.evaluate("[...document.querySelectorAll('#script-events li.error')].map(l => l.textContent).join('|')")
    if "probe failure" not in errors:
        fail("%s: the right team's script error is not listed: %r" % (what, errors[:300]))
    print("ok: %s: probe drawing %d px, hidden with its layer (%d px) and back (%d px); beliefs %d px; 2 activation "
          "graphs; script errors listed" % (what, shown, hidden, again, after - before))


def run_view(libero, *args):
    return subprocess.run([libero, "view"] + list(args), stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=60)


def check_damaged(libero, out, lines):
    # A cut last line (a killed match), garbage, a record the page could not
    # draw, a forged side: skipped and counted; the page is still written.
    debug = next(line for line in lines if '"type":"debug"' in line)
    forged = debug.replace('"side":1', '"side":7', 1).replace('"side":2', '"side":7', 1)
    damaged = os.path.join(out, "damaged.jsonl")
    with open(damaged, "w") as f:
        f.write("\n".join(lines[:40]) + "\n")
        f.write("\x00\xff garbage\n")
        f.write('{"type":"debug","cycle":10,"t":0.2,"team":0,"unum":1,"kind":"agent","d":{"k":"agent"}}\n')
        f.write(forged + "\n")
        f.write(debug[: len(debug) // 2])
    damaged_run = run_view(libero, damaged)
    if damaged_run.returncode != 0 or "skipped 4 damaged lines" not in damaged_run.stdout:
        fail("a damaged log: exit %d, %r %r" % (damaged_run.returncode, damaged_run.stdout[-400:],
                                                damaged_run.stderr[-300:]))
    if not os.path.exists(os.path.join(out, "damaged.view.html")):
        fail("no page written for the damaged log")
    # Not a replay log at all: a clear error, exit 1.
    foreign = os.path.join(out, "foreign.jsonl")
    with open(foreign, "w") as f:
        f.write("hello\n")
    result = run_view(libero, foreign)
    if result.returncode != 1 or "not a libero replay header" not in result.stderr:
        fail("a foreign file: exit %d, %r" % (result.returncode, result.stderr[-300:]))
    # A page that cannot be written: a clear error, exit 1.
    unwritable = run_view(libero, damaged, "--out", os.path.join(out, "no-such-dir", "x.html"))
    if unwritable.returncode != 1 or "cannot write HTML report" not in unwritable.stderr:
        fail("an unwritable --out: exit %d, %r" % (unwritable.returncode, unwritable.stderr[-300:]))
    print("ok: a damaged log's 4 bad lines are skipped and listed (%s); a foreign file is refused (%s)" %
          (" / ".join(damaged_run.stdout.strip().splitlines()[2:4]), result.stderr.strip()))


def main():
    args = sys.argv[1:]
    if len(args) not in (1, 3) or (len(args) == 3 and args[1] != "--screenshot"):
        print(__doc__)
        return 2
    libero = args[0]
    screenshot = os.path.abspath(args[2]) if len(args) == 3 else None
    if not find_chromium():
        print("SKIP: no chromium on PATH (tools/setup installs it)")
        return 77
    start = time.time()
    out = tempfile.mkdtemp(prefix="libero-view-replay-")
    try:
        left = team_scripts(out, "left", 'local play = require "behaviors.play"\n'
                                         'return function()\n'
                                         '  draw.layer("probe")\n'
                                         '  draw.circle(0, 0, 4, "magenta")\n'
                                         '  draw.polygon(-2, -2, 2, -2, 0, 2, "magenta")\n'
                                         '  draw.layer("default")\n'
                                         '  play()\n'
                                         'end\n')
        right = team_scripts(out, "right", 'return function()\n  error("probe failure")\nend\n')
        match = subprocess.run([libero, "match", "--players", "1", "--half-time", "10", "--single-half", "--quiet",
                                "--record-debug", "--left", left, "--right", right, "--out", out, "--name", "r"],
                               stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
        if match.returncode != 0:
            fail("libero match --record-debug failed: %s" % (match.stderr[-600:] + match.stdout[-300:]))
        log = os.path.join(out, "r.jsonl")
        lines = check_log(log)
        rebuilt = run_view(libero, log, "--out", os.path.join(out, "rebuilt.html"))
        if rebuilt.returncode != 0 or "debug messages" not in rebuilt.stdout or "skipped" in rebuilt.stdout:
            fail("libero view on the log: exit %d, %r %r" % (rebuilt.returncode, rebuilt.stdout, rebuilt.stderr))
        browser = Chromium("about:blank")
        try:
            check_page(browser, "file://" + os.path.join(out, "r.html"), "the match report", screenshot)
            check_page(browser, "file://" + os.path.join(out, "rebuilt.html"), "the page rebuilt by libero view")
        finally:
            browser.close()
        check_damaged(libero, out, lines)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print("viewer replay test passed in %.1f s" % (time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
