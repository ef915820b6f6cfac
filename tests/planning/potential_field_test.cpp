// Local planner: the scenario of Huang & Cao (2007) as property tests
// (reference notes, section F): the robot reaches the rolling ball, keeps
// rho_min from every obstacle, does not stall at the static obstacle lying
// exactly on the start-ball line, and attacking and defending runs differ.
#include <doctest/doctest.h>

#include <cmath>

#include "planning/potential_field.h"

using namespace libero::planning;

namespace {

// The paper's tables (reference notes, section F) with P = 0.9 m; the team's
// copy is data (scripts/data/planning.lua), the engine holds none.
AvoidanceTable paper_table() {
  enum : int8_t { VN, N, F, VF };
  // [task][role], roles F M B G; tasks FB PB KB FO HO ST.
  const int8_t lo[6][4] = {{VF, VF, VF, VF}, {F, VF, F, F}, {F, VN, F, VN}, {VN, VF, VN, VN}, {VN, N, F, N}, {N, VN, N, VN}};
  const int8_t hi[6][4] = {{VF, VF, VF, VF}, {F, VF, F, N}, {N, VN, N, VN}, {VN, VF, VN, VN}, {VN, N, N, VN}, {VN, VN, VN, VN}};
  AvoidanceTable t;
  t.range = 0.9;
  const double labels[4] = {1.0 / 9, 1.0 / 3, 2.0 / 3, 8.0 / 9};
  for (int i = 0; i < 4; ++i) t.label[i] = labels[i];
  for (int a = 0; a < 6; ++a)
    for (int b = 0; b < 4; ++b) t.rho_min[a][b] = lo[a][b], t.rho_max[a][b] = hi[a][b];
  return t;
}

struct Run {
  bool reached = false;
  double time = 0;
  double min_clearance = 1e9;       // to any obstacle centre
  double path_x[400] = {}, path_y[400] = {};
  int steps = 0;
  int stalled_steps = 0;            // steps with speed < 0.05 m/s away from the ball
};

// Paper scenario in metres: field 12 x 8, robot at the origin, 1.5 m/s; a
// dynamic obstacle from (2, 3) at 1 m/s heading -66 deg; static obstacles at
// (1, 1) and (3.6, 1.8); the ball from (4, 4) rolling at 0.5 m/s (direction
// not given in the paper: here towards -y); period 100 ms.
Run run_scenario(FieldRole role, FieldTask task) {
  FieldParams p;
  p.max_speed = 1.5;
  p.period = 0.1;
  REQUIRE(set_avoidance(&p, paper_table(), role, task));
  Run run;
  MovingPoint robot{0, 0, 0, 0};
  const double h = -66.0 * 3.14159265358979323846 / 180.0;
  MovingPoint obstacles[3] = {{2, 3, std::cos(h), std::sin(h)}, {1, 1, 0, 0}, {3.6, 1.8, 0, 0}};
  MovingPoint ball{4, 4, 0, -0.5};
  for (run.steps = 0; run.steps < 400; ++run.steps) {
    run.path_x[run.steps] = robot.x, run.path_y[run.steps] = robot.y;
    if (std::hypot(ball.x - robot.x, ball.y - robot.y) < 0.15) {
      run.reached = true;
      break;
    }
    FieldStep s = potential_field_step(p, robot, ball, obstacles, 3);
    robot.vx = s.vx, robot.vy = s.vy;
    robot.x += s.vx * p.period, robot.y += s.vy * p.period;
    if (std::hypot(s.vx, s.vy) < 0.05 && run.steps > 5) ++run.stalled_steps;
    for (auto& o : obstacles) {
      o.x += o.vx * p.period, o.y += o.vy * p.period;
      run.min_clearance = std::fmin(run.min_clearance, std::hypot(o.x - robot.x, o.y - robot.y));
    }
    if (ball.y > -4) ball.y += ball.vy * p.period;   // stops at the field edge
    run.time += p.period;
  }
  return run;
}

}  // namespace

TEST_CASE("attacking run (forward, pursue ball): reaches the ball, keeps rho_min, no stall") {
  FieldParams p;
  REQUIRE(set_avoidance(&p, paper_table(), FieldRole::kForward, FieldTask::kPursueBall));
  Run r = run_scenario(FieldRole::kForward, FieldTask::kPursueBall);
  CHECK(r.reached);
  CHECK(r.time < 20.0);
  CHECK(r.stalled_steps == 0);
  CHECK(r.min_clearance >= p.rho_min * 0.9);  // one period of discretisation
}

TEST_CASE("defending run (back, intercept): reaches the ball and differs from the attacking run") {
  Run attack = run_scenario(FieldRole::kForward, FieldTask::kPursueBall);
  Run defend = run_scenario(FieldRole::kBack, FieldTask::kIntercept);
  FieldParams p;
  REQUIRE(set_avoidance(&p, paper_table(), FieldRole::kBack, FieldTask::kIntercept));
  CHECK(defend.reached);
  CHECK(defend.stalled_steps == 0);
  CHECK(defend.min_clearance >= p.rho_min * 0.9);  // one period of discretisation
  double max_gap = 0;
  for (int i = 0; i < std::min(attack.steps, defend.steps); ++i)
    max_gap = std::fmax(max_gap, std::hypot(attack.path_x[i] - defend.path_x[i], attack.path_y[i] - defend.path_y[i]));
  CHECK(max_gap > 0.1);
}

