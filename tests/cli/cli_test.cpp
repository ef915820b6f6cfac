// The real `libero` binary: help, version, command table, option checking.
#include <doctest/doctest.h>

#include <string>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "run_process.h"

using libero::testing::run_libero;

namespace {
bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("libero without a command prints usage and fails") {
  auto r = run_libero({});
  CHECK(r.exit_code == 2);
  CHECK(contains(r.err, "usage: libero <command>"));
}

TEST_CASE("libero --help lists every command") {
  auto r = run_libero({"--help"});
  CHECK(r.exit_code == 0);
  for (const char* command : {"agent", "replay", "serve", "match", "optimize", "test", "tournament", "view"}) CHECK(contains(r.out, command));
}

TEST_CASE("libero --version") {
  auto r = run_libero({"--version"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.rfind("libero ", 0) == 0);
  CHECK(contains(r.out, "."));
}

TEST_CASE("help for each command") {
  auto agent = run_libero({"help", "agent"});
  CHECK(agent.exit_code == 0);
  for (const char* option : {"--host", "--port", "--team", "--unum", "--type", "--scripts", "--log-level", "--record",
                             "--stats-json", "--reconnect", "--replay"}) {
    CHECK_MESSAGE(contains(agent.out, option), option);
  }
  auto same = run_libero({"agent", "--help"});
  CHECK(same.exit_code == 0);
  CHECK(same.out == agent.out);
  auto replay = run_libero({"replay", "-h"});
  CHECK(replay.exit_code == 0);
  CHECK(contains(replay.out, "usage: libero replay FILE"));
  for (const char* other : {"serve", "match", "test"}) {
    auto r = run_libero({"help", other});
    CHECK(r.exit_code == 0);
    CHECK_FALSE(r.out.empty());
  }
}

TEST_CASE("unknown commands and options are rejected") {
  auto r = run_libero({"fly"});
  CHECK(r.exit_code == 2);
  CHECK(contains(r.err, "unknown command 'fly'"));
  auto h = run_libero({"help", "fly"});
  CHECK(h.exit_code == 2);
  CHECK(contains(h.err, "unknown command 'fly'"));
  auto o = run_libero({"--fly"});
  CHECK(o.exit_code == 2);
  CHECK(contains(o.err, "unknown option '--fly'"));
  auto a = run_libero({"agent", "--fly"});
  CHECK(a.exit_code == 2);
  CHECK(contains(a.err, "libero agent: unknown option --fly"));
  auto p = run_libero({"agent", "stray"});
  CHECK(p.exit_code == 2);
  CHECK(contains(p.err, "unexpected argument 'stray'"));
}

TEST_CASE("agent options are validated: numbers, ranges, missing values, names") {
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  const Case cases[] = {
      {{"agent", "--port", "abc"}, "--port: expected an integer from 1 to 65535, got 'abc'"},
      {{"agent", "--port", "70000"}, "--port: expected an integer from 1 to 65535, got '70000'"},
      {{"agent", "--port=0"}, "got '0'"},
      {{"agent", "--port", "31OO"}, "got '31OO'"},
      {{"agent", "--port"}, "--port needs a value"},
      {{"agent", "--unum", "12"}, "--unum: expected an integer from 0 to 11"},
      {{"agent", "--unum", "-1"}, "--unum: expected an integer from 0 to 11"},
      {{"agent", "--type", "5"}, "--type: expected an integer from 0 to 4"},
      {{"agent", "--tick-budget-ms", "nan"}, "--tick-budget-ms: expected a number"},
      {{"agent", "--tick-budget-ms", "0"}, "--tick-budget-ms: expected a number"},
      {{"agent", "--team", "two words"}, "contains a space"},
      {{"agent", "--team", "(bad)"}, "parenthesis"},
      {{"agent", "--team", "ThisTeamNameIsMuchTooLongForTheServer"}, "1 to 31 characters"},
      {{"agent", "--team", ""}, "--team needs a non-empty value"},
      {{"agent", "--log-level", "loud"}, "--log-level: expected debug, info, warn, error or off, got 'loud'"},
      {{"agent", "--reconnect=yes"}, "--reconnect takes no value"},
      {{"match", "--robots", "/nonexistent-robots"}, "--robots: '/nonexistent-robots' has no nao/nao.lua"},
      {{"match", "--slip", "2"}, "--slip"},
      {{"match", "--physics", "/nonexistent-physics.lua"}, "--physics: no file '/nonexistent-physics.lua'"},
      {{"match", "--world", "mock", "--physics", "/nonexistent-physics.lua"}, "--physics is the built-in simulator's"},
      {{"match", "--left", "/nonexistent-scripts"}, "--left: '/nonexistent-scripts' is not a folder of behaviour scripts"},
      {{"match", "--world", "mock", "--right", "/nonexistent-scripts"}, "--right: '/nonexistent-scripts' is not a folder"},
      {{"replay"}, "missing the record FILE"},
      {{"replay", "a", "b"}, "expected one record FILE"},
  };
  for (const Case& c : cases) {
    auto r = run_libero(c.args);
    CAPTURE(c.message);
    CHECK(r.exit_code == 2);
    CHECK(contains(r.err, c.message));
    CHECK(contains(r.err, "--help"));
  }
}

TEST_CASE("every command in the table answers --help and rejects unknown options") {
  // serve, match and test belong to other parts; whether they are real or
  // still placeholders, the table must route to them and they must behave.
  for (const char* name : {"agent", "replay", "serve", "match", "optimize", "test", "tournament", "view"}) {
    CAPTURE(name);
    auto help = run_libero({name, "--help"});
    CHECK(help.exit_code == 0);
    CHECK_FALSE(help.out.empty());
    auto bad = run_libero({name, "--no-such-option-anywhere"});
    CHECK(bad.exit_code == 2);
    CHECK_FALSE(bad.err.empty());
  }
}

TEST_CASE("agent: nothing listening gives a clear error and exit 1") {
  libero::testing::TempDir dir;
  uint16_t port;
  {
    // A port that was free a moment ago; nobody listens on it now.
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    socklen_t length = sizeof address;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    port = ntohs(address.sin_port);
    ::close(fd);
  }
  auto r = run_libero({"agent", "--port", std::to_string(port), "--stats-json", dir.file("stats.json")});
  CHECK(r.exit_code == 1);
  CHECK(contains(r.err, "cannot connect to 127.0.0.1:" + std::to_string(port)));
  CHECK(contains(libero::testing::read_text_file(dir.file("stats.json")), "\"cycles\": 0"));
}

TEST_CASE("replay: a missing or malformed record gives a clear error") {
  libero::testing::TempDir dir;
  auto missing = run_libero({"replay", dir.file("nope.record")});
  CHECK(missing.exit_code == 1);
  CHECK(contains(missing.err, "cannot open record file"));
  {
    std::ofstream bad(dir.file("bad.record"));
    bad << "libero-record 1\nend-header\nR 0.000000000 999\n(short)\n";
  }
  auto bad = run_libero({"replay", dir.file("bad.record")});
  CHECK(bad.exit_code == 1);
  CHECK(contains(bad.err, "payload shorter than its length 999"));
  {
    std::ofstream other(dir.file("other.txt"));
    other << "hello\n";
  }
  auto other = run_libero({"agent", "--replay", dir.file("other.txt")});
  CHECK(other.exit_code == 1);
  CHECK(contains(other.err, "not a Libero record file"));
}
