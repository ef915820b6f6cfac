// Motion data files and their reloading: error paths of the walk and
// motion loaders, the motion system's load(), and the background reloader.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstddef>
#include <filesystem>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include "motion/motion_library.h"
#include "motion/motion_system.h"
#include "motion/walk_params.h"

using namespace libero;
using namespace libero::motion;

namespace {
std::string robots_dir() { return std::string(LIBERO_SOURCE_DIR) + "/robots"; }

std::string scratch_dir() {
  char pattern[] = "/tmp/libero_motion_test_XXXXXX";
  const char* made = mkdtemp(pattern);
  REQUIRE(made != nullptr);
  return made;
}

// One motion cycle's inputs and output, cleared.
struct Cycle {
  protocol::Percept percept;
  world::WorldState world{};
  SkillRequests requests{};
  protocol::Action action;
  Cycle() {
    percept.clear();
    action.clear();
  }
  void step(MotionSystem& motion) { motion.step(percept, world, requests, &action); }
};

// A walk file of an earlier search, before the optional fields.
const std::string old_walk =
    "return { default = { step_period = 0.13, hip_height_ratio = 0.78, stand_hip_height_ratio = 0.87,"
    " foot_spread = 0, torso_offset_x = 0.02, torso_pitch = 0, stand_foot_spread = 0, stand_torso_offset_x = 0.01,"
    " stand_torso_pitch = 0.1, step_height = 0.03, swing_end = 1, swing_linear = 0, swing_ramp = 0,"
    " double_support = 0.05, sway = 0.01, lateral_pendulum = 0.3, sway_lead = 0.1, com_height = 0.26,"
    " max_forward = 0.8, max_backward = 0.2, max_side = 0.3, max_turn = 2, combine_power = 1,"
    " accel_forward = 0.6, accel_side = 1.5, accel_turn = 5, gyro_ankle_pitch = 0, gyro_hip_pitch = 0,"
    " gyro_ankle_roll = 0.1, gyro_hip_roll = 0, tilt_ankle_pitch = 0, tilt_hip_pitch = 0, tilt_ankle_roll = 0.4,"
    " tilt_hip_roll = 0, stand_gyro_ankle_roll = 0.25, stand_gyro_ankle_pitch = -0.05, balance_step_x = 0.01,"
    " balance_step_y = 0.005, turn_feedback = 0.5, heading_feedback = 1, arm_swing = 6, arm_pitch = -1.5,"
    " arm_out = 0.2, elbow = 0.5, walk_to_gain = 1.5, walk_to_turn_gain = 2, walk_to_tolerance = 0.05,"
    " walk_to_heading_tolerance = 0.1 },"
    " type2 = { balance_step_x = 0.02 } }";
}  // namespace

TEST_CASE("the shipped walk file loads for every type") {
  for (int type = 0; type <= 4; ++type) {
    auto params = load_walk_file(robots_dir() + "/nao/walk.lua", type);
    REQUIRE_MESSAGE(params.ok(), (params.ok() ? "" : params.error().describe()));
    CHECK(params->step_period > 0);
  }
}

TEST_CASE("walk files: missing default, unknown entry, bad value, misspelt key") {
  CHECK_FALSE(parse_walk_text("return { type1 = {} }", "w.lua", 0).ok());
  CHECK_FALSE(parse_walk_text("return { default = {}, type9 = {} }", "w.lua", 0).ok());
  auto base = load_walk_file(robots_dir() + "/nao/walk.lua", 0);
  REQUIRE(base.ok());
  std::ifstream in(robots_dir() + "/nao/walk.lua");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string negative = text;
  negative.replace(negative.find("step_period = "), 14, "step_period = -");
  auto bad = parse_walk_text(negative, "w.lua", 0);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message.find("step_period") != std::string::npos);
  // New fields are checked too: a swing profile blend outside [0, 1].
  std::string blend = text;
  blend.replace(blend.find("swing_linear = "), 15, "swing_linear = 2");
  auto bad_blend = parse_walk_text(blend, "w.lua", 0);
  REQUIRE_FALSE(bad_blend.ok());
  CHECK(bad_blend.error().message.find("swing_linear") != std::string::npos);
  for (const char* field : {"swing_ramp = ", "heading_feedback = ", "step_period_per_turn = "}) {
    std::string out_of_range = text;
    size_t at = out_of_range.find(field);
    REQUIRE(at != std::string::npos);
    out_of_range.replace(at, std::string(field).size(), std::string(field) + "3 + ");
    auto rejected = parse_walk_text(out_of_range, "w.lua", 0);
    REQUIRE_FALSE(rejected.ok());
    CHECK(rejected.error().message.find(std::string(field).substr(0, std::string(field).size() - 3)) !=
          std::string::npos);
  }
  std::string norm = text;
  norm.replace(norm.find("combine_power = "), 16, "combine_power = 0.1 * ");
  auto bad_norm = parse_walk_text(norm, "w.lua", 0);
  REQUIRE_FALSE(bad_norm.ok());
  CHECK(bad_norm.error().message.find("combine_power") != std::string::npos);
  std::string misspelt = text;
  REQUIRE(misspelt.find("type1 = {") != std::string::npos);
  misspelt.replace(misspelt.find("type1 = {"), 9, "type1 = { stepperiod = 1, ");
  auto unknown = parse_walk_text(misspelt, "w.lua", 1);
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().message.find("stepperiod") != std::string::npos);
}

