#include "net/frame_buffer.h"

#include <cstring>
#include <string>

namespace libero::net {

FrameBuffer::FrameBuffer(size_t max_frame_size)
    : max_frame_size_(max_frame_size),
      capacity_(2 * (max_frame_size + kFrameHeaderSize)),
      data_(new char[capacity_]) {}

void FrameBuffer::make_room() {
  // Moving the unread bytes to the front invalidates frames handed out
  // before; callers are told so in the header.
  if (begin_ == 0) return;
  size_t unread = end_ - begin_;
  if (unread > 0) std::memmove(data_.get(), data_.get() + begin_, unread);
  begin_ = 0;
  end_ = unread;
}

bool FrameBuffer::append(const char* bytes, size_t n) {
  if (n > write_capacity()) make_room();
  if (n > write_capacity()) return false;
  std::memcpy(write_position(), bytes, n);
  commit(n);
  return true;
}

Result<bool> FrameBuffer::next_frame(std::string_view* payload) {
  size_t available = end_ - begin_;
  if (available < kFrameHeaderSize) return false;
  uint32_t length = read_frame_header(reinterpret_cast<const unsigned char*>(data_.get() + begin_));
  if (length > max_frame_size_) {
    return make_error("frame of " + std::to_string(length) + " bytes exceeds the maximum of " +
                      std::to_string(max_frame_size_) + " bytes (corrupt stream or wrong protocol?)");
  }
  if (available < kFrameHeaderSize + length) return false;
  *payload = std::string_view(data_.get() + begin_ + kFrameHeaderSize, length);
  begin_ += kFrameHeaderSize + length;
  return true;
}

}  // namespace libero::net
