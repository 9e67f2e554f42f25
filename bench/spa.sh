#!/usr/bin/env bash
# An agent session's bill on a single-page app the project did not write (issue 18): TodoMVC's
# vanilla-JS example from the npm registry (`todomvc@0.1.1`, fetched once into
# ~/.cache/cdt-bench; the registry is the only network it needs), driven through 13 steps —
# add three items, complete one, filter Active / Completed / All, clear completed, navigate
# away and back — once on an empty list and once on a list that already holds 20 to-dos (a list
# in use). Per step it prints what the agent read (the action's reply, and after a
# navigation a `capture snapshot --diff`) next to what a full snapshot after that step would
# have cost, in cl100k tokens (the `cl100k` bench binary), checks that the step's outcome is
# visible in what was read, and rebuilds the page from the replies' changes (as
# docs/snapshot-format.md describes) to compare it line for line with a fresh full snapshot.
#
# Local server on 127.0.0.1 and a private CDT_HOME, both removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/cdt-bench"
TARBALL="$CACHE/todomvc-0.1.1.tgz"
mkdir -p "$CACHE"
if [ ! -s "$TARBALL" ]; then
  curl -fsSL -o "$TARBALL.part" https://registry.npmjs.org/todomvc/-/todomvc-0.1.1.tgz
  mv "$TARBALL.part" "$TARBALL"
fi
cargo build --release --quiet -p cdt -p cdt-daemon -p cdt-bench-tokens
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-spa.XXXX)
export CDT_CONTEXT_ID=spa-bench
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT
tar xzf "$TARBALL" -C "$CDT_HOME" package/examples/vanillajs
printf '<title>Elsewhere</title><h1>Another page</h1><a href="/index.html">Back to the app</a>' \
  >"$CDT_HOME/package/examples/vanillajs/other.html"

python3 - "$PWD/target/release/cdt" "$PWD/target/release/cl100k" "$CDT_HOME/package/examples/vanillajs" <<'PY'
import json, os, re, subprocess, sys
sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
from benchkit import Client, serve_dir  # noqa: E402

CDT, CL100K, ROOT = sys.argv[1:4]

base = serve_dir(ROOT)

def cdt(*args):
    out = subprocess.run([CDT, *args], capture_output=True, text=True)
    reply = json.loads(out.stdout)
    if not reply["ok"]:
        sys.exit(f"cdt {' '.join(args)} failed: {out.stdout}")
    return out.stdout, reply["data"]

def tokens(text):
    out = subprocess.run([CL100K], input=text.encode(), capture_output=True, check=True)
    return int(out.stdout.split()[0])

def uid_of(text, pattern):
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if re.search(pattern, line):
            return line.strip().split(" ")[0]
    sys.exit(f"nothing matches {pattern!r} in:\n{text}")

def checkbox_of(text, item):
    # A to-do's checkbox is the uid line just before its text.
    lines = [l.strip() for l in text.split("\n")]
    at = lines.index(f'text "{item}"')
    return lines[at - 1].split(" ")[0]

# To-dos already on the list when a session starts (a list in use), as the app stores them.
ERRANDS = ["Pick up the dry cleaning", "Book the dentist for March", "Renew the car insurance",
           "Send the slides to Maria", "Water the plants on the balcony", "Pay the electricity bill",
           "Return the library books", "Order a birthday gift for Sam", "Fix the bike's back light",
           "Call the plumber about the leak", "Plan the team offsite agenda", "Update the project README",
           "Buy stamps and envelopes", "Schedule the car service", "Back up the laptop",
           "Read chapter 4 of the novel", "Reply to the landlord's email", "Cancel the unused subscription",
           "Print the boarding passes", "Clean out the fridge"]