TEST_CASE("a motion folder with a dangling 'next' or a name mismatch is rejected") {
  std::string dir = scratch_dir();
  {
    std::ofstream(dir + "/a.lua") << "return { name = 'a', next = 'missing', frames = { { duration = 0.1, angles = {} } } }";
  }
  auto library = load_motion_dir(dir);
  REQUIRE_FALSE(library.ok());
  CHECK(library.error().message.find("missing") != std::string::npos);
  {
    std::ofstream(dir + "/a.lua") << "return { name = 'b', frames = { { duration = 0.1, angles = {} } } }";
  }
  CHECK_FALSE(load_motion_dir(dir).ok());
  std::remove((dir + "/a.lua").c_str());
  CHECK(load_motion_dir(dir).ok());  // an empty folder is a valid (empty) library
  rmdir(dir.c_str());
  CHECK_FALSE(load_motion_dir(dir).ok());
}

TEST_CASE("per-type motion overrides: picked by robot type, bad files rejected with their path") {
  std::string dir = scratch_dir();
  std::string type_dir = dir + "/type2";
  REQUIRE(mkdir(type_dir.c_str(), 0755) == 0);
  std::ofstream(dir + "/a.lua") << "return { name = 'a', frames = { { duration = 0.1, angles = {} } } }";
  std::ofstream(type_dir + "/a.lua") << "return { name = 'a', frames = { { duration = 0.7, angles = {} } } }";
  auto shared = load_motion_dir(dir);  // no type: the override folder is not read
  REQUIRE(shared.ok());
  CHECK(shared->find("a")->frames[0].duration == doctest::Approx(0.1));
  auto other = load_motion_dir(dir, 1);
  REQUIRE(other.ok());
  CHECK(other->find("a")->frames[0].duration == doctest::Approx(0.1));
  auto typed = load_motion_dir(dir, 2);
  REQUIRE_MESSAGE(typed.ok(), (typed.ok() ? "" : typed.error().describe()));
  CHECK(typed->motions.size() == 1);
  CHECK(typed->find("a")->frames[0].duration == doctest::Approx(0.7));

  // An override edited in place must be seen by the reloader's poll.
  int64_t before = newest_mtime_ns(dir);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::ofstream(type_dir + "/a.lua") << "return { name = 'a', frames = { { duration = 0.6, angles = {} } } }";
  CHECK(newest_mtime_ns(dir) > before);

  // A broken override fails the load and names the override file.
  std::ofstream(type_dir + "/a.lua") << "return { name = 'a', frames = { { duration = -1, angles = {} } } }";
  auto broken = load_motion_dir(dir, 2);
  REQUIRE_FALSE(broken.ok());
  CHECK(broken.error().describe().find("type2/a.lua") != std::string::npos);
  CHECK(load_motion_dir(dir, 0).ok());  // other types do not read it

  // An override of a motion the shared folder lacks is a misnamed file.
  std::ofstream(type_dir + "/a.lua") << "return { name = 'a', frames = { { duration = 0.1, angles = {} } } }";
  std::ofstream(type_dir + "/b.lua") << "return { name = 'b', frames = { { duration = 0.1, angles = {} } } }";
  auto orphan = load_motion_dir(dir, 2);
  REQUIRE_FALSE(orphan.ok());
  CHECK(orphan.error().message.find("overrides motion 'b'") != std::string::npos);
  std::remove((type_dir + "/b.lua").c_str());
  std::remove((type_dir + "/a.lua").c_str());
  rmdir(type_dir.c_str());
  std::remove((dir + "/a.lua").c_str());
  rmdir(dir.c_str());
}

TEST_CASE("motion system: a broken per-type override fails that type's load only, naming the file") {
  std::string dir = scratch_dir();
  std::filesystem::copy(robots_dir(), dir + "/robots", std::filesystem::copy_options::recursive);
  std::string type_dir = dir + "/robots/nao/motions/type3";
  std::filesystem::create_directories(type_dir);
  std::ofstream(type_dir + "/getup_front.lua") << "return { name = 'getup_front', frames = { { duration = 0.2, angels = {} } } }";
  MotionOptions options;
  options.robots_dir = dir + "/robots";
  options.reload_poll_seconds = 0;
  options.robot_type = 3;
  MotionSystem typed(options);
  Status status = typed.load();
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().describe().find("type3/getup_front.lua") != std::string::npos);
  options.robot_type = 2;
  MotionSystem other(options);
  CHECK(other.load().ok());
  std::filesystem::remove_all(dir);
}

