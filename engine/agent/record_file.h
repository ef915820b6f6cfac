// Record files: every message an agent received and sent, with timestamps,
// for offline replay. Format (docs/recording.md):
//
//   libero-record 1
//   meta <key> <value>          (team, unum, type, ...: what replay needs)
//   end-header
//   <kind> <seconds.nanoseconds> <length>\n<payload bytes>\n
//   ...
//
// kind: C = a connection (payload "host:port"; starts a session),
//       R = received and run through the cycle, K = received but skipped
//       (a newer message was queued), S = sent.
//
// The writer never blocks the cycle: entries go into a preallocated ring
// and a background thread writes them to disk. If the disk falls behind
// and the ring fills, entries are dropped and counted, never waited for.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace libero::agent {

enum class RecordKind : char { kConnect = 'C', kReceived = 'R', kSkipped = 'K', kSent = 'S' };

using RecordMeta = std::vector<std::pair<std::string, std::string>>;

class RecordWriter {
 public:
  explicit RecordWriter(size_t ring_bytes = size_t{8} << 20);
  ~RecordWriter();  // closes
  RecordWriter(const RecordWriter&) = delete;
  RecordWriter& operator=(const RecordWriter&) = delete;

  // Creates the file, writes the header and starts the writer thread.
  Status open(const std::string& path, const RecordMeta& meta);
  bool is_open() const;

  // Queues one entry; time_ns is relative to whatever origin the caller
  // chose (the runner uses the recording start). Never blocks.
  void write(RecordKind kind, int64_t time_ns, std::string_view payload);

  // Writes everything queued, stops the thread, closes the file.
  Status close();

  uint64_t dropped_entries() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct RecordEntry {
  RecordKind kind;
  int64_t time_ns;
  std::string payload;
};

struct RecordContents {
  RecordMeta meta;
  std::vector<RecordEntry> entries;
  const std::string* find_meta(std::string_view key) const;
};

// Reads a whole record file; a malformed file gives an Error naming the
// byte offset.
Result<RecordContents> read_record_file(const std::string& path);
Result<RecordContents> parse_record(std::string_view text);

// Formats one entry exactly as the writer does (used by replay output).
void append_record_entry(std::string* out, RecordKind kind, int64_t time_ns, std::string_view payload);
std::string format_record_header(const RecordMeta& meta);

}  // namespace libero::agent
