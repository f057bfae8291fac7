#!/usr/bin/env python3
"""Writes a taskwarrior 2.x data folder (pending.data, completed.data) holding
the same tasks as a todomd vault, from `todomd list --json` on stdin, so
`make bench` can time taskwarrior on the same data. Bench only."""
import json, sys, os, uuid, datetime

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
tasks = json.load(sys.stdin)

def epoch(s):
    if not s:
        return None
    if len(s) == 10:
        s += "T00:00:00Z"
    return str(int(datetime.datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()))

def esc(v):
    return v.replace("\\", "\\\\").replace('"', '&dquot;')

pending = open(os.path.join(out, "pending.data"), "w")
completed = open(os.path.join(out, "completed.data"), "w")
for i, t in enumerate(tasks):
    done = t["status"] in ("done", "cancelled")
    attrs = {
        "description": t["title"],
        "entry": epoch(t.get("created")) or "1700000000",
        "status": "completed" if t["status"] == "done" else "deleted" if t["status"] == "cancelled" else "pending",
        "uuid": str(uuid.UUID(int=i + 1)),
    }
    if t.get("due"): attrs["due"] = epoch(t["due"])
    if t.get("project"): attrs["project"] = t["project"].replace(" ", "_")
    if t.get("priority") in ("high", "medium", "low"): attrs["priority"] = t["priority"][0].upper()
    if t.get("tags"): attrs["tags"] = ",".join(x.replace(" ", "_") for x in t["tags"])
    if done: attrs["end"] = epoch(t.get("completed")) or attrs["entry"]
    line = "[" + " ".join(f'{k}:"{esc(v)}"' for k, v in attrs.items()) + "]\n"
    (completed if done else pending).write(line)
