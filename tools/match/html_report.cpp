#include "tools/match/html_report.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "tools/match/replay_log.h"
#include "tools/view/view_assets.h"

namespace libero::match {
namespace {

// Escapes text for HTML element content.
std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// The replay player: tools/view/web/field.js and overlay.js (inlined before
// it: the live viewer's own drawing code, so a replay and a live game look
// the same) draw each frame and what the robots thought then. Frames are
// compact arrays:
// [t, playModeIndex, scoreLeft, scoreRight, ballX, ballY, [[team, unum, x, y, yaw, fallen, type], ...], cycle]
// and become the viewer's frame objects (docs/viewer.md) as they are shown.
// Debug records: debug.agents [[cycle, message], ...] and debug.scripts
// [[cycle, message], ...] in cycle order, messages as the debug channel
// sends them; a robot's latest message at most 2 s old is shown, as live.
const char* kPlayerScript = R"JS(
(function () {
  const data = window.LIBERO_REPLAY;
  const frames = data.frames;
  const field = LiberoField.create(document.getElementById('field'));
  const slider = document.getElementById('seek');
  const playButton = document.getElementById('play');
  const speedSelect = document.getElementById('speed');
  const clock = document.getElementById('clock');
  slider.max = Math.max(0, frames.length - 1);
  let index = 0, playing = false, last = 0, accumulated = 0, selected = null, scriptsShown = -1;
  const STALE_CYCLES = 100;  // 2 s, the live page's AGENT_STALE_MS
  const overlay = LiberoOverlay.create({
    layers: document.getElementById('layers'), minds: document.getElementById('minds'),
    scripts: document.getElementById('script-events'), beliefsAll: document.getElementById('beliefs-all'),
  }, draw);
  // Per robot ("team/unum"): its messages in cycle order.
  const byRobot = new Map();
  for (const [cycle, a] of data.debug.agents) {
    const key = LiberoOverlay.teamOf(a) + '/' + a.unum;
    if (!byRobot.has(key)) byRobot.set(key, []);
    byRobot.get(key).push([cycle, a]);
    overlay.noteLayers(a);
  }
  function agentsAt(cycle) {
    const out = [];
    for (const [key, list] of byRobot) {
      let lo = 0, hi = list.length;  // first message after cycle
      while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid][0] <= cycle) lo = mid + 1; else hi = mid; }
      if (lo > 0 && cycle - list[lo - 1][0] <= STALE_CYCLES) out.push([key, list[lo - 1][1]]);
    }
    return out;
  }
  function showScripts(cycle) {
    let n = 0;
    while (n < data.debug.scripts.length && data.debug.scripts[n][0] <= cycle) n++;
    if (n === scriptsShown) return;
    scriptsShown = n;
    overlay.clearScriptEvents();
    for (let i = Math.max(0, n - 50); i < n; i++) overlay.addScriptEvent(data.debug.scripts[i][1]);
  }
  function frameAt(i) {
    const f = frames[i];
    if (!f) return null;
    return {t: f[0], mode: data.playModes[f[1]], sl: f[2], sr: f[3], tl: data.teamLeft, tr: data.teamRight,
            fl: 30, fw: 20, ball: [f[4], f[5], 0], cycle: f[7],
            robots: f[6].map(function (r) { return [r[0], r[1], r[6] || 0, r[2], r[3], 0, r[4], r[5], 1]; })};
  }
  let current = null;
  function draw() {
    const f = current = frameAt(index);
    const agents = f ? agentsAt(f.cycle) : [];
    field.draw(f, function (ctx, api) { overlay.draw(ctx, api, agents, selected); });
    if (!f) return;
    overlay.updateMinds(agents, selected);
    showScripts(f.cycle);
    clock.textContent = 't = ' + f.t.toFixed(1) + ' s   ' + f.mode + '   ' +
      data.teamLeft + ' ' + f.sl + ' : ' + f.sr + ' ' + data.teamRight;
    slider.value = index;
  }
  function tick(now) {
    if (!playing) return;
    const dt = last ? (now - last) / 1000 : 0; last = now;
    accumulated += dt * Number(speedSelect.value);
    const step = data.frameSeconds;
    while (accumulated >= step && index < frames.length - 1) { accumulated -= step; index++; }
    if (index >= frames.length - 1) { playing = false; playButton.textContent = 'Play'; }
    draw();
    if (playing) requestAnimationFrame(tick);
  }
  playButton.onclick = function () {
    playing = !playing; playButton.textContent = playing ? 'Pause' : 'Play';
    if (playing) { if (index >= frames.length - 1) index = 0; last = 0; accumulated = 0; requestAnimationFrame(tick); }
  };
  slider.oninput = function () { index = Number(slider.value); draw(); };
  document.getElementById('beliefs-all').addEventListener('change', draw);
  // A click on a robot shows its beliefs (again: hides them), as live.
  document.getElementById('field').addEventListener('click', function (e) {
    const [x, y] = field.toField(e.clientX, e.clientY);
    const h = field.hit(current, x, y);
    if (!h || h.kind !== 'robot') return;
    const key = h.team + '/' + h.unum;
    selected = selected === key ? null : key;
    document.getElementById('selected').textContent = selected ? 'showing ' + LiberoOverlay.robotName(h.team, h.unum) : '';
    draw();
  });
  document.addEventListener('keydown', function (e) { if (e.key === ' ') { e.preventDefault(); playButton.onclick(); } });
  // Read by tests (tests/view/viewer_replay_test.py), as window.liberoView live.
  window.liberoReplay = { seek: function (i) { index = Math.max(0, Math.min(frames.length - 1, i)); draw(); },
                          frames: frames, layers: overlay.layers, agentsAt: agentsAt };
  draw();
})();
)JS";

}  // namespace

