// Length-prefixed framing (4-byte big-endian unsigned length, then the
// payload) over a byte stream. FrameBuffer collects bytes as they arrive in
// any split and hands out complete payloads. It owns one buffer allocated at
// construction; nothing is allocated per message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "core/result.h"

namespace libero::net {

constexpr size_t kFrameHeaderSize = 4;
constexpr size_t kDefaultMaxFrameSize = 64 * 1024;  // SimSpark percepts are 0.6-3 KB

// Writes the 4-byte big-endian length prefix for a payload of `length` bytes.
inline void write_frame_header(uint32_t length, unsigned char out[kFrameHeaderSize]) {
  out[0] = static_cast<unsigned char>(length >> 24);
  out[1] = static_cast<unsigned char>(length >> 16);
  out[2] = static_cast<unsigned char>(length >> 8);
  out[3] = static_cast<unsigned char>(length);
}

inline uint32_t read_frame_header(const unsigned char in[kFrameHeaderSize]) {
  return (uint32_t{in[0]} << 24) | (uint32_t{in[1]} << 16) | (uint32_t{in[2]} << 8) | uint32_t{in[3]};
}

class FrameBuffer {
 public:
  // Room for two maximal frames, so a partial frame plus a full read always
  // fit after make_room().
  explicit FrameBuffer(size_t max_frame_size = kDefaultMaxFrameSize);

  size_t max_frame_size() const { return max_frame_size_; }

  // Where the next bytes from the stream go. Call make_room() first; after
  // writing n bytes there call commit(n).
  void make_room();
  char* write_position() { return data_.get() + end_; }
  size_t write_capacity() const { return capacity_ - end_; }
  void commit(size_t n) { end_ += n; }

  // Appends bytes (copying); returns false if they do not fit even after
  // make_room() (only possible when fed more than the stream can hold).
  bool append(const char* bytes, size_t n);

  // Extracts the next complete frame (oldest first). Returns true and sets
  // *payload (valid until the next make_room/append/next_frame call) when one
  // is complete, false when more bytes are needed, or an Error when the
  // announced length exceeds max_frame_size (the stream is then unusable).
  Result<bool> next_frame(std::string_view* payload);

  // Bytes received but not yet returned as frames (a partial frame).
  size_t pending_bytes() const { return end_ - begin_; }
  void reset() { begin_ = end_ = 0; }

 private:
  size_t max_frame_size_;
  size_t capacity_;
  std::unique_ptr<char[]> data_;
  size_t begin_ = 0;  // first byte not yet returned as part of a frame
  size_t end_ = 0;    // one past the last received byte
};

}  // namespace libero::net
