// The viewer's HTTP request reader: requests split anywhere, and every way a
// request can be bad answered with its status.
#include <doctest/doctest.h>

#include <string>

#include "tools/view/http_request.h"

using namespace libero::view;

namespace {

HttpRequestReader::State feed_all(HttpRequestReader& r, const std::string& text, size_t chunk = 0) {
  if (chunk == 0) return r.feed(text.data(), text.size());
  HttpRequestReader::State s = HttpRequestReader::State::NeedMore;
  for (size_t i = 0; i < text.size(); i += chunk) s = r.feed(text.data() + i, std::min(chunk, text.size() - i));
  return s;
}

int status_of(const std::string& text) {
  HttpRequestReader r;
  HttpRequestReader::State s = feed_all(r, text);
  return s == HttpRequestReader::State::Bad ? r.status() : s == HttpRequestReader::State::Complete ? 200 : 0;
}

}  // namespace

TEST_CASE("http: a GET split into single bytes") {
  const std::string text = "GET /web/a%20b.js?x=1 HTTP/1.1\r\nHost: 127.0.0.1:3300\r\nX-Thing:  v  \r\n\r\n";
  for (size_t chunk : {size_t{0}, size_t{1}, size_t{7}}) {
    HttpRequestReader r;
    REQUIRE(feed_all(r, text, chunk) == HttpRequestReader::State::Complete);
    CHECK(r.request().method == "GET");
    CHECK(r.request().path == "/web/a b.js");
    CHECK(r.request().query == "x=1");
    CHECK(r.request().header("host") == "127.0.0.1:3300");
    CHECK(r.request().header("x-thing") == "v");
    CHECK(r.request().body.empty());
  }
}

TEST_CASE("http: a POST body by Content-Length, waiting for all of it") {
  HttpRequestReader r;
  const std::string head = "POST /api/trainer HTTP/1.1\r\nContent-Length: 11\r\n\r\naction=";
  CHECK(r.feed(head.data(), head.size()) == HttpRequestReader::State::NeedMore);
  CHECK(r.feed("pause", 5) == HttpRequestReader::State::Complete);
  CHECK(r.request().body == "action=paus");  // exactly Content-Length bytes
}

TEST_CASE("http: bad requests get their status") {
  CHECK(status_of("GARBAGE\r\n\r\n") == 400);
  CHECK(status_of("GET\r\n\r\n") == 400);
  CHECK(status_of("GET / HTTP/1.1 extra\r\n\r\n") == 400);
  CHECK(status_of("GET relative HTTP/1.1\r\n\r\n") == 400);
  CHECK(status_of("GET / HTTP/2.0\r\n\r\n") == 505);
  CHECK(status_of("GET / FTP/1.0\r\n\r\n") == 400);
  CHECK(status_of("G(T / HTTP/1.1\r\n\r\n") == 400);
  CHECK(status_of("GET /%zz HTTP/1.1\r\n\r\n") == 400);
  CHECK(status_of("GET /%00 HTTP/1.1\r\n\r\n") == 400);
  CHECK(status_of("GET / HTTP/1.1\r\nno colon here\r\n\r\n") == 400);
  CHECK(status_of("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n") == 400);
  CHECK(status_of("POST / HTTP/1.1\r\nContent-Length: 12x\r\n\r\n") == 400);
  CHECK(status_of("POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n") == 400);
  CHECK(status_of("POST / HTTP/1.1\r\nContent-Length: 5000\r\n\r\n") == 413);
  CHECK(status_of("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == 501);
  CHECK(status_of("GET /" + std::string(3000, 'a') + " HTTP/1.1\r\n\r\n") == 414);
  CHECK(status_of("GET / HTTP/1.1\r\nX: " + std::string(9000, 'a')) == 431);  // no end of head in sight
  CHECK(status_of("GET / HTTP/1.1\r\nX: " + std::string(9000, 'a') + "\r\n\r\n") == 431);
  CHECK(status_of("GET / HTTP/1.1\r\nHost: x\r\n") == 0);  // incomplete: needs more
}

TEST_CASE("http: form decoding") {
  std::map<std::string, std::string> form;
  REQUIRE(parse_form("action=ball&x=-1.5&y=2&note=a+b%21&empty=&flag", &form));
  CHECK(form["action"] == "ball");
  CHECK(form["x"] == "-1.5");
  CHECK(form["note"] == "a b!");
  CHECK(form["empty"] == "");
  CHECK(form.count("flag") == 1);
  CHECK_FALSE(parse_form("x=%4", &form));
  CHECK_FALSE(parse_form("x=%g1", &form));
}