std::string render_html_report(const MatchSummary& s, const std::vector<MatchFrame>& frames,
                               const std::vector<DebugRecord>& debug, const std::string& note) {
  std::string html;
  size_t debug_bytes = 0;
  for (const DebugRecord& r : debug) debug_bytes += r.json.size() + 16;
  html.reserve(frames.size() * 200 + debug_bytes + 16384);
  std::string title = html_escape(s.team_left) + " " + std::to_string(s.score_left) + " : " +
                      std::to_string(s.score_right) + " " + html_escape(s.team_right);
  html += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Libero match: " + title +
          "</title>\n<style>body{font-family:sans-serif;margin:16px;background:#fafafa;color:#222}"
          "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #bbb;padding:3px 8px;text-align:left}"
          "#controls{margin:8px 0}#seek{width:600px}canvas{border:1px solid #444}"
          "#replay{display:flex;gap:16px;align-items:flex-start}#replay aside{font-size:13px;min-width:300px}"
          "#layers label{margin-right:10px;white-space:nowrap}#script-events{list-style:none;padding:0;margin:0;"
          "max-height:140px;overflow-y:auto;font-family:monospace}#script-events li.error{color:#b71c1c}"
          "#script-events li.reload{color:#1b5e20}#minds{font-family:monospace;font-size:12px;max-height:420px;"
          "overflow-y:auto}#minds .mind.selected{background:#e3f2fd}#minds .head{font-weight:bold}"
          "</style></head><body>\n";
  html += "<h1>" + title + "</h1>\n";
  if (!note.empty()) html += "<p><i>" + html_escape(note) + "</i></p>\n";
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "<p>Game time %.1f s, %ld cycles, %.1f s wall, seed %u%s.</p>\n"
                "<table><tr><th></th><th>%s</th><th>%s</th></tr>"
                "<tr><td>goals</td><td>%d</td><td>%d</td></tr>"
                "<tr><td>possession</td><td>%.0f%%</td><td>%.0f%%</td></tr>"
                "<tr><td>shots</td><td>%d</td><td>%d</td></tr></table>\n",
                s.game_time, s.cycles, s.wall_seconds, s.seed,
                s.interrupted ? " (interrupted: partial summary)" : s.finished ? "" : " (not finished)",
                html_escape(s.team_left).c_str(), html_escape(s.team_right).c_str(), s.score_left, s.score_right,
                100 * s.possession_left, 100 * s.possession_right, s.shots_left, s.shots_right);
  html += buf;
  html += "<h2>Goals</h2>";
  if (s.goals.empty()) html += "<p>No goals.</p>";
  else html += "<table><tr><th>time</th><th>team</th><th>scorer</th></tr>";
  for (const auto& g : s.goals) {
    std::snprintf(buf, sizeof buf, "<tr><td>%.1f s</td><td>%s</td><td>#%d</td></tr>", g.time,
                  html_escape(g.team == 0 ? s.team_left : s.team_right).c_str(), g.scorer);
    html += buf;
  }
  if (!s.goals.empty()) html += "</table>";
  html += "\n<h2>Replay</h2><div id=\"controls\"><button id=\"play\">Play</button> "
          "<input type=\"range\" id=\"seek\" min=\"0\" max=\"0\" value=\"0\"> "
          "<select id=\"speed\"><option value=\"1\">1x</option><option value=\"4\" selected>4x</option>"
          "<option value=\"16\">16x</option></select> <span id=\"clock\"></span></div>\n"
          "<div id=\"replay\"><canvas id=\"field\" width=\"990\" height=\"690\"></canvas>\n<aside>"
          "<h3>What they thought</h3><div id=\"belief-controls\"><label><input type=\"checkbox\" id=\"beliefs-all\">"
          " beliefs of every robot</label> (or click a robot) <span id=\"selected\"></span></div>"
          "<h3>Drawing layers</h3><div id=\"layers\">";
  html += debug.empty() ? "<i>not recorded: <code>libero match --record-debug</code> keeps the agents' beliefs, "
                          "activation graphs, drawings and script events</i>"
                        : "<i>none drawn</i>";
  html += "</div><h3>Scripts</h3><ul id=\"script-events\"></ul><h3>Activation graphs</h3><div id=\"minds\"></div>"
          "</aside></div>\n";
  html += "<h2>Robots</h2><table><tr><th>team</th><th>#</th><th>type</th><th>falls</th><th>after touching a robot</th><th>after touching the ball</th><th>status</th></tr>";
  for (const auto& a : s.agents) {
    std::string status = a.crashed ? "crashed" : "ok";
    if (!a.problem.empty()) status += ": " + a.problem;
    if (a.missed_cycles > 0) status += ", missed " + std::to_string(a.missed_cycles) + " cycles";
    std::snprintf(buf, sizeof buf, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>",
                  a.team == 0 ? "left" : "right", a.unum, a.type, a.falls, a.falls_after_robot_contact,
                  a.falls_after_ball_contact);
    html += buf;
    html += html_escape(status) + "</td></tr>";
  }
  html += "</table>\n<script>\nwindow.LIBERO_REPLAY = {teamLeft:";
  std::string js;
  append_json_string(&js, s.team_left.c_str());
  js += ",teamRight:";
  append_json_string(&js, s.team_right.c_str());
  html += js;
  double frame_seconds = frames.size() > 1 ? std::max(0.02, frames[1].time - frames[0].time) : 0.1;
  if (frames.size() > 1) {
    double span = frames.back().time - frames.front().time;
    if (span > 0) frame_seconds = span / static_cast<double>(frames.size() - 1);
  }
  std::snprintf(buf, sizeof buf, ",frameSeconds:%.4f,playModes:[", frame_seconds > 0 ? frame_seconds : 0.1);
  html += buf;
  for (int i = 0; i < protocol::kPlayModeCount; ++i) {
    html += i ? ",\"" : "\"";
    html += std::string(protocol::kPlayModeNames[i]);
    html += "\"";
  }
  html += ",\"Unknown\"],frames:[\n";
  for (size_t i = 0; i < frames.size(); ++i) {
    const MatchFrame& f = frames[i];
    std::snprintf(buf, sizeof buf, "%s[%.2f,%d,%d,%d,%.2f,%.2f,[", i ? ",\n" : "", f.time, static_cast<int>(f.play_mode),
                  f.score_left, f.score_right, f.ball_x, f.ball_y);
    html += buf;
    for (int r = 0; r < f.robot_count; ++r) {
      const FrameRobot& rb = f.robots[r];
      std::snprintf(buf, sizeof buf, "%s[%d,%d,%.2f,%.2f,%.2f,%d,%d]", r ? "," : "", rb.team, rb.unum, rb.x, rb.y, rb.yaw,
                    rb.fallen ? 1 : 0, rb.type);
      html += buf;
    }
    std::snprintf(buf, sizeof buf, "],%u]", f.cycle);
    html += buf;
  }
  // The messages are compact JSON with < > & escaped (debug_record.h), so
  // no text in them can end the <script>.
  html += "],\ndebug:{agents:[";
  for (const char* kind : {"agent", "script"}) {
    bool first = true;
    for (const DebugRecord& r : debug) {
      if (r.kind != kind) continue;
      html += first ? "\n[" : ",\n[";
      html += std::to_string(r.cycle);
      html += ',';
      html += r.json;
      html += ']';
      first = false;
    }
    html += kind == std::string("agent") ? "],scripts:[" : "]";
  }
  html += "}};\n";
  html += view::kFieldJs;
  html += view::kOverlayJs;
  html += kPlayerScript;
  html += "</script>\n</body></html>\n";
  return html;
}

Status write_html_report(const std::string& path, const MatchSummary& summary, const std::vector<MatchFrame>& frames,
                         const std::vector<DebugRecord>& debug, const std::string& note) {
  std::string html = render_html_report(summary, frames, debug, note);
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return make_error("cannot write HTML report '" + path + "': " + std::strerror(errno));
  size_t written = std::fwrite(html.data(), 1, html.size(), f);
  bool ok = written == html.size() && std::fclose(f) == 0;
  if (!ok) return make_error("short write to HTML report '" + path + "'");
  return {};
}

}  // namespace libero::match
