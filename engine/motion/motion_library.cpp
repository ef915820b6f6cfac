#include "motion/motion_library.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/datafile.h"
#include "core/math.h"

namespace libero::motion {

namespace {

// Reads a frame's per-joint table ({ Joint = number }) into out[], each value
// times `scale`. Only joints the frame sets may appear, and `valid` checks
// each number (`expected` says what it wants); false, with the reader
// failed, on the first entry that breaks either.
template <class Valid>
bool read_joint_table(data::FieldReader& reader, const data::Value& table, const std::string& field,
                      const KeyFrame& frame, Valid valid, const char* expected, double scale,
                      double out[kJointCount]) {
  for (const auto& [key, value] : table.fields) {
    const Joint joint = joint_from_motion_name(key);
    if (joint == kJointCount) {
      reader.fail(field + ": unknown joint '" + key + "'");
      return false;
    }
    if (!frame.has_angle[joint]) {
      reader.fail(field + ": '" + key + "' is not in this frame's angles");
      return false;
    }
    if (!value.is_number() || !valid(value.number)) {
      reader.fail(field + ": '" + key + "' must be " + expected);
      return false;
    }
    out[joint] = value.number * scale;
  }
  return true;
}

Result<KeyframeMotion> motion_from_data(const data::DataFile& file) {
  data::FieldReader top(file, file.root, "motion");
  KeyframeMotion motion;
  motion.name = top.string("name");
  motion.next = top.string_or("next", "");
  motion.imu_accel_smoothing = top.number_or("imu_accel_smoothing", 1.0);
  if (top.ok() && !(motion.imu_accel_smoothing > 0 && motion.imu_accel_smoothing <= 1))
    top.fail("'imu_accel_smoothing' must be in (0, 1]");
  const double start_tilt_max_deg = top.number_or("start_tilt_max_deg", 0.0);
  if (top.ok() && !(start_tilt_max_deg >= 0 && start_tilt_max_deg <= 180))
    top.fail("'start_tilt_max_deg' must be in [0, 180]");
  motion.start_tilt_max = deg2rad(start_tilt_max_deg);
  const data::Value* kick = top.map_or_null("kick");
  const data::Value* pitch_reference = top.map_or_null("pitch_reference");
  const data::Value* frames = top.array("frames");
  if (!top.ok()) return top.error();
  if (!frames || frames->items.empty()) {
    top.fail("'frames' must hold at least one frame");
    return top.error();
  }
  if (static_cast<int>(frames->items.size()) > kMaxKeyFrames) {
    top.fail("more than " + std::to_string(kMaxKeyFrames) + " frames");
    return top.error();
  }
  Status top_done = top.finish();
  if (!top_done.ok()) return top_done.error();
  if (kick) {
    data::FieldReader reader(file, *kick, "motion " + motion.name + " kick", motion.name);
    motion.kick.present = true;
    motion.kick.ball_x = reader.number("ball_x");
    motion.kick.ball_y = reader.number("ball_y");
    motion.kick.distance = reader.number("distance");
    motion.kick.window_x = reader.number_or("window_x", motion.kick.window_x);
    motion.kick.window_y = reader.number_or("window_y", motion.kick.window_y);
    motion.kick.window_x_near = reader.number_or("window_x_near", motion.kick.window_x);
    motion.kick.settle_window_x = reader.number_or("settle_window_x", motion.kick.window_x);
    motion.kick.torso_x_min = reader.number_or("torso_x_min", 0.0);
    motion.kick.torso_x_max = reader.number_or("torso_x_max", 0.0);
    motion.kick.torso_x_grow = reader.number_or("torso_x_grow", 0.0);
    motion.kick.over_bar_from = reader.number_or("over_bar_from", 0.0);
    motion.kick.over_bar_to = reader.number_or("over_bar_to", 0.0);
    double veer_deg = reader.number_or("veer_deg", 0.0);
    motion.kick.veer = deg2rad(veer_deg);
    motion.kick.in_play = reader.boolean_or("in_play", true);
    motion.kick.from_walk = reader.boolean_or("from_walk", false);
    motion.kick.walk_speed = reader.number_or("walk_speed", motion.kick.walk_speed);
    motion.kick.walk_phase_min = reader.number_or("walk_phase_min", motion.kick.walk_phase_min);
    motion.kick.walk_phase_max = reader.number_or("walk_phase_max", motion.kick.walk_phase_max);
    motion.kick.walk_window_x = reader.number_or("walk_window_x", motion.kick.walk_window_x);
    motion.kick.walk_window_y = reader.number_or("walk_window_y", motion.kick.walk_window_y);
    double walk_yaw_deg = reader.number_or("walk_yaw_deg", rad2deg(motion.kick.walk_yaw));
    motion.kick.walk_yaw = deg2rad(walk_yaw_deg);
    if (reader.ok() && !(motion.kick.ball_x > 0 && motion.kick.ball_x < 0.5 && std::fabs(motion.kick.ball_y) < 0.3))
      reader.fail("'ball_x' must be in (0, 0.5) m and |ball_y| < 0.3 m");
    if (reader.ok() && !(motion.kick.distance >= 0 && motion.kick.distance < 40))
      reader.fail("'distance' must be in [0, 40) m");
    if (reader.ok() && !(motion.kick.window_x > 0 && motion.kick.window_x <= 0.1 && motion.kick.window_y > 0 &&
                         motion.kick.window_y <= 0.1))
      reader.fail("'window_x' and 'window_y' must be in (0, 0.1] m");
    if (reader.ok() && !(motion.kick.window_x_near > 0 && motion.kick.window_x_near <= 0.1))
      reader.fail("'window_x_near' must be in (0, 0.1] m");
    if (reader.ok() && !(motion.kick.settle_window_x >= motion.kick.window_x && motion.kick.settle_window_x <= 0.1))
      reader.fail("'settle_window_x' must be in [window_x, 0.1] m");
    if (reader.ok() && motion.kick.has_torso_range() &&
        !(motion.kick.torso_x_min > 0 && motion.kick.torso_x_min + 0.01 <= motion.kick.torso_x_max &&
          motion.kick.torso_x_max < 0.5))
      reader.fail("'torso_x_min' and 'torso_x_max' must satisfy 0 < min, min + 0.01 <= max < 0.5 m");
    if (reader.ok() && !(motion.kick.torso_x_grow >= 0 && motion.kick.torso_x_grow <= 0.05))
      reader.fail("'torso_x_grow' must be in [0, 0.05] m");
    if (reader.ok() && !(motion.kick.over_bar_from >= 0 && motion.kick.over_bar_from <= motion.kick.over_bar_to &&
                         motion.kick.over_bar_to < 40))
      reader.fail("'over_bar_from' and 'over_bar_to' must satisfy 0 <= from <= to < 40 m");
    if (reader.ok() && !(std::fabs(veer_deg) <= 30)) reader.fail("'veer_deg' must be in [-30, 30] degrees");
    if (reader.ok() && !(motion.kick.walk_speed > 0 && motion.kick.walk_speed <= 0.6))
      reader.fail("'walk_speed' must be in (0, 0.6] m/s");
    if (reader.ok() && !(motion.kick.walk_phase_min >= 0 && motion.kick.walk_phase_min < motion.kick.walk_phase_max &&
                         motion.kick.walk_phase_max <= 1))
      reader.fail("'walk_phase_min' and 'walk_phase_max' must satisfy 0 <= min < max <= 1");
    if (reader.ok() && !(motion.kick.walk_window_x > 0 && motion.kick.walk_window_x <= 0.1 &&
                         motion.kick.walk_window_y > 0 && motion.kick.walk_window_y <= 0.1))
      reader.fail("'walk_window_x' and 'walk_window_y' must be in (0, 0.1] m");
    if (reader.ok() && !(walk_yaw_deg > 0 && walk_yaw_deg <= 30))
      reader.fail("'walk_yaw_deg' must be in (0, 30] degrees");
    Status done = reader.finish();
    if (!done.ok()) return done.error();
  }

  if (pitch_reference) {
    data::FieldReader reader(file, *pitch_reference, "motion " + motion.name + " pitch_reference", motion.name);
    PitchReference& r = motion.pitch_reference;
    r.present = true;
    r.period = reader.number("period");
    std::string support = reader.string("support");
    const data::Value* degrees = reader.array("degrees");
    if (reader.ok() && !(r.period >= 0.02 && r.period <= 1)) reader.fail("'period' must be in [0.02, 1] s");
    if (reader.ok() && support != "left" && support != "right") reader.fail("'support' must be \"left\" or \"right\"");
    if (reader.ok() && !(degrees->items.size() >= 2 && degrees->items.size() <= kMaxPitchSamples))
      reader.fail("'degrees' must hold 2 to " + std::to_string(kMaxPitchSamples) + " samples");
    if (!reader.ok()) return reader.error();
    r.support_left = support == "left";
    for (const data::Value& v : degrees->items) {
      if (!v.is_number() || !(std::fabs(v.number) <= 90)) {
        reader.fail("'degrees' must be numbers within +-90");
        return reader.error();
      }
      r.pitch.push_back(deg2rad(v.number));
    }
    Status done = reader.finish();
    if (!done.ok()) return done.error();
  }

  for (size_t i = 0; i < frames->items.size(); ++i) {
    const data::Value& item = frames->items[i];
    std::string context = "motion " + motion.name + " frame " + std::to_string(i + 1);
    if (!item.is_map()) return make_error(file.name + ": " + context + ": must be a table");
    data::FieldReader reader(file, item, context, motion.name);
    KeyFrame frame;
    frame.duration = reader.number("duration");
    frame.interruptible = reader.boolean_or("interruptible", false);
    frame.level_feet = reader.boolean_or("level_feet", false);
    frame.level_feet_lean = reader.number_or("level_feet_lean", 0.0);
    frame.gyro_ankle_pitch = reader.number_or("gyro_ankle_pitch", 0.0);
    frame.gyro_ankle_roll = reader.number_or("gyro_ankle_roll", 0.0);
    frame.pitch_support_ankle = reader.number_or("pitch_support_ankle", 0.0);
    const data::Value* wait_pitch = reader.any_or_null("wait_pitch");
    double wait_pitch_deg = reader.number_or("wait_pitch", 0.0);
    const data::Value* wait_max = reader.any_or_null("wait_max");
    frame.wait_max = reader.number_or("wait_max", 0.3);
    bool symmetric = reader.boolean_or("symmetric", false);
    bool mirror = reader.boolean_or("mirror", false);
    const data::Value* angles = reader.map("angles");
    const data::Value* delays = reader.map_or_null("delays");
    const data::Value* shifts[2] = {reader.map_or_null("ball_shift_x"), reader.map_or_null("ball_shift_y")};
    if (reader.ok() && !(frame.duration > 0 && frame.duration < 60))
      reader.fail("'duration' must be in (0, 60) s");
    if (reader.ok() && !(frame.level_feet_lean >= -1 && frame.level_feet_lean <= 1))
      reader.fail("'level_feet_lean' must be in [-1, 1]");
    if (reader.ok() && frame.level_feet_lean != 0 && !frame.level_feet)
      reader.fail("'level_feet_lean' needs 'level_feet = true'");
    // Beyond half a radian of ankle per rad/s the one-cycle delay makes the
    // damping an oscillator (the stand chatters at -0.05).
    for (double gain : {frame.gyro_ankle_pitch, frame.gyro_ankle_roll})
      if (reader.ok() && !(std::fabs(gain) <= 0.5)) reader.fail("'gyro_ankle_pitch' and 'gyro_ankle_roll' must be in [-0.5, 0.5]");
    if (reader.ok() && !(std::fabs(frame.pitch_support_ankle) <= 1))
      reader.fail("'pitch_support_ankle' must be in [-1, 1]");
    if (reader.ok() && frame.pitch_support_ankle != 0 && !motion.pitch_reference.present)
      reader.fail("'pitch_support_ankle' needs the motion's 'pitch_reference'");
    if (reader.ok() && wait_pitch && !(std::fabs(wait_pitch_deg) <= 45))
      reader.fail("'wait_pitch' must be in [-45, 45] degrees");
    if (reader.ok() && wait_max && !wait_pitch) reader.fail("'wait_max' needs 'wait_pitch'");
    if (reader.ok() && !(frame.wait_max > 0 && frame.wait_max <= 2)) reader.fail("'wait_max' must be in (0, 2] s");
    frame.wait_for_pitch = wait_pitch != nullptr;
    frame.wait_pitch = deg2rad(wait_pitch_deg);
    if (!reader.ok()) return reader.error();
    for (const auto& [key, value] : angles->fields) {
      Joint joint = joint_from_motion_name(key);
      if (joint == kJointCount) {
        reader.fail("unknown joint '" + key + "'");
        return reader.error();
      }
      if (!value.is_number()) {
        reader.fail("angle of '" + key + "' must be a number (degrees)");
        return reader.error();
      }
      frame.has_angle[joint] = true;
      frame.angle[joint] = deg2rad(value.number);
    }
    const double duration = frame.duration;
    if (delays && !read_joint_table(reader, *delays, "delays", frame,
                                    [duration](double d) { return d >= 0 && d <= duration - 0.02 + 1e-9; },
                                    "a number of seconds in [0, duration - 0.02]", 1.0, frame.delay))
      return reader.error();
    // Degrees per centimetre in the file; 10 degrees per cm would turn a
    // joint half its range for a ball the approach still accepts.
    auto gain_ok = [](double g) { return std::fabs(g) <= 10; };
    const char* gain_expected = "a number of degrees per cm within +-10";
    if (shifts[0] && !read_joint_table(reader, *shifts[0], "ball_shift_x", frame, gain_ok, gain_expected,
                                       deg2rad(1.0) / 0.01, frame.ball_shift_x))
      return reader.error();
    if (shifts[1] && !read_joint_table(reader, *shifts[1], "ball_shift_y", frame, gain_ok, gain_expected,
                                       deg2rad(1.0) / 0.01, frame.ball_shift_y))
      return reader.error();
    Status done = reader.finish();
    if (!done.ok()) return done.error();
    if (symmetric && (shifts[0] || shifts[1])) {
      // A shift follows the ball to one side; a symmetric frame has none.
      reader.fail("'ball_shift_x' and 'ball_shift_y' cannot be used with 'symmetric'");
      return reader.error();
    }
    if (symmetric) {
      bool has_m[kJointCount];
      double angle_m[kJointCount], delay_m[kJointCount];
      mirror_pose(frame.has_angle, frame.angle, has_m, angle_m);
      mirror_unsigned(frame.delay, delay_m);
      for (int j = 0; j < kJointCount; ++j) {
        if (!frame.has_angle[j] && has_m[j]) {
          frame.has_angle[j] = true;
          frame.angle[j] = angle_m[j];
          frame.delay[j] = delay_m[j];
        }
      }
    }
    if (mirror) {
      mirror_pose(frame.has_angle, frame.angle, frame.has_angle, frame.angle);
      mirror_unsigned(frame.delay, frame.delay);
      // A mirrored frame's gains: the joint's partner, and a ball to the left
      // is one to the right there.
      bool has_any[kJointCount];
      for (int j = 0; j < kJointCount; ++j) has_any[j] = true;
      mirror_pose(has_any, frame.ball_shift_x, has_any, frame.ball_shift_x);
      mirror_pose(has_any, frame.ball_shift_y, has_any, frame.ball_shift_y);
      for (double& g : frame.ball_shift_y) g = -g;
    }
    motion.frames.push_back(frame);
  }
  return motion;
}

std::string stem_of(const std::string& path) {
  size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  size_t dot = base.rfind('.');
  return dot == std::string::npos ? base : base.substr(0, dot);
}

}  // namespace

const KeyframeMotion* MotionLibrary::find(const char* name) const {
  for (const KeyframeMotion& m : motions)
    if (std::strcmp(m.name.c_str(), name) == 0) return &m;
  return nullptr;
}

Result<KeyframeMotion> parse_motion_text(const std::string& text, const std::string& name) {
  Result<data::DataFile> file = data::parse_data_text(text, name);
  if (!file.ok()) return file.error();
  return motion_from_data(file.value());
}

Result<KeyframeMotion> load_motion_file(const std::string& path) {
  Result<data::DataFile> file = data::load_data_file(path);
  if (!file.ok()) return file.error();
  Result<KeyframeMotion> motion = motion_from_data(file.value());
  if (!motion.ok()) return motion.error();
  if (motion->name != stem_of(path))
    return make_error(path + ": motion name '" + motion->name + "' must match the file name");
  return motion;
}

namespace {

// The *.lua files of `dir`, sorted; false if the folder cannot be opened.
bool list_motion_files(const std::string& dir, std::vector<std::string>* files) {
  DIR* handle = opendir(dir.c_str());
  if (!handle) return false;
  while (dirent* entry = readdir(handle)) {
    std::string name = entry->d_name;
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".lua") == 0) files->push_back(name);
  }
  closedir(handle);
  std::sort(files->begin(), files->end());
  return true;
}

}  // namespace

