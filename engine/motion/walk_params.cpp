#include "motion/walk_params.h"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "core/datafile.h"

namespace libero::motion {

namespace {

struct Field {
  const char* key;
  double WalkParams::*member;
  // Added after teams had walk files of their own: `default` may leave it
  // out, and then the field does nothing (its WalkParams default), so an
  // older walk file walks as it did.
  bool optional = false;
};

constexpr Field kFields[] = {
    {"step_period", &WalkParams::step_period},
    {"step_period_per_speed", &WalkParams::step_period_per_speed, true},
    {"torso_pitch_per_speed", &WalkParams::torso_pitch_per_speed, true},
    {"gait_speed_from", &WalkParams::gait_speed_from, true},
    {"hip_height_ratio", &WalkParams::hip_height_ratio},
    {"stand_hip_height_ratio", &WalkParams::stand_hip_height_ratio},
    {"foot_spread", &WalkParams::foot_spread},
    {"torso_offset_x", &WalkParams::torso_offset_x},
    {"torso_pitch", &WalkParams::torso_pitch},
    {"stand_foot_spread", &WalkParams::stand_foot_spread},
    {"stand_torso_offset_x", &WalkParams::stand_torso_offset_x},
    {"stand_torso_pitch", &WalkParams::stand_torso_pitch},
    {"step_height", &WalkParams::step_height},
    {"swing_end", &WalkParams::swing_end},
    {"swing_linear", &WalkParams::swing_linear},
    {"swing_ramp", &WalkParams::swing_ramp},
    {"heading_feedback", &WalkParams::heading_feedback},
    {"double_support", &WalkParams::double_support},
    {"step_period_per_turn", &WalkParams::step_period_per_turn, true},
    {"turn_gait_from", &WalkParams::turn_gait_from, true},
    {"combine_max_turn", &WalkParams::combine_max_turn, true},
    {"sway", &WalkParams::sway},
    {"lateral_pendulum", &WalkParams::lateral_pendulum},
    {"sway_lead", &WalkParams::sway_lead},
    {"com_height", &WalkParams::com_height},
    {"max_forward", &WalkParams::max_forward},
    {"max_backward", &WalkParams::max_backward},
    {"max_side", &WalkParams::max_side},
    {"max_turn", &WalkParams::max_turn},
    {"combine_power", &WalkParams::combine_power},
    {"accel_forward", &WalkParams::accel_forward},
    {"accel_side", &WalkParams::accel_side},
    {"accel_turn", &WalkParams::accel_turn},
    {"gyro_ankle_pitch", &WalkParams::gyro_ankle_pitch},
    {"gyro_hip_pitch", &WalkParams::gyro_hip_pitch},
    {"gyro_ankle_roll", &WalkParams::gyro_ankle_roll},
    {"gyro_hip_roll", &WalkParams::gyro_hip_roll},
    {"tilt_ankle_pitch", &WalkParams::tilt_ankle_pitch},
    {"tilt_hip_pitch", &WalkParams::tilt_hip_pitch},
    {"tilt_ankle_roll", &WalkParams::tilt_ankle_roll},
    {"tilt_hip_roll", &WalkParams::tilt_hip_roll},
    {"stand_gyro_ankle_roll", &WalkParams::stand_gyro_ankle_roll},
    {"stand_gyro_ankle_pitch", &WalkParams::stand_gyro_ankle_pitch},
    {"stand_gyro_deadband", &WalkParams::stand_gyro_deadband, true},
    {"balance_step_x", &WalkParams::balance_step_x},
    {"balance_step_y", &WalkParams::balance_step_y},
    {"slow_balance_step_x", &WalkParams::slow_balance_step_x, true},
    {"slow_balance_step_y", &WalkParams::slow_balance_step_y, true},
    {"turn_feedback", &WalkParams::turn_feedback},
    {"touchdown_load", &WalkParams::touchdown_load, true},
    {"touchdown_from", &WalkParams::touchdown_from, true},
    {"touchdown_wait", &WalkParams::touchdown_wait, true},
    {"arm_swing", &WalkParams::arm_swing},
    {"arm_pitch", &WalkParams::arm_pitch},
    {"arm_out", &WalkParams::arm_out},
    {"elbow", &WalkParams::elbow},
    {"walk_to_gain", &WalkParams::walk_to_gain},
    {"walk_to_turn_gain", &WalkParams::walk_to_turn_gain},
    {"walk_to_tolerance", &WalkParams::walk_to_tolerance},
    {"walk_to_heading_tolerance", &WalkParams::walk_to_heading_tolerance},
    {"walk_to_near", &WalkParams::walk_to_near, true},
    {"walk_to_turn_first", &WalkParams::walk_to_turn_first, true},
    {"walk_to_step_within", &WalkParams::walk_to_step_within, true},
    {"sideways_from", &WalkParams::sideways_from, true},
    {"turning_from", &WalkParams::turning_from, true},
    {"imu_accel_smoothing", &WalkParams::imu_accel_smoothing, true},
    {"imu_foot_gain", &WalkParams::imu_foot_gain, true},
    {"heading_step_max", &WalkParams::heading_step_max, true},
};

// Fields a gait table (`sideways`, `forward`, `turning`) may hold: the gait's timing,
// lift, pendulum, balance feedback and arm swing. Not the limits,
// accelerations, speed-dependent fields or stand-pose fields: those hold
// for every kind of walking. Index i is GaitTable::value[i].
// `slow` is the member's slow-gait twin, moved by the same blend: a
// sidestep or a turn in place has no forward speed, so it walks the slow
// gait and reads the slow catch gains, and its table's gains must act there.
struct GaitField {
  const char* key;
  double WalkParams::*member;
  double WalkParams::*slow = nullptr;
};
constexpr GaitField kGaitFields[WalkParams::kGaitFieldCount] = {
    {"step_period", &WalkParams::step_period},         {"step_height", &WalkParams::step_height},
    {"double_support", &WalkParams::double_support},   {"swing_end", &WalkParams::swing_end},
    {"swing_linear", &WalkParams::swing_linear},       {"sway", &WalkParams::sway},
    {"sway_lead", &WalkParams::sway_lead},             {"lateral_pendulum", &WalkParams::lateral_pendulum},
    {"foot_spread", &WalkParams::foot_spread},         {"com_height", &WalkParams::com_height},
    {"torso_offset_x", &WalkParams::torso_offset_x},   {"gyro_ankle_roll", &WalkParams::gyro_ankle_roll},
    {"gyro_hip_roll", &WalkParams::gyro_hip_roll},     {"tilt_ankle_roll", &WalkParams::tilt_ankle_roll},
    {"tilt_hip_roll", &WalkParams::tilt_hip_roll},     {"balance_step_y", &WalkParams::balance_step_y, &WalkParams::slow_balance_step_y},
    {"gyro_ankle_pitch", &WalkParams::gyro_ankle_pitch}, {"gyro_hip_pitch", &WalkParams::gyro_hip_pitch},
    {"tilt_ankle_pitch", &WalkParams::tilt_ankle_pitch}, {"tilt_hip_pitch", &WalkParams::tilt_hip_pitch},
    {"balance_step_x", &WalkParams::balance_step_x, &WalkParams::slow_balance_step_x}, {"arm_swing", &WalkParams::arm_swing},
    {"imu_accel_smoothing", &WalkParams::imu_accel_smoothing},
    {"touchdown_from", &WalkParams::touchdown_from}, {"touchdown_wait", &WalkParams::touchdown_wait},
    {"imu_foot_gain", &WalkParams::imu_foot_gain},    {"heading_step_max", &WalkParams::heading_step_max},
};

Status read_gait_table(const data::DataFile& file, const data::Value& table, const std::string& context,
                       WalkParams::GaitTable* gait) {
  data::FieldReader reader(file, table, context);
  for (int i = 0; i < WalkParams::kGaitFieldCount; ++i) {
    double value = reader.number_or(kGaitFields[i].key, std::nan(""));
    if (std::isnan(value)) continue;
    gait->value[i] = value;
    gait->given[i] = true;
  }
  if (!reader.ok()) return reader.error();
  return reader.finish();
}

Status read_fields(const data::DataFile& file, const data::Value& table, const std::string& context,
                   bool required, WalkParams* params) {
  data::FieldReader reader(file, table, context);
  if (const data::Value* sideways = reader.map_or_null("sideways")) {
    Status s = read_gait_table(file, *sideways, context + ".sideways", &params->sideways);
    if (!s.ok()) return s;
  }
  if (const data::Value* forward = reader.map_or_null("forward")) {
    Status s = read_gait_table(file, *forward, context + ".forward", &params->forward);
    if (!s.ok()) return s;
  }
  if (const data::Value* turning = reader.map_or_null("turning")) {
    Status s = read_gait_table(file, *turning, context + ".turning", &params->turning);
    if (!s.ok()) return s;
  }
  for (const Field& f : kFields) {
    if (required && !f.optional)
      params->*f.member = reader.number(f.key);
    else
      params->*f.member = reader.number_or(f.key, params->*f.member);
  }
  if (!reader.ok()) return reader.error();
  return reader.finish();
}

Status check(const WalkParams& p, const std::string& name) {
  auto bad = [&](const char* what) { return make_error(name + ": " + what); };
  if (!(p.step_period >= 0.08 && p.step_period <= 1.0)) return bad("step_period must be in [0.08, 1] s");
  if (!(std::abs(p.step_period_per_speed) <= 0.5)) return bad("step_period_per_speed must be in [-0.5, 0.5] s per m/s");
  if (!(std::abs(p.step_period_per_turn) <= 0.1)) return bad("step_period_per_turn must be in [-0.1, 0.1] s per rad/s");
  if (!(p.turn_gait_from >= 0 && p.turn_gait_from <= 6)) return bad("turn_gait_from must be in [0, 6] rad/s");
  // Above max_turn it is harmless (the turn is bounded by max_turn anyway),
  // and a search that moves max_turn must not find the file rejected.
  if (!(p.combine_max_turn >= 0 && p.combine_max_turn <= 6)) return bad("combine_max_turn must be in [0, 6] rad/s");
  if (!(std::abs(p.torso_pitch_per_speed) <= 1.0)) return bad("torso_pitch_per_speed must be in [-1, 1] rad per m/s");
  if (!(p.gait_speed_from >= 0 && p.gait_speed_from <= 2)) return bad("gait_speed_from must be in [0, 2] m/s");
  if (!(p.hip_height_ratio > 0.5 && p.hip_height_ratio < 1.0)) return bad("hip_height_ratio must be in (0.5, 1)");
  if (!(p.stand_hip_height_ratio > 0.5 && p.stand_hip_height_ratio < 1.0))
    return bad("stand_hip_height_ratio must be in (0.5, 1)");
  if (!(p.com_height > 0.05)) return bad("com_height must be positive");
  if (!(p.step_height >= 0 && p.step_height < 0.1)) return bad("step_height must be in [0, 0.1) m");
  if (!(p.swing_linear >= 0 && p.swing_linear <= 1)) return bad("swing_linear must be in [0, 1]");
  if (!(p.swing_ramp >= 0 && p.swing_ramp <= 0.5)) return bad("swing_ramp must be in [0, 0.5]");
  if (!(p.heading_feedback >= 0 && p.heading_feedback <= 2)) return bad("heading_feedback must be in [0, 2]");
  if (!(p.heading_step_max >= 0 && p.heading_step_max <= 0.3)) return bad("heading_step_max must be in [0, 0.3] rad");
  if (!(p.double_support >= 0 && p.double_support <= 0.6)) return bad("double_support must be in [0, 0.6]");
  if (p.max_forward < 0 || p.max_backward < 0 || p.max_side < 0 || p.max_turn < 0)
    return bad("speed limits must not be negative");
  if (!(p.imu_accel_smoothing > 0 && p.imu_accel_smoothing <= 1)) return bad("imu_accel_smoothing must be in (0, 1]");
  if (!(p.imu_foot_gain >= 0 && p.imu_foot_gain <= 0.5)) return bad("imu_foot_gain must be in [0, 0.5]");
  if (!(p.sideways_from >= 0 && p.sideways_from <= 0.95)) return bad("sideways_from must be in [0, 0.95] of max_side");
  if (!(p.turning_from >= 0 && p.turning_from <= 0.95)) return bad("turning_from must be in [0, 0.95] of max_turn");
  if (!(p.touchdown_load >= 0 && p.touchdown_load <= 200)) return bad("touchdown_load must be in [0, 200] N");
  if (!(p.touchdown_from >= 0.3 && p.touchdown_from <= 1)) return bad("touchdown_from must be in [0.3, 1] of the step");
  if (!(p.touchdown_wait >= 0 && p.touchdown_wait <= 0.2)) return bad("touchdown_wait must be in [0, 0.2] s");
  if (!(p.combine_power >= 1 && p.combine_power <= 8)) return bad("combine_power must be in [1, 8]");
  if (!(p.accel_forward > 0 && p.accel_side > 0 && p.accel_turn > 0))
    return bad("accelerations must be positive");
  return {};
}

}  // namespace

bool set_gait_field(WalkParams::GaitTable* table, std::string_view field, double value) {
  for (int i = 0; i < WalkParams::kGaitFieldCount; ++i) {
    if (field != kGaitFields[i].key) continue;
    table->value[i] = value;
    table->given[i] = true;
    return true;
  }
  return false;
}

WalkParams blend_gaits(const WalkParams& params, const GaitShares& shares) {
  WalkParams out = params;
  const double sideways_share = std::clamp(shares.sideways, 0.0, 1.0);
  const double forward_share = std::clamp(shares.forward, 0.0, 1.0);
  const double turning_share = std::clamp(shares.turning, 0.0, 1.0);
  auto blend = [&](int i, double WalkParams::*member) {
    const double own = params.*member;
    if (params.sideways.given[i]) out.*member += (params.sideways.value[i] - own) * sideways_share;
    if (params.forward.given[i]) out.*member += (params.forward.value[i] - own) * forward_share;
    if (params.turning.given[i]) out.*member += (params.turning.value[i] - own) * turning_share;
  };
  for (int i = 0; i < WalkParams::kGaitFieldCount; ++i) {
    blend(i, kGaitFields[i].member);
    if (kGaitFields[i].slow) blend(i, kGaitFields[i].slow);
  }
  return out;
}

Result<WalkParams> parse_walk_text(const std::string& text, const std::string& name, int robot_type) {
  Result<data::DataFile> file = data::parse_data_text(text, name);
  if (!file.ok()) return file.error();
  const data::Value& root = file->root;
  if (!root.is_map()) return make_error(name + ": must return a table of parameter sets");
  const data::Value* defaults = root.find("default");
  if (!defaults || !defaults->is_map()) return make_error(name + ": 'default' parameter set missing");
  for (const auto& [key, value] : root.fields) {
    bool known = key == "default" || (key.size() == 5 && key.compare(0, 4, "type") == 0 &&
                                      key[4] >= '0' && key[4] <= '4');
    if (!known) return make_error(name + ": unknown entry '" + key + "' (default, type0..type4)");
    if (!value.is_map()) return make_error(name + ": '" + key + "' must be a table");
  }
  WalkParams params;
  // Left out, the slow gait's balance step gains are the others (NaN marks
  // "not given" until every block is read, so a type's own balance_step_x/y
  // carry over too).
  params.slow_balance_step_x = params.slow_balance_step_y = std::nan("");
  Status s = read_fields(file.value(), *defaults, "default", true, &params);
  if (!s.ok()) return s.error();
  std::string type_key = "type" + std::to_string(robot_type);
  if (const data::Value* over = root.find(type_key)) {
    s = read_fields(file.value(), *over, type_key, false, &params);
    if (!s.ok()) return s.error();
  }
  if (std::isnan(params.slow_balance_step_x)) params.slow_balance_step_x = params.balance_step_x;
  if (std::isnan(params.slow_balance_step_y)) params.slow_balance_step_y = params.balance_step_y;
  s = check(params, name + " (" + type_key + ")");
  if (!s.ok()) return s.error();
  s = check(blend_gaits(params, {1.0, 0.0, 0.0}), name + " (" + type_key + ".sideways)");
  if (!s.ok()) return s.error();
  s = check(blend_gaits(params, {0.0, 1.0, 0.0}), name + " (" + type_key + ".forward)");
  if (!s.ok()) return s.error();
  s = check(blend_gaits(params, {0.0, 0.0, 1.0}), name + " (" + type_key + ".turning)");
  if (!s.ok()) return s.error();
  return params;
}

Result<WalkParams> load_walk_file(const std::string& path, int robot_type) {
  Result<data::DataFile> file = data::load_data_file(path);
  if (!file.ok()) return file.error();
  return parse_walk_text(file->source, path, robot_type);
}

}  // namespace libero::motion
