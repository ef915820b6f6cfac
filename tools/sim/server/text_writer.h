// Appends percept and monitor text into a caller-owned fixed buffer.
// Percepts print every float fixed-point with exactly two decimals (C++ stream "fixed",
// precision 2), so -0.001 prints as "-0.00"; std::to_chars gives the same
// correctly rounded digits without locale or allocation.
#pragma once

#include <cstddef>
#include <string_view>

namespace libero::sim {

class TextWriter {
 public:
  TextWriter(char* buffer, size_t capacity) : buffer_(buffer), capacity_(capacity) {}

  void text(std::string_view s);
  void ch(char c);
  // Fixed-point, exactly two decimals. Non-finite values print as 0.00 and
  // are counted (a physics blow-up must not hand agents "nan").
  void fixed2(double value);
  void integer(long value);
  // C++ stream default formatting (6 significant digits, "%g"), as the
  // reference's monitor output. Non-finite values print as 0 and are counted.
  void general6(double value);

  size_t size() const { return size_; }
  const char* data() const { return buffer_; }
  std::string_view view() const { return {buffer_, size_}; }
  // True when something did not fit; the text is then truncated and must not be sent.
  bool overflowed() const { return overflowed_; }
  int non_finite_count() const { return non_finite_; }
  void clear() {
    size_ = 0;
    overflowed_ = false;
    non_finite_ = 0;
  }

 private:
  char* buffer_;
  size_t capacity_;
  size_t size_ = 0;
  bool overflowed_ = false;
  int non_finite_ = 0;
};

}  // namespace libero::sim
