/* SkillRequests: what behaviours ask the body to do this cycle, and
 * MotionStatus: what the body reports back. Plain C layout so Lua writes the
 * requests through a LuaJIT FFI view, and the mock world reads the same
 * struct. Behaviours never call motion directly; motion reads this block
 * once per cycle. Changing it changes the scripting API: bump
 * kSkillRequestsVersion, the ffi.cdef text in engine/script/script_api.cpp
 * (tests/script/ffi_layout_test.cpp compares them field by field) and
 * docs/scripting.md.
 *
 * It sits in core, below every part that reads it: the world model reads
 * MotionStatus's commanded walk speed for odometry, the behaviour host and
 * motion the whole block (engine/README.md's layering table). The namespace
 * names motion, the part that acts on it. */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
namespace libero::motion {
extern "C" {
#endif

enum { kSkillRequestsVersion = 6, kRadioPayloadBits = 24, kMotionNameLength = 31, kSayLength = 20 };

typedef enum {
  kBodyStand = 0,       /* stand still, keep balance */
  kBodyWalkVelocity,    /* walk with (vx, vy, turn) */
  kBodyWalkTo,          /* walk to a field pose */
  kBodyKick,            /* kick the ball towards a field point */
  kBodyMotion,          /* play a keyframe motion by name */
  kBodyGetUp            /* normally automatic; may be requested */
} BodySkill;

/* long: the flat kick (shots: it stays under the crossbar); short; lofted:
 * the farthest kick, over the heads (clearances, long passes). Each is the
 * motion "kick_<name>" of the robot's motion library. */
typedef enum { kKickLong = 0, kKickShort, kKickLofted, kKickTypeCount } KickType;

typedef enum { kHeadLookAtBall = 0, kHeadLookAt, kHeadScan, kHeadFixed } HeadMode;

typedef enum {
  kSkillIdle = 0, kSkillRunning, kSkillDone, kSkillFailed
} SkillState;

typedef struct {
  int32_t body;                 /* BodySkill */
  double walk_vx, walk_vy;      /* m/s, robot frame (x forward, y left) */
  double walk_turn;             /* rad/s, counter-clockwise */
  double target_x, target_y, target_heading; /* field frame, for kBodyWalkTo */
  int32_t kick_type;            /* KickType */
  double kick_target_x, kick_target_y;       /* field frame */
  char motion_name[kMotionNameLength + 1];   /* for kBodyMotion */

  int32_t head;                 /* HeadMode */
  double head_target_x, head_target_y;       /* field frame, for kHeadLookAt */
  double head_yaw, head_pitch;  /* rad, for kHeadFixed */

  int32_t beam;                 /* 1: beam this cycle (only legal before kick-off / after goals) */
  double beam_x, beam_y, beam_heading;       /* team frame, rad */

  int32_t say;                  /* 1: send say_text this cycle */
  char say_text[kSayLength + 1];

  /* Opaque bits for the teammates, carried by the world model's team message
   * (the engine never interprets them). Requests are reset every cycle, so
   * scripts that stop setting it (an error, the safe fallback) stop sending it. */
  int32_t radio_payload_set;    /* 1: attach radio_payload to our next team message */
  uint32_t radio_payload;       /* kRadioPayloadBits low bits are sent */

  /* 1: ask the server for pass mode this cycle (the `pass` effector; SimSpark
   * 0.7.2 only, facts 7.10): it keeps the opponents 1 m off a still ball we
   * stand at for up to 4 s. The server decides whether the rules allow it. */
  int32_t pass_mode;
} SkillRequests;

typedef struct {
  int32_t active_body;          /* BodySkill currently executing */
  int32_t state;                /* SkillState of the active body skill */
  int32_t interruptible;        /* 1 if a new body request may take over now */
  int32_t getting_up;           /* 1 while an automatic get-up runs */
  double kick_distance_estimate;/* m, for the last requested kick */
  double walk_speed_x, walk_speed_y, walk_speed_turn; /* current commanded walk */
  /* What this body can do, from the data it runs on (updated when the data
   * reloads): behaviours plan with these instead of constants, so the same
   * scripts fit the simulator's robot and the mock world's skill model. */
  double kick_distance[kKickTypeCount];  /* m, median travel in play of each kick (its kick table); 0 unknown */
  double max_walk_forward, max_walk_side, max_walk_turn; /* m/s, m/s, rad/s: the walk's limits */
  /* Where each kick wants the ball (robot frame, m: ahead, and to the side
   * of the kicking foot, either foot) and how long the kick takes (s):
   * behaviours cost each kick by the time to reach its own pose. 0 unknown. */
  double kick_ball_x[kKickTypeCount], kick_ball_y[kKickTypeCount];
  double kick_duration[kKickTypeCount];
  /* Where each kick's ball flies too high to pass under the crossbar (m
   * from the kick spot; 0, 0: never). */
  double kick_over_bar_from[kKickTypeCount], kick_over_bar_to[kKickTypeCount];
} MotionStatus;

#ifdef __cplusplus
}  /* extern "C" */
/* Script names of the kick types (skill.kick's `kind`); the motion is "kick_" + name. */
inline constexpr const char* kKickTypeNames[kKickTypeCount] = {"long", "short", "lofted"};
}  /* namespace libero::motion */
#endif
