"""The daemon on garbage, over its real socket (issue 20.4): `bench/fuzz.sh` runs this after the
in-process property tests. Usage: fuzz_socket.py CDT_BIN CONNECTIONS (CDT_HOME set, daemon
started by the caller).

Each connection sends one hostile opening: random bytes, malformed or mistyped JSON, a hello of
the wrong shape, a line cut before its newline, or a correct hello followed by a request that
is malformed (random op names, params of the wrong type, missing fields, huge strings). Every
tenth connection is a well-formed `daemon.status` request, which must still answer ok. At the
end the daemon must be the same process, alive and answering. Prints counts, codes seen and
throughput; exits 1 on a dead daemon, a hang or a wrong answer to a good request.
"""

import json
import os
import random
import socket
import subprocess
import sys
import time

CDT, CONNECTIONS = sys.argv[1], int(sys.argv[2])
HOME = os.environ["CDT_HOME"]
SOCKET = os.path.join(HOME, "broker", "daemon.sock")
rng = random.Random(int(os.environ.get("CDT_FUZZ_SEED", "20")))


def cdt(*args):
    out = subprocess.run([CDT, *args], capture_output=True, text=True)
    return json.loads(out.stdout)


status = cdt("daemon", "status")["data"]
PID, PROTOCOL = status["pid"], status["clientProtocol"]
HELLO = {"hello": {"version": status["version"], "protocol": PROTOCOL}}
# Real op names; their params are always made a scalar below, which no op takes, so none runs.
# (serde reads a struct from an array too: `"params": []` would run an op without fields.)
OPS = ["page.open", "page.navigate", "element.click", "element.fill", "runtime.eval", "capture.snapshot",
       "capture.screenshot", "session.start", "network.list", "storage.load"]


def junk_value(depth=0):
    kind = rng.randrange(8 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 2**63, -(2**63), 1e308, 0.5, 2**64])
    if kind == 3:
        return "".join(chr(rng.randrange(0x20, 0x2FFF)) for _ in range(rng.randrange(12)))
    if kind == 4:
        return "x" * rng.choice([0, 1, 1000, 200_000])
    if kind == 5:
        return [junk_value(depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["url", "page", "uid", "id", "op", "params", "a"]): junk_value(depth + 1) for _ in range(rng.randrange(4))}


def good_request():
    return {
        "id": "fuzz",
        "op": "daemon.status",
        "params": {},
        "caller": {"contextId": "fuzz"},
        "deadline": {"atUnixMs": int(time.time() * 1000) + 5000, "budgetMs": 5000},
    }


def bad_request():
    request = good_request()
    choice = rng.randrange(7)
    if choice == 0:
        request["op"] = rng.choice(OPS) + rng.choice(["", "x", ".", " "])
        request["params"] = rng.choice([1, "s", True])
    elif choice == 1:
        request["op"] = "".join(rng.choice("abcdefg.") for _ in range(rng.randrange(20)))
    elif choice == 2:
        del request[rng.choice(list(request))]
    elif choice == 3:
        request[rng.choice(list(request))] = junk_value()
    elif choice == 4:
        request["op"] = rng.choice(OPS)
        request["params"] = rng.choice([7, "params", False, -1.5])
    elif choice == 5:
        request["deadline"] = {"atUnixMs": rng.choice([-1, "now", 2**70]), "budgetMs": junk_value()}
    else:
        request["caller"] = junk_value()
    return request


def opening():
    """The bytes of one hostile connection, and whether a hello goes first."""
    kind = rng.randrange(8)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))) + b"\n", False
    if kind == 1:
        return json.dumps(junk_value()).encode() + b"\n", False
    if kind == 2:
        return json.dumps({"hello": junk_value()}).encode() + b"\n", False
    if kind == 3:
        text = json.dumps(HELLO)
        return text[: rng.randrange(len(text))].encode(), False  # cut, no newline
    if kind == 4:
        return b"{" * rng.randrange(1, 5000) + b"\n", False  # deep nesting
    line = json.dumps(bad_request())
    if kind == 5:
        line = line[: rng.randrange(len(line))]
    return line.encode() + b"\n", True


LAST = b""


def converse(payload, hello_first):
    global LAST
    LAST = payload
    """Sends the payload (after a hello when asked); returns the last reply line or None."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(15)
        sock.connect(SOCKET)
        reader = sock.makefile("rb")
        if hello_first:
            sock.sendall(json.dumps(HELLO).encode() + b"\n")
            try:
                answer = json.loads(reader.readline())
            except ConnectionResetError:
                raise SystemExit(f"the hello was reset; previous payload {LAST[:200]!r}")
            if not answer.get("accepted"):
                raise SystemExit(f"hello refused: {answer}")
        try:
            sock.sendall(payload)
            if not hello_first:
                # A hello cut before its newline ends only with the stream. (After a hello, the
                # end of the stream would be the client going away: the request is cancelled.)
                sock.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            return None  # the daemon hung up on garbage first: fine
        try:
            return reader.readline() or None
        except ConnectionResetError:
            return None


codes, good, started = {}, 0, time.time()
for n in range(CONNECTIONS):
    try:
        if n % 10 == 9:
            reply = json.loads(converse(json.dumps(good_request()).encode() + b"\n", True))
            if reply.get("ok") is not True or reply["data"]["pid"] != PID:
                raise SystemExit(f"a good request after garbage got {reply}")
            good += 1
            continue
        payload, hello_first = opening()
        reply = converse(payload, hello_first)
    except socket.timeout:
        raise SystemExit(f"connection {n} hung (no answer, no close in 15 s)")
    code = "(closed)"
    if reply:
        try:
            parsed = json.loads(reply)
            code = (parsed.get("error") or {}).get("code") or ("ok" if parsed.get("ok") else "hello")
        except ValueError:
            code = "(unparseable reply)"
    codes[code] = codes.get(code, 0) + 1

elapsed = time.time() - started
after = cdt("daemon", "status")["data"]
if after.get("pid") != PID or not after.get("running"):
    raise SystemExit(f"the daemon changed or died: before pid {PID}, after {after}")
rss = int(open(f"/proc/{PID}/status").read().split("VmRSS:")[1].split()[0]) // 1024
print(
    f"daemon over its socket: {CONNECTIONS} connections ({good} good requests answered ok) in "
    f"{elapsed:.1f} s ({CONNECTIONS / elapsed:.0f}/s), same daemon alive, RSS {rss} MiB; codes: "
    + ", ".join(f"{k} {v}" for k, v in sorted(codes.items(), key=lambda kv: -kv[1]))
)
unparseable = codes.get("(unparseable reply)", 0)
if unparseable:
    raise SystemExit(f"{unparseable} replies were not JSON")
