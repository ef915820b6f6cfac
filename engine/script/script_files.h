// ScriptFiles: the team's script directory held in memory. `require` reads
// from here, never from disk, so a tick never blocks on a file. The watcher
// half uses inotify (non-blocking) and is polled once per tick.
#pragma once

#include <map>
#include <string>

#include "core/result.h"

namespace libero::script {

class ScriptFiles {
 public:
  ScriptFiles() = default;
  ~ScriptFiles();
  ScriptFiles(const ScriptFiles&) = delete;
  ScriptFiles& operator=(const ScriptFiles&) = delete;

  // Reads every *.lua below root (relative paths like "lib/option.lua").
  // Replaces the previous contents only on success.
  Status load(const std::string& root);

  // Source of a module path, or nullptr if there is no such file.
  const std::string* find(const std::string& relative_path) const;
  const std::string& root() const { return root_; }
  std::size_t file_count() const { return sources_.size(); }

  // Starts watching root and its subfolders. Without a watch, poll_changed()
  // always returns false.
  Status watch();
  // Drains pending inotify events without blocking; true if a *.lua file was
  // written, moved, created as a folder or deleted since the last call.
  bool poll_changed();

 private:
  void add_watch_tree(const std::string& dir);

  std::string root_;
  std::map<std::string, std::string> sources_;
  int inotify_fd_ = -1;
  int watch_count_ = 0;
};

// "lib.option" -> "lib/option.lua"; false for names that could leave the
// script directory or are not plain identifiers separated by dots.
bool module_name_to_path(const char* name, std::size_t length, std::string* path);

}  // namespace libero::script
