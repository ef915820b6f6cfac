// The real rcssserver3d 0.7.2 server messages of
// tests/data/simspark-0.7.2-session.txt, split by capture (read by
// tests/protocol/session_sample.h, which throws with the path when the file
// is missing).
#pragma once

#include <string>
#include <vector>

#include "../protocol/session_sample.h"

namespace libero::testing {

struct SampleSession {
  std::vector<std::string> first_capture;   // before kick-off: #0 (reply to scene) .. #12
  std::vector<std::string> second_capture;  // during a game: #0, #452 .. #456
  std::vector<std::string> all() const {
    std::vector<std::string> out = first_capture;
    out.insert(out.end(), second_capture.begin(), second_capture.end());
    return out;
  }
};

inline SampleSession load_sample_session() {
  SampleSession session;
  for (SampleMessage& m : load_session_sample(session_sample_path())) {
    if (!m.from_server) continue;
    (m.capture >= 2 ? session.second_capture : session.first_capture).push_back(std::move(m.text));
  }
  return session;
}

}  // namespace libero::testing
