// Where the default scripts/ and robots/ folders are: in the source tree the
// binary was built from (a compile definition) if it still exists, else
// next to the binary (walking up from the executable's folder, for a copied
// or installed tree).
#pragma once

#include <string>

namespace libero::agent {

// Returns the first existing "<dir>/<name>", or the build-time path (which
// may not exist; loading then reports it) if none does.
std::string find_data_dir(const char* name);

}  // namespace libero::agent
