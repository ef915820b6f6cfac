// libFuzzer target for the protocol layer. Every input goes through:
//  1. the S-expression parser (default limits and tight limits), walking the
//     whole tree through every Value accessor;
//  2. decode_simspark, checking that an error's offset lies inside the input;
//  3. say validation and the encoder, with the input's bytes as the say text
//     and as raw float bit patterns for joint velocities and beam values
//     (NaN, infinities, huge and tiny values), checking that whatever the
//     encoder accepts parses back as the expected effectors.
// Any violated expectation calls abort() so libFuzzer reports it.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "protocol/sexp.h"
#include "protocol/simspark_codec.h"

using namespace libero;
using namespace libero::protocol;

namespace {

void expect(bool condition, const char* what) {
  if (!condition) {
    std::fprintf(stderr, "protocol_fuzzer: expectation failed: %s\n", what);
    std::abort();
  }
}

// Visits every node; returns the number visited.
int walk(sexp::Value v, int depth) {
  expect(depth <= 64, "walk depth bounded by the parser's depth limit");
  int visited = 1;
  double d = 0;
  float f = 0;
  int i = 0;
  const std::string_view text = v.text();
  (void)text;
  if (v.as_double(&d)) expect(std::isfinite(d), "as_double returns finite values");
  if (v.as_float(&f)) expect(std::isfinite(f), "as_float returns finite values");
  (void)v.as_int(&i);
  (void)v.tag();
  if (v.is_list()) {
    int children = 0;
    for (sexp::Value child : v) {
      expect(child.offset() >= v.offset(), "children start after their list");
      visited += walk(child, depth + 1);
      ++children;
    }
    expect(children == v.size(), "size() matches iteration");
    (void)v[children];      // past the end: missing
    (void)v[children / 2];  // linear access
  }
  return visited;
}

void fuzz_parser(std::string_view input) {
  static sexp::Parser parser;  // default limits, reused like in the agent
  Status s = parser.parse(input);
  if (s.ok()) {
    const int visited = walk(parser.root(), 0);
    expect(visited == parser.node_count(), "every node reachable from the root");
  } else {
    expect(s.error().offset >= 0, "parse errors carry an offset");
    expect(static_cast<size_t>(s.error().offset) <= input.size(), "parse error offset inside the input");
    expect(parser.root().size() == 0, "failed parse leaves an empty root");
  }

  static sexp::Parser tight(sexp::Limits{256, 3, 24});
  Status t = tight.parse(input);
  if (t.ok()) {
    expect(input.size() <= 256, "tight size limit");
    expect(tight.node_count() <= 25, "tight node limit");
    walk(tight.root(), 0);
  }
}

void fuzz_decoder(std::string_view input) {
  static Percept percept;
  Status s = decode_simspark(input, &percept);
  if (!s.ok()) {
    expect(s.error().offset >= -1, "decode offset");
    expect(s.error().offset == -1 || static_cast<size_t>(s.error().offset) <= input.size(),
           "decode error offset inside the input");
    expect(!s.error().message.empty(), "decode errors have a message");
  }
  expect(percept.vision.player_count >= 0 && percept.vision.player_count <= kMaxSeenPlayers, "player count");
  expect(percept.vision.line_count >= 0 && percept.vision.line_count <= kMaxSeenLines, "line count");
  expect(percept.heard_count >= 0 && percept.heard_count <= kMaxHeard, "heard count");
  for (int i = 0; i < percept.heard_count; ++i)
    expect(percept.heard[i].message_length <= kMaxSayLength, "heard message length");
  expect(percept.game_state.play_mode_text.length <= kMaxNameLength, "play mode text length");
}

float float_from(const uint8_t* data, size_t size, size_t at) {
  uint32_t bits = 0;
  for (size_t k = 0; k < 4; ++k) bits = (bits << 8) | (at + k < size ? data[at + k] : 0);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

void fuzz_encoder(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  Status say = validate_say(input.substr(0, 24));
  if (say.ok()) {
    for (char c : input.substr(0, 24))
      expect(c > 0x20 && c < 0x7F && c != '(' && c != ')', "validate_say accepts only allowed characters");
  }

  Action action;
  action.send_init = size > 0 && (data[0] & 1);
  action.unum = size > 1 ? data[1] % 14 - 1 : 0;
  (void)action.team_name.assign(input.substr(0, size > 2 ? data[2] % 8 : 0));
  for (int j = 0; j < kJointCount; ++j) {
    action.joint_set[j] = size > 3 && ((data[3] >> (j % 8)) & 1);
    action.joint_velocity[j] = float_from(data, size, 4 + 4 * static_cast<size_t>(j));
  }
  action.send_beam = size > 0 && (data[0] & 2);
  action.beam_x = float_from(data, size, 100);
  action.beam_y = float_from(data, size, 104);
  action.beam_rot_deg = float_from(data, size, 108);
  action.send_say = size > 0 && (data[0] & 4);
  const size_t say_length = input.size() > 112 ? (input.size() - 112) % 22 : 0;
  if (say_length > 0) std::memcpy(action.say, data + 112, say_length < 20 ? say_length : 20);
  action.say_length = static_cast<uint8_t>(say_length);
  action.send_syn = size > 0 && (data[0] & 8);

  char buffer[1024];
  const size_t capacity = size > 0 ? (data[size - 1] % 2 ? sizeof buffer : data[size - 1] * 2u) : sizeof buffer;
  Result<size_t> r = encode_simspark(action, buffer, capacity);
  if (!r.ok()) return;
  expect(*r <= capacity, "encoder stays inside the buffer");

  static sexp::Parser parser;
  Status parsed = parser.parse(std::string_view(buffer, *r));
  expect(parsed.ok(), "encoded messages parse back");
  int expected_items = (action.send_init ? 1 : 0) + (action.send_beam ? 1 : 0) + (action.send_say ? 1 : 0) +
                       (action.send_syn ? 1 : 0);
  for (int j = 0; j < kJointCount; ++j) expected_items += action.joint_set[j] ? 1 : 0;
  expect(parser.root().size() == expected_items, "one item per effector");
  for (sexp::Value item : parser.root()) {
    const Joint joint = joint_from_effector(item.tag());
    if (joint == kJointCount) continue;
    float v = 0;
    expect(item[1].as_float(&v), "joint velocity reads back as a number");
    expect(std::fabs(v - action.joint_velocity[joint]) <= 1e-4f * (1 + std::fabs(v)),
           "joint velocity round-trips to 4 decimals");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  fuzz_parser(input);
  fuzz_decoder(input);
  fuzz_encoder(data, size);
  return 0;
}
