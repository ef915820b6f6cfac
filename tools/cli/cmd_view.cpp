// `libero view`: watch (and steer) a running game in the browser
// (tools/view; docs/viewer.md).
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>

#include "agent/data_paths.h"
#include "cli_common.h"
#include "commands.h"
#include "core/log.h"
#include "options.h"
#include "tools/match/replay_log_reader.h"
#include "tools/match/replay_page.h"
#include "tools/view/view_server.h"
#include "view_option.h"

namespace libero::cli {
namespace {

volatile std::sig_atomic_t g_stop = 0;
void on_signal(int) { g_stop = 1; }

// `libero view LOG.jsonl`: the replay page rebuilt from a replay log.
int write_log_page(const std::string& log_path, std::string out) {
  Result<match::ReplayLog> log = match::read_replay_log(log_path);
  if (!log.ok()) {
    std::fprintf(stderr, "libero view: %s\n", log.error().describe().c_str());
    return kExitFailure;
  }
  if (out.empty()) {
    const std::string suffix = ".jsonl";
    const bool jsonl = log_path.size() > suffix.size() && log_path.compare(log_path.size() - suffix.size(), suffix.size(), suffix) == 0;
    out = (jsonl ? log_path.substr(0, log_path.size() - suffix.size()) : log_path) + ".view.html";
  }
  if (Status written = match::write_replay_page(*log, out); !written.ok()) {
    std::fprintf(stderr, "libero view: %s\n", written.error().describe().c_str());
    return kExitFailure;
  }
  size_t agent_records = 0;
  for (const auto& r : log->debug) agent_records += r.kind == "agent";
  std::printf("libero view: %s (%zu frames, %zu debug messages: %zu beliefs, %zu script events; format version %d)\n",
              out.c_str(), log->frames.size(), log->debug.size(), agent_records, log->debug.size() - agent_records,
              log->version);
  if (log->skipped_lines > 0) {
    std::printf("libero view: skipped %d damaged lines of %s:\n", log->skipped_lines, log_path.c_str());
    for (const std::string& p : log->problems) std::printf("  %s\n", p.c_str());
  }
  return kExitOk;
}

}  // namespace

int run_view(int argc, char** argv) {
  view::ViewOptions options = default_view_options(kDefaultViewPort, 3200);
  options.debug_port = -1;  // unless given: the HTTP port's number
  std::string log_level = "info";
  std::string out;
  const std::vector<Option> table = {
      {"out", OptionKind::kString, &out, "FILE",
       "with a replay log: where the page goes (default: the log's name with .view.html for .jsonl)"},
      {"port", OptionKind::kInt, &options.port, "N", "HTTP port for browsers (default 3300; 0 = any free port)", 0, 65535},
      {"bind", OptionKind::kString, &options.bind_address, "ADDR",
       "listen address (default 127.0.0.1: this machine only; the page can move robots)"},
      {"debug-port", OptionKind::kInt, &options.debug_port, "N",
       "UDP port for agents' debug channels (libero agent --debug-port; default: the --port number, 0 = any free)", 0,
       65535},
      {"monitor-host", OptionKind::kString, &options.monitor_host, "HOST", "the game's host (default 127.0.0.1)"},
      {"monitor-port", OptionKind::kInt, &options.monitor_port, "N",
       "the game's monitor port: libero serve's or rcssserver3d's (default 3200)", 1, 65535},
      {"web", OptionKind::kString, &options.web_dir, "DIR", "the page's files (default: the source tree's tools/view/web)"},
      {"three", OptionKind::kString, &options.three_dir, "DIR",
       "three.js for the 3D view (default /usr/share/javascript/three, Debian's libjs-three)"},
      {"queue", OptionKind::kInt, &options.client_queue, "N",
       "frames queued per browser before its oldest are dropped (default 4)", 1, 1000},
      {"max-rate", OptionKind::kDouble, &options.max_frame_rate, "HZ",
       "frames per second to browsers at most (default 50; 0 = every monitor message)", 0, 1000},
      {"stall-close", OptionKind::kDouble, &options.stall_close_seconds, "S",
       "drop a browser that has taken nothing for S s (default 10)", 0.1, 3600},
      {"request-timeout", OptionKind::kDouble, &options.request_timeout_seconds, "S",
       "a browser has S s to send its whole request (default 10)", 0.1, 3600},
      {"log-level", OptionKind::kString, &log_level, "LEVEL", "debug, info, warn, error or off (default info)"},
  };
  Result<ParsedArgs> parsed = parse_options(table, argc, argv);
  if (!parsed.ok()) return usage_error("view", parsed.error().message);
  if (parsed->help) {
    print_help(stdout, "libero view [options] | libero view REPLAY.jsonl [--out FILE]",
               "Serves a page that shows a running game live (field, robots, ball, score, clock, play mode;\n"
               "2D or 3D) and sends the page's trainer commands (kick-off, drop ball, moving the ball or a\n"
               "robot) to the game's monitor port, on libero serve or rcssserver3d. Prints\n"
               "'libero view: http://127.0.0.1:<port>/ watching <host>:<monitor port>, agents' debug port <udp>'\n"
               "when it listens; runs until Ctrl-C and waits for the game if it is not there yet. Agents started\n"
               "with --debug-port <udp> show their beliefs, role, activation graph, drawings and script\n"
               "reloads and errors in the page.\n"
               "With a replay log (libero match's <stem>.jsonl, docs/replay-log.md), writes the match report's\n"
               "replay page rebuilt from it instead, with the beliefs, drawings, activation graphs and script\n"
               "events it holds (libero match --record-debug); damaged lines are skipped and listed.\n"
               "Exit codes: 0 stopped (or page written), 1 failed, 2 bad arguments.",
               table);
    return kExitOk;
  }
  if (parsed->positional.size() > 1) return usage_error("view", "unexpected argument '" + parsed->positional[1] + "'");
  if (parsed->positional.size() == 1) {
    const std::string& log = parsed->positional[0];
    if (!std::filesystem::is_regular_file(log))
      return usage_error("view", "no replay log '" + log + "' (libero view takes a replay log file, or no argument to "
                                 "watch a running game)");
    return write_log_page(log, out);
  }
  if (!out.empty()) return usage_error("view", "--out is for a replay log's page: give the log");
  if (Status level = apply_log_level(log_level); !level.ok()) return usage_error("view", level.error().message);
  log::set_tag("view");
  Result<std::unique_ptr<view::ViewServer>> server = view::ViewServer::open(options);
  if (!server.ok()) {
    std::fprintf(stderr, "libero view: %s\n", server.error().describe().c_str());
    return kExitFailure;
  }
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  (*server)->start();
  std::printf("libero view: http://%s:%d/ watching %s:%d, agents' debug port %d\n",
              options.bind_address == "0.0.0.0" ? "127.0.0.1" : options.bind_address.c_str(), (*server)->port(),
              options.monitor_host.c_str(), options.monitor_port, (*server)->debug_port());
  std::fflush(stdout);
  while (!g_stop) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  (*server)->stop();
  return kExitOk;
}

}  // namespace libero::cli
