#!/usr/bin/env bash
# Many agents at once (issue 19): `bench/agents.sh N` starts N agents together, each with a
# context of its own (distinct CDT_CONTEXT_ID), and each does what an agent's first minute
# does on the shared form page (../shared/bench-pages/form.html): open it, snapshot, fill the
# email box, click a button, snapshot again; then a warm round of BENCH_WARM snapshots. Prints
# how many succeeded (and the error codes of the rest), the first command's latency (the open,
# which starts the agent's browser), warm snapshot p50/p90, the wall time for all of them, and
# memory by PSS (`/proc/<pid>/smaps_rollup`: shared pages divided among their sharers, so the
# sum is what the machine spends) for the daemon and every browser process, per agent.
#
# Budgets are cdt's defaults unless BENCH_TIMEOUT (ms) is set. Extra environment for the
# daemon (e.g. CDT_MAX_SLOTS) is passed through. Local server on 127.0.0.1 and a private
# CDT_HOME, both removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
N="${1:-10}"
# shellcheck source=bench/pages.sh
source bench/pages.sh
cargo build --release --quiet -p cdt -p cdt-daemon
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-agents.XXXX)
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT
mkdir -p "$CDT_HOME/pages"
cp "$PAGES/form.html" "$CDT_HOME/pages/form.html"

python3 - "$PWD/target/release/cdt" "$CDT_HOME" "$N" <<'PY'
import collections, json, os, re, subprocess, sys, threading, time
sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
from benchkit import pct, serve_dir  # noqa: E402

CDT, HOME, N = sys.argv[1], sys.argv[2], int(sys.argv[3])
WARM = int(os.environ.get("BENCH_WARM", "5"))
TIMEOUT = os.environ.get("BENCH_TIMEOUT")

base = serve_dir(f"{HOME}/pages")
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
        raise Failed(reply["error"]["code"])
    return reply["data"], elapsed

results = [None] * N
def agent(i):
    env = dict(os.environ, CDT_CONTEXT_ID=f"agent-{i:03}")
    took = {}
    try:
        _, took["open"] = run(env, "page", "open", url)
        snap, took["snapshot"] = run(env, "capture", "snapshot")
        text = snap["snapshot"]
        box = re.search(r"^\s*(e\d+) textbox \"Email", text, re.M) or re.search(r"^\s*(e\d+) textbox", text, re.M)
        button = re.search(r"^\s*(e\d+) button", text, re.M)
        _, took["fill"] = run(env, "element", "fill", box.group(1), f"agent{i}@example.com")
        _, took["click"] = run(env, "element", "click", button.group(1))
        _, took["snapshot again"] = run(env, "capture", "snapshot")
        took["warm"] = [run(env, "capture", "snapshot")[1] for _ in range(WARM)]
        results[i] = ("ok", took)
    except Failed as error:
        results[i] = (str(error), took)

started = time.perf_counter()
threads = [threading.Thread(target=agent, args=(i,)) for i in range(N)]
for t in threads:
    t.start()
for t in threads:
    t.join()
wall = time.perf_counter() - started

def pss_kib(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0

def ours(pid):
    try:
        cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None
    if "cdt-daemon" in cmd and os.environ.get("CDT_HOME", HOME) in open(f"/proc/{pid}/environ", "rb").read().decode(errors="replace"):
        return "daemon"
    if "chromium" in cmd or "chrome" in cmd:
        # A browser of this run: its own or its parent's command line names this CDT_HOME.
        if HOME in cmd:
            return "browser"
        try:
            stat = open(f"/proc/{pid}/stat").read()
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            parent = open(f"/proc/{ppid}/cmdline", "rb").read().decode(errors="replace")
            if HOME in parent:
                return "browser"
        except OSError:
            pass
    return None

memory = collections.Counter()
for pid in filter(str.isdigit, os.listdir("/proc")):
    kind = ours(pid)
    if kind:
        memory[kind] += pss_kib(pid)


ok = [took for status, took in results if status == "ok"]
codes = collections.Counter(status for status, _ in results if status != "ok")
print(f"{N} agents at once, a context (and browser) each: {len(ok)} of {N} succeeded" + (f"; failed: {dict(codes)}" if codes else ""))
print(f"  all done in {wall:.1f} s wall")
for step in ["open", "snapshot", "fill", "click", "snapshot again"]:
    values = [took[step] for _, took in results if step in took]
    print(f"  {step:<15} p50 {pct(values, .5):8.1f} ms  p90 {pct(values, .9):8.1f} ms  max {max(values) if values else float('nan'):8.1f} ms")
warm = [t for took in ok for t in took["warm"]]
print(f"  warm snapshot   p50 {pct(warm, .5):8.1f} ms  p90 {pct(warm, .9):8.1f} ms")
total = memory["daemon"] + memory["browser"]
print(f"  memory (PSS): daemon {memory['daemon'] / 1024:.1f} MiB, browsers {memory['browser'] / 1024:.1f} MiB, "
      f"total {total / 1024:.1f} MiB = {total / 1024 / max(1, N):.1f} MiB per agent")
with open("/proc/loadavg") as f:
    print(f"  load average after: {f.read().split()[0]}")
PY
