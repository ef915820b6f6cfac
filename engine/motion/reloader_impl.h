// Template body of motion::Reloader (included by motion_library.h).
#pragma once

#include <chrono>
#include <condition_variable>

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
  {
    std::lock_guard<std::mutex> lock(wake_mutex_);
    stop_ = true;
  }
  wake_.notify_all();
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
  while (!stop_) {
    // One wake-up per period (stop() cuts it short): sleeping in 20 ms
    // slices instead woke each agent's two reloaders 100 times a wall
    // second, a fifth of the context switches of a fast sync-mode game.
    {
      std::unique_lock<std::mutex> lock(wake_mutex_);
      wake_.wait_for(lock, period, [this] { return stop_.load(); });
    }
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
