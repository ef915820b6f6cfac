#include "physics_world.h"

#include <mujoco/mujoco.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/log.h"
#include "mjcf_builder.h"
#include "physics_params.h"

namespace libero::sim {
namespace {

constexpr int kNoIndex = -1;

// Per-cycle accumulation of one foot sensor's contacts over all substeps.
struct FootAccumulator {
  bool contact = false;
  Vec3 force_sum = Vec3::Zero();           // world, summed over substeps
  Vec3 weighted_point_sum = Vec3::Zero();  // sum of |f| * contact point, world
  double weight_sum = 0;
};

Mat3 to_mat3(const mjtNum* m) {
  Mat3 r;
  r << m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8];
  return r;
}

struct RobotEntry {
  RobotId id = kNoRobot;
  int team = 0, unum = 0;
  robot::RobotDescription description;
  double command[kJointCount] = {};  // rad/s, already clamped

  // MuJoCo indices, refreshed whenever the model is rebuilt.
  int root_qpos = kNoIndex, root_dof = kNoIndex;
  int joint_qpos[kJointCount], joint_dof[kJointCount];
  std::vector<int> body_ids;   // per description body
  std::vector<int> geom_ids;   // colliders
  int foot_body[kFootSensors];
  int marker_body[kMarkers];

  // Accelerometer: SimSpark differentiates the torso velocity once per cycle
  // before the physics step, so the value lags one cycle (facts §5.5).
  Vec3 pending_push = Vec3::Zero();  // N on the torso during the next step
  Vec3 previous_torso_velocity = Vec3::Zero();
  Vec3 accelerometer = Vec3(0, 0, kGravity);

  FootAccumulator foot_accumulator[kFootSensors];
  FootReading foot_reading[kFootSensors];

  // Rest (ODE auto-disable, settle_robots_at_rest): per description body,
  // the idle cycles it may still count before it is disabled, and whether
  // it is; the description body each joint moves; whether the whole robot
  // was frozen in the last step (every body disabled, so not simulated).
  std::vector<int> idle_steps_left;
  std::vector<char> body_disabled;
  int joint_body[kJointCount];
  bool frozen = false;
};

}  // namespace

struct PhysicsWorld::Impl {
  PhysicsOptions options;
  int substeps = params::kDefaultSubsteps;
  mjModel* model = nullptr;
  mjData* data = nullptr;
  std::vector<RobotEntry*> robots;  // ascending id; owned
  RobotId next_id = 0;
  int64_t cycle = 0;

  int ball_body = kNoIndex, ball_qpos = kNoIndex, ball_dof = kNoIndex, ball_geom = kNoIndex;
  int ground_geom = kNoIndex;
  // Geom owner tables: robot slot (index into robots) and description body, or -1.
  std::vector<int> geom_robot, geom_body;
  std::vector<double> dof_command;  // per MuJoCo dof: commanded joint velocity
  std::vector<double> dof_motor_force;  // per MuJoCo dof: motor force of the last substep
  // Per cycle motor impulse (motor_impulse_per_cycle): the robot joints'
  // dofs, and per dof the N*m*s its motor may still spend in this cycle.
  std::vector<int> motor_dofs;
  std::vector<double> dof_motor_budget;
  std::vector<double> body_wrench;      // per body: (torque, force) scratch for apply_drag
  std::vector<int> foot_geom_sensor;  // per geom: FootSensorIndex or -1
  CycleContacts contacts;
  bool warned_overflow = false;
  int64_t unstable_steps = 0;  // PhysicsWorld::unstable_steps
  // The world at the start of the cycle, to go back to when a substep turns
  // out unstable (recover_from_instability).
  std::vector<mjtNum> cycle_start_qpos, cycle_start_qvel;
  mjtNum cycle_start_time = 0;
  // Ball contacts that bounced in this substep (apply_ball_bounce), checked
  // after the solve by finish_ball_bounce.
  struct Bounce {
    Vec3 normal;   // from the other body towards the ball
    double ball_normal_speed;  // what the ball's velocity along `normal` must be after the substep
  };
  static constexpr int kMaxBounces = 8;
  Bounce bounces[kMaxBounces];
  int bounce_count = 0;

  ~Impl() {
    for (RobotEntry* r : robots) delete r;
    if (data) mj_deleteData(data);
    if (model) mj_deleteModel(model);
  }

  RobotEntry* find(RobotId id) const {
    for (RobotEntry* r : robots)
      if (r->id == id) return r;
    return nullptr;
  }

  Status rebuild(const std::vector<MjcfRobot>& layout);
  void index_model();
  void refresh_kinematics() {
    mj_kinematics(model, data);
    mj_comPos(model, data);
    mj_comVel(model, data);
  }
  void body_velocity(int body, Vec3* linear, Vec3* angular, bool local) const {
    mjtNum v[6];
    mj_objectVelocity(model, data, mjOBJ_BODY, body, v, local ? 1 : 0);
    *angular = Vec3(v[0], v[1], v[2]);
    *linear = Vec3(v[3], v[4], v[5]);
  }
  void apply_drag();
  void add_body_wrench(int body, const Vec3& force, const Vec3& torque);
  void update_accelerometers();
  void settle_robots_at_rest();
  void hold_frozen_robots();
  bool robot_touches_awake(const RobotEntry& r) const;
  void substep();
  void apply_robot_slip();
  void soften_robot_contact_normals();
  int unstable_dof() const;
  void recover_from_instability(int dof);
  void apply_ball_bounce();
  void finish_ball_bounce();
  void gather_contacts();
  double contact_impedance(double violation) const;
  void finish_foot_readings();
  void add_ball_touch(RobotId robot, int body);
  void add_robot_touch(RobotId a, int body_a, RobotId b, int body_b, const Vec3& position);
};

namespace {

Result<mjModel*> compile_mjcf(const std::string& xml) {
  // mjVFS is large (2 MB of names); it only lives during compilation.
  std::unique_ptr<mjVFS> vfs(new mjVFS);
  mj_defaultVFS(vfs.get());
  const char* file_name = "libero_world.xml";
  if (mj_makeEmptyFileVFS(vfs.get(), file_name, static_cast<int>(xml.size())) != 0)
    return make_error("physics: cannot create the in-memory MJCF file");
  const int index = mj_findFileVFS(vfs.get(), file_name);
  std::memcpy(vfs->filedata[index], xml.data(), xml.size());
  char error[1024] = {};
  mjModel* model = mj_loadXML(file_name, vfs.get(), error, sizeof error);
  mj_deleteVFS(vfs.get());
  if (!model) return make_error(std::string("physics: MuJoCo rejected the generated model: ") + error);
  return model;
}

}  // namespace

