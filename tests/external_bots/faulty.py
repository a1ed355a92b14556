"""A bot that breaks the protocol at its first decision, for the fault tests: MODE is sleep (never
answers), garbage (a line that is not JSON), illegal (an action not in legal), exit (exits with code 3),
fork (starts a child that keeps the pipes open and sleeps, then dies itself). Every pid is appended to
PIDFILE."""

import json
import os
import sys
import time

mode, pids = sys.argv[1], sys.argv[2]


def note(pid: int) -> None:
    with open(pids, "a") as out:
        out.write(f"{pid}\n")


note(os.getpid())
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "act":
        continue
    if mode == "sleep":
        time.sleep(60)
    elif mode == "garbage":
        print("hello, table", flush=True)
    elif mode == "illegal":
        print(json.dumps({"action": "fly away"}), flush=True)
    elif mode == "exit":
        sys.exit(3)
    elif mode == "fork":
        child = os.fork()
        if child == 0:
            note(os.getpid())
            time.sleep(60)
            os._exit(0)
        time.sleep(0.2)
        os._exit(0)
