#include "world/team_message.h"

#include <cmath>
#include <cstdint>

namespace libero::world {

namespace {

constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
static_assert(sizeof(kAlphabet) == 65);
constexpr int kVersion = 2;  // 1: 13 characters without the scripts' payload
constexpr int kDataBits = 84;      // 59 world-model bits, the payload flag, 24 payload bits
constexpr int kChecksumBits = 24;
static_assert(kDataBits + kChecksumBits == 6 * kTeamMessageLength);
static_assert(kTeamMessageLength <= protocol::kMaxSayLength);
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

// The message's 108 bits, least significant first, in two 64-bit words.
struct Bits {
  uint64_t word[2] = {0, 0};
  // width <= 32; the field may straddle the two words.
  void put(int position, uint64_t value, int width) {
    value &= (uint64_t{1} << width) - 1;
    int w = position / 64, shift = position % 64;
    word[w] |= value << shift;
    if (shift + width > 64) word[w + 1] |= value >> (64 - shift);
  }
  uint64_t get(int position, int width) const {
    int w = position / 64, shift = position % 64;
    uint64_t value = word[w] >> shift;
    if (shift + width > 64) value |= word[w + 1] << (64 - shift);
    return value & ((uint64_t{1} << width) - 1);
  }
};

struct BitWriter {
  Bits* bits;
  int count = 0;
  void put(uint64_t value, int width) {
    bits->put(count, value, width);
    count += width;
  }
};

struct BitReader {
  const Bits* bits;
  int position = 0;
  uint64_t get(int width) {
    uint64_t value = bits->get(position, width);
    position += width;
    return value;
  }
};

// FNV-1a over the team name and the data bits (11 bytes), folded to 24 bits.
uint32_t checksum(const Bits& data, std::string_view team) {
  uint32_t h = 2166136261u;
  for (char c : team) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  for (int i = 0; i < (kDataBits + 7) / 8; ++i)
    h = (h ^ static_cast<uint8_t>(data.get(8 * i, i * 8 + 8 <= kDataBits ? 8 : kDataBits - 8 * i))) * 16777619u;
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
  Bits bits;
  BitWriter w{&bits};
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
  // The scripts' bits; without any, the field is zero (the decoder insists).
  w.put(m.has_script_payload, 1);
  w.put(m.has_script_payload ? (m.script_payload & kScriptPayloadMask) : 0, kScriptPayloadBits);
  // 84 data bits, then the checksum on top: 108 bits in 18 symbols.
  w.put(checksum(bits, team_name), kChecksumBits);
  for (int i = 0; i < kTeamMessageLength; ++i) out[i] = kAlphabet[bits.get(6 * i, 6)];
  out[kTeamMessageLength] = '\0';
  return kTeamMessageLength;
}

bool decode_team_message(std::string_view text, std::string_view team_name, TeamMessage* out) {
  if (text.size() != static_cast<size_t>(kTeamMessageLength)) return false;
  Bits bits;
  for (int i = 0; i < kTeamMessageLength; ++i) {
    int v = symbol_value(text[i]);
    if (v < 0) return false;
    bits.put(6 * i, static_cast<uint64_t>(v), 6);
  }
  uint32_t check = static_cast<uint32_t>(bits.get(kDataBits, kChecksumBits));
  Bits data = bits;  // the checksum covers the data bits only
  data.word[1] &= (uint64_t{1} << (kDataBits - 64)) - 1;
  if (check != checksum(data, team_name)) return false;
  BitReader r{&data};
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
  m.has_script_payload = r.get(1) != 0;
  m.script_payload = static_cast<uint32_t>(r.get(kScriptPayloadBits));
  if (!m.has_script_payload && m.script_payload != 0) return false;  // no encoder writes that
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
