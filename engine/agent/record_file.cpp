#include "agent/record_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>

namespace libero::agent {

namespace {

constexpr std::string_view kMagic = "libero-record 1";

// "<kind> <s>.<ns> <length>\n" into buf; returns its length.
int format_entry_header(char* buf, size_t size, RecordKind kind, int64_t time_ns, size_t length) {
  const char* sign = time_ns < 0 ? "-" : "";
  uint64_t magnitude = time_ns < 0 ? static_cast<uint64_t>(-(time_ns + 1)) + 1 : static_cast<uint64_t>(time_ns);
  return std::snprintf(buf, size, "%c %s%llu.%09llu %zu\n", static_cast<char>(kind), sign,
                       static_cast<unsigned long long>(magnitude / 1000000000ULL),
                       static_cast<unsigned long long>(magnitude % 1000000000ULL), length);
}

bool write_all(int fd, const char* data, size_t n) {
  while (n > 0) {
    ssize_t done = ::write(fd, data, n);
    if (done < 0 && errno == EINTR) continue;
    if (done <= 0) return false;
    data += done;
    n -= static_cast<size_t>(done);
  }
  return true;
}

}  // namespace

struct RecordWriter::Impl {
  explicit Impl(size_t bytes) : capacity(bytes), ring(new char[bytes]) {}

  size_t capacity;
  std::unique_ptr<char[]> ring;
  std::atomic<uint64_t> head{0};  // bytes ever queued (producer)
  std::atomic<uint64_t> tail{0};  // bytes ever written out (consumer)
  std::atomic<uint64_t> dropped{0};
  int fd = -1;
  std::string path;
  std::thread thread;
  std::mutex mutex;
  std::condition_variable wake;
  bool stop = false;                  // guarded by mutex
  std::atomic<bool> write_failed{false};

  void put(const char* data, size_t n, uint64_t at) {
    size_t position = static_cast<size_t>(at % capacity);
    size_t first = std::min(n, capacity - position);
    std::memcpy(ring.get() + position, data, first);
    if (first < n) std::memcpy(ring.get(), data + first, n - first);
  }

  // Writes what is queued; runs on the writer thread (and once at close).
  void drain() {
    uint64_t end = head.load(std::memory_order_acquire);
    uint64_t start = tail.load(std::memory_order_relaxed);
    while (start < end) {
      size_t position = static_cast<size_t>(start % capacity);
      size_t chunk = static_cast<size_t>(std::min<uint64_t>(end - start, capacity - position));
      if (!write_failed.load() && !write_all(fd, ring.get() + position, chunk)) write_failed.store(true);
      start += chunk;
      tail.store(start, std::memory_order_release);
    }
  }