TEST_CASE("shipped motions load for every type; each plays its own kicks where its folder has them") {
  // type4/kick_lofted.lua is a link to type2's (the earlier lofted kick): a
  // checkout that lost the link, or a loader that stopped following it,
  // fails here. Type 3 has all three kicks of its own, type 4 a short one,
  // type 1 the previous flat long kick and a lofted kick of its own;
  // the others play type 0's long and short kick.
  const std::string motions = robots_dir() + "/nao/motions";
  enum { kLong, kShort, kLofted, kKicks };
  const char* names[kKicks] = {"kick_long", "kick_short", "kick_lofted"};
  // swing[kick][type]: the swing frame's duration, a value every version of a kick has its own of.
  double swing[kKicks][5] = {};
  for (int type = 0; type <= 4; ++type) {
    auto library = load_motion_dir(motions, type);
    REQUIRE_MESSAGE(library.ok(), (library.ok() ? "" : library.error().describe()));
    for (int k = 0; k < kKicks; ++k) {
      const KeyframeMotion* kick = library->find(names[k]);
      REQUIRE(kick != nullptr);
      REQUIRE(kick->frames.size() > 2);
      swing[k][type] = kick->frames[2].duration;
    }
  }
  for (int k = 0; k < kKicks; ++k) {
    CAPTURE(names[k]);
    CHECK(swing[k][3] != swing[k][0]);  // type 3: all its own
  }
  for (int type : {2, 4}) {
    CAPTURE(type);
    CHECK(swing[kLong][type] == swing[kLong][0]);
  }
  CHECK(swing[kLong][1] != swing[kLong][0]);  // type 1's own
  CHECK(swing[kLong][1] != swing[kLong][3]);
  CHECK(swing[kShort][1] == swing[kShort][0]);
  CHECK(swing[kShort][2] == swing[kShort][0]);
  CHECK(swing[kShort][4] != swing[kShort][0]);  // type 4's own
  CHECK(swing[kShort][4] != swing[kShort][3]);
  CHECK(swing[kLofted][4] == swing[kLofted][2]);  // one file, linked from type 4
  CHECK(swing[kLofted][2] != swing[kLofted][0]);
  CHECK(swing[kLofted][1] != swing[kLofted][2]);  // type 1's own
  CHECK(swing[kLofted][1] != swing[kLofted][0]);
  CHECK(swing[kLofted][3] != swing[kLofted][1]);
  CHECK(swing[kLofted][3] != swing[kLofted][2]);
}

// Steps `motion` once and checks it reports no lofted kick (but a long one), then asks for a
// lofted kick with the ball in reach: the state its body skill is in after that cycle.
static int32_t state_after_unreported_lofted_request(MotionSystem& motion) {
  Cycle cycle;
  cycle.step(motion);
  CHECK(motion.status().kick_distance[kKickLofted] == 0);
  CHECK(motion.status().kick_duration[kKickLofted] == 0);
  CHECK(motion.status().kick_distance[kKickLong] > 0);
  cycle.requests.body = kBodyKick;
  cycle.requests.kick_type = kKickLofted;
  cycle.requests.kick_target_x = 5;
  cycle.world.ball.valid = 1;
  cycle.world.ball.x = 0.3;
  cycle.step(motion);
  return motion.status().state;
}

