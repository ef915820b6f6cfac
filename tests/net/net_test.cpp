// Framing and the TCP client over real loopback TCP.
#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "loopback_peer.h"
#include "net/frame_buffer.h"
#include "net/tcp_client.h"

using libero::net::FrameBuffer;
using libero::net::TcpClient;
using libero::testing::LoopbackListener;

namespace {

constexpr int kWaitMs = 5000;  // generous upper bound; tests never wait this long when things work

// Connects a client to a fresh listener and returns the accepted server socket.
int connect_pair(LoopbackListener& listener, TcpClient& client) {
  REQUIRE(listener.ok());
  auto status = client.connect("127.0.0.1", listener.port(), kWaitMs);
  REQUIRE_MESSAGE(status.ok(), (status.ok() ? "" : status.error().message));
  int server = listener.accept(kWaitMs);
  REQUIRE(server >= 0);
  return server;
}

}  // namespace

TEST_CASE("frame buffer: frames split anywhere are reassembled") {
  FrameBuffer buffer(256);
  std::string stream = libero::testing::frame_bytes("(time (now 1.00))") +
                       libero::testing::frame_bytes("") + libero::testing::frame_bytes("(syn)");
  std::vector<std::string> frames;
  for (char byte : stream) {
    REQUIRE(buffer.append(&byte, 1));
    std::string_view payload;
    for (;;) {
      auto got = buffer.next_frame(&payload);
      REQUIRE(got.ok());
      if (!*got) break;
      frames.emplace_back(payload);
    }
  }
  REQUIRE(frames.size() == 3);
  CHECK(frames[0] == "(time (now 1.00))");
  CHECK(frames[1] == "");
  CHECK(frames[2] == "(syn)");
  CHECK(buffer.pending_bytes() == 0);
}

TEST_CASE("frame buffer: an oversized length is rejected with a clear error") {
  FrameBuffer buffer(16);
  unsigned char header[4];
  libero::net::write_frame_header(17, header);
  REQUIRE(buffer.append(reinterpret_cast<char*>(header), 4));
  std::string_view payload;
  auto got = buffer.next_frame(&payload);
  REQUIRE_FALSE(got.ok());
  CHECK(got.error().message.find("exceeds the maximum of 16") != std::string::npos);
}

TEST_CASE("frame buffer: header round trip") {
  unsigned char header[4];
  libero::net::write_frame_header(0x01020304u, header);
  CHECK(header[0] == 1);
  CHECK(header[3] == 4);
  CHECK(libero::net::read_frame_header(header) == 0x01020304u);
}

TEST_CASE("tcp: several frames arriving in one write are returned one by one") {
  LoopbackListener listener;
  TcpClient client;
  int server = connect_pair(listener, client);
  std::string burst = libero::testing::frame_bytes("one") + libero::testing::frame_bytes("two") +
                      libero::testing::frame_bytes("three");
  REQUIRE(libero::testing::send_bytes(server, burst));
  for (const char* expected : {"one", "two", "three"}) {
    auto frame = client.receive_frame(kWaitMs);
    REQUIRE(frame.ok());
    CHECK(*frame == expected);
  }
  // Nothing more queued: a zero wait returns "no frame" without blocking.
  std::string_view payload;
  auto more = client.receive(0, &payload);
  REQUIRE(more.ok());
  CHECK_FALSE(*more);
  ::close(server);
}

TEST_CASE("tcp: a frame split byte by byte across writes is reassembled") {
  LoopbackListener listener;
  TcpClient client;
  int server = connect_pair(listener, client);
  const std::string message = "(time (now 13.20))(GS (sl 0) (sr 0) (t 0.00) (pm BeforeKickOff))";
  std::string bytes = libero::testing::frame_bytes(message) + libero::testing::frame_bytes("(syn)");
  std::thread writer([&] {
    for (char byte : bytes) {
      libero::testing::send_bytes(server, std::string_view(&byte, 1));
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  });
  auto first = client.receive_frame(kWaitMs);
  REQUIRE(first.ok());
  CHECK(*first == message);
  auto second = client.receive_frame(kWaitMs);
  REQUIRE(second.ok());
  CHECK(*second == "(syn)");
  writer.join();
  ::close(server);
}

TEST_CASE("tcp: sent frames carry a big-endian length prefix") {
  LoopbackListener listener;
  TcpClient client;
  int server = connect_pair(listener, client);
  REQUIRE(client.send("(scene rsg/agent/nao/nao_hetero.rsg 0)", kWaitMs).ok());
  REQUIRE(client.send("(syn)", kWaitMs).ok());
  char header[4];
  REQUIRE(libero::testing::read_exact(server, header, 4, kWaitMs));
  CHECK(header[0] == 0);
  CHECK(header[1] == 0);
  CHECK(header[2] == 0);
  CHECK(header[3] == 38);
  std::string payload(38, '\0');
  REQUIRE(libero::testing::read_exact(server, payload.data(), 38, kWaitMs));
  CHECK(payload == "(scene rsg/agent/nao/nao_hetero.rsg 0)");
  std::string second;
  REQUIRE(libero::testing::read_frame(server, &second, kWaitMs));
  CHECK(second == "(syn)");
  CHECK(client.bytes_sent() == 4 + 38 + 4 + 5);
  ::close(server);
}

TEST_CASE("tcp: a large frame crosses many reads") {
  LoopbackListener listener;
  TcpClient client(1 << 20);
  int server = connect_pair(listener, client);
  std::string big(600 * 1024, 'x');
  std::thread writer([&] { libero::testing::send_frame(server, big); });
  auto frame = client.receive_frame(kWaitMs);
  writer.join();
  REQUIRE(frame.ok());
  CHECK(frame->size() == big.size());
  ::close(server);
}

TEST_CASE("tcp: a frame above the maximum size is rejected and the connection closed") {
  LoopbackListener listener;
  TcpClient client(1024);
  int server = connect_pair(listener, client);
  REQUIRE(libero::testing::send_frame(server, std::string(2000, 'x')));
  auto frame = client.receive_frame(kWaitMs);
  REQUIRE_FALSE(frame.ok());
  CHECK(frame.error().message.find("2000 bytes exceeds the maximum of 1024") != std::string::npos);
  CHECK_FALSE(client.is_open());
  CHECK_FALSE(client.send("(syn)", kWaitMs).ok());
  CHECK_FALSE(client.send(std::string(2000, 'y'), kWaitMs).ok());
  ::close(server);
}

TEST_CASE("tcp: refusing to send a frame above the maximum size") {
  LoopbackListener listener;
  TcpClient client(64);
  int server = connect_pair(listener, client);
  auto status = client.send(std::string(65, 'y'), kWaitMs);
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().message.find("maximum is 64") != std::string::npos);
  ::close(server);
}