Status PhysicsWorld::Impl::rebuild(const std::vector<MjcfRobot>& layout) {
  const std::string xml = build_world_mjcf(layout.data(), static_cast<int>(layout.size()), substeps, options.params);
  Result<mjModel*> compiled = compile_mjcf(xml);
  if (!compiled) return compiled.error();
  mjModel* new_model = compiled.value();
  mjData* new_data = mj_makeData(new_model);
  if (!new_data) {
    mj_deleteModel(new_model);
    return make_error("physics: cannot allocate mjData");
  }

  // Carry the state of every body that exists in both models over by name.
  if (model && data) {
    new_data->time = data->time;
    auto copy_joint = [&](const char* name) {
      const int old_joint = mj_name2id(model, mjOBJ_JOINT, name);
      const int new_joint = mj_name2id(new_model, mjOBJ_JOINT, name);
      if (old_joint < 0 || new_joint < 0) return;
      const int type = model->jnt_type[old_joint];
      const int nq = type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1;
      const int nv = type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
      std::memcpy(new_data->qpos + new_model->jnt_qposadr[new_joint], data->qpos + model->jnt_qposadr[old_joint],
                  sizeof(mjtNum) * nq);
      std::memcpy(new_data->qvel + new_model->jnt_dofadr[new_joint], data->qvel + model->jnt_dofadr[old_joint],
                  sizeof(mjtNum) * nv);
      std::memcpy(new_data->qacc_warmstart + new_model->jnt_dofadr[new_joint],
                  data->qacc_warmstart + model->jnt_dofadr[old_joint], sizeof(mjtNum) * nv);
    };
    for (int j = 0; j < model->njnt; ++j) copy_joint(mj_id2name(model, mjOBJ_JOINT, j));
  }
  if (data) mj_deleteData(data);
  if (model) mj_deleteModel(model);
  model = new_model;
  data = new_data;
  index_model();
  refresh_kinematics();
  return {};
}

void PhysicsWorld::Impl::index_model() {
  ball_body = mj_name2id(model, mjOBJ_BODY, "ball");
  const int ball_joint = mj_name2id(model, mjOBJ_JOINT, "ball");
  ball_qpos = model->jnt_qposadr[ball_joint];
  ball_dof = model->jnt_dofadr[ball_joint];
  ball_geom = mj_name2id(model, mjOBJ_GEOM, "ball");
  ground_geom = mj_name2id(model, mjOBJ_GEOM, "ground");

  geom_robot.assign(model->ngeom, kNoIndex);
  geom_body.assign(model->ngeom, kNoIndex);
  foot_geom_sensor.assign(model->ngeom, kNoIndex);
  dof_command.assign(model->nv, 0.0);
  dof_motor_force.assign(model->nv, 0.0);
  dof_motor_budget.assign(model->nv, 0.0);
  motor_dofs.clear();
  cycle_start_qpos.assign(model->nq, 0.0);
  cycle_start_qvel.assign(model->nv, 0.0);
  body_wrench.assign(6 * model->nbody, 0.0);

  for (int slot = 0; slot < static_cast<int>(robots.size()); ++slot) {
    RobotEntry& r = *robots[slot];
    const robot::RobotDescription& desc = r.description;
    const int root = mj_name2id(model, mjOBJ_JOINT, robot_root_joint_name(r.id).c_str());
    r.root_qpos = model->jnt_qposadr[root];
    r.root_dof = model->jnt_dofadr[root];
    for (int j = 0; j < kJointCount; ++j) {
      r.joint_qpos[j] = r.joint_dof[j] = kNoIndex;
      if (!desc.joints[j].exists) continue;
      const int joint = mj_name2id(model, mjOBJ_JOINT, robot_joint_name(r.id, j).c_str());
      if (joint < 0) continue;
      r.joint_qpos[j] = model->jnt_qposadr[joint];
      r.joint_dof[j] = model->jnt_dofadr[joint];
      motor_dofs.push_back(r.joint_dof[j]);
      dof_command[r.joint_dof[j]] = r.command[j];
    }
    r.body_ids.assign(desc.bodies.size(), kNoIndex);
    r.geom_ids.clear();
    for (int s = 0; s < kFootSensors; ++s) r.foot_body[s] = kNoIndex;
    for (int k = 0; k < kMarkers; ++k) r.marker_body[k] = kNoIndex;
    for (size_t b = 0; b < desc.bodies.size(); ++b) {
      const int body = mj_name2id(model, mjOBJ_BODY, robot_body_name(r.id, static_cast<int>(b)).c_str());
      r.body_ids[b] = body;
      const std::string& name = desc.bodies[b].name;
      int sensor = kNoIndex;
      if (name == "lfoot") sensor = kSensorLeftFoot;
      if (name == "rfoot") sensor = kSensorRightFoot;
      if (name == "ltoe") sensor = kSensorLeftToe;
      if (name == "rtoe") sensor = kSensorRightToe;
      if (sensor != kNoIndex) r.foot_body[sensor] = body;
      const std::string& marker = desc.bodies[b].marker;
      if (marker == "head") r.marker_body[kMarkerHeadPos] = body;
      if (marker == "rlowerarm") r.marker_body[kMarkerRLowerArmPos] = body;
      if (marker == "llowerarm") r.marker_body[kMarkerLLowerArmPos] = body;
      if (marker == "rfoot") r.marker_body[kMarkerRFootPos] = body;
      if (marker == "lfoot") r.marker_body[kMarkerLFootPos] = body;
      for (int g = 0; g < model->body_geomnum[body]; ++g) {
        const int geom = model->body_geomadr[body] + g;
        geom_robot[geom] = slot;
        geom_body[geom] = static_cast<int>(b);
        foot_geom_sensor[geom] = sensor;
        r.geom_ids.push_back(geom);
      }
    }
  }
}

void PhysicsWorld::Impl::add_body_wrench(int body, const Vec3& force, const Vec3& torque) {
  mjtNum* w = body_wrench.data() + 6 * body;
  for (int k = 0; k < 3; ++k) {
    w[k] += torque[k];
    w[3 + k] += force[k];
  }
}

// Drag and pushes are constant over a cycle (SimSpark applies them once per
// step), so they go into qfrc_applied once per cycle. MuJoCo's xfrc_applied
// would build a dense body Jacobian per body and substep (mj_applyFT), which
// cost more than the rest of the 22-robot step; this tree pass is O(nbody).
void PhysicsWorld::Impl::apply_drag() {
  std::fill(body_wrench.begin(), body_wrench.end(), 0.0);
  Vec3 linear, angular;
  for (RobotEntry* r : robots) {
    if (!r->pending_push.isZero()) add_body_wrench(r->body_ids[0], r->pending_push, Vec3::Zero());
    r->pending_push = Vec3::Zero();
    if (!options.drag) continue;
    for (int body : r->body_ids) {
      body_velocity(body, &linear, &angular, false);
      add_body_wrench(body, -options.params.body_linear_drag * linear, -options.params.body_angular_drag * angular);
    }
  }
  if (options.drag) {
    body_velocity(ball_body, &linear, &angular, false);
    add_body_wrench(ball_body, -options.params.ball_linear_drag * linear, -options.params.ball_angular_drag * angular);
  }
  // body_wrench holds (torque, force) with the force at the body's CoM (the
  // body origin). Move every torque to the reference point of MuJoCo's
  // com-based spatial vectors (the tree root's subtree CoM), sum subtrees
  // from the leaves up, and project onto each dof's motion axis.
  for (int b = 1; b < model->nbody; ++b) {
    mjtNum* w = body_wrench.data() + 6 * b;
    const mjtNum* point = data->xipos + 3 * b;
    const mjtNum* reference = data->subtree_com + 3 * model->body_rootid[b];
    const Vec3 arm(point[0] - reference[0], point[1] - reference[1], point[2] - reference[2]);
    const Vec3 moment = arm.cross(Vec3(w[3], w[4], w[5]));
    for (int k = 0; k < 3; ++k) w[k] += moment[k];
  }
  for (int b = model->nbody - 1; b > 0; --b) {
    const int parent = model->body_parentid[b];
    if (parent <= 0) continue;
    for (int k = 0; k < 6; ++k) body_wrench[6 * parent + k] += body_wrench[6 * b + k];
  }
  for (int dof = 0; dof < model->nv; ++dof) {
    const mjtNum* axis = data->cdof + 6 * dof;
    const mjtNum* w = body_wrench.data() + 6 * model->dof_bodyid[dof];
    double generalized = 0;
    for (int k = 0; k < 6; ++k) generalized += axis[k] * w[k];
    data->qfrc_applied[dof] = generalized;
  }
}

