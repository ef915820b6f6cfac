// Protocol benchmark. For each message kind, R runs of N repetitions; the
// figure is the median per-message thread CPU time. Baseline, measured in the same run
// on the same bytes: one pass that counts '(' (what any parser must at least
// touch), so the ratio says how far the decoder is from a plain byte scan.
//
// Usage: kUsage below (--help prints it).
#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "bench_args.h"
#include "protocol/sexp.h"
#include "protocol/simspark_codec.h"
#include "session_sample.h"
#include "synthetic_messages.h"

using namespace libero;
using namespace libero::protocol;

namespace {

// Thread CPU time: on a shared, overloaded 2-core machine wall time mostly
// measures the other processes; CPU time of this thread does not.
double cpu_now_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

volatile size_t g_sink = 0;  // keeps results observable so nothing is optimised away

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median over `runs` of the mean ns per call of `body` repeated `iterations` times.
template <typename Body>
double measure(int runs, int iterations, Body body) {
  std::vector<double> per_call;
  for (int i = 0; i < iterations / 10 + 1; ++i) body();  // warm-up
  for (int r = 0; r < runs; ++r) {
    const double start = cpu_now_ns();
    for (int i = 0; i < iterations; ++i) body();
    per_call.push_back((cpu_now_ns() - start) / iterations);
  }
  return median(per_call);
}

size_t scan_baseline(std::string_view text) {
  size_t open = 0;
  const char* p = text.data();
  const char* end = p + text.size();
  while ((p = static_cast<const char*>(std::memchr(p, '(', static_cast<size_t>(end - p)))) != nullptr) {
    ++open;
    ++p;
  }
  return open;
}

const std::string* find_message(const std::vector<testing::SampleMessage>& messages, int number) {
  for (const auto& m : messages)
    if (m.from_server && m.number == number) return &m.text;
  return nullptr;
}

void bench_message(const char* label, const std::string& text, int runs, int iterations) {
  static Percept percept;
  static sexp::Parser parser;
  if (Status s = decode_simspark(text, &percept); !s.ok()) {
    std::fprintf(stderr, "%s does not decode: %s\n", label, s.error().describe().c_str());
    std::exit(1);
  }
  const double baseline = measure(runs, iterations, [&] { g_sink = g_sink + scan_baseline(text); });
  const double parse = measure(runs, iterations, [&] {
    g_sink = g_sink + (parser.parse(text).ok() ? static_cast<size_t>(parser.node_count()) : 0);
  });
  const double decode = measure(runs, iterations, [&] {
    g_sink = g_sink + (decode_simspark(text, &percept).ok() ? static_cast<size_t>(percept.vision.line_count) : 0);
  });
  std::printf("%-34s %6zu B  %6d nodes  decode %8.2f us  parse-only %8.2f us  byte-scan %7.3f us  decode/scan %6.1fx\n",
              label, text.size(), parser.node_count(), decode / 1000, parse / 1000, baseline / 1000,
              decode / baseline);
}

const char kUsage[] = "usage: libero_bench_protocol [--runs R] [--iterations N]\n";

}  // namespace

int main(int argc, char** argv) {
  int runs = 51, iterations = 2000;
  bench::Args args(argc, argv);
  while (args.next()) {
    if (args.arg() == "--runs") runs = args.whole(1, 100000);
    else if (args.arg() == "--iterations") iterations = args.whole(1, 10000000);
    else args.unknown_option();
  }
  if (std::optional<int> status = args.finish("libero_bench_protocol", kUsage)) return *status;
  std::vector<testing::SampleMessage> messages;
  try {
    messages = testing::load_session_sample(testing::session_sample_path());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  const std::string* vision_game = find_message(messages, 453);    // 4 robots in view, 17 lines
  const std::string* vision_alone = find_message(messages, 3);     // own arms, 17 lines
  const std::string* no_vision = find_message(messages, 454);      // time, GS, IMU, 22 HJ, 2 FRP
  if (vision_game == nullptr || vision_alone == nullptr || no_vision == nullptr) {
    std::fprintf(stderr, "sample messages #3, #453, #454 not in %s\n", LIBERO_SAMPLE_SESSION);
    return 1;
  }
  std::printf("protocol benchmark: thread CPU time, median of %d runs x %d iterations\n", runs, iterations);
  bench_message("vision cycle, game (#453)", *vision_game, runs, iterations);
  bench_message("vision cycle, alone (#3)", *vision_alone, runs, iterations);
  bench_message("non-vision cycle (#454)", *no_vision, runs, iterations);
  const std::string full_field = testing::build_full_field_message();
  bench_message("synthetic: 22 robots, 21 lines", full_field, runs, iterations);

  // Encode: a full joint command plus say and syn, against copying the
  // finished message (the least any encoder does).
  Action action;
  for (int j = 0; j < kJointCount; ++j) {
    action.joint_set[j] = true;
    action.joint_velocity[j] = -1.2345f + 0.1f * static_cast<float>(j);
  }
  action.send_say = true;
  std::memcpy(action.say, "ball@3.2,-1.5", 13);
  action.say_length = 13;
  char buffer[2048], copy[2048];
  const size_t length = *encode_simspark(action, buffer, sizeof buffer);
  const double encode = measure(runs, iterations, [&] {
    Result<size_t> r = encode_simspark(action, buffer, sizeof buffer);
    g_sink = g_sink + (r.ok() ? *r : 0);
  });
  const double memcpy_ns = measure(runs, iterations, [&] {
    std::memcpy(copy, buffer, length);
    g_sink = g_sink + static_cast<unsigned char>(copy[length / 2]);
  });
  std::printf("%-34s %6zu B  encode %8.2f us  memcpy %7.3f us  encode/memcpy %6.1fx\n",
              "encode 24 joints + say + syn", length, encode / 1000, memcpy_ns / 1000, encode / memcpy_ns);
  return 0;
}