TEST_CASE("lofted kick: optional motion, reported only in play, its crossbar stretch; without it requests fail") {
  // The shipped robot has it, with where its ball flies over the crossbar, but not in play (it
  // falls on rcssserver3d): the scripts are told nothing of it, and a request still plays it.
  auto lofted = load_motion_file(robots_dir() + "/nao/motions/kick_lofted.lua");
  REQUIRE_MESSAGE(lofted.ok(), (lofted.ok() ? "" : lofted.error().describe()));
  REQUIRE(lofted->kick.present);
  CHECK_FALSE(lofted->kick.in_play);
  CHECK(lofted->kick.over_bar_from > 0);
  CHECK(lofted->kick.over_bar_to > lofted->kick.over_bar_from);
  MotionOptions options;
  options.robots_dir = robots_dir();
  options.reload_poll_seconds = 0;
  MotionSystem shipped(options);
  REQUIRE(shipped.load().ok());
  CHECK(state_after_unreported_lofted_request(shipped) != kSkillFailed);

  // The same kick in play: reported with its figures.
  std::string dir = scratch_dir();
  std::filesystem::copy(robots_dir(), dir + "/robots", std::filesystem::copy_options::recursive);
  {
    std::string path = dir + "/robots/nao/motions/kick_lofted.lua";
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    size_t at = text.find("in_play = false }");
    REQUIRE(at != std::string::npos);
    text.replace(at, 15, "in_play = true");
    std::ofstream(path) << text;
  }
  options.robots_dir = dir + "/robots";
  MotionSystem with(options);
  REQUIRE(with.load().ok());
  Cycle played;
  played.step(with);
  CHECK(with.status().kick_distance[kKickLofted] == lofted->kick.distance);
  CHECK(with.status().kick_over_bar_from[kKickLofted] == lofted->kick.over_bar_from);
  CHECK(with.status().kick_over_bar_to[kKickLofted] == lofted->kick.over_bar_to);
  CHECK(with.status().kick_duration[kKickLofted] > 0);
  CHECK(with.status().kick_over_bar_to[kKickShort] == 0);  // never over the bar
  CHECK(std::string(kKickTypeNames[kKickLofted]) == "lofted");

  // A robot without the motion loads, reports the kick unknown and fails its requests.
  std::filesystem::remove(dir + "/robots/nao/motions/kick_lofted.lua");
  options.robots_dir = dir + "/robots";
  MotionSystem without(options);
  Status loaded = without.load();
  REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error().describe()));
  CHECK(state_after_unreported_lofted_request(without) == kSkillFailed);

  // A crossbar stretch that ends before it starts is rejected, naming the field.
  std::ofstream(dir + "/robots/nao/motions/kick_lofted.lua")
      << "return { name = 'kick_lofted', kick = { ball_x = 0.17, ball_y = -0.05, distance = 9, over_bar_from = 5,"
         " over_bar_to = 2 }, frames = { { duration = 0.1, angles = {} } } }";
  auto bad = load_motion_file(dir + "/robots/nao/motions/kick_lofted.lua");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().describe().find("over_bar_from") != std::string::npos);
  // So is an `in_play` that is not true or false.
  std::ofstream(dir + "/robots/nao/motions/kick_lofted.lua")
      << "return { name = 'kick_lofted', kick = { ball_x = 0.17, ball_y = -0.05, distance = 9, in_play = 1 },"
         " frames = { { duration = 0.1, angles = {} } } }";
  auto bad_flag = load_motion_file(dir + "/robots/nao/motions/kick_lofted.lua");
  REQUIRE_FALSE(bad_flag.ok());
  CHECK(bad_flag.error().describe().find("in_play") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("motion system: load errors are reported, not thrown") {
  MotionOptions options;
  options.robots_dir = "/nonexistent";
  MotionSystem bad(options);
  CHECK_FALSE(bad.load().ok());
  options.robots_dir = robots_dir();
  options.robot_type = 7;
  MotionSystem bad_type(options);
  CHECK_FALSE(bad_type.load().ok());
  options.robot_type = 0;
  options.walk_file = "/nonexistent/walk.lua";
  MotionSystem bad_walk(options);
  CHECK_FALSE(bad_walk.load().ok());
}

TEST_CASE("motion system: every type loads and one cycle writes every joint") {
  for (int type = 0; type <= 4; ++type) {
    MotionOptions options;
    options.robots_dir = robots_dir();
    options.robot_type = type;
    options.reload_poll_seconds = 0;
    MotionSystem motion(options);
    Status loaded = motion.load();
    REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error().describe()));
    Cycle cycle;
    cycle.step(motion);
    int set = 0;
    for (int j = 0; j < kJointCount; ++j) set += cycle.action.joint_set[j];
    CHECK(set == joint_count_for_type(type));
    // An unknown motion name fails the request instead of crashing.
    cycle.requests.body = kBodyMotion;
    std::snprintf(cycle.requests.motion_name, sizeof cycle.requests.motion_name, "no_such_motion");
    cycle.step(motion);
    CHECK(motion.status().state == kSkillFailed);
    // A kick with no ball seen fails at once (nothing to walk to) and still
    // says how far that kick would have gone.
    cycle.requests.body = kBodyKick;
    cycle.requests.kick_type = kKickShort;
    cycle.requests.kick_target_x = 5;
    cycle.world.ball.valid = 0;
    cycle.step(motion);
    CHECK(motion.status().state == kSkillFailed);
    CHECK(motion.status().kick_distance_estimate == motion.status().kick_distance[kKickShort]);
    CHECK(motion.status().active_body != kBodyKick);
  }
}

TEST_CASE("reloader hands over a changed file without blocking the caller") {
  std::string dir = scratch_dir();
  std::string path = dir + "/m.lua";
  std::ofstream(path) << "return { name = 'm', frames = { { duration = 0.1, angles = {} } } }";
  Reloader<KeyframeMotion> reloader(path, [](const std::string& p) { return parse_motion_text(
      [&] { std::ifstream in(p); return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()); }(), p); });
  auto current = std::make_unique<KeyframeMotion>();
  reloader.start(0.05);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  // Rewrite with a different mtime and content.
  std::ofstream(path) << "return { name = 'm', frames = { { duration = 0.5, angles = {} }, { duration = 0.2, angles = {} } } }";
  bool taken = false;
  for (int i = 0; i < 200 && !taken; ++i) {
    taken = reloader.take(&current);
    if (!taken) std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  CHECK(taken);
  CHECK(current->frames.size() == 2);
  // A broken file keeps the old version and counts a failure.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::ofstream(path) << "return { name = ";
  for (int i = 0; i < 200 && reloader.failures() == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(25));
  CHECK(reloader.failures() >= 1);
  CHECK_FALSE(reloader.take(&current));
  CHECK(current->frames.size() == 2);
  reloader.stop();
  std::remove(path.c_str());
  rmdir(dir.c_str());
}

