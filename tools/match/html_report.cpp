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

// The replay player: tools/view/web/field.js (inlined before it, the live
// viewer's own drawing code, so a replay and a live game look the same)
// draws each frame. Frames are compact arrays:
// [t, playModeIndex, scoreLeft, scoreRight, ballX, ballY, [[team, unum, x, y, yaw, fallen, type], ...]]
// and become the viewer's frame objects (docs/viewer.md) as they are shown.
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
  let index = 0, playing = false, last = 0, accumulated = 0;
  function frameAt(i) {
    const f = frames[i];
    if (!f) return null;
    return {t: f[0], mode: data.playModes[f[1]], sl: f[2], sr: f[3], tl: data.teamLeft, tr: data.teamRight,
            fl: 30, fw: 20, ball: [f[4], f[5], 0],
            robots: f[6].map(function (r) { return [r[0], r[1], r[6] || 0, r[2], r[3], 0, r[4], r[5], 1]; })};
  }
  function draw() {
    const f = frameAt(index);
    field.draw(f);
    if (!f) return;
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
  document.addEventListener('keydown', function (e) { if (e.key === ' ') { e.preventDefault(); playButton.onclick(); } });
  draw();
})();
)JS";

}  // namespace

std::string render_html_report(const MatchSummary& s, const std::vector<MatchFrame>& frames) {
  std::string html;
  html.reserve(frames.size() * 200 + 8192);
  std::string title = html_escape(s.team_left) + " " + std::to_string(s.score_left) + " : " +
                      std::to_string(s.score_right) + " " + html_escape(s.team_right);
  html += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Libero match: " + title +
          "</title>\n<style>body{font-family:sans-serif;margin:16px;background:#fafafa;color:#222}"
          "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #bbb;padding:3px 8px;text-align:left}"
          "#controls{margin:8px 0}#seek{width:600px}canvas{border:1px solid #444}</style></head><body>\n";
  html += "<h1>" + title + "</h1>\n";
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
          "<canvas id=\"field\" width=\"990\" height=\"690\"></canvas>\n";
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
    html += "]]";
  }
  html += "]};\n";
  html += view::kFieldJs;
  html += kPlayerScript;
  html += "</script>\n</body></html>\n";
  return html;
}

Status write_html_report(const std::string& path, const MatchSummary& summary, const std::vector<MatchFrame>& frames) {
  std::string html = render_html_report(summary, frames);
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return make_error("cannot write HTML report '" + path + "': " + std::strerror(errno));
  size_t written = std::fwrite(html.data(), 1, html.size(), f);
  bool ok = written == html.size() && std::fclose(f) == 0;
  if (!ok) return make_error("short write to HTML report '" + path + "'");
  return {};
}

}  // namespace libero::match
