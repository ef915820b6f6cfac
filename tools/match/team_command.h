// External teams: a start-command template run through /bin/sh once per
// player, with placeholders filled in, so any team's binary (UT Austin
// Villa's agentspark, FC Portugal's Run_Player.py, ...) plays on either
// server. Placeholders: {host} {port} (agent port) {mport} (monitor port)
// {team} (team name) {unum} {type} {kit} (the real-server kit folder).
// Two names stand for the public base teams built by tools/setup-real-server:
// `utaustinvilla` and `fcportugal`.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tools/match/match_options.h"

namespace libero::match {

struct TeamCommandValues {
  std::string host = "127.0.0.1";
  int port = 3100;
  int monitor_port = 3200;
  std::string team;
  int unum = 1;
  int type = 0;
  std::string kit;  // realserver::default_kit_dir() unless given
};

// The template a preset name stands for, or `text` itself when it names no
// preset. An unknown {placeholder} is an error, so a typo fails at once
// rather than as a silent agent start failure.
Result<std::string> resolve_team_command(const std::string& text);
Result<std::string> expand_team_command(const std::string& command_template, const TeamCommandValues& values);
// Checks a template (a preset's folder exists, placeholders are known)
// before any process starts.
Status check_team_command(const std::string& text, const std::string& kit);
// The argv (/bin/sh -c COMMAND) that starts player `unum` of an external team.
Result<std::vector<std::string>> external_agent_argv(const TeamOptions& team, int unum, int type,
                                                     const std::string& host, int port, int monitor_port);

}  // namespace libero::match
