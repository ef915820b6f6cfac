// Helpers for the script tests: a temporary script directory and a host
// that ticks a simple world.
#pragma once

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "script/behavior_host.h"

namespace libero::script::testing {

// A fresh directory under /tmp, removed (with its files) on destruction.
class TempScriptDir {
 public:
  TempScriptDir() {
    char pattern[] = "/tmp/libero_script_test_XXXXXX";
    path_ = mkdtemp(pattern);
  }
  ~TempScriptDir() { remove_tree(path_); }
  const std::string& path() const { return path_; }

  // Writes a file (creating subfolders) in one write + close, like an editor.
  void write(const std::string& relative, const std::string& text) const {
    std::string full = path_ + "/" + relative;
    for (std::size_t slash = full.find('/', path_.size() + 1); slash != std::string::npos;
         slash = full.find('/', slash + 1))
      mkdir(full.substr(0, slash).c_str(), 0755);
    FILE* f = std::fopen(full.c_str(), "wb");
    if (!f) return;
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
  // Writes to a temporary name and renames over the target (vim, most IDEs).
  void write_atomic(const std::string& relative, const std::string& text) const {
    write(relative + ".tmp~", text);
    std::rename((path_ + "/" + relative + ".tmp~").c_str(), (path_ + "/" + relative).c_str());
  }
  void remove(const std::string& relative) const { unlink((path_ + "/" + relative).c_str()); }

 private:
  static void remove_tree(const std::string& dir) {
    if (DIR* handle = opendir(dir.c_str())) {
      while (dirent* entry = readdir(handle)) {
        if (!std::strcmp(entry->d_name, ".") || !std::strcmp(entry->d_name, "..")) continue;
        std::string child = dir + "/" + entry->d_name;
        struct stat info {};
        if (lstat(child.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) remove_tree(child);
        else unlink(child.c_str());
      }
      closedir(handle);
    }
    rmdir(dir.c_str());
  }
  std::string path_;
};

// The real library (option.lua, geometry.lua) copied into a temp dir so
// tests can add their own entry modules next to it.
inline std::string read_source_file(const std::string& relative) {
  std::string path = std::string(LIBERO_SOURCE_DIR) + "/" + relative;
  std::string text;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) text.append(buffer, n);
    std::fclose(f);
  }
  return text;
}

inline void copy_library(const TempScriptDir& dir) {
  dir.write("lib/option.lua", read_source_file("scripts/lib/option.lua"));
  dir.write("lib/geometry.lua", read_source_file("scripts/lib/geometry.lua"));
}

// A world advancing 20 ms per tick.
struct TickDriver {
  world::WorldState world{};
  motion::MotionStatus motion{};
  motion::SkillRequests requests{};
  TickDriver() {
    world.version = world::kWorldStateVersion;
    world.game.unum = 7;
    world.game.phase = world::kGamePlayOn;
    world.game.server_time = 100.0;
  }
  void tick(BehaviorHost& host) {
    world.game.server_time += 0.02;
    world.game.cycle += 1;
    host.tick(world, motion, &requests);
  }
};

inline BehaviorHostOptions options_for(const std::string& dir, bool watch = false) {
  BehaviorHostOptions options;
  options.script_dir = dir;
  options.watch = watch;
  return options;
}

}  // namespace libero::script::testing