def session(text_mode, existing):
    """Runs the 13 steps on a list that starts with `existing` to-dos; returns the table rows
    and the totals. In text mode the agent reads `--output text` (what an MCP client's model
    reads too); the page is rebuilt from the JSON replies of the other run."""
    client = Client()
    rows, totals, rebuilt_ok = [], [0, 0], 0
    fmt = ["--output", "text"] if text_mode else []

    def run(args):
        if not text_mode:
            return cdt(*args)
        out = subprocess.run([CDT, *args, *fmt], capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(f"cdt {' '.join(args)} failed: {out.stdout}{out.stderr}")
        return out.stdout + out.stderr, None

    def step(label, args, outcome, snapshot_after=False):
        nonlocal rebuilt_ok
        read, data = run(args)
        if data is not None:
            client.apply(data)
        # A text reply cut short names the command that shows the rest: the agent runs it.
        cut = re.search(r"more lines \(cdt (capture snapshot[^)]*) shows them all\)", read)
        if cut:
            more, _ = run(cut.group(1).split())
            read += more
        if snapshot_after:
            more, diff = run(["capture", "snapshot", "--diff"])
            read += more
            if diff is not None:
                client.apply(diff)
        full_raw, _ = run(["capture", "snapshot"])
        if os.environ.get("BENCH_DUMP"):
            print(f"--- {label}\n{read}--- full\n{full_raw}", file=sys.stderr)
        _, full = cdt("capture", "snapshot")
        r, f = tokens(read), tokens(full_raw)
        totals[0] += r
        totals[1] += f
        if text_mode:
            rows.append((label, r, f, outcome(read), None))
        else:
            same = client.text() == full["snapshot"]
            rebuilt_ok += same
            rows.append((label, r, f, outcome(client.text()), same))
        return full["snapshot"]

    cdt("page", "open", f"{base}/index.html")
    todos = [{"title": title, "completed": False, "id": 1000 + i} for i, title in enumerate(ERRANDS[:existing])]
    cdt("runtime", "eval", f"localStorage['todos-vanillajs'] = {json.dumps(json.dumps({'todos': todos}))}")
    cdt("page", "reload")
    first_raw, first = run(["capture", "snapshot"])
    _, first = cdt("capture", "snapshot")
    client.apply(first)
    totals[0] += tokens(first_raw)
    totals[1] += tokens(first_raw)
    box = uid_of(first["snapshot"], r'textbox "What needs to be done\?"')
    page = first["snapshot"]
    for item in ["Buy milk", "Write report", "Call mom"]:
        step(f"fill {item!r}", ["element", "fill", box, item], lambda seen, i=item: i in seen)
        page = step("key Enter", ["input", "key", "Enter"], lambda seen, i=item: i in seen)
    page = step("complete 'Buy milk'", ["element", "click", checkbox_of(page, "Buy milk")], lambda seen: "checked" in seen)
    page = step("filter Active", ["element", "click", uid_of(page, r'link "Active"')],
                lambda seen: "Buy milk" not in seen if not text_mode else "Active" in seen)
    page = step("filter Completed", ["element", "click", uid_of(page, r'link "Completed"')],
                lambda seen: "Buy milk" in seen and ("Write report" not in seen or text_mode))
    page = step("filter All", ["element", "click", uid_of(page, r'link "All"')], lambda seen: "Write report" in seen)
    page = step("clear completed", ["element", "click", uid_of(page, r'button "Clear completed')],
                lambda seen: "Buy milk" not in seen if not text_mode else "- e" in seen)
    step("navigate away", ["page", "navigate", f"{base}/other.html"], lambda seen: "Another page" in seen, snapshot_after=True)
    # Back: Chromium shows the page again from its back/forward cache, the same document, so the
    # diff says it is the version the agent saw before leaving, unchanged (`version N: unchanged`).
    step("back", ["page", "back"], lambda seen: "Write report" in seen or (text_mode and ": unchanged" in seen),
         snapshot_after=True)
    return rows, totals, rebuilt_ok

for existing in (0, len(ERRANDS)):
    json_rows, json_totals, rebuilt_ok = session(False, existing)
    cdt("session", "stop")
    text_rows, text_totals, _ = session(True, existing)
    cdt("session", "stop")
    print(f"TodoMVC (vanilla JS, npm todomvc@0.1.1), {existing} to-dos on the list at the start: "
          "cl100k tokens the agent read per step vs a full snapshot after it")
    print(" #  step                      JSON read  full   --output text read  full   outcome seen  rebuilt = fresh")
    for n, (j, t) in enumerate(zip(json_rows, text_rows), 1):
        print(f"{n:>2}  {j[0]:<24} {j[1]:>9} {j[2]:>5}   {t[1]:>18} {t[2]:>5}   {'yes' if j[3] and t[3] else 'NO':<12}  {'yes' if j[4] else 'NO'}")
    print(f"session, JSON: {json_totals[0]:,} read vs {json_totals[1]:,} with a full snapshot after every step ({json_totals[0] / json_totals[1]:.2f}×)")
    print(f"session, text: {text_totals[0]:,} read vs {text_totals[1]:,} ({text_totals[0] / text_totals[1]:.2f}×)")
    print(f"the page rebuilt from the replies equals a fresh full snapshot at {rebuilt_ok}/{len(json_rows)} steps\n")
PY
