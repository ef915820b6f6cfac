// The check that decides which debug-channel messages a replay keeps
// (tools/match/debug_record.h), and the recorder's UDP side against a fake
// agent on loopback (tools/match/debug_recorder.h).
#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tools/match/debug_record.h"
#include "tools/match/debug_recorder.h"

using namespace libero::match;

namespace {

// A message as engine/agent/debug_channel.cpp writes it.
std::string agent_message(int side = 1, int unum = 3, const std::string& draw_text = "hi") {
  return "{\"k\":\"agent\",\"team\":\"Libero\",\"side\":" + std::to_string(side) + ",\"unum\":" + std::to_string(unum) +
         ",\"t\":12.34,\"cycle\":600,\"self\":[-3.100,0.500,0.120,0.150,0.050,1,0],"
         "\"ball\":[1.000,2.000,0.00,0.00,0.30,1],\"mates\":[[2,-5.00,1.00,0.00,0.40,0]],\"opps\":[],"
         "\"role\":\"striker\",\"fallback\":0,\"act\":[[0,\"play\",\"go\",1.20,0.40,\"\"]],"
         "\"draw\":[[2,16711935,0.00,0.00,0.00,0.00,4.00,\"\",\"probe\"],[3,65535,1.00,1.00,0.00,0.00,0.00,\"" +
         draw_text + "\",\"default\"],[4,65535,0.00,0.00,0.00,0.00,0.00,\"\",\"probe\",[-2.00,-2.00,2.00,-2.00,0.00,2.00]]],"
         "\"draw_dropped\":0}";
}

std::string script_message(const std::string& event = "error") {
  return "{\"k\":\"script\",\"team\":\"Libero\",\"side\":2,\"unum\":1,\"t\":3.00,\"event\":\"" + event +
         "\",\"reloads\":1,\"errors\":1,\"text\":\"main.lua:8: unexpected symbol near 'end'\"}";
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("an agent's message is kept, canonical and safe in a <script>") {
  auto r = debug_record_from_text(agent_message(2, 7, "</script><b>"));
  REQUIRE(r.ok());
  CHECK(r->team == 1);
  CHECK(r->unum == 7);
  CHECK(r->kind == "agent");
  CHECK(r->json.find('\n') == std::string::npos);
  CHECK(r->json.find('<') == std::string::npos);   // "</script>" cannot end the report's script
  CHECK(r->json.find("\\u003c/script\\u003e") != std::string::npos);
  CHECK(r->json.find("\"self\":[-3.1,0.5,0.12,0.15,0.05,1,0]") != std::string::npos);
  // Read back, it is the same message.
  auto again = debug_record_from_text(r->json);
  REQUIRE(again.ok());
  CHECK(again->json == r->json);
}

TEST_CASE("a script event is kept") {
  auto r = debug_record_from_text(script_message());
  REQUIRE(r.ok());
  CHECK(r->kind == "script");
  CHECK(r->team == 1);
  CHECK(r->json.find("main.lua:8") != std::string::npos);
}

TEST_CASE("messages the page could not draw are refused with the reason") {
  const std::string good = agent_message();
  struct Case {
    std::string text, reason;
  } cases[] = {
      {"", "not JSON"},
      {good.substr(0, good.size() / 2), "not JSON"},
      {"[1,2]", "not a JSON object"},
      {"{\"k\":\"hello\",\"side\":1,\"unum\":1}", "not agent or script"},
      {replace(good, "\"side\":1", "\"side\":3"), "side"},
      {replace(good, "\"unum\":3", "\"unum\":12"), "unum"},
      {replace(good, "\"unum\":3", "\"unum\":2.5"), "unum"},
      {replace(good, "\"self\":[-3.100,0.500,0.120,0.150,", "\"self\":["), "self"},
      {replace(good, "\"ball\":[1.000,", "\"ball\":[\"x\","), "ball"},
      {replace(good, "\"mates\":[[2,-5.00,1.00,0.00,0.40,0]]", "\"mates\":[[2]]"), "mates"},
      {replace(good, "\"opps\":[]", "\"opps\":{}"), "opps"},
      {replace(good, "[0,\"play\",\"go\",1.20,0.40,\"\"]", "[0,\"play\"]"), "activation"},
      {replace(good, "[2,16711935,", "[9,16711935,"), "drawing"},
      {replace(good, "\"probe\",[-2.00", "\"probe\",[\"a\""), "drawing"},
      {replace(good, "\"role\":\"striker\"", "\"role\":5"), "role"},
      {replace(script_message(), "\"event\":\"error\"", "\"event\":\"boom\""), "event"},
      {"{\"k\":\"agent\",\"side\":1,\"unum\":1,\"x\":" + std::string(100, '[') + std::string(100, ']') + "}", "not JSON"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    auto r = debug_record_from_text(c.text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find(c.reason) != std::string::npos);
  }
}

namespace {

// A fake agent: a UDP socket connected to the recorder, as the debug
// channel's is.
struct FakeAgent {
  int fd = -1;
  explicit FakeAgent(int port) {
    fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
    sockaddr_in peer{};
    peer.sin_family = AF_INET;
    peer.sin_port = htons(static_cast<uint16_t>(port));
    peer.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&peer), sizeof peer) == 0);
  }
  ~FakeAgent() { ::close(fd); }
  void send(const std::string& text) { REQUIRE(::send(fd, text.data(), text.size(), 0) == static_cast<ssize_t>(text.size())); }
  std::string receive() {
    char buf[65536];
    for (int i = 0; i < 200; ++i) {
      ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
      if (n >= 0) return std::string(buf, static_cast<size_t>(n));
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return "";
  }
};

// A bound socket standing for a viewer's debug port.
struct FakeViewer {
  int fd = -1, port = 0;
  FakeViewer() {
    fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t n = sizeof a;
    REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n) == 0);
    port = ntohs(a.sin_port);
  }
  ~FakeViewer() { ::close(fd); }
  int drain() {
    char buf[65536];
    int n = 0;
    while (::recv(fd, buf, sizeof buf, MSG_DONTWAIT) >= 0) ++n;
    return n;
  }
};

