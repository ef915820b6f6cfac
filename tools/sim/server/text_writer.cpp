#include "tools/sim/server/text_writer.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace libero::sim {

void TextWriter::text(std::string_view s) {
  if (s.size() > capacity_ - size_) {
    overflowed_ = true;
    return;
  }
  std::memcpy(buffer_ + size_, s.data(), s.size());
  size_ += s.size();
}

void TextWriter::ch(char c) {
  if (size_ >= capacity_) {
    overflowed_ = true;
    return;
  }
  buffer_[size_++] = c;
}

void TextWriter::fixed2(double value) {
  if (!std::isfinite(value)) {
    ++non_finite_;
    value = 0.0;
  }
  char* first = buffer_ + size_;
  char* last = buffer_ + capacity_;
  std::to_chars_result r = std::to_chars(first, last, value, std::chars_format::fixed, 2);
  if (r.ec != std::errc()) {
    overflowed_ = true;
    return;
  }
  size_ = static_cast<size_t>(r.ptr - buffer_);
}

void TextWriter::general6(double value) {
  if (!std::isfinite(value)) {
    ++non_finite_;
    value = 0.0;
  }
  char* first = buffer_ + size_;
  char* last = buffer_ + capacity_;
  std::to_chars_result r = std::to_chars(first, last, value, std::chars_format::general, 6);
  if (r.ec != std::errc()) {
    overflowed_ = true;
    return;
  }
  size_ = static_cast<size_t>(r.ptr - buffer_);
}

void TextWriter::integer(long value) {
  char* first = buffer_ + size_;
  char* last = buffer_ + capacity_;
  std::to_chars_result r = std::to_chars(first, last, value);
  if (r.ec != std::errc()) {
    overflowed_ = true;
    return;
  }
  size_ = static_cast<size_t>(r.ptr - buffer_);
}

}  // namespace libero::sim
