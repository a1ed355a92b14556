"""A bot of the protocol for the tests, in plain Python (no phom): it appends every message it receives
to the JSON Lines file named by its first argument, its pid to the second, and answers the first legal
action."""

import json
import os
import sys

log, pids = sys.argv[1], sys.argv[2]
with open(pids, "a") as out:
    out.write(f"{os.getpid()}\n")
for line in sys.stdin:
    with open(log, "a", encoding="utf-8") as out:
        out.write(line)
    message = json.loads(line)
    if message["type"] == "act":
        sys.stdout.write(json.dumps({"action": message["legal"][0]}) + "\n")
        sys.stdout.flush()
