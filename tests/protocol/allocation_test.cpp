// Steady-state decoding must not allocate: count global operator new calls.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "protocol/simspark_codec.h"
#include "session_sample.h"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (size == 0) size = 1;
  if (void* p = std::malloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

using namespace libero;
using namespace libero::protocol;

TEST_CASE("decoding the sample messages does not allocate after warm-up") {
  const auto messages = testing::load_session_sample(testing::session_sample_path());
  REQUIRE(messages.size() > 10);
  static Percept percept;
  for (const auto& m : messages)
    if (m.from_server) REQUIRE(decode_simspark(m.text, &percept).ok());  // warm-up: thread's parser

  const long before = g_allocations.load();
  int decoded = 0;
  for (int round = 0; round < 200; ++round)
    for (const auto& m : messages)
      if (m.from_server) decoded += decode_simspark(m.text, &percept).ok() ? 1 : 0;
  const long after = g_allocations.load();
  CHECK(decoded == 200 * 19);
  CHECK(after - before == 0);
}

TEST_CASE("encoding does not allocate") {
  Action action;
  action.send_init = true;
  action.unum = 3;
  REQUIRE(action.team_name.assign("Libero"));
  for (int j = 0; j < kJointCount; ++j) {
    action.joint_set[j] = true;
    action.joint_velocity[j] = 0.25f * static_cast<float>(j) - 3.0f;
  }
  action.send_say = true;
  action.say_length = 5;
  for (int i = 0; i < 5; ++i) action.say[i] = static_cast<char>('a' + i);
  char buffer[2048];
  const long before = g_allocations.load();
  size_t total = 0;
  for (int i = 0; i < 1000; ++i) {
    Result<size_t> r = encode_simspark(action, buffer, sizeof buffer);
    if (r.ok()) total += *r;
  }
  CHECK(g_allocations.load() - before == 0);
  CHECK(total > 0);
}