TEST_CASE("head-on static obstacle: the anti-oscillation term picks a side") {
  FieldParams p;
  p.rho_min = 0.3, p.rho_max = 1.0;
  MovingPoint robot{0, 0, 0, 0}, target{4, 0, 0, 0};
  MovingPoint obstacle{2, 0, 0, 0};
  double min_d = 1e9;
  bool reached = false;
  for (int i = 0; i < 300 && !reached; ++i) {
    FieldStep s = potential_field_step(p, robot, target, &obstacle, 1);
    robot.vx = s.vx, robot.vy = s.vy;
    robot.x += s.vx * p.period, robot.y += s.vy * p.period;
    min_d = std::fmin(min_d, std::hypot(robot.x - 2, robot.y));
    reached = std::hypot(robot.x - 4, robot.y) < 0.1;
  }
  CHECK(reached);
  CHECK(min_d >= 0.3 * 0.9);
}

TEST_CASE("soft contact: no force on the target with the target's velocity; moving-apart obstacles are ignored") {
  FieldParams p;
  MovingPoint robot{1, 1, 0.5, 0}, target{1, 1, 0.5, 0};
  FieldStep s = potential_field_step(p, robot, target, nullptr, 0);
  CHECK(s.fx == doctest::Approx(0));
  CHECK(s.fy == doctest::Approx(0));
  MovingPoint away{1.8, 1, 2.0, 0};  // ahead but faster away
  FieldStep t = potential_field_step(p, robot, target, &away, 1);
  CHECK(t.fx == doctest::Approx(0));
}

TEST_CASE("role x task table: values, rho_min <= rho_max, bad input refused") {
  FieldParams p;
  const AvoidanceTable t = paper_table();
  CHECK(check_table(t) == nullptr);
  CHECK(set_avoidance(&p, t, FieldRole::kForward, FieldTask::kFindBall));
  CHECK(p.rho_min == doctest::Approx(0.8));
  CHECK(set_avoidance(&p, t, FieldRole::kGoalkeeper, FieldTask::kPursueBall));
  CHECK(p.rho_min <= p.rho_max);
  CHECK_FALSE(set_avoidance(&p, t, static_cast<FieldRole>(7), FieldTask::kShoot));
  CHECK_FALSE(set_avoidance(nullptr, t, FieldRole::kBack, FieldTask::kShoot));
  CHECK_FALSE(set_avoidance(&p, AvoidanceTable{}, FieldRole::kBack, FieldTask::kShoot));  // nothing loaded
  AvoidanceTable bad = t;
  bad.label[2] = bad.label[1];
  CHECK(check_table(bad) != nullptr);
  bad = t;
  bad.rho_max[3][2] = 4;
  CHECK(check_table(bad) != nullptr);
  CHECK(field_role_index("goalkeeper") == 3);
  CHECK(field_task_index("intercept") == 4);
  CHECK(field_task_index("dance") == -1);
  CHECK(field_label_index("VF") == 3);
}

TEST_CASE("parameter checks name what is wrong") {
  FieldParams p;
  CHECK(check_params(p) == nullptr);
  p.m = 1.0;
  CHECK(check_params(p) != nullptr);
  p = FieldParams{};
  p.eta_sign = 0.5;
  CHECK(check_params(p) != nullptr);
  p = FieldParams{};
  p.period = std::nan("");
  CHECK(check_params(p) != nullptr);
}

TEST_CASE("anti-oscillation looks at the full resultant: a second obstacle's repulsion counts") {
  // Head-on: target straight ahead, obstacle A on the line. A second obstacle
  // B beside the line bends the resultant away from rho_A, so A's push is
  // not needed; with B mirrored onto the line's other side the result
  // mirrors too. The partial sum (attraction + A only) would call both parallel.
  FieldParams p;
  p.rho_min = 0.2, p.rho_max = 1.5;
  MovingPoint robot{0, 0, 0.5, 0}, target{4, 0, 0, 0};
  MovingPoint alone[1] = {{1.0, 0, 0, 0}};
  FieldStep s = potential_field_step(p, robot, target, alone, 1);
  CHECK(s.anti_oscillation);
  CHECK(s.fy > 0);  // the fixed side (left of rho_o)
  MovingPoint pair[2] = {{1.0, 0, 0, 0}, {0.8, 0.6, 0, 0}};
  FieldStep t = potential_field_step(p, robot, target, pair, 2);
  CHECK_FALSE(t.anti_oscillation);
  CHECK(t.fy < 0);  // B pushes right; no push to the left against it
}

TEST_CASE("obstacles at the same bearing count once: the nearest") {
  FieldParams p;
  p.rho_min = 0.2, p.rho_max = 2.0;
  MovingPoint robot{0, 0, 0.5, 0.1}, target{4, 1, 0, 0};
  MovingPoint near_only[1] = {{1.0, 0.3, 0, 0}};
  MovingPoint with_shadowed[2] = {{1.6, 0.5, 0, 0}, {1.0, 0.3, 0, 0}};  // 0.02 rad apart, farther first
  FieldStep a = potential_field_step(p, robot, target, near_only, 1);
  FieldStep b = potential_field_step(p, robot, target, with_shadowed, 2);
  CHECK(b.acting == 1);
  CHECK(b.fx == doctest::Approx(a.fx));
  CHECK(b.fy == doctest::Approx(a.fy));
  MovingPoint apart[2] = {{1.6, -0.5, 0, 0}, {1.0, 0.3, 0, 0}};  // different bearings: both act
  CHECK(potential_field_step(p, robot, target, apart, 2).acting == 2);
}
