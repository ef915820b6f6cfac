#include "world/team_message.h"

#include <cmath>
#include <cstdint>

namespace libero::world {

namespace {

constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
static_assert(sizeof(kAlphabet) == 65);
constexpr int kVersion = 1;
constexpr int kChecksumBits = 19;
constexpr double kPositionStep = 0.04, kPositionOffset = 20.48;  // 10 bits: [-20.48, 20.44]
constexpr double kPi2 = 6.283185307179586;
// Ball age buckets: upper bounds, decoded as the bucket's representative age.
constexpr double kAgeBounds[7] = {0.2, 0.5, 1.0, 2.0, 4.0, 8.0, 1e300};
constexpr double kAgeDecoded[7] = {0.1, 0.35, 0.75, 1.5, 3.0, 6.0, 12.0};

int symbol_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return 10 + (c - 'A');
  if (c >= 'a' && c <= 'z') return 36 + (c - 'a');
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

struct BitWriter {
  uint64_t bits = 0;
  int count = 0;
  void put(uint64_t value, int width) {
    bits |= (value & ((uint64_t{1} << width) - 1)) << count;
    count += width;
  }
};

struct BitReader {
  uint64_t bits = 0;
  int position = 0;
  uint64_t get(int width) {
    uint64_t value = (bits >> position) & ((uint64_t{1} << width) - 1);
    position += width;
    return value;
  }
};

uint32_t checksum(uint64_t payload, std::string_view team) {
  uint32_t h = 2166136261u;  // FNV-1a
  for (char c : team) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  for (int i = 0; i < 8; ++i) h = (h ^ static_cast<uint8_t>(payload >> (8 * i))) * 16777619u;
  return (h ^ (h >> kChecksumBits)) & ((1u << kChecksumBits) - 1);
}

uint64_t quantise_position(double v) {
  if (!std::isfinite(v)) v = 0;
  long q = std::lround((v + kPositionOffset) / kPositionStep);
  return static_cast<uint64_t>(q < 0 ? 0 : (q > 1023 ? 1023 : q));
}

double dequantise_position(uint64_t q) { return static_cast<double>(q) * kPositionStep - kPositionOffset; }

}  // namespace

int encode_team_message(const TeamMessage& m, std::string_view team_name, char out[protocol::kMaxSayLength + 1]) {
  BitWriter w;
  w.put(kVersion, 2);
  w.put(static_cast<uint64_t>(m.unum < 0 || m.unum > 15 ? 0 : m.unum), 4);
  w.put(quantise_position(m.x), 10);
  w.put(quantise_position(m.y), 10);
  double turns = std::isfinite(m.heading) ? m.heading / kPi2 : 0.0;
  turns -= std::floor(turns);
  w.put(static_cast<uint64_t>(std::lround(turns * 128)) & 127, 7);
  w.put(m.localised, 1);
  w.put(m.fallen, 1);
  w.put(m.ball_valid, 1);
  w.put(quantise_position(m.ball_valid ? m.ball_x : 0), 10);
  w.put(quantise_position(m.ball_valid ? m.ball_y : 0), 10);
  int age = 0;
  while (age < 6 && !(m.ball_age < kAgeBounds[age])) ++age;  // NaN ends up "older than 8 s"
  w.put(static_cast<uint64_t>(age), 3);
  // 59 payload bits, then the checksum on top: 78 bits in 13 symbols.
  uint64_t payload = w.bits;
  uint32_t check = checksum(payload, team_name);
  for (int i = 0; i < kTeamMessageLength; ++i) {
    int bit = 6 * i;
    uint64_t value = 0;
    if (bit < 59) value = payload >> bit;
    if (bit + 6 > 59) {
      int shift = 59 - bit;  // checksum bits start at payload bit 59
      if (shift >= 0) value |= static_cast<uint64_t>(check) << shift;
      else value = static_cast<uint64_t>(check) >> (-shift);
    }
    out[i] = kAlphabet[value & 63];
  }
  out[kTeamMessageLength] = '\0';
  return kTeamMessageLength;
}

bool decode_team_message(std::string_view text, std::string_view team_name, TeamMessage* out) {
  if (text.size() != static_cast<size_t>(kTeamMessageLength)) return false;
  uint64_t low = 0;     // bits 0..63
  uint32_t high = 0;    // bits 64..77
  for (int i = 0; i < kTeamMessageLength; ++i) {
    int v = symbol_value(text[i]);
    if (v < 0) return false;
    int bit = 6 * i;
    if (bit < 64) low |= static_cast<uint64_t>(v) << bit;
    if (bit + 6 > 64) high |= static_cast<uint32_t>(v) >> (bit < 64 ? 64 - bit : 0) << (bit > 64 ? bit - 64 : 0);
  }
  uint64_t payload = low & ((uint64_t{1} << 59) - 1);
  uint32_t check = static_cast<uint32_t>(low >> 59) | (high << 5);
  check &= (1u << kChecksumBits) - 1;
  if (check != checksum(payload, team_name)) return false;
  BitReader r{payload, 0};
  if (r.get(2) != static_cast<uint64_t>(kVersion)) return false;
  TeamMessage m;
  m.unum = static_cast<int>(r.get(4));
  if (m.unum < 1 || m.unum > 11) return false;
  m.x = dequantise_position(r.get(10));
  m.y = dequantise_position(r.get(10));
  double turns = static_cast<double>(r.get(7)) / 128.0;
  m.heading = turns * kPi2;
  if (m.heading > kPi2 / 2) m.heading -= kPi2;
  m.localised = r.get(1) != 0;
  m.fallen = r.get(1) != 0;
  m.ball_valid = r.get(1) != 0;
  m.ball_x = dequantise_position(r.get(10));
  m.ball_y = dequantise_position(r.get(10));
  uint64_t age = r.get(3);
  if (age > 6) return false;
  m.ball_age = kAgeDecoded[age];
  *out = m;
  return true;
}

bool is_my_turn_to_speak(double server_time, int unum) {
  if (unum < 1 || unum > 11) return false;
  long cycle = std::lround(server_time / 0.02);
  if (cycle % 2 != 0) return false;
  return (cycle / 2) % 11 == unum - 1;
}

}  // namespace libero::world
