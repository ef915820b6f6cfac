#include "tools/sim/server/serve_command.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "core/log.h"

namespace libero::sim {
namespace {

bool parse_long(const char* text, long long min, long long max, long long* out) {
  if (!text || !*text) return false;
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(text, &end, 10);
  if (errno != 0 || *end != '\0' || v < min || v > max) return false;
  *out = v;
  return true;
}

bool parse_double(const char* text, double min, double max, double* out) {
  if (!text || !*text) return false;
  char* end = nullptr;
  double v = std::strtod(text, &end);
  if (*end != '\0' || !(v >= min && v <= max)) return false;
  *out = v;
  return true;
}

bool parse_seconds(const char* text, double* out) {
  double v = 0;
  if (!parse_double(text, 0, 1e7, &v) || v == 0) return false;
  *out = v;
  return true;
}

}  // namespace

const char* serve_usage() {
  return "usage: libero serve [options]\n"
         "Runs the built-in MuJoCo simulator speaking the SimSpark (rcssserver3d 0.7.x) agent protocol.\n"
         "  --agent-port N       agent port (default 3100; 0 = any free port, printed on start)\n"
         "  --monitor-port N     monitor port (default 3200; 0 = any free port; 'off' = none)\n"
         "  --bind ADDR          listen address (default 127.0.0.1)\n"
         "  --sync               sync mode: a cycle starts when every agent has sent (syn); as fast as possible\n"
         "  --realtime           real-time mode: one 20 ms cycle per 20 ms of wall time (default)\n"
         "  --seed N             seed for vision and beam noise (default: from the clock)\n"
         "  --robot-types LIST   allowed hetero types, e.g. 0,1,2 (default 0,1,2,3,4)\n"
         "  --no-type-limits     allow any mix of types in a team (reference: max 7 per type, 3 types)\n"
         "  --no-vision-noise    exact vision (tests)\n"
         "  --no-beam-noise      exact beam placement (tests)\n"
         "  --log-level LEVEL    debug, info, warn, error or off (default info)\n"
         "  --log FILE           write the log to FILE instead of stderr\n"
         "  --ground-truth SPEC  debug feed of torso poses and the ball for tools: a TCP port or a file\n"
         "  --max-cycles N       stop after N cycles\n"
         "  --duration S         stop after S seconds of wall time\n"
         "  --robots DIR         robot data directory (default: the source tree's robots/)\n"
         "  --substeps N         physics substeps per 20 ms cycle (default: the physics default)\n"
         "  --slip K             robot contacts slide K m/s per N of tangential force, as SimSpark's\n"
         "                       (its value is 0.005; default: the physics file's robot_slip)\n"
         "  --physics FILE       physics parameters (default: the robots folder's simulator.lua)\n"
         "  --half-time S        length of a half in game seconds (default 300)\n"
         "  --kick-off-players N kick off automatically once N robots play for a team (also the 2nd half)\n"
         "  --auto-kick-off S    kick off automatically after S s of BeforeKickOff with agents present\n"
         "  --sync-stall S       sync mode: go on without agents silent for S s (default: wait for ever)\n"
         "  --help               this text\n"
         "On start it prints one line: 'libero serve: agent port P monitor port M [ground truth port G]'.\n";
}

Status parse_serve_options(int argc, const char* const* argv, ServerOptions* o, bool* show_help) {
  *show_help = false;
  bool mode_set = false;
  for (int i = 0; i < argc; ++i) {
    std::string_view arg = argv[i];
    auto value = [&](const char** out) -> Status {
      if (i + 1 >= argc) return make_error("option " + std::string(arg) + " needs a value");
      *out = argv[++i];
      return {};
    };
    const char* v = nullptr;
    long long n = 0;
    if (arg == "--help" || arg == "-h") {
      *show_help = true;
    } else if (arg == "--half-time") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!parse_seconds(v, &o->rules.half_time)) return make_error("--half-time: '" + std::string(v) + "' is not a positive number of seconds");
    } else if (arg == "--kick-off-players") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!parse_long(v, 1, 22, &n)) return make_error("--kick-off-players: '" + std::string(v) + "' is not 1-22");
      o->kick_off_when_players = static_cast<int>(n);
    } else if (arg == "--auto-kick-off") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!parse_seconds(v, &o->rules.wait_before_kick_off)) return make_error("--auto-kick-off: '" + std::string(v) + "' is not a positive number of seconds");
      o->rules.automatic_kick_off = true;
    } else if (arg == "--sync-stall") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!parse_seconds(v, &o->sync_stall_seconds)) return make_error("--sync-stall: '" + std::string(v) + "' is not a positive number of seconds");
    } else if (arg == "--agent-port") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!parse_long(v, 0, 65535, &n)) return make_error("--agent-port: '" + std::string(v) + "' is not a port (0-65535)");
      o->agent_port = static_cast<int>(n);
    } else if (arg == "--monitor-port") {
      if (Status s = value(&v); !s.ok()) return s;
      if (std::string_view(v) == "off") {
        o->monitor_port = -1;
      } else {
        if (!parse_long(v, 0, 65535, &n)) return make_error("--monitor-port: '" + std::string(v) + "' is not a port (0-65535) or 'off'");
        o->monitor_port = static_cast<int>(n);
      }
    } else if (arg == "--bind") {
      if (Status s = value(&v); !s.ok()) return s;
      o->bind_address = v;
    } else if (arg == "--sync" || arg == "--realtime") {
      bool sync = arg == "--sync";
      if (mode_set && sync != o->sync_mode) return make_error("--sync and --realtime exclude each other");
      o->sync_mode = sync;
      mode_set = true;
    } else if (arg == "--seed") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!parse_long(v, 0, 0x7fffffffffffffffLL, &n)) return make_error("--seed: '" + std::string(v) + "' is not a non-negative integer");
      o->seed = static_cast<uint64_t>(n);
      o->seed_given = true;
    } else if (arg == "--robot-types") {
      if (Status s = value(&v); !s.ok()) return s;
      bool allowed[5] = {};
      std::string_view list = v;
      if (list.empty()) return make_error("--robot-types: empty list");
      size_t start = 0;
      while (start <= list.size()) {
        size_t comma = list.find(',', start);
        std::string_view item = list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        if (item.size() != 1 || item[0] < '0' || item[0] > '4')
          return make_error("--robot-types: '" + std::string(item) + "' is not a robot type 0-4 (list like 0,1,4)");
        allowed[item[0] - '0'] = true;
        if (comma == std::string_view::npos) break;
        start = comma + 1;
      }
      for (int t = 0; t < 5; ++t) o->allowed_types[t] = allowed[t];
    } else if (arg == "--no-type-limits") {
      o->type_limits = false;
    } else if (arg == "--no-vision-noise") {
      o->vision_noise = false;
    } else if (arg == "--no-beam-noise") {
      o->beam_noise = false;
    } else if (arg == "--log-level") {
      if (Status s = value(&v); !s.ok()) return s;
      log::Level level;
      if (!log::parse_level(v, &level)) return make_error("--log-level: '" + std::string(v) + "' is not debug, info, warn, error or off");
      log::set_level(level);
    } else if (arg == "--log") {
      if (Status s = value(&v); !s.ok()) return s;
      int fd = ::open(v, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
      if (fd < 0) return make_error("--log: cannot open '" + std::string(v) + "': " + std::strerror(errno));
      log::set_fd(fd);
    } else if (arg == "--ground-truth") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!*v) return make_error("--ground-truth needs a port or a file name");
      o->ground_truth = v;
    } else if (arg == "--max-cycles") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!parse_long(v, 1, 1LL << 40, &n)) return make_error("--max-cycles: '" + std::string(v) + "' is not a positive integer");
      o->max_cycles = n;
    } else if (arg == "--duration") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!parse_seconds(v, &o->max_wall_seconds)) return make_error("--duration: '" + std::string(v) + "' is not a positive number of seconds");
    } else if (arg == "--robots") {
      if (Status s = value(&v); !s.ok()) return s;
      o->robots_dir = v;
    } else if (arg == "--substeps") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!parse_long(v, 1, 1000, &n)) return make_error("--substeps: '" + std::string(v) + "' is not a positive integer");
      o->physics_substeps = static_cast<int>(n);
    } else if (arg == "--physics") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!*v) return make_error("--physics needs a file name");
      o->physics_file = v;
    } else if (arg == "--slip") {
      if (Status s = value(&v); !s.ok()) return s;
      if (!parse_double(v, 0, 1, &o->robot_slip))
        return make_error("--slip: '" + std::string(v) + "' is not a slip between 0 and 1 m/s per N");
    } else {
      return make_error("unknown option '" + std::string(arg) + "' (see libero serve --help)");
    }
  }
  return {};
}

