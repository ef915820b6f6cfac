#include "tools/sim/server/text_writer.h"

#include <charconv>
#include <cmath>
#include <cstdint>
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

namespace {

// Two decimals of |value| in [0.001, 1e15), rounded as std::to_chars rounds
// (the exact binary value to nearest, ties to even), as an integer count of
// hundredths. |value| = mantissa * 2^-shift with shift in [3, 62], and
// mantissa * 100 < 2^60, so the product and the remainder are exact.
uint64_t hundredths(double magnitude) {
  uint64_t bits;
  std::memcpy(&bits, &magnitude, sizeof bits);
  const int shift = 1075 - static_cast<int>(bits >> 52);
  const uint64_t product = ((bits & ((uint64_t{1} << 52) - 1)) | (uint64_t{1} << 52)) * 100;
  uint64_t whole = product >> shift;
  const uint64_t rest = product & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
  if (rest > half || (rest == half && (whole & 1) != 0)) ++whole;
  return whole;
}

}  // namespace

void TextWriter::fixed2(double value) {
  if (!std::isfinite(value)) {
    ++non_finite_;
    value = 0.0;
  }
  // Percepts print about 200 numbers per robot and cycle; the general
  // to_chars path was most of the text's cost. Every finite double in the
  // percepts' range takes this exact integer path (tested against to_chars).
  const double magnitude = std::fabs(value);
  if (magnitude < 1e15) {
    const uint64_t n = magnitude < 0.001 ? 0 : hundredths(magnitude);
    char digits[24];
    int length = 0;
    digits[length++] = static_cast<char>('0' + n % 10);
    digits[length++] = static_cast<char>('0' + n / 10 % 10);
    digits[length++] = '.';
    uint64_t units = n / 100;
    do {
      digits[length++] = static_cast<char>('0' + units % 10);
      units /= 10;
    } while (units != 0);
    if (std::signbit(value)) digits[length++] = '-';
    if (static_cast<size_t>(length) > capacity_ - size_) {
      overflowed_ = true;
      return;
    }
    for (int i = length - 1; i >= 0; --i) buffer_[size_++] = digits[i];
    return;
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
