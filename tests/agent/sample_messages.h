// The real rcssserver3d 0.7.2 messages captured in
// tests/data/simspark-0.7.2-session.txt (LIBERO_SAMPLE_SESSION): each
// "--- SERVER->AGENT ..." line is followed by one message line. A missing
// file throws, so a test fails with the path instead of indexing nothing.
#pragma once

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

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
  std::ifstream in(LIBERO_SAMPLE_SESSION);
  if (!in) throw std::runtime_error(std::string("cannot read the captured server session ") + LIBERO_SAMPLE_SESSION);
  std::string line;
  bool next_is_server = false;
  bool in_second = false;
  while (std::getline(in, line)) {
    if (line.rfind("# Capture 2", 0) == 0) in_second = true;
    if (next_is_server) {
      (in_second ? session.second_capture : session.first_capture).push_back(line);
      next_is_server = false;
      continue;
    }
    next_is_server = line.rfind("--- SERVER->AGENT", 0) == 0;
  }
  return session;
}

}  // namespace libero::testing
