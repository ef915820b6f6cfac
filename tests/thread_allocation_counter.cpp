#include "thread_allocation_counter.h"

#include <cstdlib>
#include <new>

namespace {
thread_local bool t_counting = false;
thread_local long t_allocations = 0;

void* counted_alloc(std::size_t size) {
  if (t_counting) ++t_allocations;
  void* p = std::malloc(size == 0 ? 1 : size);
  if (!p) throw std::bad_alloc();
  return p;
}

void* counted_alloc_nothrow(std::size_t size) noexcept {
  if (t_counting) ++t_allocations;
  return std::malloc(size == 0 ? 1 : size);
}
}  // namespace

namespace libero::test {
void start_counting_allocations() {
  t_allocations = 0;
  t_counting = true;
}
long stop_counting_allocations() {
  t_counting = false;
  return t_allocations;
}
bool counting_allocations() { return t_counting; }
long CountingScope::count() const { return t_allocations; }
}  // namespace libero::test

void* operator new(std::size_t size) { return counted_alloc(size); }
void* operator new[](std::size_t size) { return counted_alloc(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc_nothrow(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc_nothrow(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
