// Errors are values at module boundaries (C++20 has no std::expected yet).
// An Error carries a message and, for parsers, the byte offset it refers to.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <variant>

namespace libero {

struct Error {
  std::string message;
  std::ptrdiff_t offset = -1;  // byte offset into the input, -1 when not applicable

  std::string describe() const {
    if (offset < 0) return message;
    return message + " (at byte " + std::to_string(offset) + ")";
  }
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { return std::get<1>(state_); }

 private:
  std::variant<T, Error> state_;
};

// Result<void>: success or an Error.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : error_(std::move(error)), failed_(true) {}

  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return error_; }

 private:
  Error error_;
  bool failed_ = false;
};

using Status = Result<void>;

inline Error make_error(std::string message, std::ptrdiff_t offset = -1) {
  return Error{std::move(message), offset};
}

}  // namespace libero
