"""What the calibration probes (sensors_at_rest.py, closed_loop_probe.py)
share: a server started on free loopback ports (`libero serve` or the kit's
rcssserver3d, both in sync mode), stopped with its whole process group, and a
length-prefixed protocol link to its agent port. Python 3 standard library
only."""
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import time


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_port(port, seconds=30):
    end = time.time() + seconds
    while time.time() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.1)
    return False


class Link:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.buf = b""

    def send(self, text):
        data = text.encode()
        self.sock.sendall(struct.pack(">I", len(data)) + data)

    def receive(self):
        while True:
            if len(self.buf) >= 4:
                n = struct.unpack(">I", self.buf[:4])[0]
                if len(self.buf) >= 4 + n:
                    msg, self.buf = self.buf[4:4 + n], self.buf[4 + n:]
                    return msg.decode(errors="replace")
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("server closed the connection")
            self.buf += chunk


def numbers(pattern, text):
    m = re.search(pattern, text)
    return [float(x) for x in m.groups()] if m else None


def stop(proc):
    try:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=3)
    except Exception:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def start_server(server, libero, kit, work, physics=None):
    """Starts "builtin" or "rcssserver3d" in work; returns (process, agent
    port) once the port is open, None when the kit has no rcssserver3d.
    Exits naming the server when it does not open its port."""
    port, mport = free_port(), free_port()
    env = os.environ.copy()
    if server == "builtin":
        argv = [libero, "serve", "--sync", "--agent-port", str(port), "--monitor-port", str(mport),
                "--seed", "1", "--log-level", "warn"]
        if physics:
            argv += ["--physics", physics]
    else:
        binary = os.path.join(kit, "install/bin/rcssserver3d")
        if not os.access(binary, os.X_OK):
            print("rcssserver3d: skipped, no kit at %s (tools/setup-real-server builds it)" % kit)
            return None
        env.update(HOME=os.path.join(kit, "simhome"), RCSS_SYNC="1", RCSS_REALTIME="0",
                   LD_LIBRARY_PATH=os.path.join(kit, "install/lib/simspark") + ":" +
                   os.path.join(kit, "install/lib/rcssserver3d"))
        argv = [binary, "--agent-port", str(port), "--server-port", str(mport)]
    proc = subprocess.Popen(argv, env=env, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    if not wait_port(port):
        stop(proc)
        sys.exit("%s: %s did not open its port" % (os.path.basename(sys.argv[0]), server))
    return proc, port
