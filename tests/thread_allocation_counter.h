// Counts global operator new calls made by one thread between start and
// stop, for tests that check a per-cycle path does not allocate. Link
// thread_allocation_counter.cpp into a test executable of its own: it
// replaces the global operator new for the whole program.
#pragma once

namespace libero::test {

// Starts counting on the calling thread (from zero).
void start_counting_allocations();
// Stops counting on the calling thread; returns the count since the start.
long stop_counting_allocations();
// True while the calling thread counts.
bool counting_allocations();

// Counts for its lifetime on the constructing thread.
struct CountingScope {
  CountingScope() { start_counting_allocations(); }
  ~CountingScope() { stop_counting_allocations(); }
  long count() const;
};

}  // namespace libero::test
