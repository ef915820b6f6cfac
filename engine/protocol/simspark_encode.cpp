// Action -> agent message. Every field is validated before anything is
// written, so an invalid Action never produces half a message on the wire.
// Numbers are printed fixed-point with at most 4 decimals and trailing zeros
// removed ("-5", "0.5", "-3.1416"): locale-independent (integer digits, no
// printf), precise to 1e-4 (well below what a 20 ms servo step resolves),
// and short.
#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

#include "protocol/simspark_codec.h"

namespace libero::protocol {

namespace {

constexpr double kMaxAbsNumber = 1e6;  // keeps every number short; no effector needs more

// Writes v (finite, |v| <= kMaxAbsNumber) rounded to 4 decimals, half away
// from zero, into out (at least 32 bytes); returns the length. Integer
// arithmetic on v * 10^4 (at most 10^10, exact in int64) keeps it fast and
// locale-free; trailing zeros and "-0" are dropped.
size_t format_number(double v, char* out) {
  const long long scaled = std::llround(v * 10000.0);
  unsigned long long magnitude = scaled < 0 ? static_cast<unsigned long long>(-scaled)
                                            : static_cast<unsigned long long>(scaled);
  size_t length = 0;
  if (scaled < 0) out[length++] = '-';
  unsigned long long integer = magnitude / 10000;
  unsigned fraction = static_cast<unsigned>(magnitude % 10000);
  char digits[24];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + integer % 10);
    integer /= 10;
  } while (integer != 0);
  while (n > 0) out[length++] = digits[--n];
  if (fraction != 0) {
    out[length++] = '.';
    unsigned divisor = 1000;
    while (fraction != 0) {
      out[length++] = static_cast<char>('0' + fraction / divisor);
      fraction %= divisor;
      divisor /= 10;
    }
  }
  return length;
}

// The Error is built only on failure: the success path must not allocate.
Status check_number(double v, std::string_view what, std::string_view detail = {}) {
  if (std::isfinite(v) && std::fabs(v) <= kMaxAbsNumber) return {};
  std::string name(what);
  name += detail;
  if (!std::isfinite(v)) return make_error(name + " is not a finite number");
  return make_error(name + " is out of range (|v| > 1e6)");
}

// Team names travel as one atom: printable, no space or parentheses.
Status check_team_name(std::string_view name) {
  if (name.empty()) return make_error("init: team name is empty");
  for (size_t i = 0; i < name.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    if (c < 0x21 || c > 0x7E || c == '(' || c == ')')
      return make_error("init: team name has a character that is not 0x21-0x7E or is a parenthesis",
                        static_cast<std::ptrdiff_t>(i));
  }
  return {};
}

class Writer {
 public:
  Writer(char* buffer, size_t capacity) : buffer_(buffer), capacity_(capacity) {}

  void put(std::string_view s) {
    if (s.size() > capacity_ - length_) {
      overflow_ = true;
      return;
    }
    std::memcpy(buffer_ + length_, s.data(), s.size());
    length_ += s.size();
  }
  void put_number(double v) {
    char text[32];
    put(std::string_view(text, format_number(v, text)));
  }
  void put_int(int v) {
    char text[16];
    char* end = std::to_chars(text, text + sizeof text, v).ptr;
    put(std::string_view(text, static_cast<size_t>(end - text)));
  }

  size_t length() const { return length_; }
  bool overflow() const { return overflow_; }

 private:
  char* buffer_;
  size_t capacity_;
  size_t length_ = 0;
  bool overflow_ = false;
};

Status validate_action(const Action& action) {
  if (action.send_scene) {
    if (action.robot_type < 0 || action.robot_type > 4)
      return make_error("scene: robot type " + std::to_string(action.robot_type) + " is not 0-4");
    return {};
  }
  if (action.send_init) {
    if (action.unum < 0 || action.unum > 11)
      return make_error("init: uniform number " + std::to_string(action.unum) + " is not 0-11");
    if (action.team_name.length > kMaxNameLength) return make_error("init: team name length is corrupt");
    if (Status s = check_team_name(action.team_name.view()); !s) return s;
  }
  for (int j = 0; j < kJointCount; ++j) {
    if (!action.joint_set[j]) continue;
    if (Status s = check_number(action.joint_velocity[j], "velocity of ", kJointEffectorNames[j]); !s)
      return s;
  }
  if (action.send_beam) {
    if (Status s = check_number(action.beam_x, "beam x"); !s) return s;
    if (Status s = check_number(action.beam_y, "beam y"); !s) return s;
    if (Status s = check_number(action.beam_rot_deg, "beam rotation"); !s) return s;
  }
  if (action.send_say) {
    if (action.say_length > kMaxSayLength)
      return make_error("say: message has " + std::to_string(action.say_length) + " characters; the limit is " +
                        std::to_string(kMaxSayLength));
    if (Status s = validate_say(std::string_view(action.say, action.say_length)); !s) return s;
  }
  return {};
}

}  // namespace

Status validate_say(std::string_view message) {
  if (message.empty()) return make_error("say: message is empty");
  if (message.size() > static_cast<size_t>(kMaxSayLength))
    return make_error("say: message has " + std::to_string(message.size()) + " characters; the limit is " +
                      std::to_string(kMaxSayLength));
  for (size_t i = 0; i < message.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(message[i]);
    if (c < 0x21 || c > 0x7E || c == '(' || c == ')') {
      const char* digits = "0123456789ABCDEF";
      std::string code = "0x";
      code += digits[c >> 4];
      code += digits[c & 15];
      return make_error("say: character " + code + " at index " + std::to_string(i) +
                            " is not allowed (only 0x21-0x7E except '(' and ')')",
                        static_cast<std::ptrdiff_t>(i));
    }
  }
  return {};
}

Result<size_t> encode_simspark(const Action& action, char* buffer, size_t capacity) {
  if (Status s = validate_action(action); !s) return s.error();
  if (buffer == nullptr) capacity = 0;

  Writer w(buffer, capacity);
  if (action.send_scene) {
    // A fresh connection has no other effector yet (facts §6): the server
    // would warn about anything else, so the scene message stands alone.
    w.put("(scene rsg/agent/nao/nao_hetero.rsg ");
    w.put_int(action.robot_type);
    w.put(")");
    if (w.overflow())
      return make_error("output buffer of " + std::to_string(capacity) + " bytes is too small for the message");
    return w.length();
  }
  if (action.send_init) {
    w.put("(init (unum ");
    w.put_int(action.unum);
    w.put(")(teamname ");
    w.put(action.team_name.view());
    w.put("))");
  }
  for (int j = 0; j < kJointCount; ++j) {
    if (!action.joint_set[j]) continue;
    w.put("(");
    w.put(kJointEffectorNames[j]);
    w.put(" ");
    w.put_number(action.joint_velocity[j]);
    w.put(")");
  }
  if (action.send_beam) {
    w.put("(beam ");
    w.put_number(action.beam_x);
    w.put(" ");
    w.put_number(action.beam_y);
    w.put(" ");
    w.put_number(action.beam_rot_deg);
    w.put(")");
  }
  if (action.send_pass) w.put("(pass)");
  if (action.send_say) {
    w.put("(say ");
    w.put(std::string_view(action.say, action.say_length));
    w.put(")");
  }
  if (action.send_syn) w.put("(syn)");

  if (w.overflow())
    return make_error("output buffer of " + std::to_string(capacity) + " bytes is too small for the message");
  return w.length();
}

}  // namespace libero::protocol
