"""What the bench scripts share: a percentile, a local HTTP server on 127.0.0.1, a client's copy
of a page kept from snapshot replies, and what this machine's memory costs after an idle while.

The scripts run from the repository root and put `bench/` on `sys.path` to import this.
"""

import copy
import functools
import http.server
import mmap
import re
import socketserver
import subprocess
import threading
import time


def pct(values, q):
    """The q-quantile (0..1) of values, nearest rank; NaN for none."""
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, round((len(values) - 1) * q))]


def idle_memory_line(mib=64, rounds=5):
    """What touching memory a process already holds costs here, back to back and after an idle
    while: one line to read latency figures by. On some virtual machines the host takes back
    memory a guest leaves untouched for a fraction of a second, and every page of it costs a fault
    to touch again (seen on this project's machines: 64 MiB held by a process took 6 ms to touch
    back to back, 140 ms after 0.3 s idle and 300 ms after 2 s). A browser's first snapshot after
    a page load and every command after an agent's turn touch such memory, so their figures move
    with it while the code stays the same."""
    held = mmap.mmap(-1, mib << 20)
    def touch():
        started = time.perf_counter()
        for offset in range(0, mib << 20, 4096):
            held[offset] = (held[offset] + 1) % 256
        return (time.perf_counter() - started) * 1000
    touch()
    touch()
    figures = []
    for idle in [0, 0.3, 2]:
        times = []
        for _ in range(rounds):
            time.sleep(idle)
            times.append(touch())
        figures.append(f"{pct(times, .5):.0f} ms" + (f" after {idle:g} s idle" if idle else " back to back"))
    held.close()
    return f"host memory: touching {mib} MiB a process holds takes " + ", ".join(figures)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(handler):
    """Serves `handler` on a free port of 127.0.0.1 in a background thread; returns the base URL."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    server.request_queue_size = 256
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def serve_dir(root):
    """Serves the files under `root` quietly; returns the base URL."""
    return serve(functools.partial(_Quiet, directory=root))


class Failed(Exception):
    """A step the page did not take as the script expected (said on its line; the others go on)."""


def counter(cl100k):
    """Counts a text's cl100k tokens with the `cl100k` bench binary at that path."""
    def tokens(text):
        out = subprocess.run([cl100k], input=text.encode(), capture_output=True, check=True)
        return int(out.stdout.split()[0])
    return tokens


def uid_of(text, pattern):
    """The uid of the first snapshot line that matches `pattern` (Failed when none does)."""
    for line in text.split("\n"):
        if re.search(pattern, line):
            return line.strip().split(" ")[0]
    raise Failed(f"nothing matches {pattern!r} in:\n{text[:2000]}")


UID = re.compile(r"^(?:f\d+)?e\d+$")

def uid_range(named):
    """The uids a removal's `also` entry names: `e4-e7` → e4 e5 e6 e7 (`f1e2-f1e4` likewise),
    else the uid itself."""
    span = re.fullmatch(r"(f\d+e|e)(\d+)-(?:f\d+e|e)(\d+)", named)
    if not span:
        return [named]
    return [f"{span[1]}{n}" for n in range(int(span[2]), int(span[3]) + 1)]


class Client:
    """The agent's copy of a page, kept from snapshot and feedback replies as
    docs/snapshot-format.md says (segments under their uid; versions kept by number)."""
    def __init__(self):
        self.segments = []
        self.versions = {}
    def load(self, text):
        self.segments = []
        for line in text.split("\n"):
            first = line.strip().split(" ")[0]
            if UID.match(first):
                self.segments.append([first, [line]])
            elif self.segments:
                self.segments[-1][1].append(line)
            else:
                self.segments.append(["^", [line]])
    def place(self, uid, after, lines, split=None):
        # An addition may bring several segments that come together: one per uid line.
        placed = [[uid, []]]
        for line in lines:
            first = line.strip().split(" ")[0]
            if UID.match(first) and placed[-1][1]:
                placed.append([first, []])
            placed[-1][1].append(line)
        at = 0 if after is None else [s[0] for s in self.segments].index(after) + 1
        if split is not None:
            # Put in before line `split` of `after`: its lines from there on end the last new one.
            placed[-1][1].extend(self.segments[at - 1][1][split:])
            del self.segments[at - 1][1][split:]
        self.segments[at:at] = placed
    def apply(self, data):
        # A reply names the version it shows; changes are against version `base` (none: the
        # same version). So the client keeps the versions it was shown, by number.
        if isinstance(data.get("snapshot"), str):
            self.load(data["snapshot"])
        else:
            base = data.get("base", data.get("version"))
            if base in self.versions:
                self.segments = copy.deepcopy(self.versions[base])
            self.change(data.get("changes") or [])
        if data.get("version") is not None:
            self.versions[data["version"]] = copy.deepcopy(self.segments)
    def keep(self, data):
        """Keeps a whole snapshot it was shown by its version, its own copy as it was (a later
        reply may be against that version)."""
        current = self.segments
        self.load(data["snapshot"])
        self.versions[data["version"]] = self.segments
        self.segments = current
    def change(self, changes):
        moving = {}
        for c in changes:
            if c["op"] in ("remove", "move"):
                # A removal may name the segments that went with it, in order (`also`, uids
                # numbered in a row as a range: `e4-e23`); the last one's last `keep` lines stay.
                run = [c["uid"], *[uid for named in c.get("also", []) for uid in uid_range(named)]]
                for uid in run:
                    at = [s[0] for s in self.segments].index(uid)
                    lines = self.segments.pop(at)[1]
                    keep = c.get("keep", 0) if uid == run[-1] else 0
                    if keep:
                        # A removed segment's last lines stay: the segment before has them now.
                        self.segments[at - 1][1].extend(lines[-keep:])
                        lines = lines[:-keep]
                    moving[uid] = lines
        for c in changes:
            found = [s[1] for s in self.segments if s[0] == c["uid"]] or ([moving[c["uid"]]] if c["uid"] in moving else [])
            if c["op"] == "change":
                if found:
                    found[0][:] = c["lines"].split("\n")
                else:
                    moving[c["uid"]] = c["lines"].split("\n")
            elif c["op"] == "edit":
                # Some lines of the segment, last first: `remove` from `at`, `lines` instead.
                at = c["at"]
                found[0][at:at + c.get("remove", 0)] = c["lines"].split("\n") if c.get("lines") else []
        for c in changes:
            if c["op"] == "add":
                self.place(c["uid"], c.get("after"), c["lines"].split("\n"), c.get("at"))
            elif c["op"] == "move":
                self.place(c["uid"], c.get("after"), moving.pop(c["uid"]))
    def text(self):
        return "\n".join(line for s in self.segments for line in s[1])