TEST_CASE("reloader sleeps a whole poll period at once, yet stops at once") {
  std::string dir = scratch_dir();
  std::string path = dir + "/m.lua";
  std::ofstream(path) << "return { name = 'm', frames = { { duration = 0.1, angles = {} } } }";
  Reloader<KeyframeMotion> reloader(path, [](const std::string& p) { return load_motion_file(p); });
  reloader.start(60.0);  // an agent's default is 1 s; a stop must not wait for the period to end
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto before = std::chrono::steady_clock::now();
  reloader.stop();
  const double stop_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count();
  CHECK(stop_seconds < 1.0);
  std::remove(path.c_str());
  rmdir(dir.c_str());
}

TEST_CASE("motion system reports the body's abilities from its data, and again after a reload") {
  std::string dir = scratch_dir();
  std::string walk_path = dir + "/walk.lua";
  std::ifstream shipped(robots_dir() + "/nao/walk.lua");
  std::string text((std::istreambuf_iterator<char>(shipped)), std::istreambuf_iterator<char>());
  std::ofstream(walk_path) << text;

  MotionOptions options;
  options.robots_dir = robots_dir();
  options.walk_file = walk_path;
  options.reload_poll_seconds = 0.05;
  MotionSystem motion(options);
  REQUIRE(motion.load().ok());
  Cycle cycle;
  cycle.step(motion);

  auto long_kick = load_motion_file(robots_dir() + "/nao/motions/kick_long.lua");
  auto short_kick = load_motion_file(robots_dir() + "/nao/motions/kick_short.lua");
  auto walk = load_walk_file(walk_path, 0);
  REQUIRE(long_kick.ok());
  REQUIRE(short_kick.ok());
  REQUIRE(walk.ok());
  CHECK(motion.status().kick_distance[kKickLong] == long_kick->kick.distance);
  CHECK(motion.status().kick_distance[kKickShort] == short_kick->kick.distance);
  CHECK(motion.status().kick_distance[kKickLong] > 0);
  // Each kick's own placement and length, for behaviours to cost kicks by.
  CHECK(motion.status().kick_ball_x[kKickLong] == long_kick->kick.ball_x);
  CHECK(motion.status().kick_ball_x[kKickShort] == short_kick->kick.ball_x);
  CHECK(motion.status().kick_ball_y[kKickLong] == std::fabs(long_kick->kick.ball_y));
  double long_duration = 0;
  for (const auto& f : long_kick->frames) long_duration += f.duration;
  CHECK(motion.status().kick_duration[kKickLong] == doctest::Approx(long_duration));
  CHECK(motion.status().kick_duration[kKickShort] > 0);
  CHECK(motion.status().kick_duration[kKickShort] < motion.status().kick_duration[kKickLong]);
  CHECK(motion.status().max_walk_forward == walk->max_forward);
  CHECK(motion.status().max_walk_side == walk->max_side);
  CHECK(motion.status().max_walk_turn == walk->max_turn);

  // Retune the walk's forward limit while running: the report follows.
  // Type 0 has its own limit in its table (robots/nao/walk.lua).
  size_t at = text.find("max_forward = ", text.find("type0 = {"));
  REQUIRE(at != std::string::npos);
  size_t end = text.find(',', at);
  text.replace(at, end - at, "max_forward = 0.123");
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // a new mtime second
  std::ofstream(walk_path) << text;
  bool seen = false;
  for (int i = 0; i < 200 && !seen; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
    cycle.step(motion);
    seen = motion.status().max_walk_forward == 0.123;
  }
  CHECK(seen);
  std::remove(walk_path.c_str());
  rmdir(dir.c_str());
}

