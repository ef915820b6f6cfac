#include "tools/view/http_request.h"

#include <cctype>
#include <cstdlib>

namespace libero::view {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_token_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

}  // namespace

std::string HttpRequest::header(const std::string& name) const {
  auto it = headers.find(name);
  return it == headers.end() ? std::string() : it->second;
}

bool url_decode(std::string_view in, std::string* out, bool plus_is_space) {
  out->clear();
  for (size_t i = 0; i < in.size(); ++i) {
    char c = in[i];
    if (c == '%') {
      int hi = i + 1 < in.size() ? hex_value(in[i + 1]) : -1;
      int lo = i + 2 < in.size() ? hex_value(in[i + 2]) : -1;
      if (hi < 0 || lo < 0) return false;
      *out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else if (c == '+' && plus_is_space) {
      *out += ' ';
    } else {
      *out += c;
    }
  }
  return true;
}

bool parse_form(std::string_view form, std::map<std::string, std::string>* out) {
  out->clear();
  size_t start = 0;
  while (start < form.size()) {
    size_t amp = form.find('&', start);
    std::string_view pair = form.substr(start, amp == std::string_view::npos ? std::string_view::npos : amp - start);
    if (!pair.empty()) {
      size_t eq = pair.find('=');
      std::string key, value;
      if (!url_decode(pair.substr(0, eq), &key, true)) return false;
      if (eq != std::string_view::npos && !url_decode(pair.substr(eq + 1), &value, true)) return false;
      (*out)[key] = value;
    }
    if (amp == std::string_view::npos) break;
    start = amp + 1;
  }
  return true;
}

HttpRequestReader::State HttpRequestReader::fail(int status, std::string reason) {
  state_ = State::Bad;
  status_ = status;
  reason_ = std::move(reason);
  return state_;
}

HttpRequestReader::State HttpRequestReader::parse_head(std::string_view head) {
  // Request line: METHOD SP target SP HTTP/1.x
  size_t eol = head.find("\r\n");
  std::string_view line = head.substr(0, eol);
  size_t sp1 = line.find(' ');
  size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp1 == std::string_view::npos || sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos)
    return fail(400, "malformed request line");
  std::string_view method = line.substr(0, sp1);
  std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  std::string_view version = line.substr(sp2 + 1);
  if (method.empty()) return fail(400, "empty method");
  for (char c : method)
    if (!is_token_char(c)) return fail(400, "malformed method");
  if (version != "HTTP/1.1" && version != "HTTP/1.0") {
    if (version.substr(0, 5) == "HTTP/") return fail(505, "HTTP version not supported");
    return fail(400, "malformed request line");
  }
  if (target.empty() || target[0] != '/') return fail(400, "request target must be an absolute path");
  if (target.size() > 2048) return fail(414, "request target too long");
  request_.method = std::string(method);
  request_.target = std::string(target);
  size_t q = target.find('?');
  request_.query = q == std::string_view::npos ? std::string() : std::string(target.substr(q + 1));
  if (!url_decode(target.substr(0, q), &request_.path, false)) return fail(400, "bad percent escape in path");
  if (request_.path.find('\0') != std::string::npos) return fail(400, "NUL in path");
  // Headers.
  size_t pos = eol + 2;
  while (pos < head.size()) {
    size_t end = head.find("\r\n", pos);
    if (end == std::string_view::npos) end = head.size();
    std::string_view h = head.substr(pos, end - pos);
    pos = end + 2;
    if (h.empty()) break;
    if (h[0] == ' ' || h[0] == '\t') return fail(400, "obsolete header folding");
    size_t colon = h.find(':');
    if (colon == std::string_view::npos || colon == 0) return fail(400, "malformed header");
    std::string_view name = h.substr(0, colon);
    for (char c : name)
      if (!is_token_char(c)) return fail(400, "malformed header name");
    std::string key = lower(name);
    std::string value(trim(h.substr(colon + 1)));
    if (request_.headers.count(key) && key == "content-length" && request_.headers[key] != value)
      return fail(400, "conflicting Content-Length");
    request_.headers[key] = value;
  }
  if (request_.headers.count("transfer-encoding")) return fail(501, "chunked request bodies are not supported");
  std::string length = request_.header("content-length");
  if (!length.empty()) {
    for (char c : length)
      if (c < '0' || c > '9') return fail(400, "bad Content-Length");
    if (length.size() > 9) return fail(413, "request body too large");
    body_length_ = static_cast<size_t>(std::strtoul(length.c_str(), nullptr, 10));
    if (body_length_ > kMaxRequestBody) return fail(413, "request body too large");
  }
  return State::NeedMore;
}

HttpRequestReader::State HttpRequestReader::feed(const char* data, size_t length) {
  if (state_ != State::NeedMore) return state_;
  buffer_.append(data, length);
  if (head_length_ == 0) {
    size_t end = buffer_.find("\r\n\r\n");
    if (end == std::string::npos) {
      if (buffer_.size() > kMaxRequestHead) return fail(431, "request head too large");
      return State::NeedMore;
    }
    if (end + 4 > kMaxRequestHead) return fail(431, "request head too large");
    head_length_ = end + 4;
    if (parse_head(std::string_view(buffer_).substr(0, end + 2)) == State::Bad) return state_;
  }
  if (buffer_.size() - head_length_ < body_length_) return State::NeedMore;
  request_.body = buffer_.substr(head_length_, body_length_);
  state_ = State::Complete;
  return state_;
}

}  // namespace libero::view
