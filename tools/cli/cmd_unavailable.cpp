// Placeholders for commands whose parts are still being written. Each owner
// replaces its function here with a cmd_<name>.cpp of its own.
#include <cstdio>
#include <cstring>

#include "commands.h"

namespace libero::cli {

namespace {
int unavailable(const char* name, int argc, char** argv) {
  const Command* command = find_command(name);
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::printf("usage: libero %s [options]\n\n%s.\nNot available in this build yet.\n", name, command->summary);
      return kExitOk;
    }
  }
  std::fprintf(stderr, "libero %s: not available in this build yet\n", name);
  return kExitUsage;
}
}  // namespace


}  // namespace libero::cli