TEST_CASE("walk files from before the optional fields load and walk as they did") {
  // The fields added after teams had walk files may be left out of
  // `default`; they then do nothing. Every other field is still required.
  auto loaded = parse_walk_text(old_walk, "old.lua", 0);
  REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error().describe()));
  CHECK(loaded->step_period_per_speed == 0);
  CHECK(loaded->torso_pitch_per_speed == 0);
  CHECK(loaded->step_period_per_turn == 0);
  CHECK(loaded->combine_max_turn == 0);
  CHECK(loaded->slow_balance_step_x == doctest::Approx(0.01));  // the same gains at every speed
  CHECK(loaded->slow_balance_step_y == doctest::Approx(0.005));
  auto type2 = parse_walk_text(old_walk, "old.lua", 2);
  REQUIRE(type2.ok());
  CHECK(type2->slow_balance_step_x == doctest::Approx(0.02));  // follows the type's own gain
  // Given, they are read; a type may set them too.
  std::string given = old_walk;
  given.replace(given.find("balance_step_x = 0.01,"), 22, "balance_step_x = 0.01, slow_balance_step_x = 0.03,");
  auto with_slow = parse_walk_text(given, "new.lua", 2);
  REQUIRE(with_slow.ok());
  CHECK(with_slow->slow_balance_step_x == doctest::Approx(0.03));
  CHECK(with_slow->balance_step_x == doctest::Approx(0.02));
  // A field from before is still required.
  std::string missing = old_walk;
  missing.replace(missing.find("step_height = 0.03, "), 20, "");
  auto rejected = parse_walk_text(missing, "old.lua", 0);
  REQUIRE_FALSE(rejected.ok());
  CHECK(rejected.error().message.find("step_height") != std::string::npos);
}

// The loader's message for old_walk with `fields` put at the start of its
// default block, which must then fail to load.
std::string walk_load_error(const std::string& fields) {
  std::string text = old_walk;
  text.insert(text.find("default = {") + 11, " " + fields);
  auto loaded = parse_walk_text(text, "gait.lua", 0);
  REQUIRE_FALSE(loaded.ok());
  return loaded.error().message;
}

TEST_CASE("walk files: a sideways gait is read per block and checked") {
  // Every field the sideways table may hold, each given a value apart from
  // the block's (and valid), so a field that is not read or not blended shows.
  const char* fields[] = {"step_period",   "step_height",     "double_support", "swing_end",      "swing_linear",
                          "sway",          "sway_lead",       "lateral_pendulum", "foot_spread",  "com_height",
                          "torso_offset_x", "gyro_ankle_roll", "gyro_hip_roll",  "tilt_ankle_roll", "tilt_hip_roll",
                          "balance_step_y", "gyro_ankle_pitch", "gyro_hip_pitch", "tilt_ankle_pitch", "tilt_hip_pitch",
                          "balance_step_x", "arm_swing",     "imu_accel_smoothing", "touchdown_from", "touchdown_wait",
                          "imu_foot_gain", "heading_step_max"};
  static_assert(sizeof(fields) / sizeof(fields[0]) == WalkParams::kGaitFieldCount);
  auto base = parse_walk_text(old_walk, "old.lua", 0);
  REQUIRE(base.ok());
  std::string table = "sideways = { ";
  // touchdown_from must be at least 0.3: 0.9 (the block's is 1).
  for (const char* f : fields) table += std::string(f) + (std::string(f) == "touchdown_from" ? " = 0.9, " : " = 0.09, ");
  table += "}, ";
  std::string text = old_walk;
  text.insert(text.find("default = {") + 11, " " + table);
  auto loaded = parse_walk_text(text, "side.lua", 0);
  REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error().describe()));
  // Loading changes none of the block's own fields.
  CHECK(loaded->step_period == doctest::Approx(0.13));
  CHECK(loaded->sway == doctest::Approx(0.01));
  WalkParams none = blend_gaits(*loaded, {0.0, 0.0, 0.0}), full = blend_gaits(*loaded, {1.0, 0.0, 0.0}), half = blend_gaits(*loaded, {0.5, 0.0, 0.0});
  CHECK(none.step_period == doctest::Approx(0.13));
  CHECK(full.step_period == doctest::Approx(0.09));
  CHECK(half.step_period == doctest::Approx(0.11));
  CHECK(blend_gaits(*loaded, {3.0, 0.0, 0.0}).step_period == doctest::Approx(0.09));  // clamped
  CHECK(blend_gaits(*loaded, {0.0, 1.0, 0.0}).step_period == doctest::Approx(0.13));  // no forward table
  CHECK(full.sway == doctest::Approx(0.09));
  CHECK(full.balance_step_y == doctest::Approx(0.09));
  CHECK(full.tilt_hip_roll == doctest::Approx(0.09));
  CHECK(full.foot_spread == doctest::Approx(0.09));
  CHECK(full.max_side == doctest::Approx(0.3));      // limits are not part of it
  CHECK(full.step_height == doctest::Approx(0.09));
  CHECK(full.torso_offset_x == doctest::Approx(0.09));
  int differing = 0;
  const double* b = reinterpret_cast<const double*>(&*loaded);
  const double* f = reinterpret_cast<const double*>(&full);
  for (size_t i = 0; i < offsetof(WalkParams, sideways) / sizeof(double); ++i) differing += b[i] != f[i];
  // Each field blended and, for balance_step_x/y, their slow-gait twins; nothing else.
  CHECK(differing == WalkParams::kGaitFieldCount + 2);
  CHECK(full.slow_balance_step_y == doctest::Approx(0.09));
  // Without a table nothing blends.
  CHECK(blend_gaits(*base, {1.0, 1.0, 0.0}).step_period == doctest::Approx(0.13));

  // A type's block may give a sideways table of its own, field by field.
  std::string typed = text;
  typed.replace(typed.find("type2 = {"), 9, "type2 = { sideways = { sway = 0.03 },");
  auto type2 = parse_walk_text(typed, "side.lua", 2);
  REQUIRE_MESSAGE(type2.ok(), (type2.ok() ? "" : type2.error().describe()));
  CHECK(blend_gaits(*type2, {1.0, 0.0, 0.0}).sway == doctest::Approx(0.03));
  CHECK(blend_gaits(*type2, {1.0, 0.0, 0.0}).step_period == doctest::Approx(0.09));

  // Errors: a field a sideways gait may not change, a misspelt one, a
  // sideways value out of range, a table that is not one.
  CHECK(walk_load_error("sideways = { max_side = 0.5 },").find("max_side") != std::string::npos);
  std::string range = walk_load_error("sideways = { step_period = 2 },");
  CHECK(range.find("sideways") != std::string::npos);
  CHECK(range.find("step_period") != std::string::npos);
  walk_load_error("sideways = 1,");  // fails to load, whatever it says
  CHECK(walk_load_error("forward = { imu_accel_smoothing = 0 },").find("imu_accel_smoothing must be in (0, 1]") !=
        std::string::npos);
  CHECK(walk_load_error("forward = { imu_foot_gain = -0.1 },").find("imu_foot_gain must be in [0, 0.5]") !=
        std::string::npos);
  CHECK(walk_load_error("forward = { heading_step_max = 0.31 },").find("heading_step_max must be in [0, 0.3] rad") !=
        std::string::npos);
  CHECK(walk_load_error("heading_step_max = -0.01,").find("heading_step_max must be in [0, 0.3] rad") !=
        std::string::npos);
}