void PhysicsWorld::Impl::update_accelerometers() {
  const Vec3 gravity(0, 0, -kGravity);
  for (RobotEntry* r : robots) {
    const int torso = r->body_ids[0];
    Vec3 linear, angular;
    body_velocity(torso, &linear, &angular, false);
    const Mat3 rotation = to_mat3(data->xmat + 9 * torso);
    r->accelerometer = rotation.transpose() * ((linear - r->previous_torso_velocity) / kCycleSeconds - gravity);
    r->previous_torso_velocity = linear;
  }
}

// ODE's auto-disable, which SimSpark switches on (spark.rb) with ODE's
// defaults, at the start of ODE's step: every enabled body whose linear and
// angular speeds are both within the rest thresholds counts down one idle
// step, any other restarts its count; a body whose count has run out is
// disabled. ODE then steps islands of connected bodies that hold at least
// one enabled body, and enables every body in them again (without
// restarting their counts): so a robot keeps moving while any of its bodies
// is awake, and stands frozen, not simulated at all, once all of them ran
// out in the same step. A robot beamed every cycle has its velocities
// zeroed, so its counts run out together however its joints move; on the
// real server it then loses every 10th step of its joint motion (measured:
// shoulder pitch at -1 rad/s in BeforeKickOff with a beam per cycle moves
// 9 cycles, stands 1, moves 9; without the beam, every cycle).
// Contacts join islands: a robot touching an awake robot, or a moving ball,
// is awake. (The ball itself is not put to rest here: at rest it does
// nothing either way, and whatever moves it wakes it in ODE too.)
void PhysicsWorld::Impl::settle_robots_at_rest() {
  const int idle_steps = static_cast<int>(std::lround(options.params.rest_idle_steps));
  if (idle_steps <= 0) return;
  const double linear_limit = options.params.rest_linear_speed * options.params.rest_linear_speed;
  const double angular_limit = options.params.rest_angular_speed * options.params.rest_angular_speed;
  Vec3 linear, angular;
  for (RobotEntry* r : robots) {
    bool awake = false;
    for (size_t b = 0; b < r->body_ids.size(); ++b) {
      if (r->body_disabled[b]) continue;
      body_velocity(r->body_ids[b], &linear, &angular, false);
      if (linear.squaredNorm() <= linear_limit && angular.squaredNorm() <= angular_limit) {
        --r->idle_steps_left[b];
      } else {
        r->idle_steps_left[b] = idle_steps;
      }
      if (r->idle_steps_left[b] <= 0) r->body_disabled[b] = 1;
      else awake = true;
    }
    r->frozen = !awake;  // provisional: touches below may still wake it
  }
  // Touches of the last cycle join islands; two passes reach a robot
  // touching a robot that an awake one touches, which is as far as a
  // scrum of frozen robots goes in practice.
  for (int pass = 0; pass < 2; ++pass)
    for (RobotEntry* r : robots)
      if (r->frozen && robot_touches_awake(*r)) r->frozen = false;
  for (RobotEntry* r : robots) {
    if (r->frozen) {
      // Disabled bodies lose their velocity (ODE zeroes it), and the robot
      // keeps its pose through the step (hold_frozen_robots).
      std::memset(data->qvel + r->root_dof, 0, sizeof(mjtNum) * 6);
      for (int j = 0; j < kJointCount; ++j)
        if (r->joint_dof[j] >= 0) data->qvel[r->joint_dof[j]] = 0;
    } else {
      std::fill(r->body_disabled.begin(), r->body_disabled.end(), 0);
    }
  }
}

bool PhysicsWorld::Impl::robot_touches_awake(const RobotEntry& r) const {
  for (int k = 0; k < contacts.robot_touch_count; ++k) {
    const RobotTouch& t = contacts.robot_touches[k];
    RobotId other = kNoRobot;
    if (t.robot_a == r.id) other = t.robot_b;
    if (t.robot_b == r.id) other = t.robot_a;
    if (other == kNoRobot) continue;
    const RobotEntry* o = find(other);
    if (o && !o->frozen) return true;
  }
  const double limit = options.params.rest_linear_speed;
  for (int k = 0; k < contacts.ball_touch_count; ++k)
    if (contacts.ball_touches[k].robot == r.id) {
      const mjtNum* v = data->qvel + ball_dof;
      if (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > limit * limit) return true;
    }
  return false;
}

// A frozen robot is not simulated in this step: whatever the substeps did to
// it (gravity, motors) is undone. Its foot sensors keep what the substeps
// measured, which is the robot standing where it stands (SimSpark's FRP of a
// robot at rest reads its weight, tools/bench/calibration/sensors_at_rest.py).
void PhysicsWorld::Impl::hold_frozen_robots() {
  for (RobotEntry* r : robots) {
    if (!r->frozen) continue;
    std::copy(cycle_start_qpos.begin() + r->root_qpos, cycle_start_qpos.begin() + r->root_qpos + 7,
              data->qpos + r->root_qpos);
    std::memset(data->qvel + r->root_dof, 0, sizeof(mjtNum) * 6);
    for (int j = 0; j < kJointCount; ++j) {
      if (r->joint_dof[j] < 0) continue;
      data->qpos[r->joint_qpos[j]] = cycle_start_qpos[r->joint_qpos[j]];
      data->qvel[r->joint_dof[j]] = 0;
    }
  }
}

