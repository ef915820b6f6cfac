#include "options.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "commands.h"

namespace libero::cli {

namespace {

const Option* find_option(const std::vector<Option>& options, const std::string& name) {
  for (const Option& option : options)
    if (name == option.name) return &option;
  return nullptr;
}

std::string range_text(const Option& option) {
  char text[96];
  if (option.kind == OptionKind::kInt) {
    std::snprintf(text, sizeof text, "an integer from %.0f to %.0f", option.min, option.max);
  } else {
    std::snprintf(text, sizeof text, "a number from %g to %g", option.min, option.max);
  }
  return text;
}

Status store(const Option& option, const std::string& value) {
  std::string name = std::string("--") + option.name;
  switch (option.kind) {
    case OptionKind::kFlag:
      return make_error(name + " takes no value");
    case OptionKind::kString:
      if (value.empty()) return make_error(name + " needs a non-empty value");
      *static_cast<std::string*>(option.target) = value;
      return {};
    case OptionKind::kInt: {
      char* end = nullptr;
      errno = 0;
      long long parsed = std::strtoll(value.c_str(), &end, 10);
      if (value.empty() || errno != 0 || *end != '\0' || static_cast<double>(parsed) < option.min ||
          static_cast<double>(parsed) > option.max) {
        return make_error(name + ": expected " + range_text(option) + ", got '" + value + "'");
      }
      *static_cast<int*>(option.target) = static_cast<int>(parsed);
      return {};
    }
    case OptionKind::kDouble: {
      char* end = nullptr;
      errno = 0;
      double parsed = std::strtod(value.c_str(), &end);
      if (value.empty() || errno != 0 || *end != '\0' || !std::isfinite(parsed) || parsed < option.min ||
          parsed > option.max) {
        return make_error(name + ": expected " + range_text(option) + ", got '" + value + "'");
      }
      *static_cast<double*>(option.target) = parsed;
      return {};
    }
  }
  return make_error("unhandled option kind");
}

}  // namespace

Result<ParsedArgs> parse_options(const std::vector<Option>& options, int argc, char** argv) {
  ParsedArgs parsed;
  bool only_positional = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (only_positional || arg.size() < 2 || arg[0] != '-') {
      parsed.positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positional = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      parsed.help = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0) return make_error("unknown option " + arg);
    std::string name = arg.substr(2);
    bool inline_value = false;
    std::string value;
    size_t equals = name.find('=');
    if (equals != std::string::npos) {
      value = name.substr(equals + 1);
      name.resize(equals);
      inline_value = true;
    }
    const Option* option = find_option(options, name);
    if (!option) return make_error("unknown option --" + name);
    if (option->kind == OptionKind::kFlag) {
      if (inline_value) return make_error("--" + name + " takes no value");
      *static_cast<bool*>(option->target) = true;
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= argc) return make_error("--" + name + " needs a value (" + option->value_name + ")");
      value = argv[++i];
    }
    Status stored = store(*option, value);
    if (!stored.ok()) return stored.error();
  }
  return parsed;
}

void print_help(std::FILE* out, const char* usage, const char* description, const std::vector<Option>& options) {
  std::fprintf(out, "usage: %s\n\n%s\n", usage, description);
  if (options.empty()) return;
  std::fprintf(out, "\noptions:\n");
  for (const Option& option : options) {
    std::string left = std::string("--") + option.name;
    if (option.kind != OptionKind::kFlag) left += std::string(" ") + option.value_name;
    std::fprintf(out, "  %-26s %s\n", left.c_str(), option.help);
  }
  std::fprintf(out, "  %-26s %s\n", "-h, --help", "show this help");
}

int usage_error(const char* command, const std::string& message) {
  std::fprintf(stderr, "libero %s: %s\n(see 'libero %s --help')\n", command, message.c_str(), command);
  return kExitUsage;
}

}  // namespace libero::cli
