// libero: one program, one subcommand per job (agent, replay, serve, ...).
#include <cstdio>
#include <cstring>

#include "commands.h"

#ifndef LIBERO_VERSION
#define LIBERO_VERSION "unknown"
#endif

namespace {

void print_usage(std::FILE* out) {
  std::fprintf(out,
               "usage: libero <command> [options]\n"
               "       libero help <command>    help for one command\n"
               "       libero --version\n\ncommands:\n");
  for (size_t i = 0; i < libero::cli::kCommandCount; ++i)
    std::fprintf(out, "  %-8s %s\n", libero::cli::kCommands[i].name, libero::cli::kCommands[i].summary);
}

int unknown_command(const char* name) {
  std::fprintf(stderr, "libero: unknown command '%s' (commands:", name);
  for (size_t i = 0; i < libero::cli::kCommandCount; ++i)
    std::fprintf(stderr, "%s %s", i == 0 ? "" : ",", libero::cli::kCommands[i].name);
  std::fprintf(stderr, "; see 'libero --help')\n");
  return libero::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace libero::cli;
  if (argc < 2) {
    print_usage(stderr);
    return kExitUsage;
  }
  const char* first = argv[1];
  if (std::strcmp(first, "--help") == 0 || std::strcmp(first, "-h") == 0) {
    print_usage(stdout);
    return kExitOk;
  }
  if (std::strcmp(first, "--version") == 0) {
    std::printf("libero %s\n", LIBERO_VERSION);
    return kExitOk;
  }
  if (std::strcmp(first, "help") == 0) {
    if (argc == 2) {
      print_usage(stdout);
      return kExitOk;
    }
    if (argc > 3) {
      std::fprintf(stderr, "libero help: expected one command name\n");
      return kExitUsage;
    }
    const Command* command = find_command(argv[2]);
    if (!command) return unknown_command(argv[2]);
    char help_flag[] = "--help";
    char* help_argv[] = {argv[2], help_flag, nullptr};
    return command->run(2, help_argv);
  }
  if (first[0] == '-') {
    std::fprintf(stderr, "libero: unknown option '%s' (see 'libero --help')\n", first);
    return kExitUsage;
  }
  const Command* command = find_command(first);
  if (!command) return unknown_command(first);
  return command->run(argc - 1, argv + 1);
}
