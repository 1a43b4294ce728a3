#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Wake a suspended guest through QEMU's QMP socket.

usage: qmp-wake.py SOCKET [GRACE]

The system lane's guest sets an RTC alarm and suspends to RAM. When the
guest takes longer to get to sleep than the alarm's delay (a loaded
2-core host, TCG), the alarm fires while it is still awake, and nothing
would wake it again. This watcher asks QEMU for the guest's run state
each second; once the guest has been suspended for GRACE seconds
(default 8: the RTC's turn first), it sends system_wakeup, as the
issue's alternative to the RTC. It ends when QEMU closes the socket.
"""
import json
import socket
import sys
import time


def main():
    path = sys.argv[1]
    grace = float(sys.argv[2]) if len(sys.argv) > 2 else 8.0
    sock = None
    for _ in range(300):
        try:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(path)
            break
        except OSError:
            sock.close()
            sock = None
            time.sleep(0.2)
    if sock is None:
        return 0
    stream = sock.makefile("rw")

    def command(name):
        stream.write(json.dumps({"execute": name}) + "\n")
        stream.flush()
        while True:
            line = stream.readline()
            if not line:
                raise EOFError
            reply = json.loads(line)
            if "return" in reply or "error" in reply:
                return reply

    try:
        stream.readline()  # the greeting
        command("qmp_capabilities")
        asleep_since = None
        while True:
            status = command("query-status").get("return", {}).get("status")
            if status == "suspended":
                asleep_since = asleep_since or time.monotonic()
                if time.monotonic() - asleep_since >= grace:
                    command("system_wakeup")
                    print("qmp-wake: the guest slept %.0f s; system_wakeup sent"
                          % (time.monotonic() - asleep_since), file=sys.stderr)
                    asleep_since = None
            else:
                asleep_since = None
            time.sleep(1)
    except (EOFError, OSError, ValueError):
        return 0


if __name__ == "__main__":
    sys.exit(main())
