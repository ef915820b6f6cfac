// Where the default scripts/ and robots/ folders are: next to the binary
// (walking up from the executable's folder, so build/libero and an
// installed tree both work), else the source tree the binary was built from.
#pragma once

#include <string>

namespace libero::agent {

// Returns "<dir>/<name>" for the first existing folder found, or the
// build-time source path (which may not exist) if none is.
std::string find_data_dir(const char* name);

}  // namespace libero::agent
