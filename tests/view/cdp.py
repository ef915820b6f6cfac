"""Headless Chromium driven over the DevTools protocol, with the Python
standard library only (a minimal WebSocket client: RFC 6455 handshake,
masked text frames out, unfragmented or fragmented text frames in).
Chromium is started on a free debugging port (--remote-debugging-port=0;
it prints the port it took) and killed by close()."""

import base64
import http.client
import json
import os
import re
import select
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def find_chromium():
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


class WebSocket:
    def __init__(self, host, port, path):
        self.sock = socket.create_connection((host, port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, host, port, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("websocket handshake: connection closed")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("websocket handshake refused: %r" % head[:200])

    def send(self, text):
        payload = text.encode()
        header = bytearray([0x81])
        n = len(payload)
        if n < 126:
            header.append(0x80 | n)
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes(header) + mask + masked)

    def _need(self, n, deadline):
        while len(self.buffer) < n:
            remaining = deadline - time.time()
            if remaining <= 0:
                raise TimeoutError("websocket: no message in time")
            ready, _, _ = select.select([self.sock], [], [], remaining)
            if not ready:
                continue
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("websocket closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def receive(self, timeout):
        deadline = time.time() + timeout
        message = b""
        while True:
            b0, b1 = self._need(2, deadline)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._need(2, deadline))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._need(8, deadline))[0]
            mask = self._need(4, deadline) if b1 & 0x80 else None
            payload = self._need(n, deadline)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise RuntimeError("websocket closed by the browser")
            if opcode in (0x9, 0xA):  # ping / pong: not used by DevTools
                continue
            message += payload
            if b0 & 0x80:
                return message.decode()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Chromium:
    def __init__(self, url, width=1400, height=900):
        binary = find_chromium()
        if not binary:
            raise FileNotFoundError("chromium")
        self.profile = tempfile.mkdtemp(prefix="libero-chromium-")
        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--use-gl=swiftshader", "--enable-unsafe-swiftshader",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir=" + self.profile,
             "--window-size=%d,%d" % (width, height), url],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            start_new_session=True)  # its own process group: close() stops its helpers too
        self.ws = None
        self.next_id = 0
        try:
            port = self._debug_port()
            self.ws = self._page_socket(port, url)
        except BaseException:
            self.close()
            raise

    def _debug_port(self):
        deadline = time.time() + 30
        text = b""
        while time.time() < deadline:
            ready, _, _ = select.select([self.proc.stderr], [], [], 0.2)
            if ready:
                chunk = os.read(self.proc.stderr.fileno(), 4096)
                if not chunk:
                    break
                text += chunk
                m = re.search(rb"DevTools listening on ws://127\.0\.0\.1:(\d+)/", text)
                if m:
                    return int(m.group(1))
            if self.proc.poll() is not None:
                break
        raise RuntimeError("chromium did not open its debugging port: %r" % text[-500:])

    def _page_socket(self, port, url):
        deadline = time.time() + 20
        while time.time() < deadline:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/json/list")
            targets = json.loads(conn.getresponse().read())
            conn.close()
            for t in targets:
                if t.get("type") == "page" and "webSocketDebuggerUrl" in t:
                    path = re.sub(r"^ws://[^/]+", "", t["webSocketDebuggerUrl"])
                    return WebSocket("127.0.0.1", port, path)
            time.sleep(0.2)
        raise RuntimeError("no page target in chromium")

    def call(self, method, timeout=20, **params):
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        deadline = time.time() + timeout
        while True:
            message = json.loads(self.ws.receive(max(0.1, deadline - time.time())))
            if message.get("id") == my_id:
                if "error" in message:
                    raise RuntimeError("%s: %s" % (method, message["error"]))
                return message.get("result", {})

    def evaluate(self, expression, timeout=20):
        result = self.call("Runtime.evaluate", timeout=timeout, expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError("page error in %r: %s" % (expression[:80], result["exceptionDetails"]))
        return result["result"].get("value")

    def wait_for(self, expression, timeout=10, interval=0.1):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(interval)
        return None

    def mouse(self, kind, x, y, buttons=1):
        self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", buttons=buttons,
                  clickCount=1 if kind != "mouseMoved" else 0)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        if self.ws:
            self.ws.close()
        # The group Chromium leads (its renderer and GPU helpers), by its id.
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(5)
                break
            except subprocess.TimeoutExpired:
                continue
        self.proc.stderr.close()
        shutil.rmtree(self.profile, ignore_errors=True)