void PhysicsWorld::Impl::substep() {
  // ODE solves a motor over SimSpark's one 20 ms step with at most 10 N*m, so
  // an impact within the step (a foot landing) may take the whole 10 N*m x
  // 20 ms of impulse at once. With a per-substep bound a motor could give
  // only a quarter of that in the substep of the impact, and joints gave way
  // where SimSpark's hold (a robot dropped 3 cm onto bent knees: 0.87 deg of
  // knee here, none there). So each motor spends a budget of max torque x
  // cycle over the cycle's substeps.
  const bool per_cycle = options.params.motor_impulse_per_cycle > 0;
  const double h = model->opt.timestep;
  if (per_cycle)
    for (int dof : motor_dofs) {
      // At a stop and driven into it, ODE does not solve the motor at all:
      // it applies the motor's max torque as a plain torque against the
      // stop. Spending the cycle's impulse there in one substep would press
      // the joint far into its (soft) stop, so it keeps its per-substep bound.
      const int joint = model->dof_jntid[dof];
      const double angle = data->qpos[model->jnt_qposadr[joint]];
      const double command = dof_command[dof];
      const bool into_stop = (command < 0 && angle <= model->jnt_range[2 * joint]) ||
                             (command > 0 && angle >= model->jnt_range[2 * joint + 1]);
      model->dof_frictionloss[dof] =
          into_stop ? std::min(options.params.motor_max_torque, dof_motor_budget[dof] / h) : dof_motor_budget[dof] / h;
    }
  mj_step1(model, data);
  // Motors: the frictionloss row of a hinge has reference acceleration
  // -B * rate; shifting it by B * command makes the solver drive the rate to
  // the command with at most frictionloss (10 N*m) of force.
  // A soft constraint settles where aref - R * force = acceleration, i.e. a
  // loaded joint creeps at R * force / B. Adding R times the motor's force of
  // the previous substep cancels that creep (ODE's motor CFM is 1e-8).
  for (int i = 0; i < data->nefc; ++i) {
    if (data->efc_type[i] != mjCNSTR_FRICTION_DOF) continue;
    const int dof = data->efc_id[i];
    data->efc_aref[i] += data->efc_KBIP[4 * i + 1] * dof_command[dof] + data->efc_R[i] * dof_motor_force[dof];
  }
  if (options.params.robot_contact_normal_damp_ratio != options.params.robot_contact_damp_ratio ||
      options.params.robot_contact_surface_layer > 0)
    soften_robot_contact_normals();
  apply_ball_bounce();
  if (options.robot_slip > 0) apply_robot_slip();
  mj_step2(model, data);
  finish_ball_bounce();
  for (int i = 0; i < data->nefc; ++i) {
    if (data->efc_type[i] != mjCNSTR_FRICTION_DOF) continue;
    const int dof = data->efc_id[i];
    dof_motor_force[dof] = data->efc_force[i];
    if (per_cycle) dof_motor_budget[dof] = std::max(0.0, dof_motor_budget[dof] - std::abs(data->efc_force[i]) * h);
  }
  gather_contacts();
}

// Force-dependent slip (ODE's contact slip, SimSpark's only tangential give):
// a contact slides at robot_slip m/s per N of tangential force. With elliptic
// cones a contact's two friction rows are plain soft rows while the force
// stays inside the cone: force = -D * (acceleration - aref), aref = -B *
// velocity, so a steady slide runs at velocity = R * force / B. Setting R =
// robot_slip * B gives ODE's law at any substep count, and a cone too wide
// to reach (slip_robot_friction) keeps it there. The ball keeps its own
// contacts (its slip does not bound anything: its friction only spins it up).
void PhysicsWorld::Impl::apply_robot_slip() {
  for (int c = 0; c < data->ncon; ++c) {
    mjContact& contact = data->contact[c];
    if (contact.geom1 == ball_geom || contact.geom2 == ball_geom || contact.efc_address < 0) continue;
    // The solver reads the cone from the contact itself (mj_step2).
    contact.mu = options.params.slip_robot_friction;
    contact.friction[0] = contact.friction[1] = options.params.slip_robot_friction;
    // Rows 1 and 2 of an elliptic contact are its tangential directions (condim 3 everywhere here).
    for (int row = contact.efc_address + 1; row < contact.efc_address + std::min(contact.dim, 3); ++row) {
      const double r = options.robot_slip * data->efc_KBIP[4 * row + 1];
      if (r <= data->efc_R[row]) continue;  // never stiffer than the contact already is
      data->efc_R[row] = r;
      data->efc_D[row] = 1 / r;
    }
  }
}

// MuJoCo's impedance of a robot contact `violation` m deep: solimp (min,
// max, width) with its default midpoint 0.5 and power 2, as mj_step1
// computes it (checked: the rows it builds are rebuilt to the last bit).
double PhysicsWorld::Impl::contact_impedance(double violation) const {
  const double lo = options.params.robot_contact_impedance_min, hi = options.params.robot_contact_impedance_max;
  const double width = options.params.robot_contact_impedance_width;
  const double x = violation / width;
  if (x >= 1 || width <= 0) return hi;
  if (x <= 0) return lo;
  const double y = x <= 0.5 ? 2 * x * x : 1 - 2 * (1 - x) * (1 - x);
  return lo + y * (hi - lo);
}

// The normal row of every contact without the ball gets its own damping
// ratio and, like ODE's contacts in SimSpark, a surface layer the spring
// leaves alone. MuJoCo's (time constant, damping ratio) gives the row
// damping B = 2 / (dmax * tc) and stiffness K = 1 / (dmax * tc * ratio)^2,
// and reference acceleration aref = -B * velocity - K * imp * (pos - margin)
// (checked against the rows mj_step1 builds: equal to the last bit). A
// larger ratio leaves B and divides K by its square. Set in the MJCF, the
// ratio would change the friction rows as well: at 4 a lying robot pushed by
// 30 N slid 0.86 m instead of less than 0.3 m. So the normal row's spring
// term is rewritten here, after mj_step1 has built the rows.
// The layer moves the whole contact law, impedance included: a loaded
// contact sits about one layer deeper, and MuJoCo's impedance, read from
// the full depth, rose there from 0.95 to its maximum 0.99 (solimp width
// 0.001 m, the layer's own size), cutting every row's regularisation R
// about fivefold. That stiffer contact, not the layer, broke get-ups with
// SimSpark's slip from 12 of 40 harness fall poses (1 with the impedance
// read beyond the layer; libero_tests_motion_skills runs the get-ups with
// it). What it does: docs/simulator.md, "Ground contact in motion".
void PhysicsWorld::Impl::soften_robot_contact_normals() {
  const double ratio = options.params.robot_contact_damp_ratio / options.params.robot_contact_normal_damp_ratio;
  const double keep = ratio * ratio;
  for (int c = 0; c < data->ncon; ++c) {
    const mjContact& contact = data->contact[c];
    if (contact.geom1 == ball_geom || contact.geom2 == ball_geom || contact.efc_address < 0) continue;
    const int row = contact.efc_address;
    const double k = data->efc_KBIP[4 * row], old_imp = data->efc_KBIP[4 * row + 2];
    const double depth = data->efc_pos[row] - data->efc_margin[row];  // < 0: penetrating
    const double layered = std::min(0.0, depth + options.params.robot_contact_surface_layer);
    const double imp = contact_impedance(-layered);
    data->efc_aref[row] += k * old_imp * depth - k * imp * keep * layered;
    if (imp == old_imp) continue;
    data->efc_KBIP[4 * row + 2] = imp;
    // R = (1 - imp) / imp * diagApprox on the normal row; an elliptic
    // contact's friction rows are the normal's R times a constant.
    const double scale = ((1 - imp) / imp) / ((1 - old_imp) / old_imp);
    for (int r = row; r < row + contact.dim; ++r) {
      data->efc_R[r] *= scale;
      data->efc_D[r] = 1 / data->efc_R[r];
    }
  }
}

