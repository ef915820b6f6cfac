// Counts global operator new calls so tests can check that the per-cycle
// path does not allocate.
#pragma once

#include <cstdint>

namespace libero::test {
uint64_t allocation_count();
}
