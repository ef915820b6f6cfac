// Fixed memory for the handler of a socket's one outstanding asio operation.
// asio allocates each asynchronous operation's state through the handler's
// associated allocator, and its thread-local recycling only helps calls made
// from inside the io_context; the server starts its writes from the cycle,
// outside it, so every write would allocate. A socket with at most one write
// in flight reuses one block instead (asio's "custom allocation" pattern).
#pragma once

#include <cstddef>
#include <new>

namespace libero::sim {

class HandlerMemory {
 public:
  HandlerMemory() = default;
  HandlerMemory(const HandlerMemory&) = delete;
  HandlerMemory& operator=(const HandlerMemory&) = delete;

  void* allocate(std::size_t size) {
    if (!in_use_ && size <= sizeof storage_) {
      in_use_ = true;
      return storage_;
    }
    return ::operator new(size);  // a second operation at once, or a larger one: the heap
  }
  void deallocate(void* p) {
    if (p == storage_)
      in_use_ = false;
    else
      ::operator delete(p);
  }

 private:
  alignas(std::max_align_t) unsigned char storage_[1024];
  bool in_use_ = false;
};

// The allocator that hands out a HandlerMemory (bind it with asio::bind_allocator).
template <typename T>
class HandlerAllocator {
 public:
  using value_type = T;
  explicit HandlerAllocator(HandlerMemory* memory) : memory_(memory) {}
  template <typename U>
  HandlerAllocator(const HandlerAllocator<U>& other) noexcept : memory_(other.memory_) {}
  T* allocate(std::size_t n) { return static_cast<T*>(memory_->allocate(sizeof(T) * n)); }
  void deallocate(T* p, std::size_t) { memory_->deallocate(p); }
  bool operator==(const HandlerAllocator& other) const noexcept { return memory_ == other.memory_; }
  bool operator!=(const HandlerAllocator& other) const noexcept { return memory_ != other.memory_; }

 private:
  template <typename>
  friend class HandlerAllocator;
  HandlerMemory* memory_;
};

}  // namespace libero::sim
