// Command-line options for the subcommands: one table per command drives
// both parsing (with type and range checks) and the --help text, so the two
// cannot drift apart. Accepts `--name value` and `--name=value`.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "core/result.h"

namespace libero::cli {

enum class OptionKind { kFlag, kString, kInt, kDouble };

struct Option {
  const char* name;        // without the leading "--"
  OptionKind kind;
  void* target;            // bool*, std::string*, int* or double* by kind
  const char* value_name;  // shown in help: --port N
  const char* help;
  double min = 0, max = 0; // inclusive range for numbers
};

struct ParsedArgs {
  bool help = false;                   // -h or --help was given
  std::vector<std::string> positional;
};

// argv[0] is the command name. Errors name the option and what was wrong.
Result<ParsedArgs> parse_options(const std::vector<Option>& options, int argc, char** argv);

void print_help(std::FILE* out, const char* usage, const char* description, const std::vector<Option>& options);

// Prints "libero <command>: <message>" and a pointer to --help; returns kExitUsage.
int usage_error(const char* command, const std::string& message);

}  // namespace libero::cli
