"""A game for the viewer's tests: `libero serve` on free loopback ports, a
few `libero agent`s, and `libero view` watching it. Python standard library
only. Every process started is stopped by Game.stop() (also on errors, when
used as a context manager)."""

import http.client
import json
import os
import re
import select
import signal
import socket
import subprocess
import time


class Game:
    def __init__(self, libero, players=2, sync=False, view_args=(), serve_args=(), agent_args=()):
        self.libero = libero
        self.players = players
        self.sync = sync
        self.view_args = list(view_args)
        self.serve_args = list(serve_args)
        self.agent_args = list(agent_args)
        self.procs = []
        self.view_proc = None
        self.agent_port = self.monitor_port = self.view_port = self.debug_port = None

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()

    def _spawn(self, args, **kw):
        p = subprocess.Popen(args, stdin=subprocess.DEVNULL, **kw)
        self.procs.append(p)
        return p

    @staticmethod
    def _read_line(proc, pattern, timeout):
        deadline = time.time() + timeout
        text = b""
        while time.time() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 0.2)
            if ready:
                chunk = os.read(proc.stdout.fileno(), 4096)
                if not chunk:
                    break
                text += chunk
                m = re.search(pattern, text.decode(errors="replace"))
                if m:
                    return m
            if proc.poll() is not None:
                break
        raise RuntimeError("no line matching %r within %.0f s (got %r)" % (pattern, timeout, text[-400:]))

    def start(self):
        serve = self._spawn([self.libero, "serve", "--agent-port", "0", "--monitor-port", "0",
                             "--sync" if self.sync else "--realtime", "--seed", "1",
                             "--kick-off-players", str(self.players), "--log-level", "warn"] + self.serve_args,
                            stdout=subprocess.PIPE)
        m = self._read_line(serve, r"agent port (\d+) monitor port (\d+)\s", 20)
        self.agent_port, self.monitor_port = int(m.group(1)), int(m.group(2))
        # The viewer first: the agents publish to its debug port.
        self.view_proc = self.start_view(self.view_args)
        for team in ("Left", "Right"):
            for unum in range(1, self.players + 1):
                self._spawn([self.libero, "agent", "--port", str(self.agent_port), "--team", team, "--unum", str(unum),
                             "--log-level", "error", "--debug-port", str(self.debug_port)] + self.agent_args,
                            stdout=subprocess.DEVNULL)
                # The server gives the left side to the first team to init.
                if team == "Left" and unum == 1:
                    time.sleep(0.3)

    def start_view(self, extra=()):
        p = self._spawn([self.libero, "view", "--port", "0", "--monitor-port", str(self.monitor_port),
                         "--log-level", "warn"] + list(extra), stdout=subprocess.PIPE)
        m = self._read_line(p, r"http://127\.0\.0\.1:(\d+)/ .*debug port (\d+)\s", 10)
        self.view_port, self.debug_port = int(m.group(1)), int(m.group(2))
        return p

    def stop(self):
        for p in reversed(self.procs):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        deadline = time.time() + 5
        for p in self.procs:
            try:
                p.wait(max(0.1, deadline - time.time()))
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
            if p.stdout:
                p.stdout.close()
        self.procs = []

    # ---- talking to the viewer ----
    def request(self, method, path, body=None, headers=None, port=None):
        conn = http.client.HTTPConnection("127.0.0.1", port or self.view_port, timeout=10)
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        data = r.read()
        conn.close()
        return r.status, dict(r.getheaders()), data

    def stats(self):
        return json.loads(self.request("GET", "/api/stats")[2])

    def trainer(self, **fields):
        body = "&".join("%s=%s" % kv for kv in fields.items())
        return self.request("POST", "/api/trainer", body=body,
                            headers={"Content-Type": "application/x-www-form-urlencoded", "X-Libero-Trainer": "1"})


class EventStream:
    """Reads /events: yields (event, data) pairs."""

    def __init__(self, port, rcvbuf=None):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.connect(("127.0.0.1", port))
        self.sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        self.buffer = b""
        self.head = None

    def close(self, abort=False):
        if abort:  # vanish: reset instead of a clean close
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        self.sock.close()

    def events(self, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            ready, _, _ = select.select([self.sock], [], [], max(0.0, deadline - time.time()))
            if not ready:
                break
            chunk = self.sock.recv(65536)
            if not chunk:
                return
            self.buffer += chunk
            if self.head is None:
                end = self.buffer.find(b"\r\n\r\n")
                if end < 0:
                    continue
                self.head = self.buffer[:end].decode()
                self.buffer = self.buffer[end + 4:]
            while b"\n\n" in self.buffer:
                block, self.buffer = self.buffer.split(b"\n\n", 1)
                name, data = "message", []
                for line in block.decode().split("\n"):
                    if line.startswith("event: "):
                        name = line[7:]
                    elif line.startswith("data: "):
                        data.append(line[6:])
                if data:
                    yield name, "\n".join(data)

    def frames(self, seconds):
        return [json.loads(d) for e, d in self.events(seconds) if e == "frame"]
