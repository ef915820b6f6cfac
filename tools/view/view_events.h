// What `libero view` sends to browsers and accepts from them, as pure
// functions so they are tested without sockets:
// - scene_json: one monitor snapshot as the JSON frame the page draws (the
//   same shape the match report's replay embeds, docs/viewer.md);
// - trainer_command: a trainer request from the page (form fields) as the
//   monitor protocol's trainer command (simspark-facts.md §8.2). Only the
//   commands the page offers are built, from checked numbers, so a request
//   can never smuggle in (killsim) or any other S-expression.
#pragma once

#include <map>
#include <string>

#include "core/json_text.h"
#include "core/result.h"
#include "tools/monitor/scene_reader.h"

namespace libero::view {

// Torso centre height below which a robot counts as fallen: the same
// threshold as the match runners' (0.25 m, tools/match/real_match.cpp).
constexpr double kFallenTorsoHeight = 0.25;

// Appends the frame JSON: {"t","half","mode","sl","sr","tl","tr","ball":[x,y,z],
// "robots":[[team,unum,type,x,y,z,yaw,fallen,up_z],...],"seq","recv"}.
// `recv_ms` is the wall clock (ms since the epoch) when the monitor message
// arrived, so the page can measure its own latency.
void append_scene_json(const monitor::SceneState& scene, long seq, double recv_ms, std::string* out);

// Builds the trainer command for a request. Fields: action = kick_off
// (team left|right|none), pause, play_on, drop_ball, free_kick (team),
// ball (x, y[, z]), robot (team, unum, x, y[, z][, yaw: field frame, rad]).
Result<std::string> trainer_command(const std::map<std::string, std::string>& form);

using libero::append_json_string;  // core/json_text.h

}  // namespace libero::view
