#!/usr/bin/env bash
# Agent-loop benchmark for cdt.
#
# On the shared benchmark pages (form.html and the generated product listing, from
# ../shared/bench-pages or BENCH_PAGES), prints for full and --interactive snapshots: the first
# snapshot after a navigation, then p50/p90 over BENCH_RUNS warm snapshots (end to end through
# the CLI), and the snapshot text's size in cl100k tokens, counted by a real tokenizer (the
# `cl100k` bench binary, tiktoken-rs with embedded ranks: nothing is downloaded), next to the
# other tools' figures from the bench pages' README. (BENCH_FIRSTS documents for the first
# snapshot's p50, asked at once and after a BENCH_TURN-second agent's turn.) Then incremental snapshots on the listing
# (`--diff` of an unchanged page, after one row changed, and a click's feedback), and warm
# `cdt element click` latency with and without the feedback wait. The listing rebuilt from the
# diffs, as a client would, is compared line for line with a fresh full snapshot, and that with a
# walk that kept nothing. Last, the
# per-step token bill of a TodoMVC session (bench/spa.sh; BENCH_SPA=0 skips it). The first line
# tells what memory idle for a while costs to touch again on this machine (see
# benchkit.idle_memory_line): first snapshots and snapshots after a turn move with it.
#
# Local server on 127.0.0.1 and a private CDT_HOME, both removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=bench/pages.sh
source bench/pages.sh
cargo build --release --quiet -p cdt -p cdt-daemon -p cdt-bench-tokens
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-abench.XXXX)
export CDT_CONTEXT_ID=bench
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT
mkdir -p "$CDT_HOME/pages"
cp "$PAGES/form.html" "$CDT_HOME/pages/form.html"
python3 "$PAGES/gen_listing.py" "$CDT_HOME/pages/listing.html"
printf '<title>Click</title><button onclick="this.textContent = %s + (++window.n || (window.n = 1))">Click me</button>' "'clicked '" >"$CDT_HOME/pages/click.html"

python3 - "$PWD/target/release/cdt" "$PWD/target/release/cl100k" "$CDT_HOME/pages" <<'PY'
import json, os, subprocess, sys, time
sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
from benchkit import Client, counter, idle_memory_line, pct, serve_dir  # noqa: E402

CDT, CL100K, ROOT = sys.argv[1:4]
RUNS = int(os.environ.get("BENCH_RUNS", "20"))
FIRSTS = int(os.environ.get("BENCH_FIRSTS", "9"))
TURN = float(os.environ.get("BENCH_TURN", "1"))

base = serve_dir(ROOT)
print(idle_memory_line(), flush=True)

def cdt(*args):
    started = time.perf_counter()
    out = subprocess.run([CDT, *args], capture_output=True, text=True)
    elapsed = (time.perf_counter() - started) * 1000
    reply = json.loads(out.stdout)
    if not reply["ok"]:
        sys.exit(f"cdt {' '.join(args)} failed: {reply['error']}")
    return reply["data"], elapsed

tokens = counter(CL100K)


# Other tools' cl100k figures on these pages (bench-pages/README.md): Chrome DevTools MCP's full
# snapshot, agent-browser's interactive one.
PEERS = {"form": (1292, 680), "listing": (73630, 56802)}
cdt("session", "start")
rows = []
for page in ["form", "listing"]:
    for flags, label in [([], "full"), (["--interactive"], "interactive")]:
        # The first snapshot of a new document: navigated to from another page each time, the
        # snapshot sent as soon as the navigation's reply arrives (p50 over FIRSTS documents),
        # and sent after an agent's turn (TURN seconds: reading the reply, deciding), by which
        # time the walk the navigation started is done.
        firsts, turns = [], []
        for turn in [0] * FIRSTS + [TURN] * FIRSTS:
            cdt("page", "navigate", f"{base}/click.html")
            cdt("page", "navigate", f"{base}/{page}.html")
            time.sleep(turn)
            first, first_ms = cdt("capture", "snapshot", *flags)
            (turns if turn else firsts).append(first_ms)
        times = [cdt("capture", "snapshot", *flags)[1] for _ in range(RUNS)]
        data = first
        count = tokens(data["snapshot"])
        peer = PEERS[page][0 if label == "full" else 1]
        peer_name = "Chrome DevTools MCP" if label == "full" else "agent-browser -i"
        rows.append(f"{page:<8} {label:<12} first p50 {pct(firsts, .5):6.1f} ms (p90 {pct(firsts, .9):6.1f}; after a {TURN:g} s turn {pct(turns, .5):5.1f})  warm p50 {pct(times, .5):6.1f} ms  p90 {pct(times, .9):6.1f} ms  "
                    f"{count:>7,} cl100k tokens ({count / peer:.2f}× {peer_name}'s {peer:,})  {len(data['uids'])} uids")

