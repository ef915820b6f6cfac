#include "tools/sim/server/monitor_predicates.h"

namespace libero::sim {
namespace {

// The reference's soccer parameters in its order (naosoccersim.rb defaults).
constexpr std::string_view kFieldPredicates =
    "(FieldLength 30)(FieldWidth 20)(FieldHeight 40)(GoalWidth 2.1)(GoalDepth 0.6)(GoalHeight 0.8)"
    "(BorderSize 0)(FreeKickDistance 2)(WaitBeforeKickOff 30)(AgentRadius 0.4)(BallRadius 0.042)"
    "(BallMass 0.026)(RuleGoalPauseTime 3)(RuleKickInPauseTime 1)(RuleHalfTime 300)";

void integer_item(std::string_view name, int value, TextWriter* out) {
  out->ch('(');
  out->text(name);
  out->ch(' ');
  out->integer(value);
  out->ch(')');
}

void state_items(const MonitorGameView& game, PredicateMemory* memory, TextWriter* out) {
  // The reference keeps the game time as a float.
  out->text("(time ");
  out->general6(static_cast<double>(static_cast<float>(game.time)));
  out->ch(')');
  if (!memory->told_team_left && !game.team_left.empty()) {
    out->text("(team_left ");
    out->text(game.team_left);
    out->ch(')');
    memory->told_team_left = true;
  }
  if (!memory->told_team_right && !game.team_right.empty()) {
    out->text("(team_right ");
    out->text(game.team_right);
    out->ch(')');
    memory->told_team_right = true;
  }
  if (game.half != memory->half) {
    integer_item("half", game.half, out);
    memory->half = game.half;
  }
  if (game.score_left != memory->score_left) {
    integer_item("score_left", game.score_left, out);
    memory->score_left = game.score_left;
  }
  if (game.score_right != memory->score_right) {
    integer_item("score_right", game.score_right, out);
    memory->score_right = game.score_right;
  }
  const int mode = static_cast<int>(game.play_mode);
  if (mode != memory->play_mode) {
    integer_item("play_mode", mode, out);
    memory->play_mode = mode;
  }
}

}  // namespace

void write_full_predicates(const MonitorGameView& game, PredicateMemory* memory, TextWriter* out) {
  *memory = PredicateMemory();
  out->ch('(');
  out->text(kFieldPredicates);
  out->text("(play_modes");
  for (int i = 0; i < protocol::kPlayModeCount; ++i) {
    out->ch(' ');
    out->text(protocol::kPlayModeNames[i]);
  }
  out->ch(')');
  state_items(game, memory, out);
  out->ch(')');
}

void write_predicate_update(const MonitorGameView& game, PredicateMemory* memory, TextWriter* out) {
  out->ch('(');
  state_items(game, memory, out);
  out->ch(')');
}

}  // namespace libero::sim
