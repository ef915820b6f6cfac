#include "tools/match/agent_exits.h"

#include <cstdio>
#include <fstream>

namespace libero::match {

std::string last_log_line(const std::string& path) {
  std::ifstream in(path);
  std::string line, last;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  if (last.size() > 300) last = last.substr(0, 300) + "...";
  return last.empty() ? "(empty log " + path + ")" : last;
}

bool report_agent_exits(AgentProcesses& agents, const bool seen[2][12], const std::string team_names[2],
                        double game_time, bool quiet, MatchRecorder* recorder, Status* start_failure) {
  bool failed_now = false;
  for (int index : agents.poll()) {
    const AgentProcess& p = agents.processes()[static_cast<size_t>(index)];
    const std::string& team_name = team_names[p.team];
    if (!seen[p.team][p.unum] && start_failure->ok()) {
      *start_failure = make_error(team_name + " #" + std::to_string(p.unum) + " could not start (" + p.how +
                                  "): " + last_log_line(p.log_path));
      failed_now = true;
      continue;
    }
    AgentReport* report = recorder->stats().agent(p.team, p.unum);
    report->crashed = true;
    char what[160];
    std::snprintf(what, sizeof what, "exited (%s) at %.1f s; log %s", p.how.c_str(), game_time, p.log_path.c_str());
    report->problem = what;
    recorder->event(game_time, "agent_crashed", p.team, p.unum, p.how.c_str());
    if (!quiet) std::fprintf(stderr, "libero match: %s #%d %s\n", team_name.c_str(), p.unum, what);
  }
  return failed_now;
}

}  // namespace libero::match