void settle() { std::this_thread::sleep_for(std::chrono::milliseconds(20)); }

}  // namespace

TEST_CASE("the recorder answers watch, keeps messages at its rate and within its size") {
  DebugRecorder recorder;
  DebugRecorderLimits limits;
  limits.min_cycles = 10;
  // Room for two belief messages and one script event, as kept (canonical).
  limits.max_bytes = 2 * debug_record_from_text(agent_message())->json.size() +
                     debug_record_from_text(script_message())->json.size() + 10;
  REQUIRE(recorder.open(limits).ok());
  REQUIRE(recorder.port() > 0);
  FakeViewer viewer;
  recorder.forward_to(viewer.port);
  FakeAgent agent(recorder.port());
  std::vector<DebugRecord> kept;

  // A hello is answered with "watch" and not recorded.
  agent.send("{\"k\":\"hello\",\"team\":\"Libero\",\"side\":1,\"unum\":3}");
  settle();
  recorder.poll(5, 0.1, &kept);
  CHECK(agent.receive() == "watch");
  CHECK(kept.empty());

  // A message is stamped with the match's cycle and time.
  agent.send(agent_message());
  settle();
  recorder.poll(100, 2.0, &kept);
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].cycle == 100);
  CHECK(kept[0].time == doctest::Approx(2.0));
  CHECK(kept[0].unum == 3);

  // Too soon after the last (min_cycles 10): skipped; later: kept.
  agent.send(agent_message());
  settle();
  recorder.poll(105, 2.1, &kept);
  CHECK(kept.size() == 1);
  CHECK(recorder.counts().skipped == 1);
  agent.send(agent_message());
  settle();
  recorder.poll(110, 2.2, &kept);
  CHECK(kept.size() == 2);

  // Garbage and a forged "side" are rejected, nothing crashes.
  agent.send("not json at all");
  agent.send(std::string("\x00\x01\xff{", 4));
  agent.send(replace(agent_message(), "\"side\":1", "\"side\":0"));
  settle();
  recorder.poll(200, 4.0, &kept);
  CHECK(kept.size() == 2);
  CHECK(recorder.counts().rejected == 3);

  // A script error repeated every cycle is kept once a second.
  for (uint32_t c = 300; c < 310; ++c) {
    agent.send(script_message());
    settle();
    recorder.poll(c, 6.0, &kept);
  }
  CHECK(kept.size() == 3);

  // Past max_bytes nothing more is kept, and it is counted.
  agent.send(replace(agent_message(), "\"unum\":3", "\"unum\":4"));
  agent.send(replace(agent_message(), "\"unum\":3", "\"unum\":5"));
  settle();
  recorder.poll(400, 8.0, &kept);
  CHECK(kept.size() == 3);
  CHECK(recorder.counts().over_limit == 2);

  // Everything that came (but the watch replies) went on to the viewer.
  CHECK(viewer.drain() == static_cast<int>(recorder.counts().received));
}
