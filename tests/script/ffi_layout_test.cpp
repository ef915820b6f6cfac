// The FFI declarations in script_api.cpp must match the C headers: every
// struct's size and every field's offset and size, compared here.
#include <doctest/doctest.h>

#include <lua.hpp>

#include <cstddef>
#include <string>

#include "core/skill_requests.h"
#include "script/script_api.h"
#include "world/world_state.h"

using namespace libero;

namespace {

struct FfiState {
  lua_State* L = luaL_newstate();
  FfiState() {
    luaL_openlibs(L);
    lua_getglobal(L, "require");
    lua_pushstring(L, "ffi");
    lua_call(L, 1, 1);
    lua_setglobal(L, "ffi");
    std::string code = std::string("ffi.cdef([[") + script::ffi_cdef_source() + "]])";
    REQUIRE(luaL_dostring(L, code.c_str()) == 0);
  }
  ~FfiState() { lua_close(L); }
  // Evaluates a Lua expression returning a number.
  long eval(const std::string& expression) {
    std::string code = "return " + expression;
    if (luaL_dostring(L, code.c_str()) != 0) {
      FAIL_CHECK(lua_tostring(L, -1));
      lua_pop(L, 1);
      return -1;
    }
    long value = lua_isnumber(L, -1) ? static_cast<long>(lua_tonumber(L, -1)) : -1;
    lua_pop(L, 1);
    return value;
  }
};

}  // namespace

