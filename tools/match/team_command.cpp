#include "tools/match/team_command.h"

#include <filesystem>

#include "tools/realserver/real_server.h"

namespace libero::match {

namespace {

// The base teams as the kit lays them out (../shared/realserver/build.sh
// header): UT Austin Villa reads its parameter files relative to its source
// folder; FC Portugal wants Debian's python3 and one OpenMP thread.
constexpr const char* kUtAustinVilla =
    "cd '{kit}/src/utaustinvilla3d' && exec ./build/agentspark --host={host} --port {port} --team {team} "
    "--unum {unum} --type {type} --paramsfile paramfiles/defaultParams.txt "
    "--paramsfile paramfiles/defaultParams_t{type}.txt --simplesoccer";
constexpr const char* kFcPortugal =
    "cd '{kit}/fcp/src' && PATH=/usr/bin:$PATH OMP_NUM_THREADS=1 exec python3 ./Run_Player.py -i {host} -p {port} "
    "-m {mport} -u {unum} -t {team} -P 0 -D 0";

}  // namespace

Result<std::string> resolve_team_command(const std::string& text) {
  if (text == "utaustinvilla") return std::string(kUtAustinVilla);
  if (text == "fcportugal") return std::string(kFcPortugal);
  if (text.empty()) return make_error("an empty team command");
  return text;
}

Result<std::string> expand_team_command(const std::string& command_template, const TeamCommandValues& values) {
  std::string out;
  out.reserve(command_template.size() + 64);
  for (size_t i = 0; i < command_template.size(); ++i) {
    const char c = command_template[i];
    if (c != '{') {
      out += c;
      continue;
    }
    const size_t close = command_template.find('}', i);
    if (close == std::string::npos) return make_error("team command: '{' without '}' at " + std::to_string(i));
    const std::string name = command_template.substr(i + 1, close - i - 1);
    if (name == "host") out += values.host;
    else if (name == "port") out += std::to_string(values.port);
    else if (name == "mport") out += std::to_string(values.monitor_port);
    else if (name == "team") out += values.team;
    else if (name == "unum") out += std::to_string(values.unum);
    else if (name == "type") out += std::to_string(values.type);
    else if (name == "kit") out += values.kit;
    else
      return make_error("team command: unknown placeholder {" + name +
                        "} (known: {host} {port} {mport} {team} {unum} {type} {kit})");
    i = close;
  }
  return out;
}

Status check_team_command(const std::string& text, const std::string& kit) {
  Result<std::string> resolved = resolve_team_command(text);
  if (!resolved.ok()) return resolved.error();
  TeamCommandValues probe;
  probe.team = "Probe";
  probe.kit = kit;
  if (Result<std::string> expanded = expand_team_command(*resolved, probe); !expanded.ok()) return expanded.error();
  namespace fs = std::filesystem;
  if (text == "utaustinvilla" && !fs::exists(kit + "/src/utaustinvilla3d/build/agentspark"))
    return make_error("utaustinvilla: no " + kit +
                      "/src/utaustinvilla3d/build/agentspark; build the kit with tools/setup-real-server");
  if (text == "fcportugal" && !fs::exists(kit + "/fcp/src/Run_Player.py"))
    return make_error("fcportugal: no " + kit + "/fcp/src/Run_Player.py; build the kit with tools/setup-real-server");
  return {};
}

Result<std::vector<std::string>> external_agent_argv(const TeamOptions& team, int unum, int type,
                                                     const std::string& host, int port, int monitor_port) {
  Result<std::string> resolved = resolve_team_command(team.command);
  if (!resolved.ok()) return resolved.error();
  TeamCommandValues values;
  values.host = host;
  values.port = port;
  values.monitor_port = monitor_port;
  values.team = team.name;
  values.unum = unum;
  values.type = type;
  values.kit = realserver::default_kit_dir();
  Result<std::string> command = expand_team_command(*resolved, values);
  if (!command.ok()) return command.error();
  return std::vector<std::string>{"/bin/sh", "-c", *command};
}

}  // namespace libero::match