  void run() {
    std::unique_lock<std::mutex> lock(mutex);
    while (!stop) {
      lock.unlock();
      drain();
      lock.lock();
      // Polling every 20 ms keeps the cycle thread free of any wake-up call.
      wake.wait_for(lock, std::chrono::milliseconds(20), [this] { return stop; });
    }
    lock.unlock();
    drain();
  }
};

RecordWriter::RecordWriter(size_t ring_bytes) : impl_(new Impl(ring_bytes < 4096 ? 4096 : ring_bytes)) {}

RecordWriter::~RecordWriter() { (void)close(); }

bool RecordWriter::is_open() const { return impl_->fd >= 0; }

Status RecordWriter::open(const std::string& path, const RecordMeta& meta) {
  if (is_open()) return make_error("record file already open: " + impl_->path);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return make_error("cannot create record file " + path + ": " + std::strerror(errno));
  std::string header = format_record_header(meta);
  if (!write_all(fd, header.data(), header.size())) {
    ::close(fd);
    return make_error("cannot write record file " + path + ": " + std::strerror(errno));
  }
  impl_->fd = fd;
  impl_->path = path;
  impl_->stop = false;
  impl_->write_failed.store(false);
  impl_->thread = std::thread([this] { impl_->run(); });
  return {};
}

void RecordWriter::write(RecordKind kind, int64_t time_ns, std::string_view payload) {
  if (!is_open()) return;
  char header[64];
  int header_length = format_entry_header(header, sizeof header, kind, time_ns, payload.size());
  size_t total = static_cast<size_t>(header_length) + payload.size() + 1;
  uint64_t at = impl_->head.load(std::memory_order_relaxed);
  uint64_t used = at - impl_->tail.load(std::memory_order_acquire);
  if (total > impl_->capacity - used) {
    impl_->dropped.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  impl_->put(header, static_cast<size_t>(header_length), at);
  impl_->put(payload.data(), payload.size(), at + static_cast<uint64_t>(header_length));
  impl_->put("\n", 1, at + total - 1);
  impl_->head.store(at + total, std::memory_order_release);
}

Status RecordWriter::close() {
  if (!is_open()) return {};
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->stop = true;
  }
  impl_->wake.notify_one();
  if (impl_->thread.joinable()) impl_->thread.join();
  bool failed = impl_->write_failed.load();
  bool closed = ::close(impl_->fd) == 0;
  impl_->fd = -1;
  if (failed || !closed) return make_error("writing record file " + impl_->path + " failed (disk full?)");
  if (impl_->dropped.load() > 0) {
    return make_error("record file " + impl_->path + " is missing " + std::to_string(impl_->dropped.load()) +
                      " entries: the disk could not keep up");
  }
  return {};
}

uint64_t RecordWriter::dropped_entries() const { return impl_->dropped.load(std::memory_order_relaxed); }

std::string format_record_header(const RecordMeta& meta) {
  std::string header(kMagic);
  header += '\n';
  for (const auto& [key, value] : meta) header += "meta " + key + " " + value + "\n";
  header += "end-header\n";
  return header;
}

void append_record_entry(std::string* out, RecordKind kind, int64_t time_ns, std::string_view payload) {
  char header[64];
  int n = format_entry_header(header, sizeof header, kind, time_ns, payload.size());
  out->append(header, static_cast<size_t>(n));
  out->append(payload);
  out->push_back('\n');
}

const std::string* RecordContents::find_meta(std::string_view key) const {
  for (const auto& [k, v] : meta)
    if (k == key) return &v;
  return nullptr;
}

namespace {

// Reads one '\n'-terminated line starting at *pos.
bool next_line(std::string_view text, size_t* pos, std::string_view* line) {
  if (*pos >= text.size()) return false;
  size_t end = text.find('\n', *pos);
  if (end == std::string_view::npos) return false;
  *line = text.substr(*pos, end - *pos);
  *pos = end + 1;
  return true;
}

bool parse_uint(std::string_view digits, uint64_t* out) {
  if (digits.empty() || digits.size() > 19) return false;
  uint64_t value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  *out = value;
  return true;
}

}  // namespace

Result<RecordContents> parse_record(std::string_view text) {
  RecordContents contents;
  size_t pos = 0;
  std::string_view line;
  if (!next_line(text, &pos, &line) || line != kMagic) {
    return make_error("not a Libero record file (expected first line \"libero-record 1\")", 0);
  }
  for (;;) {
    size_t line_start = pos;
    if (!next_line(text, &pos, &line)) return make_error("record header has no end-header line", static_cast<std::ptrdiff_t>(line_start));
    if (line == "end-header") break;
    if (line.substr(0, 5) != "meta ") return make_error("unexpected header line: " + std::string(line), static_cast<std::ptrdiff_t>(line_start));
    std::string_view rest = line.substr(5);
    size_t space = rest.find(' ');
    if (space == std::string_view::npos) return make_error("meta line without a value", static_cast<std::ptrdiff_t>(line_start));
    contents.meta.emplace_back(std::string(rest.substr(0, space)), std::string(rest.substr(space + 1)));
  }
  while (pos < text.size()) {
    size_t entry_start = pos;
    auto fail = [&](const std::string& why) { return make_error("bad record entry: " + why, static_cast<std::ptrdiff_t>(entry_start)); };
    if (!next_line(text, &pos, &line)) return fail("truncated entry header");
    // "<kind> [-]<s>.<ns> <length>"
    if (line.size() < 7 || line[1] != ' ') return fail("malformed entry header");
    char kind = line[0];
    if (kind != 'C' && kind != 'R' && kind != 'K' && kind != 'S') return fail(std::string("unknown entry kind '") + kind + "'");
    std::string_view rest = line.substr(2);
    size_t space = rest.find(' ');
    if (space == std::string_view::npos) return fail("missing length");
    std::string_view time_text = rest.substr(0, space);
    bool negative = !time_text.empty() && time_text[0] == '-';
    if (negative) time_text.remove_prefix(1);
    size_t dot = time_text.find('.');
    uint64_t seconds = 0, nanos = 0, length = 0;
    if (dot == std::string_view::npos || time_text.size() - dot - 1 != 9 || !parse_uint(time_text.substr(0, dot), &seconds) ||
        !parse_uint(time_text.substr(dot + 1), &nanos)) {
      return fail("malformed time");
    }
    if (!parse_uint(rest.substr(space + 1), &length)) return fail("malformed length");
    if (length > text.size() - pos || text.size() - pos - length < 1 || text[pos + length] != '\n') {
      return fail("payload shorter than its length " + std::to_string(length) + " (truncated file?)");
    }
    int64_t time_ns = static_cast<int64_t>(seconds * 1000000000ULL + nanos);
    contents.entries.push_back(
        RecordEntry{static_cast<RecordKind>(kind), negative ? -time_ns : time_ns, std::string(text.substr(pos, length))});
    pos += length + 1;
  }
  return contents;
}

Result<RecordContents> read_record_file(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) return make_error("cannot open record file " + path + ": " + std::strerror(errno));
  std::string text;
  char chunk[65536];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof chunk, file)) > 0) text.append(chunk, n);
  bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) return make_error("reading record file " + path + " failed");
  Result<RecordContents> parsed = parse_record(text);
  if (!parsed.ok()) return make_error(path + ": " + parsed.error().describe());
  return parsed;
}

}  // namespace libero::agent
