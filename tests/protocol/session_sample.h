// Reads the captured rcssserver3d 0.7.2 session
// (tests/data/simspark-0.7.2-session.txt, LIBERO_SAMPLE_SESSION): each message is one
// line after a header "--- SERVER->AGENT #N ... len=L" or
// "--- AGENT->SERVER ... len=L". The one reader of the capture: the protocol,
// agent and world tests, the fuzz corpus generator and the benchmarks use it.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace libero::testing {

struct SampleMessage {
  bool from_server = false;
  int number = -1;            // the "#N" of server messages, -1 for agent messages
  size_t declared_length = 0; // the header's len=
  int capture = 0;            // 1, 2, ...: the agent's "(scene ...)" starts each capture
  std::string text;
};

// Returns the messages in file order. A missing file throws: a test that read
// nothing would index an empty capture (doctest reports the throw and its path).
inline std::vector<SampleMessage> load_session_sample(const std::string& path) {
  std::vector<SampleMessage> messages;
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot read the captured server session " + path);
  std::string line;
  int capture = 0;
  while (std::getline(file, line)) {
    if (line.rfind("--- ", 0) != 0) continue;
    SampleMessage m;
    m.from_server = line.find("SERVER->AGENT") != std::string::npos;
    if (m.from_server) {
      const size_t hash = line.find('#');
      if (hash != std::string::npos) m.number = std::stoi(line.substr(hash + 1));
    }
    const size_t len = line.find("len=");
    if (len != std::string::npos) m.declared_length = std::stoul(line.substr(len + 4));
    if (!std::getline(file, m.text)) break;
    if (!m.from_server && m.text.rfind("(scene", 0) == 0) ++capture;
    m.capture = capture;
    messages.push_back(std::move(m));
  }
  return messages;
}

inline std::string session_sample_path() { return LIBERO_SAMPLE_SESSION; }

}  // namespace libero::testing