# Incremental snapshots (issue 18) on the listing: a diff of the unchanged page, then a diff
# after a click that changed one row (the click itself --no-wait, so the diff sees the change),
# and the click's own feedback (the same diff, in the action's reply). Tokens: the whole JSON
# reply an agent reads (stdout), counted with cl100k.
def raw(*args):
    started = time.perf_counter()
    out = subprocess.run([CDT, *args], capture_output=True, text=True)
    elapsed = (time.perf_counter() - started) * 1000
    if "text" in args:
        return out.stdout, elapsed
    if not json.loads(out.stdout)["ok"]:
        sys.exit(f"cdt {' '.join(args)} failed: {out.stdout}")
    return out.stdout, elapsed

cdt("page", "navigate", f"{base}/listing.html")
cdt("runtime", "eval", "document.querySelectorAll('button[data-id]').forEach(b => b.onclick = () => { b.textContent = 'In cart ' + (++window.n || (window.n = 1)) })")
full, _ = cdt("capture", "snapshot")
unchanged = [raw("capture", "snapshot", "--diff") for _ in range(RUNS)]
as_text = raw("capture", "snapshot", "--diff", "--output", "text")[0]
rows.append(f"listing  diff, unchanged        p50 {pct([t for _, t in unchanged], .5):6.1f} ms  p90 {pct([t for _, t in unchanged], .9):6.1f} ms  "
            f"{tokens(unchanged[-1][0]):>5} cl100k tokens (JSON reply; {tokens(as_text)} as --output text; full snapshot {tokens(full['snapshot']):,})")
carts = [line.split()[0] for line in full["snapshot"].splitlines() if 'button "Add to cart"' in line]
one_row, clicks = [], []
for i in range(RUNS):
    cdt("element", "click", carts[i], "--no-wait")
    one_row.append(raw("capture", "snapshot", "--diff"))
# The listing rebuilt from the first snapshot and every diff since, as a client would, is the
# page's fresh full snapshot, line for line.
client = Client()
for reply in [full] + [json.loads(r)["data"] for r, _ in unchanged + one_row]:
    client.apply(reply)
# And that snapshot, its walk mostly kept from before, is what a walk that kept nothing shows (a
# depth of its own is a walk of its own), taken first so the full one stays the last.
cold = cdt("capture", "snapshot", "--depth", "1000")[0]["snapshot"]
fresh = cdt("capture", "snapshot")[0]["snapshot"]
rebuilt = ("yes" if client.text() == fresh else "NO") + (", = a walk that kept nothing: " + ("yes" if cold == fresh else "NO"))
cdt("element", "click", carts[RUNS * 2], "--no-wait")
one_text = raw("capture", "snapshot", "--diff", "--output", "text")[0]
for i in range(RUNS):
    clicks.append(raw("element", "click", carts[RUNS + i]))
rows.append(f"listing  diff, one row changed  p50 {pct([t for _, t in one_row], .5):6.1f} ms  p90 {pct([t for _, t in one_row], .9):6.1f} ms  "
            f"{tokens(one_row[-1][0]):>5} cl100k tokens (JSON reply; {tokens(one_text)} as --output text); "
            f"rebuilt from {1 + 2 * RUNS} replies = fresh snapshot: {rebuilt}")
rows.append(f"listing  click with feedback    p50 {pct([t for _, t in clicks], .5):6.1f} ms  p90 {pct([t for _, t in clicks], .9):6.1f} ms  "
            f"{tokens(clicks[-1][0]):>5} cl100k tokens (JSON reply, changes included)")

cdt("page", "navigate", base + "/click.html")
button = cdt("element", "find", "Click me")[0]["matches"][0]["uid"]
for flag, label in [([], "click (with feedback)"), (["--no-wait"], "click --no-wait")]:
    times = [cdt("element", "click", button, *flag)[1] for _ in range(RUNS)]
    rows.append(f"warm element {label:<24} p50 {pct(times, .5):6.1f} ms  p90 {pct(times, .9):6.1f} ms")
print("\n".join(rows))
PY

# An agent session's bill on a single-page app (issue 18): the per-step table of bench/spa.sh
# (TodoMVC from the npm registry; BENCH_SPA=0 leaves it out).
if [ "${BENCH_SPA:-1}" != 0 ]; then
  target/release/cdt daemon stop >/dev/null 2>&1 || true
  echo
  bash bench/spa.sh || echo "bench/spa.sh failed (it fetches TodoMVC from the npm registry once): run it alone to see why"
fi
