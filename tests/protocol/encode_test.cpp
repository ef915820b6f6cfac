#include <doctest/doctest.h>

#include <string>

#include "protocol/simspark_codec.h"

using namespace libero;
using namespace libero::protocol;

namespace {
std::string encode_ok(const Action& action) {
  char buffer[1024];
  Result<size_t> r = encode_simspark(action, buffer, sizeof buffer);
  REQUIRE_MESSAGE(r.ok(), r.error().describe());
  return std::string(buffer, *r);
}
}  // namespace

TEST_CASE("encoder matches the sample's agent messages") {
  Action scene;
  scene.send_scene = true;
  CHECK(encode_ok(scene) == "(scene rsg/agent/nao/nao_hetero.rsg 0)");

  Action init;
  init.send_init = true;
  init.unum = 1;
  REQUIRE(init.team_name.assign("Probe"));
  CHECK(encode_ok(init) == "(init (unum 1)(teamname Probe))(syn)");

  Action beam;
  beam.send_beam = true;
  beam.beam_x = -5;
  CHECK(encode_ok(beam) == "(beam -5 0 0)(syn)");
}
