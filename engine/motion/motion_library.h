// Loading keyframe motions from robots/<model>/motions/*.lua and keeping
// them fresh: a background thread watches the files' modification times
// and parses changed files off the cycle path; the cycle picks up a new
// library between cycles with a non-blocking hand-over.
//
// File format (angles in degrees, durations in seconds):
//   return {
//     name = "getup_back",             -- must match the file name
//     next = "stand",                  -- optional: motion to chain to
//     frames = {
//       { duration = 0.3, interruptible = false, level_feet = false,
//         level_feet_lean = 0,         -- with level_feet: soles turned by this share of the tilt (-1..1)
//         gyro_ankle_pitch = 0,        -- both ankles += gain x torso pitch rate (rad per rad/s, -0.5..0.5)
//         gyro_ankle_roll = 0,         -- the same for roll
//         symmetric = true,            -- copy each side to the other, mirrored
//         mirror = false,              -- swap left and right in this frame
//         angles = { LHipPitch = 40, LKneePitch = -80, NeckPitch = 0 },
//         delays = { LKneePitch = 0.1 },  -- optional: s a joint holds before it moves (< duration - 0.02)
//         wait_pitch = 3, wait_max = 0.3,    -- optional: at the frame's end, hold until the torso has
//                                            -- pitched 3 degrees from the motion's start (at most 0.3 s)
//         ball_shift_y = { RHipRoll = 1 } }, -- optional (also _x): degrees per cm of ball off the kick spot
//     },
//   }
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/result.h"
#include "motion/keyframe.h"

namespace libero::motion {

struct MotionLibrary {
  std::vector<KeyframeMotion> motions;
  const KeyframeMotion* find(const char* name) const;  // nullptr if absent; no allocation
};

Result<KeyframeMotion> parse_motion_text(const std::string& text, const std::string& name);
Result<KeyframeMotion> load_motion_file(const std::string& path);
// Loads every *.lua file in `dir`; the first bad file fails the whole load
// (a typo must be seen, not silently skipped). Checks that `next` names exist.
// With robot_type >= 0, files in `dir`/type<N>/ (optional) replace the shared
// motion of the same name for that type; an override that replaces nothing
// is an error.
Result<MotionLibrary> load_motion_dir(const std::string& dir, int robot_type = -1);

// Polls a set of files for changes on its own thread and reloads them with a
// caller-supplied loader; the cycle thread takes the newest result with
// take() which never blocks.
template <typename T>
class Reloader {
 public:
  using LoadFn = std::function<Result<T>(const std::string& path)>;
  Reloader(std::string path, LoadFn load) : path_(std::move(path)), load_(std::move(load)) {}
  ~Reloader() { stop(); }

  void start(double poll_seconds);
  void stop();
  // Non-blocking: if a newer version is ready, moves it into *out and
  // returns true. The displaced old value is handed back to the reload
  // thread to free, so the cycle never runs a destructor that frees memory.
  bool take(std::unique_ptr<T>* current);
  // Count of failed reloads (kept old version) so tools can report them.
  int failures() const { return failures_.load(); }

 private:
  void run(double poll_seconds);

  std::string path_;
  LoadFn load_;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::mutex wake_mutex_;               // guards the stop_ change the sleeping thread waits for
  std::condition_variable wake_;
  std::atomic<int> failures_{0};
  std::mutex mutex_;
  std::unique_ptr<T> ready_;
  std::unique_ptr<T> retired_;
};

// Newest modification time (ns) of `path` or, for a directory, of any file in
// it or in its sub-folders (recursively).
int64_t newest_mtime_ns(const std::string& path);

}  // namespace libero::motion

#include "motion/reloader_impl.h"
