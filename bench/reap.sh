#!/usr/bin/env bash
# Reap isolation benchmark (issue 12 item 10): `page list` latency in context A while context B's
# slot is reaped and its (large) profile removed.
#
# Context A is a named context that only lists its pages, over and over. Context B is an
# ephemeral, process-keyed context (owned by the python driver below), whose Chromium profile is
# padded with BENCH_PROFILE_FILES files of 4 KiB (default 30000, ≈120 MB) to stand for a
# well-used profile; `cdt session stop` then removes the whole profile. The script prints A's
# latency before the stop and while it runs, and their ratio (goal: ≤ 2×).
#
# Private CDT_HOME, torn down on exit. No thresholds: it prints figures.
#
# Usage: bench/reap.sh            BENCH_PROFILE_FILES=60000 BENCH_BUILD=debug bench/reap.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO=$(pwd)
BUILD=${BENCH_BUILD:-release}
FILES=${BENCH_PROFILE_FILES:-30000}
[[ $FILES =~ ^[0-9]+$ ]] || { echo "BENCH_PROFILE_FILES must be a number" >&2; exit 2; }

if [[ $BUILD == release ]]; then
    cargo build --release --quiet -p cdt -p cdt-daemon
else
    cargo build --quiet -p cdt -p cdt-daemon
fi
export CDT_BIN="$REPO/target/$BUILD/cdt"
export CDT_DAEMON_PATH="$REPO/target/$BUILD/cdt-daemon"
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-reap.XXXX)
unset CDT_CONTEXT_ID CDT_SHARE_GROUP
cleanup() {
    "$CDT_BIN" daemon stop >/dev/null 2>&1 || true
    rm -rf "$CDT_HOME"
}
trap cleanup EXIT

BENCH_PROFILE_FILES=$FILES python3 - <<'PY'
import json, os, statistics, subprocess, threading, time

cdt = os.environ["CDT_BIN"]
files = int(os.environ["BENCH_PROFILE_FILES"])

def run(args, context=None):
    env = dict(os.environ)
    if context:
        env["CDT_CONTEXT_ID"] = context
    out = subprocess.run([cdt, *args], env=env, capture_output=True, text=True)
    reply = json.loads(out.stdout)
    if not reply.get("ok"):
        raise SystemExit(f"cdt {' '.join(args)} failed: {out.stdout}")
    return reply["data"]

run(["page", "open", "about:blank"], "a")
# B is keyed by this python process (not a shell): ephemeral, its profile is removed on stop.
status = run(["session", "start"])
profile = run(["session", "status"])["session"]["profileDir"]
pad = os.path.join(profile, "cdt-bench-padding")
os.makedirs(pad, exist_ok=True)
block = b"x" * 4096
for i in range(files):
    sub = os.path.join(pad, str(i // 1000))
    if i % 1000 == 0:
        os.makedirs(sub, exist_ok=True)
    with open(os.path.join(sub, str(i)), "wb") as f:
        f.write(block)
os.sync()

samples = []
stop = threading.Event()
def lister():
    while not stop.is_set():
        t0 = time.monotonic()
        run(["page", "list"], "a")
        samples.append((t0, (time.monotonic() - t0) * 1000))
thread = threading.Thread(target=lister)
for _ in range(20):
    run(["page", "list"], "a")  # warm-up
thread.start()
time.sleep(3)
start = time.monotonic()
run(["session", "stop"])
end = time.monotonic()
time.sleep(0.5)
stop.set()
thread.join()

before = [ms for t, ms in samples if t < start]
during = [ms for t, ms in samples if start <= t <= end]
def figures(xs):
    if not xs:
        return "no samples"
    xs = sorted(xs)
    return f"n={len(xs)} p50={statistics.median(xs):.1f} ms p90={xs[int(len(xs) * 0.9) - 1 if len(xs) > 1 else 0]:.1f} ms max={xs[-1]:.1f} ms"
print(f"profile padding: {files} files of 4 KiB; session stop took {(end - start) * 1000:.0f} ms")
print(f"page list in A before the reap: {figures(before)}")
print(f"page list in A during the reap: {figures(during)}")
if before and during:
    print(f"ratio of p50 (during / before): {statistics.median(during) / statistics.median(before):.2f}x")
PY
