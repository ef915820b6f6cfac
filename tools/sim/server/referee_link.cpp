#include "tools/sim/server/referee_link.h"

#include <cmath>

#include "core/math.h"

namespace libero::sim {
namespace {

const TeamRobot* find(const TeamRobot* robots, int count, TeamSide team, int unum) {
  for (int i = 0; i < count; ++i)
    if (robots[i].team == team && robots[i].unum == unum) return &robots[i];
  return nullptr;
}

}  // namespace

void fill_referee_input(const PhysicsWorld& physics, const TeamRobot* robots, int count, RefereeInput* out) {
  *out = RefereeInput{};
  const Vec3 ball = physics.ball_position(), ball_velocity = physics.ball_velocity();
  out->ball_x = ball.x();
  out->ball_y = ball.y();
  out->ball_z = ball.z();
  out->ball_vx = ball_velocity.x();
  out->ball_vy = ball_velocity.y();
  out->ball_vz = ball_velocity.z();
  const GoalSide goal = physics.ball_in_goal();
  out->ball_in_left_goal = goal == GoalSide::Left;
  out->ball_in_right_goal = goal == GoalSide::Right;
  const CycleContacts& contacts = physics.last_contacts();
  for (int i = 0; i < count && out->robot_count < kMaxRefereeRobots; ++i) {
    const TeamRobot& t = robots[i];
    if (t.robot == kNoRobot || t.team == TeamSide::None) continue;
    RefereeRobot& r = out->robots[out->robot_count++];
    r.team = t.team;
    r.unum = t.unum;
    const Vec3 torso = physics.torso_position(t.robot);
    r.x = torso.x();
    r.y = torso.y();
    r.z = torso.z();
    Vec3 lo, hi;
    if (physics.robot_bounds(t.robot, &lo, &hi)) {
      r.min_x = lo.x();
      r.max_x = hi.x();
      r.min_y = lo.y();
      r.max_y = hi.y();
      r.min_z = lo.z();
      r.max_z = hi.z();
    } else {
      r.min_x = r.max_x = r.x;
      r.min_y = r.max_y = r.y;
      r.min_z = r.max_z = r.z;
    }
    for (int k = 0; k < contacts.ball_touch_count; ++k)
      if (contacts.ball_touches[k].robot == t.robot) r.touched_ball = true;
  }
}

void apply_referee_commands(const RefereeCommands& commands, const TeamRobot* robots, int count,
                            PhysicsWorld* physics) {
  if (commands.place_ball) {
    physics->set_ball_position(Vec3(commands.ball_x, commands.ball_y, commands.ball_z));
    physics->set_ball_velocity(Vec3::Zero());
  }
  for (int k = 0; k < commands.move_count; ++k) {
    const RobotMove& m = commands.moves[k];
    const TeamRobot* t = find(robots, count, m.team, m.unum);
    if (t) physics->move_robot_keep_orientation(t->robot, Vec3(m.x, m.y, m.z));
  }
}

bool apply_trainer_command(const TrainerCommand& c, const TeamRobot* robots, int count, Referee* referee,
                           PhysicsWorld* physics, TeamRobot* selected, TrainerEffects* effects) {
  auto target = [&]() -> const TeamRobot* {
    if (c.unum > 0 && c.team != TeamSide::None) return find(robots, count, c.team, c.unum);
    if (selected->robot != kNoRobot) return find(robots, count, selected->team, selected->unum);
    return nullptr;
  };
  switch (c.kind) {
    case TrainerCommandKind::KickOff:
      referee->kick_off(c.team);
      return true;
    case TrainerCommandKind::PlayMode:
      referee->set_play_mode(c.play_mode);
      return true;
    case TrainerCommandKind::Ball:
      if (c.has_position) physics->set_ball_position(Vec3(c.x, c.y, c.z));
      if (c.has_velocity) physics->set_ball_velocity(Vec3(c.vx, c.vy, c.vz));
      return true;
    case TrainerCommandKind::AgentPos: {
      const TeamRobot* t = target();
      if (!t || !c.has_position) return false;
      return physics->move_robot_keep_orientation(t->robot, Vec3(c.x, c.y, c.z));
    }
    case TrainerCommandKind::AgentMove: {
      const TeamRobot* t = target();
      if (!t) return false;
      RobotPlacement p;
      p.torso_position = Vec3(c.x, c.y, c.z);
      p.heading = deg2rad(c.yaw_deg + 90.0);  // SimSpark's model yaw 0 faces +y
      return physics->teleport_robot(t->robot, p);
    }
    case TrainerCommandKind::DropBall: {
      RefereeInput input;
      fill_referee_input(*physics, robots, count, &input);
      RefereeCommands out;
      referee->drop_ball(input.ball_x, input.ball_y, input, &out);
      apply_referee_commands(out, robots, count, physics);
      return true;
    }
    case TrainerCommandKind::Kill: {
      const TeamRobot* t = target();
      if (!t) return false;
      effects->kill_robot = true;
      effects->kill_target = *t;
      return true;
    }
    case TrainerCommandKind::Select: {
      if (c.unum < 0) {
        *selected = TeamRobot{};
        return true;
      }
      if (c.unum > 0) {
        const TeamRobot* t = find(robots, count, c.team, c.unum);
        if (!t) return false;
        *selected = *t;
        return true;
      }
      // (select) alone: the next robot after the current selection.
      int next = 0;
      for (int i = 0; i < count; ++i)
        if (robots[i].robot == selected->robot) next = (i + 1) % count;
      if (count == 0) return false;
      *selected = robots[next];
      return true;
    }
    case TrainerCommandKind::Repos: {
      const TeamRobot* t = target();
      if (!t) return false;
      // The foul penalty's side-line spot (facts §7.7), lifted.
      const double x = (t->team == TeamSide::Left ? -0.6 : 0.6) * (7 - t->unum);
      const double y = physics->ball_position().y() < 0 ? 10.5 : -10.5;
      return physics->move_robot_keep_orientation(t->robot, Vec3(x, y, 1.0));
    }
    case TrainerCommandKind::Time:
      referee->set_time(c.time);
      return true;
    case TrainerCommandKind::Score:
      referee->set_score(c.score_left, c.score_right);
      return true;
    case TrainerCommandKind::RequestFullState:
      effects->full_state_requested = true;
      return true;
    case TrainerCommandKind::KillSim:
      effects->stop_server = true;
      return true;
    case TrainerCommandKind::GetAck:
      return true;
  }
  return false;
}

}  // namespace libero::sim