#define CHECK_SIZE(type) \
  CHECK_MESSAGE(ffi.eval("ffi.sizeof('" #type "')") == static_cast<long>(sizeof(type)), #type)
// Scalar fields: the offset (a type change shows up in the next field's
// offset or the struct size, both checked).
#define CHECK_FIELD(type, field)                                                                   \
  CHECK_MESSAGE(ffi.eval("ffi.offsetof('" #type "', '" #field "')") ==                             \
                    static_cast<long>(offsetof(type, field)),                                      \
                #type "." #field " offset")
// Array and struct fields: offset and size.
#define CHECK_AGGREGATE_FIELD(type, field)                                                         \
  do {                                                                                             \
    CHECK_FIELD(type, field);                                                                      \
    CHECK_MESSAGE(ffi.eval("ffi.sizeof(ffi.new('" #type "')." #field ")") ==                       \
                      static_cast<long>(sizeof(type{}.field)),                                     \
                  #type "." #field " size");                                                       \
  } while (0)

TEST_CASE("ffi cdef matches world_state.h field by field") {
  using namespace libero::world;
  FfiState ffi;
  CHECK(kWorldStateVersion == 5);  // bump docs/scripting.md and this test together
  CHECK_SIZE(WsGame);
  CHECK_FIELD(WsGame, time);
  CHECK_FIELD(WsGame, server_time);
  CHECK_FIELD(WsGame, phase);
  CHECK_FIELD(WsGame, raw_play_mode);
  CHECK_FIELD(WsGame, our_score);
  CHECK_FIELD(WsGame, their_score);
  CHECK_FIELD(WsGame, side);
  CHECK_FIELD(WsGame, unum);
  CHECK_FIELD(WsGame, robot_type);
  CHECK_FIELD(WsGame, cycle);

  CHECK_SIZE(WsSelf);
  CHECK_FIELD(WsSelf, x);
  CHECK_FIELD(WsSelf, y);
  CHECK_FIELD(WsSelf, heading);
  CHECK_FIELD(WsSelf, z);
  CHECK_FIELD(WsSelf, roll);
  CHECK_FIELD(WsSelf, pitch);
  CHECK_FIELD(WsSelf, position_sigma);
  CHECK_FIELD(WsSelf, heading_sigma);
  CHECK_FIELD(WsSelf, localised);
  CHECK_FIELD(WsSelf, fall);
  CHECK_FIELD(WsSelf, left_foot_contact);
  CHECK_FIELD(WsSelf, right_foot_contact);
  CHECK_FIELD(WsSelf, com_x);
  CHECK_FIELD(WsSelf, com_y);
  CHECK_FIELD(WsSelf, com_z);
  CHECK_FIELD(WsSelf, odometry_x);
  CHECK_FIELD(WsSelf, odometry_y);
  CHECK_FIELD(WsSelf, odometry_heading);

  CHECK_SIZE(WsBall);
  CHECK_FIELD(WsBall, x);
  CHECK_FIELD(WsBall, y);
  CHECK_FIELD(WsBall, vx);
  CHECK_FIELD(WsBall, vy);
  CHECK_FIELD(WsBall, last_seen_age);
  CHECK_FIELD(WsBall, last_known_age);
  CHECK_FIELD(WsBall, stop_x);
  CHECK_FIELD(WsBall, stop_y);
  CHECK_FIELD(WsBall, valid);
  CHECK_FIELD(WsBall, moving_towards_me);
  CHECK_FIELD(WsBall, rel_x);
  CHECK_FIELD(WsBall, rel_y);

  CHECK_SIZE(WsPlayer);
  CHECK_FIELD(WsPlayer, valid);
  CHECK_FIELD(WsPlayer, unum);
  CHECK_FIELD(WsPlayer, x);
  CHECK_FIELD(WsPlayer, y);
  CHECK_FIELD(WsPlayer, heading);
  CHECK_FIELD(WsPlayer, fall);
  CHECK_FIELD(WsPlayer, last_seen_age);
  CHECK_FIELD(WsPlayer, last_heard_age);
  CHECK_FIELD(WsPlayer, radio_payload);
  CHECK_FIELD(WsPlayer, radio_payload_age);

  CHECK_SIZE(WsHeard);
  CHECK_FIELD(WsHeard, valid);
  CHECK_FIELD(WsHeard, id);
  CHECK_FIELD(WsHeard, from_self);
  CHECK_FIELD(WsHeard, age);
  CHECK_FIELD(WsHeard, direction);
  CHECK_AGGREGATE_FIELD(WsHeard, text);

  CHECK_SIZE(WorldState);
  CHECK_FIELD(WorldState, version);
  CHECK_AGGREGATE_FIELD(WorldState, game);
  CHECK_AGGREGATE_FIELD(WorldState, self);
  CHECK_AGGREGATE_FIELD(WorldState, ball);
  CHECK_AGGREGATE_FIELD(WorldState, teammates);
  CHECK_AGGREGATE_FIELD(WorldState, opponents);
  CHECK_AGGREGATE_FIELD(WorldState, joint_angles);
  CHECK_AGGREGATE_FIELD(WorldState, heard);
}

TEST_CASE("ffi cdef matches skill_requests.h field by field") {
  using namespace libero::motion;
  FfiState ffi;
  CHECK(kSkillRequestsVersion == 6);  // bump docs/scripting.md and this test together
  CHECK_SIZE(SkillRequests);
  CHECK_FIELD(SkillRequests, body);
  CHECK_FIELD(SkillRequests, walk_vx);
  CHECK_FIELD(SkillRequests, walk_vy);
  CHECK_FIELD(SkillRequests, walk_turn);
  CHECK_FIELD(SkillRequests, target_x);
  CHECK_FIELD(SkillRequests, target_y);
  CHECK_FIELD(SkillRequests, target_heading);
  CHECK_FIELD(SkillRequests, kick_type);
  CHECK_FIELD(SkillRequests, kick_target_x);
  CHECK_FIELD(SkillRequests, kick_target_y);
  CHECK_AGGREGATE_FIELD(SkillRequests, motion_name);
  CHECK_FIELD(SkillRequests, head);
  CHECK_FIELD(SkillRequests, head_target_x);
  CHECK_FIELD(SkillRequests, head_target_y);
  CHECK_FIELD(SkillRequests, head_yaw);
  CHECK_FIELD(SkillRequests, head_pitch);
  CHECK_FIELD(SkillRequests, beam);
  CHECK_FIELD(SkillRequests, beam_x);
  CHECK_FIELD(SkillRequests, beam_y);
  CHECK_FIELD(SkillRequests, beam_heading);
  CHECK_FIELD(SkillRequests, say);
  CHECK_AGGREGATE_FIELD(SkillRequests, say_text);
  CHECK_FIELD(SkillRequests, radio_payload_set);
  CHECK_FIELD(SkillRequests, radio_payload);
  CHECK_FIELD(SkillRequests, pass_mode);

  CHECK_SIZE(MotionStatus);
  CHECK_FIELD(MotionStatus, active_body);
  CHECK_FIELD(MotionStatus, state);
  CHECK_FIELD(MotionStatus, interruptible);
  CHECK_FIELD(MotionStatus, getting_up);
  CHECK_FIELD(MotionStatus, kick_distance_estimate);
  CHECK_FIELD(MotionStatus, walk_speed_x);
  CHECK_FIELD(MotionStatus, walk_speed_y);
  CHECK_FIELD(MotionStatus, walk_speed_turn);
  CHECK_AGGREGATE_FIELD(MotionStatus, kick_distance);
  CHECK_FIELD(MotionStatus, max_walk_forward);
  CHECK_FIELD(MotionStatus, max_walk_side);
  CHECK_FIELD(MotionStatus, max_walk_turn);
  CHECK_AGGREGATE_FIELD(MotionStatus, kick_ball_x);
  CHECK_AGGREGATE_FIELD(MotionStatus, kick_ball_y);
  CHECK_AGGREGATE_FIELD(MotionStatus, kick_duration);
  CHECK_AGGREGATE_FIELD(MotionStatus, kick_over_bar_from);
  CHECK_AGGREGATE_FIELD(MotionStatus, kick_over_bar_to);
}

TEST_CASE("ffi enum constants the prelude hard-codes match the headers") {
  using namespace libero;
  CHECK(world::kGamePlayOn == 3);
  CHECK(world::kGameOver == 12);
  CHECK(world::kGameTheirPass == 20);
  CHECK(world::kGameUnknown == 21);
  CHECK(world::kFallSide == 3);
  CHECK(motion::kBodyStand == 0);
  CHECK(motion::kBodyWalkVelocity == 1);
  CHECK(motion::kBodyWalkTo == 2);
  CHECK(motion::kBodyKick == 3);
  CHECK(motion::kBodyMotion == 4);
  CHECK(motion::kBodyGetUp == 5);
  CHECK(motion::kKickLong == 0);
  CHECK(motion::kKickShort == 1);
  CHECK(motion::kKickLofted == 2);
  CHECK(motion::kHeadLookAtBall == 0);
  CHECK(motion::kHeadLookAt == 1);
  CHECK(motion::kHeadScan == 2);
  CHECK(motion::kHeadFixed == 3);
  CHECK(motion::kSkillDone == 2);
  CHECK(motion::kSkillFailed == 3);
  CHECK(world::kMaxTeamSize == 11);
}