TEST_CASE("tcp: a peer that closes gives a clear error") {
  LoopbackListener listener;
  TcpClient client;
  int server = connect_pair(listener, client);
  REQUIRE(libero::testing::send_frame(server, "last words"));
  ::close(server);
  auto frame = client.receive_frame(kWaitMs);
  REQUIRE(frame.ok());
  CHECK(*frame == "last words");
  auto next = client.receive_frame(kWaitMs);
  REQUIRE_FALSE(next.ok());
  CHECK(next.error().message.find("connection closed by 127.0.0.1:") != std::string::npos);
  CHECK_FALSE(client.is_open());
}

TEST_CASE("tcp: a peer that closes in the middle of a frame gives a clear error") {
  LoopbackListener listener;
  TcpClient client;
  int server = connect_pair(listener, client);
  std::string partial = libero::testing::frame_bytes("(time (now 1.00))").substr(0, 9);
  REQUIRE(libero::testing::send_bytes(server, partial));
  ::close(server);
  auto frame = client.receive_frame(kWaitMs);
  REQUIRE_FALSE(frame.ok());
  CHECK(frame.error().message.find("in the middle of a frame (9 bytes") != std::string::npos);
}

TEST_CASE("tcp: a stalling peer times out instead of hanging") {
  LoopbackListener listener;
  TcpClient client;
  int server = connect_pair(listener, client);
  // Half a frame, then silence.
  REQUIRE(libero::testing::send_bytes(server, libero::testing::frame_bytes("(time (now 1.00))").substr(0, 6)));
  std::string_view payload;
  auto waited = client.receive(50, &payload);
  REQUIRE(waited.ok());
  CHECK_FALSE(*waited);
  auto frame = client.receive_frame(100);
  REQUIRE_FALSE(frame.ok());
  CHECK(frame.error().message.find("no complete message from 127.0.0.1:") != std::string::npos);
  CHECK(frame.error().message.find("within 100 ms (peer stalled?)") != std::string::npos);
  // The partial frame is kept: finishing it later still works.
  REQUIRE(libero::testing::send_bytes(server, libero::testing::frame_bytes("(time (now 1.00))").substr(6)));
  auto completed = client.receive_frame(kWaitMs);
  REQUIRE(completed.ok());
  CHECK(*completed == "(time (now 1.00))");
  ::close(server);
}

TEST_CASE("tcp: a peer that stops reading makes send time out") {
  LoopbackListener listener;
  TcpClient client(1 << 20);
  int server = connect_pair(listener, client);
  std::string chunk(1 << 20, 'z');
  bool failed = false;
  std::string message;
  for (int i = 0; i < 64 && !failed; ++i) {  // fills the kernel buffers (a few MB at most)
    auto status = client.send(chunk, 100);
    if (!status.ok()) {
      failed = true;
      message = status.error().message;
    }
  }
  REQUIRE(failed);
  CHECK(message.find("timed out after 100 ms (peer not reading?)") != std::string::npos);
  ::close(server);
}

TEST_CASE("tcp: connecting to a port nobody listens on fails clearly") {
  uint16_t port;
  {
    LoopbackListener listener;  // take a free port, then release it
    port = listener.port();
  }
  TcpClient client;
  auto status = client.connect("127.0.0.1", port, kWaitMs);
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().message.find("cannot connect to 127.0.0.1:") != std::string::npos);
  CHECK_FALSE(client.is_open());
  std::string_view payload;
  CHECK_FALSE(client.receive(0, &payload).ok());
}

TEST_CASE("tcp: reconnecting after a drop starts with an empty buffer") {
  LoopbackListener listener;
  TcpClient client;
  int server = connect_pair(listener, client);
  REQUIRE(libero::testing::send_bytes(server, libero::testing::frame_bytes("abc").substr(0, 5)));
  ::close(server);
  CHECK_FALSE(client.receive_frame(kWaitMs).ok());
  int again = connect_pair(listener, client);
  REQUIRE(libero::testing::send_frame(again, "fresh"));
  auto frame = client.receive_frame(kWaitMs);
  REQUIRE(frame.ok());
  CHECK(*frame == "fresh");
  ::close(again);
}
