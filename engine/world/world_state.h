/* WorldState: what the world model provides to behaviours, read-only.
 * Plain C layout (no Eigen, no pointers) so that Lua scripts read it through
 * a LuaJIT FFI view without copying or allocating, and so the mock world can
 * fill the same struct. Frame: side-normalised field frame, metres, radians;
 * own goal at -x, opponent goal at +x, whichever side we play on.
 * Changing this struct changes the scripting API: bump kWorldStateVersion
 * and docs/scripting.md. */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
namespace libero::world {
extern "C" {
#endif

enum {
  kWorldStateVersion = 5, /* 3: WsPlayer.last_heard_age; 4: WsPlayer.radio_payload, radio_payload_age;
                             5: WsBall.rel_x, rel_y */
  kMaxTeamSize = 11,
  kMaxHeardMessages = 4,
  kHeardTextLength = 20,
  kHeardForgetSeconds = 10 /* a behaviour message stays readable this long */
};

/* Play mode from our point of view. */
typedef enum {
  kGameBeforeKickOff = 0,
  kGameOurKickOff, kGameTheirKickOff,
  kGamePlayOn,
  kGameOurKickIn, kGameTheirKickIn,
  kGameOurCornerKick, kGameTheirCornerKick,
  kGameOurGoalKick, kGameTheirGoalKick,
  kGameOurOffside, kGameTheirOffside,
  kGameOver,
  kGameOurGoal, kGameTheirGoal,
  kGameOurFreeKick, kGameTheirFreeKick,
  kGameOurDirectFreeKick, kGameTheirDirectFreeKick,
  kGameOurPass, kGameTheirPass,
  kGameUnknown
} GamePhase;

typedef enum { kFallNone = 0, kFallFront, kFallBack, kFallSide } FallState;

typedef struct {
  double time;          /* game time, s */
  double server_time;   /* server clock, s */
  int32_t phase;        /* GamePhase */
  int32_t raw_play_mode;/* protocol::PlayMode as sent */
  int32_t our_score, their_score;
  int32_t side;         /* 0 unknown, 1 left, 2 right */
  int32_t unum;
  int32_t robot_type;
  uint32_t cycle;       /* agent cycles since start */
} WsGame;

typedef struct {
  double x, y, heading;        /* torso on the field; heading 0 = facing +x */
  double z, roll, pitch;       /* torso height and tilt */
  double position_sigma;       /* 1-sigma position uncertainty, m */
  double heading_sigma;        /* rad */
  int32_t localised;           /* 1 if the estimate is trustworthy */
  int32_t fall;                /* FallState */
  int32_t left_foot_contact, right_foot_contact;
  double com_x, com_y, com_z;  /* centre of mass in the torso frame */
  double odometry_x, odometry_y, odometry_heading; /* accumulated walk odometry */
} WsSelf;

typedef struct {
  double x, y;                 /* field frame */
  double vx, vy;
  double last_seen_age;        /* s since last seen by me (large if never) */
  double last_known_age;       /* s since seen by me or reported by a teammate */
  double stop_x, stop_y;       /* where it will come to rest (rolling model) */
  int32_t valid;               /* 1 once the ball was ever seen or reported */
  int32_t moving_towards_me;
  /* The ball from the torso (level heading frame, x forward, y left, m):
   * the own sightings, averaged while they agree, moved by the walk's
   * odometry between them. Follows the torso at once, where the field-frame
   * estimate minus the own pose lags the localisation; what the kick
   * approach places the feet by. Valid when last_seen_age is small. */
  double rel_x, rel_y;
} WsBall;

typedef struct {
  int32_t valid;               /* 1 if we have a track for this number */
  int32_t unum;
  double x, y;
  double heading;
  int32_t fall;                /* FallState as far as we can tell */
  double last_seen_age;        /* s since seen or heard */
  double last_heard_age;       /* s since its last team message (large if never): a robot
                                  that is seen but silent has a growing age here only */
  uint32_t radio_payload;      /* the scripts' payload (24 bits, opaque to the engine) of its last
                                  team message that carried one; for me: what my scripts set */
  double radio_payload_age;    /* s since that message was heard (large if never): grows while the
                                  teammate talks without a payload, e.g. its scripts failed */
} WsPlayer;

/* A message of our team heard by the say/hear channel that is not the
 * world model's own radio (which is decoded into teammates and ball): what
 * behaviours said with skill.say, e.g. a pass announcement. */
typedef struct {
  int32_t valid;               /* 1 if this slot holds a message */
  int32_t id;                  /* running count of messages heard: a higher id is a newer message */
  int32_t from_self;           /* 1 if it was our own */
  double age;                  /* s since it was heard */
  double direction;            /* deg, team frame, where it came from (0 if from_self) */
  char text[kHeardTextLength + 1]; /* NUL-terminated */
} WsHeard;

typedef struct {
  uint32_t version;            /* kWorldStateVersion */
  WsGame game;
  WsSelf self;
  WsBall ball;
  WsPlayer teammates[kMaxTeamSize]; /* index = unum - 1; includes me */
  WsPlayer opponents[kMaxTeamSize];
  double joint_angles[24];     /* rad, indexed by libero::Joint */
  WsHeard heard[kMaxHeardMessages]; /* newest first; older ones age and fall off */
} WorldState;

#ifdef __cplusplus
}  /* extern "C" */
}  /* namespace libero::world */
#endif
