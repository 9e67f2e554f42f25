#!/usr/bin/env bash
# Agent-loop benchmark for cdt (issue 3).
#
# Prints, for a realistic 15-field form and for a generated page with ~3,000 actionable
# elements: `cdt capture snapshot` latency (p50/p90 over BENCH_RUNS, end to end through the CLI)
# and output size (bytes, and tokens estimated as chars/4, next to the Chrome DevTools MCP
# server's figures for such pages quoted in the issue); then warm `cdt element click` latency
# with and without the feedback wait.
#
# Local server on 127.0.0.1 and a private CDT_HOME, both removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build --release --quiet -p cdt -p cdt-daemon
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-abench.XXXX)
export CDT_CONTEXT_ID=bench
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT

python3 - "$PWD/target/release/cdt" <<'PY'
import http.server, json, os, socketserver, subprocess, sys, threading, time

CDT = sys.argv[1]
RUNS = int(os.environ.get("BENCH_RUNS", "20"))

FIELDS = ["First name", "Last name", "Email", "Phone", "Street", "City", "Postcode", "Company", "Job title", "Website", "Username", "Password"]
form = ['<!doctype html><meta charset="utf-8"><title>Sign up</title><header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/login">Log in</a></nav></header>',
        '<main><h1>Create your account</h1><form>']
for name in FIELDS:
    form.append(f'<label>{name} <input name="{name.lower().replace(" ", "_")}" placeholder="{name}"></label>')
form.append('<label>Country <select name="country"><option>Germany</option><option>Japan</option><option>France</option></select></label>')
form.append('<label>About you <textarea name="about"></textarea></label>')
form.append('<label><input type="checkbox" name="terms"> I accept the terms</label>')
form.append('<button type="submit">Create account</button></form><p>Already have an account? <a href="/login">Log in</a></p></main>')
FORM = "".join(form)

big = ['<!doctype html><meta charset="utf-8"><title>Catalogue</title><main><h1>Catalogue</h1>']
for section in range(100):
    big.append(f'<section aria-label="Section {section}"><h2>Section {section}</h2><ul>')
    for item in range(10):
        n = section * 10 + item
        big.append(f'<li><a href="/item/{n}">Item {n}</a> <button>Add {n} to cart</button> <input aria-label="Quantity {n}" value="1"></li>')
    big.append('</ul></section>')
big.append('</main>')
BIG = "".join(big)

PAGES = {"/form.html": FORM, "/big.html": BIG, "/click.html": '<title>Click</title><button onclick="this.textContent = \'clicked \' + (++window.n || (window.n = 1))">Click me</button>'}

class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = PAGES.get(self.path, "not found").encode()
        self.send_response(200 if self.path in PAGES else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass

server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}"

def cdt(*args):
    started = time.perf_counter()
    out = subprocess.run([CDT, *args], capture_output=True, text=True)
    elapsed = (time.perf_counter() - started) * 1000
    reply = json.loads(out.stdout)
    if not reply["ok"]:
        sys.exit(f"cdt {' '.join(args)} failed: {reply['error']}")
    return reply["data"], elapsed, len(out.stdout)

def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, round((len(values) - 1) * q))]

cdt("session", "start")
rows = []
for path, label, mcp_tokens in [("/form.html", "15-field form", 1290), ("/big.html", "3,000-element page", 73600)]:
    cdt("page", "navigate", base + path)
    cdt("capture", "snapshot")  # warm the agent
    times = []
    for _ in range(RUNS):
        data, ms, envelope = cdt("capture", "snapshot")
        times.append(ms)
    text = data["snapshot"]
    tokens = len(text) / 4
    actionable = sum(1 for v in data["uids"].values() if v["role"] in ("button", "link", "textbox", "combobox", "checkbox"))
    rows.append(f"{label:<20} snapshot p50 {pct(times, .5):6.1f} ms  p90 {pct(times, .9):6.1f} ms   "
                f"{len(text):>7,} bytes  ≈{tokens:>7,.0f} tokens ({tokens / mcp_tokens:.2f}× MCP's ≈{mcp_tokens:,})  "
                f"{len(data['uids'])} uids, {actionable} actionable")
    interactive, ms_i, _ = cdt("capture", "snapshot", "--interactive")
    rows.append(f"{'':<20} --interactive: {len(interactive['snapshot']):,} bytes ≈{len(interactive['snapshot']) / 4:,.0f} tokens, {ms_i:.1f} ms")

cdt("page", "navigate", base + "/click.html")
button = cdt("element", "find", "Click me")[0]["matches"][0]["uid"]
for flag, label in [([], "click (with feedback)"), (["--no-wait"], "click --no-wait")]:
    times = [cdt("element", "click", button, *flag)[1] for _ in range(RUNS)]
    rows.append(f"warm element {label:<24} p50 {pct(times, .5):6.1f} ms  p90 {pct(times, .9):6.1f} ms")
print("\n".join(rows))
PY
