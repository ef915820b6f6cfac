#include "tools/optimize/optimize.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace libero::optimize {
namespace {

std::string num(double v, const char* format = "%.6g") {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string list(const std::vector<double>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + num(v[i]);
  return out + "]";
}

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out.push_back(c);
  }
  return out;
}

double median_of(std::vector<double> v) {
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

}  // namespace

std::string generation_json(const Generation& g) {
  std::string out = "{\"generation\":" + std::to_string(g.index) + ",\"sigma\":" + num(g.sigma) +
                    ",\"fitness\":" + list(g.fitness) + ",\"values\":[";
  for (size_t i = 0; i < g.values.size(); ++i) out += (i ? "," : "") + list(g.values[i]);
  out += "],\"mean\":" + list(g.mean) + ",\"trials\":" + std::to_string(g.trials) +
         ",\"failed_trials\":" + std::to_string(g.failed_trials) + ",\"trial_seconds\":" + num(g.trial_seconds) +
         ",\"batch_seconds\":" + num(g.batch_seconds) + ",\"overhead_seconds\":" + num(g.overhead_seconds) + "}";
  return out;
}

std::string progress_html(const std::string& title, const std::vector<std::string>& names,
                          const std::vector<Generation>& generations, const std::vector<Holdout>& holdout) {
  // The plot's ranges cover every finite fitness and held-out score.
  double lo = INFINITY, hi = -INFINITY;
  for (const Generation& g : generations)
    for (double f : g.fitness)
      if (std::isfinite(f)) lo = std::min(lo, f), hi = std::max(hi, f);
  for (const Holdout& h : holdout)
    if (std::isfinite(h.fitness)) lo = std::min(lo, h.fitness), hi = std::max(hi, h.fitness);
  if (!std::isfinite(lo)) lo = 0, hi = 1;
  if (hi - lo < 1e-9) lo -= 0.5, hi += 0.5;
  const double width = 640, height = 320, left = 60, right = 20, top = 20, bottom = 40;
  const int columns = static_cast<int>(generations.size()) + (holdout.empty() ? 0 : 1);
  auto x_of = [&](double column) {
    return left + (columns <= 1 ? 0.5 : column / (columns - 1)) * (width - left - right);
  };
  auto y_of = [&](double f) { return top + (hi - f) / (hi - lo) * (height - top - bottom); };
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" + num(height) +
                    "\" style=\"border:1px solid #ccc\">\n";
  for (int t = 0; t <= 4; ++t) {
    double f = lo + (hi - lo) * t / 4;
    svg += "<line x1=\"" + num(left) + "\" x2=\"" + num(width - right) + "\" y1=\"" + num(y_of(f)) + "\" y2=\"" +
           num(y_of(f)) + "\" stroke=\"#eee\"/><text x=\"4\" y=\"" + num(y_of(f) + 4) + "\" font-size=\"11\">" +
           num(f, "%.3g") + "</text>\n";
  }
  std::string best_line, median_line;
  for (size_t i = 0; i < generations.size(); ++i) {
    const Generation& g = generations[i];
    double x = x_of(static_cast<double>(i));
    double best = -INFINITY;
    std::vector<double> finite;
    for (double f : g.fitness) {
      if (!std::isfinite(f)) continue;
      finite.push_back(f);
      best = std::max(best, f);
      svg += "<circle cx=\"" + num(x) + "\" cy=\"" + num(y_of(f)) + "\" r=\"2.5\" fill=\"#999\"/>\n";
    }
    if (!finite.empty()) {
      best_line += num(x) + "," + num(y_of(best)) + " ";
      median_line += num(x) + "," + num(y_of(median_of(finite))) + " ";
    }
    svg += "<text x=\"" + num(x - 4) + "\" y=\"" + num(height - 20) + "\" font-size=\"11\">" + std::to_string(g.index) +
           "</text>\n";
  }
  svg += "<polyline fill=\"none\" stroke=\"#c22\" stroke-width=\"2\" points=\"" + best_line + "\"/>\n";
  svg += "<polyline fill=\"none\" stroke=\"#22c\" stroke-width=\"2\" points=\"" + median_line + "\"/>\n";
  if (!holdout.empty()) {
    double x = x_of(columns - 1);
    const char* colours[] = {"#555", "#2a2", "#c22"};
    for (size_t i = 0; i < holdout.size(); ++i)
      if (std::isfinite(holdout[i].fitness))
        svg += "<rect x=\"" + num(x - 5) + "\" y=\"" + num(y_of(holdout[i].fitness) - 5) +
               "\" width=\"10\" height=\"10\" fill=\"" + colours[i % 3] + "\"><title>" + escape(holdout[i].name) +
               "</title></rect>\n";
    svg += "<text x=\"" + num(x - 20) + "\" y=\"" + num(height - 20) + "\" font-size=\"11\">held out</text>\n";
  }
  svg += "<text x=\"" + num(width / 2 - 30) + "\" y=\"" + num(height - 4) + "\" font-size=\"11\">generation</text>\n</svg>\n";

  std::string out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escape(title) +
                    "</title><style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
                    "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}</style></head><body>\n<h1>" +
                    escape(title) + "</h1>\n<p>Grey: each candidate's fitness; red: the generation's best; blue: its "
                    "median; squares: held-out scores (grey start, green final mean, red best candidate).</p>\n" + svg;
  out += "<h2>Generations</h2><table><tr><th>generation</th><th>best</th><th>median</th><th>sigma</th><th>trials</th>"
         "<th>failed</th><th>trial s</th><th>overhead s</th>";
  for (const std::string& n : names) out += "<th>mean " + escape(n) + "</th>";
  out += "</tr>\n";
  for (const Generation& g : generations) {
    double best = -INFINITY;
    for (double f : g.fitness) best = std::max(best, f);
    out += "<tr><td>" + std::to_string(g.index) + "</td><td>" + num(best, "%.3f") + "</td><td>" +
           num(median_of(g.fitness), "%.3f") + "</td><td>" + num(g.sigma, "%.3f") + "</td><td>" +
           std::to_string(g.trials) + "</td><td>" + std::to_string(g.failed_trials) + "</td><td>" +
           num(g.trial_seconds, "%.1f") + "</td><td>" + num(g.overhead_seconds, "%.2f") + "</td>";
    for (double v : g.mean) out += "<td>" + num(v, "%.4g") + "</td>";
    out += "</tr>\n";
  }
  out += "</table>\n";
  if (!holdout.empty()) {
    out += "<h2>Held out</h2><table><tr><th>point</th><th>fitness</th><th>games</th>";
    for (const std::string& n : names) out += "<th>" + escape(n) + "</th>";
    out += "</tr>\n";
    for (const Holdout& h : holdout) {
      out += "<tr><td>" + escape(h.name) + "</td><td>" + num(h.fitness, "%.3f") + "</td><td>" + std::to_string(h.games) +
             "</td>";
      for (double v : h.values) out += "<td>" + num(v, "%.4g") + "</td>";
      out += "</tr>\n";
    }
    out += "</table>\n";
  }
  return out + "</body></html>\n";
}

}  // namespace libero::optimize