// The earlier walk file with `fields` added to its default block, loaded for type 0.
static WalkParams old_walk_with(const std::string& fields) {
  std::string text = old_walk;
  text.insert(text.find("default = {") + 11, " " + fields);
  auto loaded = parse_walk_text(text, "with.lua", 0);
  REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error().describe()));
  return *loaded;
}

TEST_CASE("walk files: a gait table's catch gains hold where its gait walks, the slow gait too") {
  // A sidestep has no forward speed, so it walks the slow gait and reads
  // slow_balance_step_x/y: a table's balance_step_x/y must move those too.
  WalkParams loaded = old_walk_with("slow_balance_step_x = 0.02, slow_balance_step_y = 0.008,"
                                    " sideways = { balance_step_y = 0.003 }, turning = { balance_step_x = 0.012 },");
  WalkParams none = blend_gaits(loaded, {0.0, 0.0, 0.0});
  CHECK(none.slow_balance_step_x == doctest::Approx(0.02));
  CHECK(none.slow_balance_step_y == doctest::Approx(0.008));
  WalkParams sidestep = blend_gaits(loaded, {1.0, 0.0, 0.0});
  CHECK(sidestep.slow_balance_step_y == doctest::Approx(0.003));
  CHECK(sidestep.balance_step_y == doctest::Approx(0.003));
  CHECK(sidestep.slow_balance_step_x == doctest::Approx(0.02));  // not in the sideways table
  CHECK(blend_gaits(loaded, {0.5, 0.0, 0.0}).slow_balance_step_y == doctest::Approx(0.0055));
  WalkParams turn = blend_gaits(loaded, {0.0, 0.0, 1.0});
  CHECK(turn.slow_balance_step_x == doctest::Approx(0.012));
  CHECK(turn.slow_balance_step_y == doctest::Approx(0.008));
  // Left out, the slow gains are the type's own and the tables move both alike.
  WalkParams side = old_walk_with("sideways = { balance_step_y = 0.009 },");
  CHECK(side.slow_balance_step_y == doctest::Approx(side.balance_step_y));
  CHECK(side.slow_balance_step_y == doctest::Approx(0.005));
  CHECK(blend_gaits(side, {1.0, 0.0, 0.0}).slow_balance_step_y == doctest::Approx(0.009));
}