Result<MotionLibrary> load_motion_dir(const std::string& dir, int robot_type) {
  std::vector<std::string> files;
  if (!list_motion_files(dir, &files)) return make_error(dir + ": cannot open the motions folder");
  MotionLibrary library;
  for (const std::string& name : files) {
    Result<KeyframeMotion> motion = load_motion_file(dir + "/" + name);
    if (!motion.ok()) return motion.error();
    library.motions.push_back(std::move(motion.value()));
  }
  // Per-type overrides: hetero bodies (leg and arm lengths, toes) may need
  // their own version of a motion. An override must replace a shared motion
  // so a misnamed file is an error instead of a motion nobody plays.
  if (robot_type >= 0) {
    std::string type_dir = dir + "/type" + std::to_string(robot_type);
    std::vector<std::string> overrides;
    struct stat info {};
    if (stat(type_dir.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
      if (!list_motion_files(type_dir, &overrides)) return make_error(type_dir + ": cannot open the override folder");
      for (const std::string& name : overrides) {
        std::string path = type_dir + "/" + name;
        Result<KeyframeMotion> motion = load_motion_file(path);
        if (!motion.ok()) return motion.error();
        KeyframeMotion* shared = nullptr;
        for (KeyframeMotion& m : library.motions)
          if (m.name == motion->name) shared = &m;
        if (!shared)
          return make_error(path + ": overrides motion '" + motion->name + "' which " + dir + " does not have");
        *shared = std::move(motion.value());
      }
    }
  }
  for (const KeyframeMotion& m : library.motions)
    if (!m.next.empty() && !library.find(m.next.c_str()))
      return make_error(dir + "/" + m.name + ".lua: 'next' names unknown motion '" + m.next + "'");
  return library;
}

int64_t newest_mtime_ns(const std::string& path) {
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) return -1;
  auto ns = [](const struct stat& s) {
    return static_cast<int64_t>(s.st_mtim.tv_sec) * 1000000000LL + s.st_mtim.tv_nsec;
  };
  int64_t newest = ns(info);
  if (!S_ISDIR(info.st_mode)) return newest;
  DIR* handle = opendir(path.c_str());
  if (!handle) return newest;
  while (dirent* entry = readdir(handle)) {
    if (entry->d_name[0] == '.') continue;
    std::string child = path + "/" + entry->d_name;
    struct stat child_info {};
    if (stat(child.c_str(), &child_info) != 0) continue;
    // Per-type override folders (typeN/) are one level down; an edit in
    // place changes only the file's time, not its folder's.
    newest = std::max<int64_t>(newest, S_ISDIR(child_info.st_mode) ? newest_mtime_ns(child) : ns(child_info));
  }
  closedir(handle);
  return newest;
}

}  // namespace libero::motion
