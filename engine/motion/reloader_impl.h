// Template body of motion::Reloader (included by motion_library.h).
#pragma once

#include <chrono>

#include "core/log.h"

namespace libero::motion {

template <typename T>
void Reloader<T>::start(double poll_seconds) {
  stop();
  stop_ = false;
  thread_ = std::thread([this, poll_seconds] { run(poll_seconds); });
}

template <typename T>
void Reloader<T>::stop() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

template <typename T>
bool Reloader<T>::take(std::unique_ptr<T>* current) {
  std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock() || !ready_ || retired_) return false;
  retired_ = std::move(*current);
  *current = std::move(ready_);
  return true;
}

template <typename T>
void Reloader<T>::run(double poll_seconds) {
  int64_t seen = newest_mtime_ns(path_);
  auto period = std::chrono::milliseconds(static_cast<int>(poll_seconds * 1000));
  auto slice = std::chrono::milliseconds(20);
  while (!stop_) {
    for (auto waited = std::chrono::milliseconds(0); waited < period && !stop_; waited += slice)
      std::this_thread::sleep_for(slice);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      retired_.reset();
    }
    if (stop_) break;
    int64_t now = newest_mtime_ns(path_);
    if (now == seen) continue;
    seen = now;
    Result<T> loaded = load_(path_);
    if (!loaded.ok()) {
      failures_++;
      LOG_WARN("motion", "reload of %s failed, keeping the old version: %s", path_.c_str(),
               loaded.error().describe().c_str());
      continue;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    ready_ = std::make_unique<T>(std::move(loaded.value()));
    LOG_INFO("motion", "reloaded %s", path_.c_str());
  }
}

}  // namespace libero::motion