TEST_CASE("walk files: a forward gait is read per block, blended with the sideways one and checked") {
  std::string text = old_walk;
  text.insert(text.find("default = {") + 11,
              " sideways = { step_period = 0.09, sway = 0.02 }, forward = { step_period = 0.11, gyro_ankle_pitch = -0.2, "
              "balance_step_x = 0.05 },");
  auto loaded = parse_walk_text(text, "fast.lua", 0);
  REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error().describe()));
  CHECK(loaded->step_period == doctest::Approx(0.13));  // the block's own value stays
  WalkParams fast = blend_gaits(*loaded, {0.0, 1.0, 0.0});
  CHECK(fast.step_period == doctest::Approx(0.11));
  CHECK(fast.gyro_ankle_pitch == doctest::Approx(-0.2));
  CHECK(fast.balance_step_x == doctest::Approx(0.05));
  CHECK(fast.sway == doctest::Approx(loaded->sway));  // only the sideways table sets it
  // Shares add, each against the block's own value.
  WalkParams mixed = blend_gaits(*loaded, {0.25, 0.5, 0.0});
  CHECK(mixed.step_period == doctest::Approx(0.13 + 0.25 * (0.09 - 0.13) + 0.5 * (0.11 - 0.13)));
  CHECK(mixed.sway == doctest::Approx(loaded->sway + 0.25 * (0.02 - loaded->sway)));
  CHECK(mixed.gyro_ankle_pitch == doctest::Approx(loaded->gyro_ankle_pitch + 0.5 * (-0.2 - loaded->gyro_ankle_pitch)));
  CHECK(blend_gaits(*loaded, {0.0, -1.0, 0.0}).step_period == doctest::Approx(0.13));  // clamped

  // A type's block overrides the default's forward table field by field.
  std::string typed = text;
  typed.replace(typed.find("type2 = {"), 9, "type2 = { forward = { gyro_ankle_pitch = -0.1 },");
  auto type2 = parse_walk_text(typed, "fast.lua", 2);
  REQUIRE_MESSAGE(type2.ok(), (type2.ok() ? "" : type2.error().describe()));
  CHECK(blend_gaits(*type2, {0.0, 1.0, 0.0}).gyro_ankle_pitch == doctest::Approx(-0.1));
  CHECK(blend_gaits(*type2, {0.0, 1.0, 0.0}).step_period == doctest::Approx(0.11));

  // The turning table, read and checked like the others.
  std::string turning = old_walk;
  turning.insert(turning.find("default = {") + 11, " turning_from = 0.6, turning = { foot_spread = -0.01, step_height = 0.03 },");
  auto turned = parse_walk_text(turning, "turn.lua", 0);
  REQUIRE_MESSAGE(turned.ok(), (turned.ok() ? "" : turned.error().describe()));
  CHECK(turned->turning_from == doctest::Approx(0.6));
  CHECK(blend_gaits(*turned, {0.0, 0.0, 1.0}).foot_spread == doctest::Approx(-0.01));
  CHECK(blend_gaits(*turned, {0.0, 0.0, 0.5}).step_height == doctest::Approx(0.5 * (turned->step_height + 0.03)));
  CHECK(blend_gaits(*turned, {0.0, 1.0, 0.0}).foot_spread == doctest::Approx(turned->foot_spread));
  CHECK(walk_load_error("turning = { max_turn = 5 },").find("max_turn") != std::string::npos);
  CHECK(walk_load_error("turning = { step_height = 0.5 },").find("turning") != std::string::npos);
  CHECK(walk_load_error("turning_from = 0.99,").find("turning_from must be in [0, 0.95]") != std::string::npos);

  // The foot sensors' step timing: off unless given, checked when given.
  auto old_loaded = parse_walk_text(old_walk, "old.lua", 0);
  REQUIRE(old_loaded.ok());
  CHECK(old_loaded->touchdown_load == 0.0);
  CHECK(old_loaded->touchdown_from == 1.0);
  CHECK(old_loaded->touchdown_wait == 0.0);
  std::string sensed = old_walk;
  sensed.insert(sensed.find("default = {") + 11,
                " touchdown_load = 12, touchdown_from = 0.7, touchdown_wait = 0.04, turning = { touchdown_wait = 0 },");
  auto timed = parse_walk_text(sensed, "touch.lua", 0);
  REQUIRE_MESSAGE(timed.ok(), (timed.ok() ? "" : timed.error().describe()));
  CHECK(timed->touchdown_load == doctest::Approx(12));
  CHECK(timed->touchdown_from == doctest::Approx(0.7));
  CHECK(blend_gaits(*timed, {0.0, 0.0, 1.0}).touchdown_wait == 0.0);
  CHECK(blend_gaits(*timed, {0.0, 0.0, 0.5}).touchdown_wait == doctest::Approx(0.02));
  CHECK(walk_load_error("touchdown_load = -1,").find("touchdown_load must be in [0, 200] N") != std::string::npos);
  CHECK(walk_load_error("touchdown_from = 0.1,").find("touchdown_from must be in [0.3, 1]") != std::string::npos);
  CHECK(walk_load_error("touchdown_wait = 0.5,").find("touchdown_wait must be in [0, 0.2] s") != std::string::npos);
  CHECK(walk_load_error("forward = { touchdown_load = 5 },").find("touchdown_load") != std::string::npos);

  // Errors name the table: a limit, a value out of range.
  CHECK(walk_load_error("forward = { max_forward = 2 },").find("max_forward") != std::string::npos);
  std::string range = walk_load_error("forward = { step_height = 0.5 },");
  CHECK(range.find("forward") != std::string::npos);
  CHECK(range.find("step_height") != std::string::npos);
}
