#include "agent/data_paths.h"

#include <sys/stat.h>
#include <unistd.h>

#include <climits>

#ifndef LIBERO_DEFAULT_DATA_DIR
#define LIBERO_DEFAULT_DATA_DIR "."
#endif

namespace libero::agent {

namespace {
bool is_directory(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}
}  // namespace

std::string find_data_dir(const char* name) {
  // The tree the binary was built from is the exact match for its code.
  std::string built_from = std::string(LIBERO_DEFAULT_DATA_DIR) + "/" + name;
  if (is_directory(built_from)) return built_from;
  char exe[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    std::string dir(exe, static_cast<size_t>(n));
    for (int level = 0; level < 4; ++level) {
      size_t slash = dir.find_last_of('/');
      if (slash == std::string::npos || slash == 0) break;
      dir.resize(slash);
      // Require engine/ beside it so an unrelated scripts/ folder is not picked up.
      if (is_directory(dir + "/" + name) && is_directory(dir + "/engine")) return dir + "/" + name;
    }
  }
  return built_from;
}

}  // namespace libero::agent
