#include "core/log.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <ctime>

namespace libero::log {
namespace {
std::atomic<int> g_level{static_cast<int>(Level::Info)};
std::atomic<int> g_fd{2};
char g_tag[64] = "";

const char* level_name(Level level) {
  switch (level) {
    case Level::Debug: return "debug";
    case Level::Info: return "info";
    case Level::Warn: return "warn";
    case Level::Error: return "error";
    case Level::Off: return "off";
  }
  return "?";
}
}  // namespace

void set_level(Level level) { g_level.store(static_cast<int>(level)); }
Level level() { return static_cast<Level>(g_level.load()); }

bool parse_level(const char* text, Level* out) {
  for (int i = 0; i <= static_cast<int>(Level::Off); ++i) {
    if (std::strcmp(text, level_name(static_cast<Level>(i))) == 0) {
      *out = static_cast<Level>(i);
      return true;
    }
  }
  return false;
}

void set_tag(const char* tag) {
  std::snprintf(g_tag, sizeof g_tag, "%s", tag ? tag : "");
}

void set_fd(int fd) { g_fd.store(fd < 0 ? 2 : fd); }

void vwrite(Level lvl, const char* component, const char* format, va_list args) {
  char line[1024];
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  tm parts{};
  gmtime_r(&now.tv_sec, &parts);
  int n = std::snprintf(line, sizeof line, "%02d:%02d:%02d.%03ld %-5s %s%s%s: ", parts.tm_hour,
                        parts.tm_min, parts.tm_sec, now.tv_nsec / 1000000, level_name(lvl), g_tag,
                        g_tag[0] ? " " : "", component);
  if (n < 0) return;
  if (n < static_cast<int>(sizeof line)) {
    int m = std::vsnprintf(line + n, sizeof line - static_cast<size_t>(n), format, args);
    if (m > 0) n += m;
  }
  if (n > static_cast<int>(sizeof line) - 2) n = static_cast<int>(sizeof line) - 2;
  line[n++] = '\n';
  ssize_t written = ::write(g_fd.load(), line, static_cast<size_t>(n));
  (void)written;
}

void write(Level lvl, const char* component, const char* format, ...) {
  va_list args;
  va_start(args, format);
  vwrite(lvl, component, format, args);
  va_end(args);
}

}  // namespace libero::log
