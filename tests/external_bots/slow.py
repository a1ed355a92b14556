"""A bot of the protocol for the tests, in plain Python (no phom): it answers the first legal action,
appends a line to the file MARKER at every decision, and thinks SECONDS before answering decision
number K (counted from 1 over the whole run), so a test can act while it thinks."""

import json
import sys
import time

marker, slow_decision, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
decisions = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "act":
        continue
    decisions += 1
    with open(marker, "a") as out:
        out.write(f"{decisions}\n")
    if decisions == slow_decision:
        time.sleep(seconds)
    sys.stdout.write(json.dumps({"action": message["legal"][0]}) + "\n")
    sys.stdout.flush()
