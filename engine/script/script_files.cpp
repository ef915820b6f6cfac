#include "script/script_files.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace libero::script {

namespace {

constexpr std::size_t kMaxScriptFileBytes = 4u << 20;  // a behaviour file larger than this is a mistake
constexpr int kMaxTreeDepth = 8;

bool ends_with(const char* name, const char* suffix) {
  std::size_t n = std::strlen(name), s = std::strlen(suffix);
  return n >= s && std::memcmp(name + n - s, suffix, s) == 0;
}

bool read_whole_file(const std::string& path, std::string* out, std::string* error) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = path + ": " + std::strerror(errno);
    return false;
  }
  out->clear();
  char buffer[16384];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      *error = path + ": " + std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    out->append(buffer, static_cast<std::size_t>(n));
    if (out->size() > kMaxScriptFileBytes) {
      *error = path + ": file larger than 4 MiB";
      ::close(fd);
      return false;
    }
  }
  ::close(fd);
  return true;
}

// Collects *.lua files below dir; hidden entries (editor swap files) skipped.
bool scan_tree(const std::string& root, const std::string& relative, int depth,
               std::map<std::string, std::string>* sources, std::string* error) {
  if (depth > kMaxTreeDepth) return true;
  std::string dir_path = relative.empty() ? root : root + "/" + relative;
  DIR* dir = ::opendir(dir_path.c_str());
  if (!dir) {
    *error = dir_path + ": " + std::strerror(errno);
    return false;
  }
  bool ok = true;
  while (dirent* entry = ::readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    std::string child = relative.empty() ? entry->d_name : relative + "/" + entry->d_name;
    struct stat info {};
    if (::stat((root + "/" + child).c_str(), &info) != 0) continue;  // vanished meanwhile
    if (S_ISDIR(info.st_mode)) {
      ok = scan_tree(root, child, depth + 1, sources, error);
    } else if (S_ISREG(info.st_mode) && ends_with(entry->d_name, ".lua")) {
      ok = read_whole_file(root + "/" + child, &(*sources)[child], error);
    }
    if (!ok) break;
  }
  ::closedir(dir);
  return ok;
}

}  // namespace

ScriptFiles::~ScriptFiles() {
  if (inotify_fd_ >= 0) ::close(inotify_fd_);
}

Status ScriptFiles::load(const std::string& root) {
  std::map<std::string, std::string> sources;
  std::string error;
  if (!scan_tree(root, "", 0, &sources, &error)) return make_error("script dir: " + error);
  root_ = root;
  sources_.swap(sources);
  // Re-arm the watches: the folder may have been replaced (its watch is then
  // gone) or gained subfolders. inotify reuses existing watches.
  if (inotify_fd_ >= 0) add_watch_tree(root_);
  return {};
}

const std::string* ScriptFiles::find(const std::string& relative_path) const {
  auto it = sources_.find(relative_path);
  return it == sources_.end() ? nullptr : &it->second;
}

void ScriptFiles::add_watch_tree(const std::string& dir) {
  constexpr uint32_t kMask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE |
                             IN_DELETE_SELF | IN_ONLYDIR;
  int id = ::inotify_add_watch(inotify_fd_, dir.c_str(), kMask);
  if (id >= 0) ++watch_count_;
  DIR* handle = ::opendir(dir.c_str());
  if (!handle) return;
  while (dirent* entry = ::readdir(handle)) {
    if (entry->d_name[0] == '.') continue;
    std::string child = dir + "/" + entry->d_name;
    struct stat info {};
    if (::stat(child.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) add_watch_tree(child);
  }
  ::closedir(handle);
}

Status ScriptFiles::watch() {
  if (inotify_fd_ >= 0) return {};
  inotify_fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (inotify_fd_ < 0) return make_error(std::string("inotify_init1: ") + std::strerror(errno));
  add_watch_tree(root_);
  if (watch_count_ == 0) return make_error("cannot watch script dir " + root_);
  return {};
}

bool ScriptFiles::poll_changed() {
  if (inotify_fd_ < 0) return false;
  alignas(inotify_event) char buffer[4096];
  bool changed = false;
  for (;;) {
    ssize_t n = ::read(inotify_fd_, buffer, sizeof buffer);
    if (n <= 0) break;  // EAGAIN: nothing pending (the fd is non-blocking)
    for (char* p = buffer; p < buffer + n;) {
      auto* event = reinterpret_cast<inotify_event*>(p);
      p += sizeof(inotify_event) + event->len;
      if (event->mask & IN_Q_OVERFLOW) {  // events were lost: assume anything changed
        changed = true;
        continue;
      }
      const char* name = event->len ? event->name : "";
      if (name[0] == '.') continue;
      if (event->mask & IN_ISDIR) {
        // A new folder (or one moved in) may already hold scripts: watch it.
        changed = true;
        if (event->mask & (IN_CREATE | IN_MOVED_TO)) {
          // The event does not carry the parent path; re-walking the tree is
          // rare (folder creation) and idempotent (inotify reuses watches).
          add_watch_tree(root_);
        }
        continue;
      }
      // A file's IN_CREATE is followed by IN_CLOSE_WRITE once written; acting
      // on the create would load a half-written file.
      if ((event->mask & IN_CREATE) && !(event->mask & IN_ISDIR)) continue;
      if (event->mask & (IN_DELETE_SELF | IN_IGNORED)) {
        changed = true;
        continue;
      }
      if (ends_with(name, ".lua")) changed = true;
    }
  }
  return changed;
}

bool module_name_to_path(const char* name, std::size_t length, std::string* path) {
  if (length == 0 || length > 128) return false;
  path->clear();
  bool segment_start = true;
  for (std::size_t i = 0; i < length; ++i) {
    char c = name[i];
    if (c == '.') {
      if (segment_start) return false;  // "", "..", ".x", "a..b"
      path->push_back('/');
      segment_start = true;
      continue;
    }
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-' ||
              (c >= '0' && c <= '9');
    if (!ok) return false;
    path->push_back(c);
    segment_start = false;
  }
  if (segment_start) return false;  // trailing dot
  path->append(".lua");
  return true;
}

}  // namespace libero::script
