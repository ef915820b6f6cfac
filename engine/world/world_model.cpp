// PLACEHOLDER world model (issue: world model). It copies game state and
// joint angles and side-normalises the play mode; it does not localise or
// track anything yet.
#include "world/world_model.h"

#include "core/math.h"

namespace libero::world {

struct WorldModel::Impl {};

namespace {
GamePhase normalise(protocol::PlayMode mode, bool we_are_left) {
  using protocol::PlayMode;
  if (mode == PlayMode::Unknown) return kGameUnknown;
  int m = static_cast<int>(mode);
  switch (mode) {
    case PlayMode::BeforeKickOff: return kGameBeforeKickOff;
    case PlayMode::PlayOn: return kGamePlayOn;
    case PlayMode::GameOver: return kGameOver;
    default: break;
  }
  // The remaining modes come in (left, right) pairs in both enums.
  static const GamePhase ours[] = {kGameOurKickOff,  kGameOurKickIn,   kGameOurCornerKick,
                                   kGameOurGoalKick, kGameOurOffside,  kGameOurGoal,
                                   kGameOurFreeKick, kGameOurDirectFreeKick, kGameOurPass};
  static const PlayMode lefts[] = {PlayMode::KickOffLeft,  PlayMode::KickInLeft,   PlayMode::CornerKickLeft,
                                   PlayMode::GoalKickLeft, PlayMode::OffsideLeft,  PlayMode::GoalLeft,
                                   PlayMode::FreeKickLeft, PlayMode::DirectFreeKickLeft, PlayMode::PassLeft};
  for (int i = 0; i < 9; ++i) {
    int left = static_cast<int>(lefts[i]);
    if (m == left || m == left + 1) {
      bool left_team_mode = (m == left);
      bool ours_mode = (left_team_mode == we_are_left);
      return static_cast<GamePhase>(ours[i] + (ours_mode ? 0 : 1));
    }
  }
  return kGameUnknown;
}
}  // namespace

WorldModel::WorldModel(const WorldModelOptions& options) : options_(options), impl_(new Impl) {
  state_.version = kWorldStateVersion;
  state_.game.robot_type = options.robot_type;
  state_.ball.last_seen_age = 1e9;
  state_.ball.last_known_age = 1e9;
}

WorldModel::~WorldModel() { delete impl_; }

void WorldModel::update(const protocol::Percept& percept, const motion::MotionStatus&) {
  WsGame& game = state_.game;
  ++game.cycle;
  if (percept.has_time) game.server_time = percept.server_time;
  const auto& gs = percept.game_state;
  if (gs.present) {
    if (gs.has_side) game.side = static_cast<int32_t>(gs.side);
    if (gs.has_unum) game.unum = gs.unum;
    game.time = gs.game_time;
    game.raw_play_mode = static_cast<int32_t>(gs.play_mode);
    bool left = game.side != static_cast<int32_t>(protocol::Side::Right);
    game.phase = normalise(gs.play_mode, left);
    if (gs.has_scores) {
      game.our_score = left ? gs.score_left : gs.score_right;
      game.their_score = left ? gs.score_right : gs.score_left;
    }
  }
  for (int j = 0; j < kJointCount; ++j)
    if (percept.joint_present[j]) state_.joint_angles[j] = deg2rad(percept.joint_angle_deg[j]);
}

std::string_view WorldModel::outgoing_team_message() const { return {}; }

}  // namespace libero::world
