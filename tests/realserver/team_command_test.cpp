// External teams' start-command templates: placeholders, presets, errors.
#include <doctest/doctest.h>

#include <string>

#include "tools/match/team_command.h"

using namespace libero;
using namespace libero::match;

TEST_CASE("every placeholder is filled in") {
  TeamCommandValues v;
  v.host = "127.0.0.1";
  v.port = 4100;
  v.monitor_port = 4200;
  v.team = "Villa";
  v.unum = 7;
  v.type = 3;
  v.kit = "/opt/kit";
  Result<std::string> out =
      expand_team_command("run --host={host} -p {port} -m {mport} -t {team} -u {unum} --type {type} in {kit}", v);
  REQUIRE(out.ok());
  CHECK(*out == "run --host=127.0.0.1 -p 4100 -m 4200 -t Villa -u 7 --type 3 in /opt/kit");
}

TEST_CASE("presets name the kit's base teams; anything else is the template itself") {
  Result<std::string> villa = resolve_team_command("utaustinvilla");
  REQUIRE(villa.ok());
  CHECK(villa->find("agentspark") != std::string::npos);
  CHECK(villa->find("defaultParams_t{type}.txt") != std::string::npos);
  Result<std::string> fcp = resolve_team_command("fcportugal");
  REQUIRE(fcp.ok());
  CHECK(fcp->find("Run_Player.py") != std::string::npos);
  CHECK(fcp->find("-m {mport}") != std::string::npos);
  CHECK(*resolve_team_command("./my_agent {unum}") == "./my_agent {unum}");
  CHECK_FALSE(resolve_team_command("").ok());
}

TEST_CASE("errors: unknown placeholders and a brace left open") {
  TeamCommandValues v;
  Result<std::string> typo = expand_team_command("agent --port {prot}", v);
  REQUIRE_FALSE(typo.ok());
  CHECK(typo.error().message.find("{prot}") != std::string::npos);
  Result<std::string> open = expand_team_command("agent --port {port", v);
  REQUIRE_FALSE(open.ok());
  CHECK(open.error().message.find("without '}'") != std::string::npos);
  Status missing_kit = check_team_command("utaustinvilla", "/nonexistent-kit");
  REQUIRE_FALSE(missing_kit.ok());
  CHECK(missing_kit.error().message.find("tools/setup-real-server") != std::string::npos);
  CHECK(check_team_command("./agent --unum {unum} --team {team}", "/nonexistent-kit").ok());
  CHECK_FALSE(check_team_command("./agent --unum {unun}", "/nonexistent-kit").ok());
}

TEST_CASE("an external player starts through /bin/sh with its values") {
  TeamOptions team;
  team.name = "Them";
  team.command = "exec ./agent -u {unum} -t {team} -p {port} --type {type}";
  Result<std::vector<std::string>> argv = external_agent_argv(team, 4, 2, "127.0.0.1", 5100, 5200);
  REQUIRE(argv.ok());
  REQUIRE(argv->size() == 3);
  CHECK((*argv)[0] == "/bin/sh");
  CHECK((*argv)[1] == "-c");
  CHECK((*argv)[2] == "exec ./agent -u 4 -t Them -p 5100 --type 2");
}
