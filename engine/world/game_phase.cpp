#include "world/game_phase.h"

namespace libero::world {

GamePhase game_phase_for(protocol::PlayMode mode, bool we_are_left) {
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

}  // namespace libero::world