int serve_main(int argc, char** argv, const std::function<Status(int monitor_port)>& on_listening) {
  ServerOptions options;
  options.handle_signals = true;
  bool help = false;
  // argv[0] is the command name ("serve").
  int first = argc > 0 ? 1 : 0;
  Status parsed = parse_serve_options(argc - first, argv + first, &options, &help);
  if (!parsed.ok()) {
    std::fprintf(stderr, "libero serve: %s\n", parsed.error().describe().c_str());
    return 2;
  }
  if (help) {
    std::fputs(serve_usage(), stdout);
    return 0;
  }
  log::set_tag("serve");
  Result<std::unique_ptr<Server>> server = Server::create(options);
  if (!server.ok()) {
    std::fprintf(stderr, "libero serve: %s\n", server.error().describe().c_str());
    return 1;
  }
  Server& s = *server.value();
  if (s.ground_truth_port() >= 0)
    std::printf("libero serve: agent port %d monitor port %d ground truth port %d\n", s.agent_port(),
                s.monitor_port(), s.ground_truth_port());
  else
    std::printf("libero serve: agent port %d monitor port %d\n", s.agent_port(), s.monitor_port());
  std::fflush(stdout);
  if (on_listening) {
    if (Status ready = on_listening(s.monitor_port()); !ready.ok()) {
      std::fprintf(stderr, "libero serve: %s\n", ready.error().describe().c_str());
      return 1;
    }
  }
  Status ran = s.run();
  if (!ran.ok()) {
    std::fprintf(stderr, "libero serve: %s\n", ran.error().describe().c_str());
    return 1;
  }
  return 0;
}

}  // namespace libero::sim
