// What a match runner does with agents that ended: one that never joined
// could not start (the match stops with the last line of its log); any other
// crashed, which the summary and the replay log report while the match goes
// on. Shared by the runners of both servers.
#pragma once

#include <string>

#include "core/result.h"
#include "tools/match/agent_processes.h"
#include "tools/match/match_recorder.h"

namespace libero::match {

// The last non-empty line of a log file (an agent's error when it could not
// start), at most 300 characters.
std::string last_log_line(const std::string& path);

// Polls `agents`; seen[team][unum] says who has been in the game. Returns
// true when this call set *start_failure (it is set at most once).
bool report_agent_exits(AgentProcesses& agents, const bool seen[2][12], const std::string team_names[2],
                        double game_time, bool quiet, MatchRecorder* recorder, Status* start_failure);

}  // namespace libero::match
