#!/usr/bin/env bash
# Latency benchmark for cdt.
#
# Measures, in milliseconds:
#   1. bare Chromium launch until <user-data-dir>/DevToolsActivePort is written   (BENCH_RUNS, default 5)
#   2. cold first `cdt page open` (daemon start + Chromium launch + navigation)  (BENCH_RUNS, default 5)
#   3. warm `cdt page list` against a running browser                           (BENCH_WARM_RUNS, default 200)
#
# Everything runs against a private CDT_HOME and a local static server on 127.0.0.1; both are
# torn down on exit. No thresholds: a slow machine only gives bigger numbers. Exits non-zero if
# a cdt command replies ok:false (or fails to reply).
#
# Usage: bench/latency.sh            BENCH_RUNS=10 BENCH_WARM_RUNS=500 bench/latency.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO=$(pwd)

RUNS=${BENCH_RUNS:-5}
WARM_RUNS=${BENCH_WARM_RUNS:-200}
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_RUNS must be a positive integer" >&2; exit 2; }
[[ $WARM_RUNS =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_WARM_RUNS must be a positive integer" >&2; exit 2; }

log() { printf '[bench] %s\n' "$*" >&2; }

# --- build and dependencies -------------------------------------------------------------------
log "building release binaries"
cargo build --release --quiet -p cdt -p cdt-daemon
CDT="$REPO/target/release/cdt"
[[ -x $CDT && -x $REPO/target/release/cdt-daemon ]] || { echo "release binaries missing" >&2; exit 1; }

command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)
if [[ -x /usr/lib/chromium/chromium ]]; then
    CHROME=/usr/lib/chromium/chromium
else
    CHROME=$(command -v chromium)
fi
command -v python3 >/dev/null || { echo "python3 is required" >&2; exit 1; }

# --- private state, cleaned up on exit ---------------------------------------------------------
# Short path: the daemon's Unix socket lives under CDT_HOME and must stay under 108 bytes.
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-bench.XXXX)
SCRATCH=$(mktemp -d /tmp/cdt-bench-scratch.XXXX)
unset CDT_CONTEXT_ID CDT_SHARE_GROUP
SERVER_PID=

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    "$CDT" daemon stop >/dev/null 2>&1 || true
    if [[ -n $SERVER_PID ]]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$CDT_HOME" "$SCRATCH"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- local static server on 127.0.0.1, on a port the kernel picks -----------------------------
mkdir -p "$SCRATCH/www"
cat >"$SCRATCH/www/x.html" <<'HTML'
<!doctype html>
<html><head><meta charset="utf-8"><title>cdt bench</title></head>
<body><p>cdt latency benchmark page</p></body></html>
HTML
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$SCRATCH/www" >"$SCRATCH/http.log" 2>&1 &
SERVER_PID=$!
PORT=
for _ in $(seq 600); do
    PORT=$(sed -n 's/.*port \([0-9][0-9]*\).*/\1/p' "$SCRATCH/http.log" | head -n1)
    [[ -n $PORT ]] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$SCRATCH/http.log" >&2; echo "http server died" >&2; exit 1; }
    sleep 0.05
done
[[ -n $PORT ]] || { echo "http server did not report its port" >&2; exit 1; }
URL="http://127.0.0.1:$PORT/x.html"
log "serving $URL; CDT_HOME=$CDT_HOME"

# --- the measurements (python3 for a high-resolution clock and no per-sample forks) -----------
cat >"$SCRATCH/bench.py" <<'PY'
import json, math, os, shutil, signal, subprocess, sys, tempfile, time

mode = sys.argv[1]
cdt = os.environ["BENCH_CDT"]
url = os.environ["BENCH_URL"]
scratch = os.environ["BENCH_SCRATCH"]


def pct(samples, p):
    """Nearest-rank percentile."""
    s = sorted(samples)
    return s[max(0, math.ceil(p / 100 * len(s)) - 1)]


def report(samples):
    print(f"{pct(samples, 50):.1f} {pct(samples, 90):.1f} {min(samples):.1f} {len(samples)}")


def cdt_run(args, context=None, check=True):
    env = dict(os.environ)
    env.pop("CDT_CONTEXT_ID", None)
    if context is not None:
        env["CDT_CONTEXT_ID"] = context
    t0 = time.perf_counter()
    r = subprocess.run([cdt, *args], env=env, capture_output=True, text=True)
    ms = (time.perf_counter() - t0) * 1000
    if check:
        try:
            ok = json.loads(r.stdout.strip().splitlines()[-1]).get("ok") is True
        except (ValueError, IndexError, AttributeError):
            ok = False
        if not ok:
            sys.stderr.write(f"cdt {' '.join(args)} (CDT_CONTEXT_ID={context}) failed, exit {r.returncode}\n"
                             f"stdout: {r.stdout}\nstderr: {r.stderr}\n")
            sys.exit(1)
    return ms, r


