// Command-line arguments of the benchmark and search tools.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace libero::bench {

// Exit status of a tool given bad arguments: it has run and written nothing.
constexpr int kBadArguments = 2;

// Reads a tool's arguments in order, checking each as it is taken. The first
// bad one stops the reading with a message naming it: a typo must not
// silently bench the defaults (a figure for the wrong thing), start hours of
// search, or write a file named after an option.
//
//   Args args(argc, argv);
//   while (args.next()) {
//     if (args.arg() == "--runs") runs = args.whole(1, 1000000);
//     else args.unknown_option();
//   }
//   if (std::optional<int> status = args.finish("libero_tool", kUsage)) return *status;
class Args {
 public:
  Args(int argc, char** argv) : argc_(argc), argv_(argv) {}

  // Steps to the next argument. False at the end, once an error is set, and
  // at --help or -h: asked for anywhere, the usage is printed instead of a
  // run (finish). An option's value is taken by value(), not here, so
  // "--init -h" names a file.
  bool next() {
    if (!error_.empty() || help_ || i_ + 1 >= argc_) return false;
    arg_ = argv_[++i_];
    help_ = arg_ == "--help" || arg_ == "-h";
    return !help_;
  }
  const std::string& arg() const { return arg_; }
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  bool help() const { return help_; }
  // Only the first error is kept: later ones are often its consequence.
  void fail(const std::string& message) {
    if (error_.empty()) error_ = message;
  }
  void unknown_option() { fail("unknown option '" + arg_ + "'"); }
  void unexpected() { fail("unexpected argument '" + arg_ + "'"); }

  // The current option's value: the next argument, whatever it starts with
  // (a negative number starts with '-'). "" when there is none.
  const char* value() {
    if (i_ + 1 < argc_) return argv_[++i_];
    fail(arg_ + " needs a value");
    return "";
  }
  // The value as a number from low to high; low on an error.
  double number(double low, double high) {
    const char* text = value();
    return ok() ? parse(arg_, text, low, high, false) : low;
  }
  // The value as a number above low (excluded), up to high.
  double number_above(double low, double high) {
    const char* text = value();
    return ok() ? parse(arg_, text, low, high, true) : low;
  }
  // The value as a whole number from low to high; low on an error.
  int whole(int low, int high) {
    const char* text = value();
    return ok() ? parse_whole(arg_, text, low, high) : low;
  }

  // Positional arguments, taken before the options. `what` says what is
  // missing when there is none ("missing an output file").
  bool positional(const char* what) {
    if (next()) return true;
    if (!help_) fail(std::string("missing ") + what + " (--help prints the usage)");
    return false;
  }
  // The current argument as a file name. One starting with '-' is an option
  // typed where the file belongs ("out.lua" forgotten): taken as a name, the
  // tool would run in full and write a file called "--generations".
  const char* file(const char* what) {
    if (arg_.rfind('-', 0) == 0) fail(std::string("expected ") + what + ", got " + arg_);
    return argv_[i_];
  }
  // The current argument as a positional number, named `name` in the message.
  int whole_here(const char* name, int low, int high) { return parse_whole(name, arg_.c_str(), low, high); }

  // Once the arguments are read: the exit status when the tool must not run,
  // with the usage printed on stdout (asked for: 0) or "tool: error" on
  // stderr (kBadArguments); nothing when it may run.
  std::optional<int> finish(const char* tool, const char* usage) const {
    if (help_) {
      std::fputs(usage, stdout);
      return 0;
    }
    if (error_.empty()) return std::nullopt;
    std::fprintf(stderr, "%s: %s\n", tool, error_.c_str());
    return kBadArguments;
  }

 private:
  double parse(const std::string& name, const char* text, double low, double high, bool low_excluded) {
    char* end = nullptr;
    const double v = std::strtod(text, &end);
    // Written so that NaN fails too.
    const bool in_range = (low_excluded ? v > low : v >= low) && v <= high;
    if (end != text && *end == '\0' && in_range) return v;
    char range[80];
    if (low_excluded) std::snprintf(range, sizeof range, "above %g and at most %g", low, high);
    else std::snprintf(range, sizeof range, "from %g to %g", low, high);
    fail(name + ": '" + text + "' is not a number " + range);
    return low;
  }
  int parse_whole(const std::string& name, const char* text, int low, int high) {
    const double v = parse(name, text, low, high, false);
    if (!ok()) return low;
    if (v != std::floor(v)) {
      fail(name + ": '" + text + "' is not a whole number");
      return low;
    }
    return static_cast<int>(v);
  }

  int argc_;
  char** argv_;
  int i_ = 0;
  std::string arg_;
  std::string error_;
  bool help_ = false;
};

}  // namespace libero::bench
