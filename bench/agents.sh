#!/usr/bin/env bash
# Many agents at once (issue 19): `bench/agents.sh N` runs N agents, each with a context of its
# own (distinct CDT_CONTEXT_ID), and each does what an agent's first minute does on the shared
# form page (../shared/bench-pages/form.html): open it, snapshot, fill the email box, click a
# button, snapshot again; then a warm round of BENCH_WARM snapshots. One agent goes first alone,
# then the other N-1 start together. Then BENCH_LATE more agents arrive one after another (the
# shared browser is warm by then) and their first command is timed.
#
# Each browser mode in BENCH_MODES (default: "shared dedicated" for N <= 10, else "shared") runs
# on a fresh daemon and prints: how many succeeded (and the error codes of the rest), each
# step's latency (the open starts the agent's browser or browser context), warm snapshot
# p50/p90, the wall time, and memory by PSS (`/proc/<pid>/smaps_rollup`: shared pages divided
# among their sharers, so the sum is what the machine spends) of the daemon and every browser
# process: in all, per agent, and per additional agent after the first.
#
# BENCH_CLICK names the button clicked (default "Clear form", the reset; see below).
#
# Budgets are cdt's defaults unless BENCH_TIMEOUT (ms) is set. Extra environment for the
# daemon (e.g. CDT_MAX_SLOTS, CDT_CONTEXTS_PER_BROWSER) is passed through. Local server on
# 127.0.0.1 and a private CDT_HOME, both removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
N="${1:-10}"
# shellcheck source=bench/pages.sh
source bench/pages.sh
cargo build --release --quiet -p cdt -p cdt-daemon
bash scripts/ensure-deps.sh
ROOT=$(mktemp -d /tmp/cdt-agents.XXXX)
trap 'for h in "$ROOT"/home-*; do CDT_HOME=$h target/release/cdt daemon stop >/dev/null 2>&1 || true; done; rm -rf "$ROOT"' EXIT
mkdir -p "$ROOT/pages"
cp "$PAGES/form.html" "$ROOT/pages/form.html"

python3 - "$PWD/target/release/cdt" "$ROOT" "$N" <<'PY'
import collections, json, os, re, subprocess, sys, threading, time
sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
from benchkit import pct, serve_dir  # noqa: E402

CDT, ROOT, N = sys.argv[1], sys.argv[2], int(sys.argv[3])
WARM = int(os.environ.get("BENCH_WARM", "5"))
LATE = int(os.environ.get("BENCH_LATE", "5"))
TIMEOUT = os.environ.get("BENCH_TIMEOUT")
# The button clicked. Not the submit by default: with the form incomplete, Chromium shows its
# validation bubble, which keeps animating: ~70 % of a core in the browser process and ~9 % per
# page for 10 pages, measured with raw CDP and no cdt). BENCH_CLICK="Create account" clicks it.
CLICK = os.environ.get("BENCH_CLICK", "Clear form")
MODES = os.environ.get("BENCH_MODES", "shared dedicated" if N <= 10 else "shared").split()

base = serve_dir(f"{ROOT}/pages")
url = f"{base}/form.html"

class Failed(Exception):
    pass

def run(env, *args):
    extra = ["--timeout", TIMEOUT] if TIMEOUT else []
    started = time.perf_counter()
    out = subprocess.run([CDT, *args, *extra], capture_output=True, text=True, env=env)
    elapsed = (time.perf_counter() - started) * 1000
    try:
        reply = json.loads(out.stdout)
    except ValueError:
        raise Failed(f"unreadable ({out.returncode})")
    if not reply.get("ok"):
        raise Failed(reply["error"]["code"] + (": " + reply["error"]["message"] if os.environ.get("BENCH_DEBUG") else ""))
    reply["data"]["_daemon_ms"] = reply["meta"]["durationMs"]
    return reply["data"], elapsed

def agent(home, mode, name, results, i):
    env = dict(os.environ, CDT_HOME=home, CDT_BROWSER_MODE=mode, CDT_CONTEXT_ID=name)
    took = {}
    try:
        _, took["open"] = run(env, "page", "open", url)
        snap, took["snapshot"] = run(env, "capture", "snapshot")
        text = snap["snapshot"]
        box = re.search(r"^\s*(e\d+) textbox \"Email", text, re.M) or re.search(r"^\s*(e\d+) textbox", text, re.M)
        button = re.search(rf"^\s*(e\d+) button \"{re.escape(CLICK)}", text, re.M) or re.search(r"^\s*(e\d+) button", text, re.M)
        _, took["fill"] = run(env, "element", "fill", box.group(1), f"agent{i}@example.com")
        _, took["click"] = run(env, "element", "click", button.group(1))
        _, took["snapshot again"] = run(env, "capture", "snapshot")
        results[i] = ("ok", took)
    except Failed as error:
        results[i] = (str(error), took)