void PhysicsWorld::Impl::apply_ball_bounce() {
  bounce_count = 0;
  for (int c = 0; c < data->ncon; ++c) {
    const mjContact& contact = data->contact[c];
    if (contact.geom1 != ball_geom && contact.geom2 != ball_geom) continue;
    const int row = contact.efc_address;
    if (row < 0) continue;
    const int other = contact.geom1 == ball_geom ? contact.geom2 : contact.geom1;
    const bool static_geom = model->geom_bodyid[other] == 0 && other != ground_geom;
    const double min_speed = static_geom ? options.params.ball_bounce_min_speed_static
                                             : options.params.ball_bounce_min_speed;
    const double normal_velocity = data->efc_vel[row];  // < 0: approaching
    if (normal_velocity >= -min_speed) continue;
    // A soft constraint reaches acceleration ~ imp * aref; choose aref so the
    // normal velocity becomes the bounce velocity within this substep. That
    // is exact against the ground and walls; against a moving robot part it
    // gives the robot its reaction, and finish_ball_bounce settles the ball.
    const double target = -options.params.ball_bounce * normal_velocity;
    const double impedance = data->efc_KBIP[4 * row + 2];
    data->efc_aref[row] = (target - normal_velocity) / (model->opt.timestep * impedance);
    if (bounce_count < kMaxBounces) {
      const double sign = contact.geom2 == ball_geom ? 1.0 : -1.0;  // frame[0..2] points from geom1 to geom2
      const Vec3 normal = sign * Vec3(contact.frame[0], contact.frame[1], contact.frame[2]);
      const int body = model->geom_bodyid[other];
      double other_speed = 0;  // the other body's speed along the normal at the contact, before the impact
      if (body != 0) {
        Vec3 linear, angular;
        body_velocity(body, &linear, &angular, false);
        const Vec3 point(contact.pos[0], contact.pos[1], contact.pos[2]);
        const Vec3 origin(data->xpos[3 * body], data->xpos[3 * body + 1], data->xpos[3 * body + 2]);
        other_speed = (linear + angular.cross(point - origin)).dot(normal);
      }
      bounces[bounce_count++] = Bounce{normal, other_speed + target};
    }
  }
}

// The solver resolves a bounce within one substep, in which a robot's
// motors may deliver only 10 N*m times the substep of impulse. A foot that
// hits the ball at full swing (its motors already at their limit) therefore
// gave way: the ball left with anything from 1.0 to 2.4 times the foot's
// speed, depending on how deep the foot was at the substep boundary (one
// kick went 3-10 m at 4 substeps and 3 m at 20). In SimSpark the contact,
// the motors (10 N*m over its one 20 ms step) and the bounce are one solve,
// and the 26 g ball bounces off the leg as off a heavy body. So the ball's
// normal velocity is set to the other body's velocity before the impact
// plus the bounce; the robot keeps the reaction the solver gave it.
void PhysicsWorld::Impl::finish_ball_bounce() {
  for (int i = 0; i < bounce_count; ++i) {
    const Bounce& b = bounces[i];
    mjtNum* ball_velocity = data->qvel + ball_dof;
    const Vec3 ball(ball_velocity[0], ball_velocity[1], ball_velocity[2]);
    const double change = b.ball_normal_speed - ball.dot(b.normal);
    for (int k = 0; k < 3; ++k) {
      ball_velocity[k] += change * b.normal[k];
      data->qpos[ball_qpos + k] += change * b.normal[k] * model->opt.timestep;  // as if solved in this substep
    }
  }
  bounce_count = 0;
}

void PhysicsWorld::Impl::add_ball_touch(RobotId robot, int body) {
  for (int i = 0; i < contacts.ball_touch_count; ++i)
    if (contacts.ball_touches[i].robot == robot && contacts.ball_touches[i].body == body) return;
  if (contacts.ball_touch_count == kMaxBallTouches) {
    contacts.overflow = true;
    return;
  }
  contacts.ball_touches[contacts.ball_touch_count++] = BallTouch{robot, body};
}

void PhysicsWorld::Impl::add_robot_touch(RobotId a, int body_a, RobotId b, int body_b, const Vec3& position) {
  if (b < a) {
    std::swap(a, b);
    std::swap(body_a, body_b);
  }
  for (int i = 0; i < contacts.robot_touch_count; ++i) {
    const RobotTouch& t = contacts.robot_touches[i];
    if (t.robot_a == a && t.robot_b == b && t.body_a == body_a && t.body_b == body_b) return;
  }
  if (contacts.robot_touch_count == kMaxRobotTouches) {
    contacts.overflow = true;
    return;
  }
  contacts.robot_touches[contacts.robot_touch_count++] = RobotTouch{a, b, body_a, body_b, position};
}

void PhysicsWorld::Impl::gather_contacts() {
  for (int c = 0; c < data->ncon; ++c) {
    const mjContact& contact = data->contact[c];
    const int g1 = contact.geom1, g2 = contact.geom2;
    const int robot1 = geom_robot[g1], robot2 = geom_robot[g2];
    const Vec3 point(contact.pos[0], contact.pos[1], contact.pos[2]);
    if (robot1 >= 0 && robot2 >= 0 && robot1 != robot2)
      add_robot_touch(robots[robot1]->id, geom_body[g1], robots[robot2]->id, geom_body[g2], point);
    if (g1 == ball_geom && robot2 >= 0) add_ball_touch(robots[robot2]->id, geom_body[g2]);
    if (g2 == ball_geom && robot1 >= 0) add_ball_touch(robots[robot1]->id, geom_body[g1]);

    const int sensor1 = foot_geom_sensor[g1], sensor2 = foot_geom_sensor[g2];
    if (sensor1 < 0 && sensor2 < 0) continue;
    // mj_contactForce: force in the contact frame (normal first); the frame's
    // normal points from geom1 to geom2, and the force acts on geom2.
    mjtNum local[6];
    mj_contactForce(model, data, c, local);
    const mjtNum* frame = contact.frame;
    Vec3 on_geom2 = Vec3::Zero();
    for (int k = 0; k < 3; ++k) on_geom2 += local[k] * Vec3(frame[3 * k], frame[3 * k + 1], frame[3 * k + 2]);
    auto accumulate = [&](int slot, int sensor, const Vec3& force) {
      FootAccumulator& acc = robots[slot]->foot_accumulator[sensor];
      acc.contact = true;
      acc.force_sum += force;
      const double weight = force.norm();
      acc.weight_sum += weight;
      acc.weighted_point_sum += weight * point;
    };
    if (sensor2 >= 0) accumulate(robot2, sensor2, on_geom2);
    if (sensor1 >= 0) accumulate(robot1, sensor1, -on_geom2);
  }
}

void PhysicsWorld::Impl::finish_foot_readings() {
  for (RobotEntry* r : robots) {
    for (int s = 0; s < kFootSensors; ++s) {
      FootAccumulator& acc = r->foot_accumulator[s];
      FootReading& out = r->foot_reading[s];
      out = FootReading{};
      const int body = r->foot_body[s];
      if (acc.contact && body >= 0) {
        const Mat3 rotation = to_mat3(data->xmat + 9 * body);
        const Vec3 centre(data->xpos[3 * body], data->xpos[3 * body + 1], data->xpos[3 * body + 2]);
        out.contact = true;
        out.force = rotation.transpose() * (acc.force_sum / substeps);
        const Vec3 point = acc.weight_sum > 0 ? Vec3(acc.weighted_point_sum / acc.weight_sum) : centre;
        out.center = rotation.transpose() * (point - centre);
      }
      acc = FootAccumulator{};
    }
  }
}

// ---------------------------------------------------------------------------------------------

