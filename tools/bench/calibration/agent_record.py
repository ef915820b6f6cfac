"""Reads the percepts of an agent record (`libero agent --record`), for the
calibration scripts and tests that read what a robot received.

The format (docs/agent-recording.md): a header ending in `end-header`, then
entries `KIND TIME LENGTH`, a newline, LENGTH payload bytes, a newline; kind
R is a message received from the server. Python 3 standard library only.
"""


def received_messages(path):
    """Each received message's payload (str), in order. A file without the
    header's end or with a broken entry raises ValueError naming the file
    and the byte where it broke."""
    with open(path, "rb") as f:
        data = f.read()
    header_end = data.find(b"end-header\n")
    if header_end < 0:
        raise ValueError("%s: not an agent record (no end-header)" % path)
    i = header_end + len(b"end-header\n")
    while i < len(data):
        nl = data.find(b"\n", i)
        fields = data[i:nl].split() if nl >= 0 else []
        if len(fields) != 3 or not fields[2].isdigit():
            raise ValueError("%s: broken entry at byte %d" % (path, i))
        length = int(fields[2])
        if fields[0] == b"R":
            yield data[nl + 1:nl + 1 + length].decode("latin-1")
        i = nl + 1 + length + 1