def pss_kib(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0

def parent(pid):
    try:
        return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0

def memory_kib(home):
    """PSS of the daemon of `home` and of every process descending from it (its browsers)."""
    daemon = int(open(f"{home}/broker/daemon.pid").read().strip())
    total = collections.Counter()
    for pid in map(int, filter(str.isdigit, os.listdir("/proc"))):
        walk, depth = pid, 0
        while walk > 1 and walk != daemon and depth < 16:
            walk, depth = parent(walk), depth + 1
        if walk == daemon:
            total["daemon" if pid == daemon else "browsers"] += pss_kib(pid)
    return total

for mode in MODES:
    home = f"{ROOT}/home-{mode}"
    os.makedirs(home, mode=0o700, exist_ok=True)
    results = [None] * N
    started = time.perf_counter()
    agent(home, mode, "agent-000", results, 0)
    if results[0][0] != "ok":
        sys.exit(f"the first agent failed: {results[0][0]}")
    time.sleep(0.5)
    first = memory_kib(home)
    threads = [threading.Thread(target=agent, args=(home, mode, f"agent-{i:03}", results, i)) for i in range(1, N)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    time.sleep(0.5)
    memory = memory_kib(home)
    # The warm round: every agent that succeeded snapshots again, one agent at a time.
    for i, (status, took) in enumerate(results):
        if status == "ok":
            env = dict(os.environ, CDT_HOME=home, CDT_CONTEXT_ID=f"agent-{i:03}")
            warm = [run(env, "capture", "snapshot") for _ in range(WARM)]
            took["warm"] = [elapsed for _, elapsed in warm]
            took["warm in daemon"] = [data["_daemon_ms"] for data, _ in warm]
    late = [None] * LATE
    for i in range(LATE):
        agent(home, mode, f"late-{i:03}", late, i)
    ok = [took for status, took in results if status == "ok"]
    codes = collections.Counter(status for status, _ in results if status != "ok")
    print(f"{N} agents, CDT_BROWSER_MODE={mode}: {len(ok)} of {N} succeeded" + (f"; failed: {dict(codes)}" if codes else ""))
    print(f"  all done in {wall:.1f} s wall (one alone, then {N - 1} at once)")
    for step in ["open", "snapshot", "fill", "click", "snapshot again"]:
        values = [took[step] for _, took in results if step in took]
        print(f"  {step:<15} p50 {pct(values, .5):8.1f} ms  p90 {pct(values, .9):8.1f} ms  max {max(values) if values else float('nan'):8.1f} ms")
    warm = [t for took in ok for t in took["warm"]]
    inside = [t for took in ok for t in took["warm in daemon"]]
    print(f"  warm snapshot   p50 {pct(warm, .5):8.1f} ms  p90 {pct(warm, .9):8.1f} ms  (after all are done, one agent at a time; "
          f"in the daemon p50 {pct(inside, .5):.1f} ms)")
    late_open = [took["open"] for status, took in late if "open" in took]
    print(f"  first command of {LATE} agents arriving later, one by one: p50 {pct(late_open, .5):.1f} ms, max {max(late_open) if late_open else float('nan'):.1f} ms")
    total = memory["daemon"] + memory["browsers"]
    one = first["daemon"] + first["browsers"]
    print(f"  memory (PSS): daemon {memory['daemon'] / 1024:.1f} MiB, browsers {memory['browsers'] / 1024:.1f} MiB, "
          f"total {total / 1024:.1f} MiB = {total / 1024 / max(1, N):.1f} MiB per agent; "
          f"one agent alone {one / 1024:.1f} MiB, each additional {(total - one) / 1024 / max(1, N - 1):.1f} MiB")
    with open("/proc/loadavg") as f:
        print(f"  load average after: {f.read().split()[0]}")
    subprocess.run([CDT, "daemon", "stop"], capture_output=True, env=dict(os.environ, CDT_HOME=home))
    time.sleep(1)
PY
