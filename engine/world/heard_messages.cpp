#include "world/heard_messages.h"

#include <algorithm>
#include <cstring>

namespace libero::world {

void push_heard(WsHeard slots[kMaxHeardMessages], int32_t id, bool from_self, double direction,
                std::string_view text) {
  std::memmove(slots + 1, slots, sizeof(WsHeard) * (kMaxHeardMessages - 1));
  WsHeard& h = slots[0];
  h = WsHeard{};
  h.valid = 1;
  h.id = id;
  h.from_self = from_self ? 1 : 0;
  h.direction = from_self ? 0.0 : direction;
  size_t n = std::min(text.size(), static_cast<size_t>(kHeardTextLength));
  std::memcpy(h.text, text.data(), n);
  h.text[n] = '\0';
}

void age_heard(WsHeard slots[kMaxHeardMessages], double dt) {
  for (int k = 0; k < kMaxHeardMessages; ++k) {
    WsHeard& h = slots[k];
    if (!h.valid) continue;
    h.age += dt;
    if (h.age > static_cast<double>(kHeardForgetSeconds)) h.valid = 0;
  }
}

}  // namespace libero::world