PhysicsWorld::PhysicsWorld(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
PhysicsWorld::~PhysicsWorld() = default;

Result<std::unique_ptr<PhysicsWorld>> PhysicsWorld::create(const PhysicsOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->substeps = options.substeps == 0 ? params::kDefaultSubsteps : options.substeps;
  if (impl->substeps < 1 || impl->substeps > params::kMaxSubsteps)
    return make_error("physics: substeps must be 0 (default) or 1.." + std::to_string(params::kMaxSubsteps));
  int field_count = 0;
  const PhysicsParamField* fields = physics_param_fields(&field_count);
  for (int i = 0; i < field_count; ++i) {
    const double value = options.params.*fields[i].member;
    if (!(value >= fields[i].min && value <= fields[i].max))
      return make_error(std::string("physics: parameter ") + fields[i].key + " = " + std::to_string(value) +
                        " is outside " + std::to_string(fields[i].min) + ".." + std::to_string(fields[i].max));
  }
  if (options.robot_slip < 0) impl->options.robot_slip = options.params.robot_slip;
  if (!(impl->options.robot_slip >= 0 && impl->options.robot_slip <= 1))
    return make_error("physics: robot_slip must be 0 (off) to 1 m/s per N");
  impl->robots.reserve(kMaxRobots);
  Status built = impl->rebuild({});
  if (!built) return built.error();
  return std::unique_ptr<PhysicsWorld>(new PhysicsWorld(std::move(impl)));
}

Result<RobotId> PhysicsWorld::add_robot(const robot::RobotDescription& description, int team, int unum,
                                        const RobotPlacement& placement) {
  Impl& w = *impl_;
  if (static_cast<int>(w.robots.size()) >= kMaxRobots)
    return make_error("physics: world already holds " + std::to_string(kMaxRobots) + " robots");
  if (description.bodies.empty() || description.bodies[0].parent != -1)
    return make_error("physics: robot description has no torso as body 0");
  for (size_t b = 1; b < description.bodies.size(); ++b) {
    const robot::BodyDesc& body = description.bodies[b];
    if (body.parent < 0 || body.parent >= static_cast<int>(b))
      return make_error("physics: body '" + body.name + "' has no earlier parent");
    if (body.joint < 0 || body.joint >= kJointCount || !description.joints[body.joint].exists)
      return make_error("physics: body '" + body.name + "' has no valid joint");
    if (!(body.mass > 0)) return make_error("physics: body '" + body.name + "' has no mass");
  }
  if (!placement.torso_position.allFinite() || !std::isfinite(placement.heading))
    return make_error("physics: robot placement is not finite");

  auto* entry = new RobotEntry;
  entry->id = w.next_id;
  entry->team = team;
  entry->unum = unum;
  entry->description = description;
  const int rest_steps = static_cast<int>(std::lround(w.options.params.rest_idle_steps));
  entry->idle_steps_left.assign(description.bodies.size(), rest_steps);
  entry->body_disabled.assign(description.bodies.size(), 0);
  for (int j = 0; j < kJointCount; ++j) entry->joint_body[j] = kNoIndex;
  for (size_t b = 1; b < description.bodies.size(); ++b) entry->joint_body[description.bodies[b].joint] = static_cast<int>(b);

  std::vector<MjcfRobot> layout;
  for (RobotEntry* r : w.robots) {
    MjcfRobot m;
    m.id = r->id;
    m.description = &r->description;
    layout.push_back(m);
  }
  MjcfRobot added;
  added.id = entry->id;
  added.description = &entry->description;
  added.torso_position = placement.torso_position;
  added.heading = placement.heading;
  layout.push_back(added);
  for (size_t slot = 0; slot < layout.size(); ++slot) layout[slot].slot = static_cast<int>(slot);

  w.robots.push_back(entry);
  Status built = w.rebuild(layout);
  if (!built) {
    w.robots.pop_back();
    delete entry;
    return built.error();
  }
  ++w.next_id;
  return entry->id;
}

Status PhysicsWorld::remove_robot(RobotId robot) {
  Impl& w = *impl_;
  auto it = std::find_if(w.robots.begin(), w.robots.end(), [&](RobotEntry* r) { return r->id == robot; });
  if (it == w.robots.end()) return make_error("physics: no robot with id " + std::to_string(robot));
  RobotEntry* removed = *it;
  w.robots.erase(it);
  std::vector<MjcfRobot> layout;
  for (size_t slot = 0; slot < w.robots.size(); ++slot) {
    MjcfRobot m;
    m.id = w.robots[slot]->id;
    m.slot = static_cast<int>(slot);
    m.description = &w.robots[slot]->description;
    layout.push_back(m);
  }
  Status built = w.rebuild(layout);
  delete removed;
  return built;
}

int PhysicsWorld::robot_count() const { return static_cast<int>(impl_->robots.size()); }
bool PhysicsWorld::has_robot(RobotId robot) const { return impl_->find(robot) != nullptr; }

int PhysicsWorld::robot_ids(RobotId* out, int capacity) const {
  int n = 0;
  for (const RobotEntry* r : impl_->robots)
    if (n < capacity) out[n++] = r->id;
  return n;
}

const robot::RobotDescription* PhysicsWorld::description(RobotId robot) const {
  const RobotEntry* r = impl_->find(robot);
  return r ? &r->description : nullptr;
}

bool PhysicsWorld::set_joint_velocity(RobotId robot, Joint joint, double rad_per_s) {
  RobotEntry* r = impl_->find(robot);
  if (!r || joint >= kJointCount || r->joint_dof[joint] < 0) return false;
  if (!std::isfinite(rad_per_s)) rad_per_s = 0;
  const double limit = r->description.joints[joint].max_speed;
  const double clamped = std::clamp(rad_per_s, -limit, limit);
  r->command[joint] = clamped;
  impl_->dof_command[r->joint_dof[joint]] = clamped;
  // SimSpark's hinge effector enables the joint's child body when it gets a
  // non-zero command and that body is disabled (ODE's dBodyEnable restarts
  // its idle count). Bodies are disabled between steps only while the whole
  // robot is frozen.
  if (rad_per_s != 0 && r->frozen && r->joint_body[joint] != kNoIndex) {
    r->body_disabled[r->joint_body[joint]] = 0;
    r->idle_steps_left[r->joint_body[joint]] = static_cast<int>(std::lround(impl_->options.params.rest_idle_steps));
  }
  return true;
}

double PhysicsWorld::joint_velocity_command(RobotId robot, Joint joint) const {
  const RobotEntry* r = impl_->find(robot);
  if (!r || joint >= kJointCount) return 0;
  return r->command[joint];
}

void PhysicsWorld::step() {
  Impl& w = *impl_;
  w.update_accelerometers();
  w.apply_drag();
  w.settle_robots_at_rest();  // reads last cycle's touches
  w.contacts.ball_touch_count = 0;
  w.contacts.robot_touch_count = 0;
  w.contacts.overflow = false;
  std::copy(w.data->qpos, w.data->qpos + w.model->nq, w.cycle_start_qpos.begin());
  std::copy(w.data->qvel, w.data->qvel + w.model->nv, w.cycle_start_qvel.begin());
  w.cycle_start_time = w.data->time;
  for (int dof : w.motor_dofs) w.dof_motor_budget[dof] = w.options.params.motor_max_torque * kCycleSeconds;
  for (int s = 0; s < w.substeps && w.data->warning[mjWARN_BADQACC].number == 0; ++s) w.substep();
  const int unstable = w.unstable_dof();
  if (unstable != kNoIndex) w.recover_from_instability(unstable);
  w.hold_frozen_robots();
  w.refresh_kinematics();
  w.finish_foot_readings();
  ++w.cycle;
  if (!w.warned_overflow && (w.data->warning[mjWARN_CONTACTFULL].number > 0 ||
                             w.data->warning[mjWARN_CNSTRFULL].number > 0)) {
    w.warned_overflow = true;
    LOG_WARN("physics", "MuJoCo contact/constraint buffer full; some contacts were dropped");
  }
}

// A dof moving faster than this (m/s or rad/s) has blown up. Motors turn
// joints at 6.14 rad/s and a hard kick sends the ball at ~15 m/s (spinning
// at ~360 rad/s), but a blow-up grows for some substeps before MuJoCo's own
// check (a huge acceleration) trips, by when the robot can be hundreds of
// metres up: going back to the start of that cycle went back into the
// blow-up, cycle after cycle.
constexpr double kUnstableSpeed = 1000;

// The dof that blew up this cycle (MuJoCo's check or an impossible speed),
// or kNoIndex.
int PhysicsWorld::Impl::unstable_dof() const {
  if (data->warning[mjWARN_BADQACC].number > 0) return std::max(0, data->warning[mjWARN_BADQACC].lastinfo);
  for (int d = 0; d < model->nv; ++d)
    if (!(std::abs(data->qvel[d]) < kUnstableSpeed)) return d;
  return kNoIndex;
}

// On a non-finite or huge acceleration MuJoCo resets the whole world to the
// model's initial state: in a match every robot and the ball would jump to
// where they were made. Instead the world goes back to where it was at the
// start of this cycle and the body that blew up (its robot, or the ball) is
// stopped there: everything else loses that cycle's 20 ms of motion, one
// robot its speed. MuJoCo's message names a raw dof; the log names the
// robot, which is what one needs to find out why (robots beamed into each
// other did it; so did, rarely, a light contact sliding fast under
// SimSpark's slip).
void PhysicsWorld::Impl::recover_from_instability(int dof) {
  data->warning[mjWARN_BADQACC].number = 0;  // counted here, so the next one is seen too
  ++unstable_steps;
  std::copy(cycle_start_qpos.begin(), cycle_start_qpos.end(), data->qpos);
  std::copy(cycle_start_qvel.begin(), cycle_start_qvel.end(), data->qvel);
  data->time = cycle_start_time;
  const int body = dof >= 0 && dof < model->nv ? model->dof_bodyid[dof] : -1;
  RobotEntry* culprit = nullptr;
  for (RobotEntry* r : robots)
    if (std::find(r->body_ids.begin(), r->body_ids.end(), body) != r->body_ids.end()) culprit = r;
  auto stop_dof = [&](int d) {
    data->qvel[d] = 0;
    dof_motor_force[d] = 0;
  };
  if (culprit) {
    for (int k = 0; k < 6; ++k) stop_dof(culprit->root_dof + k);
    for (int j = 0; j < kJointCount; ++j)
      if (culprit->joint_dof[j] != kNoIndex) stop_dof(culprit->joint_dof[j]);
    culprit->previous_torso_velocity = Vec3::Zero();
  } else if (body == ball_body) {
    for (int k = 0; k < 6; ++k) stop_dof(ball_dof + k);
  } else {
    for (int d = 0; d < model->nv; ++d) stop_dof(d);
  }
  mj_forward(model, data);
  // A robot stuck in a pose that blows up every cycle must not flood the
  // log at 50 lines a second: the first ten, then every hundredth.
  if (unstable_steps <= 10 || unstable_steps % 100 == 0)
    LOG_WARN("physics", "unstable at cycle %lld (dof %d, robot %d): the world went back to the cycle's start, %s stopped "
             "(%lld so far)",
             static_cast<long long>(cycle + 1), dof, culprit ? culprit->id : kNoRobot,
             culprit ? "that robot" : body == ball_body ? "the ball" : "everything",
             static_cast<long long>(unstable_steps));
}

double PhysicsWorld::time() const { return impl_->cycle * kCycleSeconds; }
int64_t PhysicsWorld::cycle() const { return impl_->cycle; }
int64_t PhysicsWorld::unstable_steps() const { return impl_->unstable_steps; }

bool PhysicsWorld::teleport_robot(RobotId robot, const RobotPlacement& placement) {
  Impl& w = *impl_;
  RobotEntry* r = w.find(robot);
  if (!r || !placement.torso_position.allFinite() || !std::isfinite(placement.heading) ||
      !std::isfinite(placement.roll))
    return false;
  mjtNum* q = w.data->qpos + r->root_qpos;
  q[0] = placement.torso_position.x();
  q[1] = placement.torso_position.y();
  q[2] = placement.torso_position.z();
  // Heading about the vertical, then roll about the robot's own forward axis.
  const double ch = std::cos(placement.heading / 2), sh = std::sin(placement.heading / 2);
  const double cr = std::cos(placement.roll / 2), sr = std::sin(placement.roll / 2);
  q[3] = ch * cr;
  q[4] = ch * sr;
  q[5] = sh * sr;
  q[6] = sh * cr;
  std::memset(w.data->qvel + r->root_dof, 0, sizeof(mjtNum) * 6);
  for (int j = 0; j < kJointCount; ++j)
    if (r->joint_dof[j] >= 0) w.data->qvel[r->joint_dof[j]] = 0;
  w.refresh_kinematics();
  return true;
}

bool PhysicsWorld::move_robot_keep_orientation(RobotId robot, const Vec3& torso_position) {
  Impl& w = *impl_;
  RobotEntry* r = w.find(robot);
  if (!r || !torso_position.allFinite()) return false;
  mjtNum* q = w.data->qpos + r->root_qpos;
  for (int k = 0; k < 3; ++k) q[k] = torso_position[k];
  std::memset(w.data->qvel + r->root_dof, 0, sizeof(mjtNum) * 6);
  for (int j = 0; j < kJointCount; ++j)
    if (r->joint_dof[j] >= 0) w.data->qvel[r->joint_dof[j]] = 0;
  w.refresh_kinematics();
  return true;
}

bool PhysicsWorld::push_robot(RobotId robot, const Vec3& force) {
  RobotEntry* r = impl_->find(robot);
  if (!r || !force.allFinite()) return false;
  r->pending_push += force;
  // A push is a test and robustness tool, not a SimSpark effector (ODE's
  // dBodyAddForce would not wake a resting body): it wakes the robot so
  // that it acts.
  if (r->frozen) {
    r->body_disabled[0] = 0;
    r->idle_steps_left[0] = static_cast<int>(std::lround(impl_->options.params.rest_idle_steps));
  }
  return true;
}

bool PhysicsWorld::robot_frozen(RobotId robot) const {
  const RobotEntry* r = impl_->find(robot);
  return r != nullptr && r->frozen;
}

void PhysicsWorld::set_ball_position(const Vec3& position) {
  Impl& w = *impl_;
  if (!position.allFinite()) return;
  for (int k = 0; k < 3; ++k) w.data->qpos[w.ball_qpos + k] = position[k];
  w.refresh_kinematics();
}

void PhysicsWorld::set_ball_velocity(const Vec3& velocity) {
  Impl& w = *impl_;
  if (!velocity.allFinite()) return;
  for (int k = 0; k < 3; ++k) {
    w.data->qvel[w.ball_dof + k] = velocity[k];
    w.data->qvel[w.ball_dof + 3 + k] = 0;
  }
  w.refresh_kinematics();
}

Vec3 PhysicsWorld::ball_position() const {
  const mjtNum* p = impl_->data->qpos + impl_->ball_qpos;
  return Vec3(p[0], p[1], p[2]);
}

Vec3 PhysicsWorld::ball_velocity() const {
  const mjtNum* v = impl_->data->qvel + impl_->ball_dof;
  return Vec3(v[0], v[1], v[2]);
}

bool PhysicsWorld::read_robot(RobotId robot, RobotReadings* out) const {
  const Impl& w = *impl_;
  const RobotEntry* r = w.find(robot);
  if (!r || !out) return false;
  const mjData* d = w.data;
  out->joint_count = joint_count_for_type(r->description.type);
  for (int j = 0; j < kJointCount; ++j) {
    out->joint_angle[j] = r->joint_qpos[j] >= 0 ? d->qpos[r->joint_qpos[j]] : 0.0;
    out->joint_rate[j] = r->joint_dof[j] >= 0 ? d->qvel[r->joint_dof[j]] : 0.0;
  }
  const int torso = r->body_ids[0];
  out->torso_position = Vec3(d->xpos[3 * torso], d->xpos[3 * torso + 1], d->xpos[3 * torso + 2]);
  out->torso_rotation = to_mat3(d->xmat + 9 * torso);
  Vec3 angular;
  w.body_velocity(torso, &out->torso_velocity, &angular, false);
  out->gyro = out->torso_rotation.transpose() * angular;
  out->accelerometer = r->accelerometer;
  for (int s = 0; s < kFootSensors; ++s) out->foot[s] = r->foot_reading[s];
  for (int k = 0; k < kMarkers; ++k) {
    const int body = r->marker_body[k];
    out->marker[k] = body >= 0 ? Vec3(d->xpos[3 * body], d->xpos[3 * body + 1], d->xpos[3 * body + 2])
                               : out->torso_position;
  }
  const int camera = r->description.camera_body >= 0 &&
                             r->description.camera_body < static_cast<int>(r->body_ids.size())
                         ? r->body_ids[r->description.camera_body]
                         : torso;
  out->camera_rotation = to_mat3(d->xmat + 9 * camera);
  out->camera_position = Vec3(d->xpos[3 * camera], d->xpos[3 * camera + 1], d->xpos[3 * camera + 2]) +
                         out->camera_rotation * r->description.camera_offset;
  return true;
}

Vec3 PhysicsWorld::torso_position(RobotId robot) const {
  const RobotEntry* r = impl_->find(robot);
  if (!r) return Vec3::Zero();
  const mjtNum* p = impl_->data->xpos + 3 * r->body_ids[0];
  return Vec3(p[0], p[1], p[2]);
}

bool PhysicsWorld::is_fallen(RobotId robot) const {
  return has_robot(robot) && torso_position(robot).z() < kStandingTorsoHeight;
}

bool PhysicsWorld::robot_bounds(RobotId robot, Vec3* min_corner, Vec3* max_corner) const {
  const Impl& w = *impl_;
  const RobotEntry* r = w.find(robot);
  if (!r || !min_corner || !max_corner) return false;
  Vec3 lo = Vec3::Constant(1e300), hi = Vec3::Constant(-1e300);
  for (int geom : r->geom_ids) {
    const Vec3 centre(w.data->geom_xpos[3 * geom], w.data->geom_xpos[3 * geom + 1], w.data->geom_xpos[3 * geom + 2]);
    const Mat3 rotation = to_mat3(w.data->geom_xmat + 9 * geom);
    const mjtNum* size = w.model->geom_size + 3 * geom;
    Vec3 half;
    switch (w.model->geom_type[geom]) {
      case mjGEOM_BOX:
        half = rotation.cwiseAbs() * Vec3(size[0], size[1], size[2]);
        break;
      case mjGEOM_CAPSULE:
        half = rotation.col(2).cwiseAbs() * size[1] + Vec3::Constant(size[0]);
        break;
      default:
        half = Vec3::Constant(size[0]);
        break;
    }
    lo = lo.cwiseMin(centre - half);
    hi = hi.cwiseMax(centre + half);
  }
  if (r->geom_ids.empty()) lo = hi = torso_position(robot);
  *min_corner = lo;
  *max_corner = hi;
  return true;
}

const CycleContacts& PhysicsWorld::last_contacts() const { return impl_->contacts; }

GoalSide PhysicsWorld::ball_in_goal() const {
  // Sphere-box overlap with the trigger box (facts §3.4): x from the goal
  // line + r to the back - r, |y| < 1.008, 0 < z < 0.8.
  const Vec3 ball = ball_position();
  const double half_y = (kGoalWidth - 2 * kBallRadius) / 2, inner_x = kFieldLength / 2 + kBallRadius,
               outer_x = kFieldLength / 2 + kGoalDepth - kBallRadius;
  for (int side = 0; side < 2; ++side) {
    const double sign = side == 0 ? -1.0 : 1.0;
    const double x = sign * ball.x();
    const double dx = std::max({inner_x - x, 0.0, x - outer_x});
    const double dy = std::max(std::abs(ball.y()) - half_y, 0.0);
    const double dz = std::max({-ball.z(), 0.0, ball.z() - kGoalHeight});
    if (dx * dx + dy * dy + dz * dz < kBallRadius * kBallRadius) return side == 0 ? GoalSide::Left : GoalSide::Right;
  }
  return GoalSide::None;
}

PhysicsWorld::Stats PhysicsWorld::stats() const {
  const Impl& w = *impl_;
  Stats s;
  s.contacts = w.data->ncon;
  s.constraints = w.data->nefc;
  s.contact_capacity = w.model->nconmax;
  s.constraint_capacity = w.model->njmax;
  s.solver_iterations = w.data->solver_iter;
  s.substeps = w.substeps;
  s.timestep = w.model->opt.timestep;
  s.memory_bytes = static_cast<long>(w.data->nbuffer) + static_cast<long>(w.data->nstack) * sizeof(mjtNum);
  s.overflowed = w.warned_overflow;
  return s;
}

void PhysicsWorld::snapshot(WorldSnapshot* out) const {
  const Impl& w = *impl_;
  out->time = time();
  out->cycle = w.cycle;
  out->ball_position = ball_position();
  out->ball_velocity = ball_velocity();
  const mjtNum* v = w.data->qvel + w.ball_dof;
  out->ball_angular_velocity = Vec3(v[3], v[4], v[5]);
  out->robot_count = 0;
  for (const RobotEntry* r : w.robots) {
    RobotSnapshot& s = out->robots[out->robot_count++];
    s.id = r->id;
    s.team = r->team;
    s.unum = r->unum;
    s.type = r->description.type;
    const int torso = r->body_ids[0];
    const mjtNum* q = w.data->xquat + 4 * torso;
    s.torso_position = torso_position(r->id);
    s.torso_orientation = Quat(q[0], q[1], q[2], q[3]);
    Vec3 angular;
    w.body_velocity(torso, &s.torso_velocity, &angular, false);
    for (int j = 0; j < kJointCount; ++j) s.joint_angle[j] = r->joint_qpos[j] >= 0 ? w.data->qpos[r->joint_qpos[j]] : 0.0;
    for (int k = 0; k < kMarkers; ++k) {
      const int body = r->marker_body[k];
      s.marker[k] = body >= 0 ? Vec3(w.data->xpos[3 * body], w.data->xpos[3 * body + 1], w.data->xpos[3 * body + 2])
                              : s.torso_position;
    }
  }
}

}  // namespace libero::sim
