// A minimal HTTP/1.1 request reader for `libero view`: the request line,
// the headers and a Content-Length body, with hard limits so a browser (or
// anything else on loopback) cannot make the server hold more than a few
// kilobytes per connection. Knows nothing of sockets: bytes go in, a
// request or an HTTP status to answer with comes out.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace libero::view {

constexpr size_t kMaxRequestHead = 8192;  // request line + headers
constexpr size_t kMaxRequestBody = 4096;  // trainer commands are ~100 bytes

struct HttpRequest {
  std::string method;   // "GET", "POST", ...
  std::string target;   // path with the query string, as sent
  std::string path;     // target without the query, percent-decoded
  std::string query;    // after '?', raw
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;

  // The header's value, or "" if absent (name in lower case).
  std::string header(const std::string& name) const;
};

class HttpRequestReader {
 public:
  enum class State { NeedMore, Complete, Bad };
  // Appends bytes and parses as far as possible. After Complete, the
  // request is in request() and bytes past it are ignored (one request per
  // connection: the server closes after answering, or turns it into an
  // event stream). After Bad, status() is the HTTP status to answer with
  // (400, 405, 413, 414, 431, 501, 505) and reason() says why.
  State feed(const char* data, size_t length);
  State state() const { return state_; }
  const HttpRequest& request() const { return request_; }
  int status() const { return status_; }
  const std::string& reason() const { return reason_; }

 private:
  State fail(int status, std::string reason);
  State parse_head(std::string_view head);

  State state_ = State::NeedMore;
  std::string buffer_;
  size_t body_length_ = 0;
  size_t head_length_ = 0;  // including the blank line, once known
  HttpRequest request_;
  int status_ = 0;
  std::string reason_;
};

// Decodes %XX and '+' (form encoding) in a URL component; false if a '%'
// is not followed by two hex digits.
bool url_decode(std::string_view in, std::string* out, bool plus_is_space);

// Parses "a=1&b=two" into a map (decoded); false on a bad escape.
bool parse_form(std::string_view form, std::map<std::string, std::string>* out);

}  // namespace libero::view
