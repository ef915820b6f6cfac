// `libero serve`: the built-in simulator server (tools/sim/server).
#include "commands.h"
#include "tools/sim/server/serve_command.h"

namespace libero::cli {

int run_serve(int argc, char** argv) { return sim::serve_main(argc, argv); }

}  // namespace libero::cli