def bare(runs):
    chrome = os.environ["BENCH_CHROME"]
    samples = []
    for i in range(runs):
        udd = tempfile.mkdtemp(prefix="udd.", dir=scratch)
        args = ["setsid", chrome, "--headless=new", "--disable-gpu"]
        if os.geteuid() == 0:
            args.append("--no-sandbox")
        args += ["--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--remote-debugging-port=0",
                 f"--user-data-dir={udd}", "about:blank"]
        port_file = os.path.join(udd, "DevToolsActivePort")
        t0 = time.perf_counter()
        # Our child is not a group leader, so setsid execs in place: pid == pgid of the browser tree.
        proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        ms = None
        try:
            deadline = t0 + 120
            while time.perf_counter() < deadline:
                try:
                    with open(port_file) as f:
                        lines = f.read().splitlines()
                    if len(lines) >= 2 and lines[0].strip().isdigit() and lines[1].startswith("/devtools/"):
                        ms = (time.perf_counter() - t0) * 1000
                        break
                except FileNotFoundError:
                    pass
                if proc.poll() is not None:
                    break
                time.sleep(0.001)
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # kill -- -PGID
            except ProcessLookupError:
                pass
            proc.wait()
            shutil.rmtree(udd, ignore_errors=True)
        if ms is None:
            sys.stderr.write(f"chromium did not write DevToolsActivePort (exit {proc.returncode})\n")
            sys.exit(1)
        sys.stderr.write(f"[bench]   bare launch {i + 1}/{runs}: {ms:.1f} ms\n")
        samples.append(ms)
    report(samples)


def cold(runs):
    samples = []
    for i in range(1, runs + 1):
        cdt_run(["daemon", "stop"])  # not timed: daemon + browsers gone before each run
        ms, _ = cdt_run(["page", "open", url], context=f"cold-{i}")
        sys.stderr.write(f"[bench]   cold page open {i}/{runs}: {ms:.1f} ms\n")
        samples.append(ms)
    report(samples)


def warm(runs):
    ms, _ = cdt_run(["page", "open", url], context="warm")
    sys.stderr.write(f"[bench]   warm-up page open: {ms:.1f} ms\n")
    samples = []
    outputs = []
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run([cdt, "page", "list"], env={**os.environ, "CDT_CONTEXT_ID": "warm"},
                           capture_output=True, text=True)
        samples.append((time.perf_counter() - t0) * 1000)
        outputs.append(r)
    for r in outputs:  # validate after the loop so parsing does not sit between samples
        try:
            ok = json.loads(r.stdout.strip().splitlines()[-1]).get("ok") is True
        except (ValueError, IndexError, AttributeError):
            ok = False
        if not ok:
            sys.stderr.write(f"cdt page list failed, exit {r.returncode}\nstdout: {r.stdout}\nstderr: {r.stderr}\n")
            sys.exit(1)
    report(samples)


{"bare": bare, "cold": cold, "warm": warm}[mode](int(sys.argv[2]))
PY

export BENCH_CDT="$CDT" BENCH_URL="$URL" BENCH_SCRATCH="$SCRATCH" BENCH_CHROME="$CHROME"

log "1/3 bare chromium launch ($CHROME), n=$RUNS"
read -r BARE_P50 BARE_P90 _ BARE_N < <(python3 "$SCRATCH/bench.py" bare "$RUNS" || echo FAIL)
[[ $BARE_P50 != FAIL ]] || exit 1

log "2/3 cold first cdt page open, n=$RUNS"
read -r COLD_P50 COLD_P90 _ COLD_N < <(python3 "$SCRATCH/bench.py" cold "$RUNS" || echo FAIL)
[[ $COLD_P50 != FAIL ]] || exit 1

log "3/3 warm cdt page list, n=$WARM_RUNS"
"$CDT" daemon stop >/dev/null
read -r WARM_P50 WARM_P90 WARM_MIN WARM_N < <(python3 "$SCRATCH/bench.py" warm "$WARM_RUNS" || echo FAIL)
[[ $WARM_P50 != FAIL ]] || exit 1

echo
# Labels are padded by hand: printf pads by bytes and "→" is three of them.
printf '%s p50 %7s ms  p90 %7s ms                 (n=%s)\n' \
    "bare chromium launch → DevToolsActivePort " "$BARE_P50" "$BARE_P90" "$BARE_N"
printf '%s p50 %7s ms  p90 %7s ms                 (n=%s)\n' \
    "cold first cdt page open                   " "$COLD_P50" "$COLD_P90" "$COLD_N"
printf '%s p50 %7s ms  p90 %7s ms  min %7s ms  (n=%s)\n' \
    "warm cdt page list                         " "$WARM_P50" "$WARM_P90" "$WARM_MIN" "$WARM_N"
