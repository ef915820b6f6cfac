#include "agent/action_builder.h"

#include <cstring>

#include "core/math.h"
#include "protocol/simspark_codec.h"

namespace libero::agent {

namespace {
bool set_say(std::string_view text, protocol::Action* action) {
  if (text.size() > static_cast<size_t>(protocol::kMaxSayLength) || !protocol::validate_say(text).ok()) return false;
  std::memcpy(action->say, text.data(), text.size());
  action->say[text.size()] = '\0';
  action->say_length = static_cast<uint8_t>(text.size());
  action->send_say = true;
  return true;
}
}  // namespace

SayOutcome add_requests_to_action(const motion::SkillRequests& requests, std::string_view team_message,
                                  protocol::Action* action) {
  if (requests.beam) {
    action->send_beam = true;
    action->beam_x = static_cast<float>(requests.beam_x);
    action->beam_y = static_cast<float>(requests.beam_y);
    action->beam_rot_deg = static_cast<float>(rad2deg(requests.beam_heading));
  }
  action->send_pass = requests.pass_mode != 0;
  if (requests.say) {
    // say_text is a fixed C array written by Lua: bound the scan by its size.
    size_t length = strnlen(requests.say_text, sizeof requests.say_text);
    return set_say(std::string_view(requests.say_text, length), action) ? SayOutcome::kFromBehaviour
                                                                         : SayOutcome::kRejected;
  }
  if (!team_message.empty()) {
    return set_say(team_message, action) ? SayOutcome::kFromWorldModel : SayOutcome::kRejected;
  }
  return SayOutcome::kNone;
}

}  // namespace libero::agent
