// Structured logging with levels. Formatting goes into a fixed stack buffer
// and one write(2) per line, so logging on the cycle path does not allocate.
#pragma once

#include <cstdarg>

namespace libero::log {

enum class Level { Debug = 0, Info = 1, Warn = 2, Error = 3, Off = 4 };

void set_level(Level level);
Level level();
// Parses "debug", "info", "warn", "error" or "off"; returns false if unknown.
bool parse_level(const char* text, Level* out);
// Every line is prefixed with this tag (e.g. "agent Libero#3"), set once.
void set_tag(const char* tag);
// Lines go to stderr by default; fd < 0 restores stderr.
void set_fd(int fd);

void write(Level level, const char* component, const char* format, ...)
    __attribute__((format(printf, 3, 4)));
void vwrite(Level level, const char* component, const char* format, va_list args);

}  // namespace libero::log

// The parameter must not be called `level`: it would replace ::libero::log::level().
#define LIBERO_LOG(message_level, component, ...)                                    \
  do {                                                                               \
    if (static_cast<int>(message_level) >= static_cast<int>(::libero::log::level())) \
      ::libero::log::write(message_level, component, __VA_ARGS__);                   \
  } while (0)
#define LOG_DEBUG(component, ...) LIBERO_LOG(::libero::log::Level::Debug, component, __VA_ARGS__)
#define LOG_INFO(component, ...) LIBERO_LOG(::libero::log::Level::Info, component, __VA_ARGS__)
#define LOG_WARN(component, ...) LIBERO_LOG(::libero::log::Level::Warn, component, __VA_ARGS__)
#define LOG_ERROR(component, ...) LIBERO_LOG(::libero::log::Level::Error, component, __VA_ARGS__)
