// The `libero` program's subcommands. To add one: write cmd_<name>.cpp
// defining `int run_<name>(int argc, char** argv)` (argv[0] is the command
// name; print help and return 0 on --help), declare it below and add one
// row to kCommands in commands.cpp. If it needs a library, append it with
//   set_property(GLOBAL APPEND PROPERTY LIBERO_CLI_LIBRARIES <target>)
// in the CMakeLists.txt of your part (tools/cli is configured last).
#pragma once

#include <cstddef>

namespace libero::cli {

struct Command {
  const char* name;
  const char* summary;                 // one line for `libero --help`
  int (*run)(int argc, char** argv);   // returns the process exit code
};

// Exit codes shared by every command.
enum : int { kExitOk = 0, kExitFailure = 1, kExitUsage = 2 };

extern const Command kCommands[];
extern const size_t kCommandCount;

const Command* find_command(const char* name);

int run_agent(int argc, char** argv);
int run_replay(int argc, char** argv);
int run_serve(int argc, char** argv);
int run_match(int argc, char** argv);
int run_fitness(int argc, char** argv);
int run_optimize(int argc, char** argv);
int run_test(int argc, char** argv);
int run_tournament(int argc, char** argv);
int run_view(int argc, char** argv);

}  // namespace libero::cli
