#!/usr/bin/env bash
# An agent session's bill on single-page apps the project did not write (issue 18): the TodoMVC
# examples from the npm registry (`todomvc@0.1.1`, fetched once into ~/.cache/cdt-bench; the
# registry is the only network it needs), each driven through 13 steps — add three items,
# complete one, filter Active / Completed / All, clear completed, navigate away and back.
# Vanilla JS runs twice, on an empty list and on a list that already holds 20 to-dos (a list in
# use), with a table per step: what the agent read (the action's reply, and after a navigation a
# `capture snapshot --diff`) next to what a full snapshot after that step would have cost, in
# cl100k tokens (the `cl100k` bench binary); whether the step's outcome is visible in what was
# read; whether the page rebuilt from the replies' changes (as docs/snapshot-format.md
# describes) equals a fresh full snapshot, line for line, and whether that snapshot (its walk
# mostly kept from the steps before) equals a walk that kept nothing; and, side by side, what the
# full snapshot of a peer costs after every step: the same steps driven through Chrome DevTools MCP
# (npm chrome-devtools-mcp, on Node.js when the machine has it; BENCH_PEER=0 skips it), its
# `take_snapshot` after each. The other frameworks (BENCH_APPS,
# default: eleven of them; `all`: 39) run the empty-list session and print one line each, with the steps
# whose outcome was not seen or whose rebuilt page differs. BENCH_VANILLA=0 skips the vanilla
# tables; BENCH_DUMP=1 prints every reply on stderr.
#
# Local server on 127.0.0.1 and a private CDT_HOME, both removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=bench/npm.sh
source bench/npm.sh
TARBALL=$(npm_tarball todomvc 0.1.1)
cargo build --release --quiet -p cdt -p cdt-daemon -p cdt-bench-tokens
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-spa.XXXX)
export CDT_CONTEXT_ID=spa-bench
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT
tar xzf "$TARBALL" -C "$CDT_HOME" package/examples
# Not Polymer's (0.x, on polyfills): in today's Chromium its model takes a click on a to-do's
# checkbox one click late, with cdt's clicks and a script's `click()` alike. Dojo's takes its app down
# on `beforeunload` (dojo/_base/unload), and Chromium shows the page again from its
# back/forward cache as it was left, so its `back` step shows an empty app (in Chrome too).
BENCH_APPS_DEFAULT="react backbone angularjs knockoutjs emberjs vue mithril dojo canjs ractive spine"
# BENCH_APPS=all: those and 28 more of the package's examples that run from it offline and have
# the session's filters. (Left out: batman asks "What needs to be completed?"; chaplin-brunch and
# thorax_lumbar ship no built page; cujo, dijon, olives, knockoutjs_require and
# typescript-backbone have no filters; durandal loads files from outside its folder; montage,
# stapes and stapes_require fail in their own scripts; yui loads its library from the web.)
BENCH_APPS_MORE="agilityjs angularjs-perf angularjs_require atmajs backbone_marionette backbone_require canjs_require
  closure componentjs enyo_backbone epitome exoskeleton flight kendo knockback lavaca_require maria plastronjs puremvc
  rappidjs react-backbone sammyjs serenadejs somajs somajs_require thorax troopjs_require typescript-angular"
BENCH_APPS="${BENCH_APPS:-$BENCH_APPS_DEFAULT}"
[ "$BENCH_APPS" = all ] && BENCH_APPS="$BENCH_APPS_DEFAULT $BENCH_APPS_MORE"
export BENCH_APPS

python3 - "$PWD/target/release/cdt" "$PWD/target/release/cl100k" "$CDT_HOME/package/examples" <<'PY'
import json, os, re, subprocess, sys, time
sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
from benchkit import Client, Failed, counter, serve_dir, uid_of, uid_range  # noqa: E402
from peer_mcp import VERSION as PEER_VERSION, devtools_mcp, todomvc_session  # noqa: E402

CDT, CL100K, ROOT = sys.argv[1:4]

served = {}

def base_of(app):
    """Each app at the root of its own server (its URLs as short as when it is deployed), with a
    page of the same origin to navigate away to."""
    if app not in served:
        with open(os.path.join(ROOT, app, "other.html"), "w") as page:
            page.write('<title>Elsewhere</title><h1>Another page</h1><a href="/index.html">Back to the app</a>')
        served[app] = serve_dir(os.path.join(ROOT, app))
    return served[app]

def cdt(*args):
    out = subprocess.run([CDT, *args], capture_output=True, text=True)
    reply = json.loads(out.stdout)
    if not reply["ok"]:
        raise Failed(f"cdt {' '.join(args)} failed: {out.stdout}")
    return out.stdout, reply["data"]

tokens = counter(CL100K)

def checkbox_of(n, item, page):
    # The n-th to-do's checkbox, as a uid: where it sits among the lines differs by framework
    # (before or after the to-do's text), so it is asked of the page by selector; where the
    # selector cannot reach it (Polymer's shadow DOM), the checkbox line nearest above the text.
    try:
        _, found = cdt("element", "inspect", "--selector", f"li:nth-of-type({n}) input[type=checkbox]")
        return found["uid"]
    except Failed:
        lines = [l.strip() for l in page.split("\n")]
        at = next((i for i, l in enumerate(lines) if l.endswith(f'"{item}"')), None)
        above = [l for l in reversed(lines[:at or 0]) if " checkbox" in l]
        if not above:
            raise Failed(f"no checkbox for {item!r} on the page (the app did not add it?)")
        return above[0].split(" ")[0]

# To-dos already on the list when a session starts (a list in use), as the app stores them.
ERRANDS = ["Pick up the dry cleaning", "Book the dentist for March", "Renew the car insurance",
           "Send the slides to Maria", "Water the plants on the balcony", "Pay the electricity bill",
           "Return the library books", "Order a birthday gift for Sam", "Fix the bike's back light",
           "Call the plumber about the leak", "Plan the team offsite agenda", "Update the project README",
           "Buy stamps and envelopes", "Schedule the car service", "Back up the laptop",
           "Read chapter 4 of the novel", "Reply to the landlord's email", "Cancel the unused subscription",
           "Print the boarding passes", "Clean out the fridge"]

def stored(existing):
    """A script that puts `existing` to-dos on the vanilla app's list, as the app stores them."""
    todos = [{"title": title, "completed": False, "id": 1000 + i} for i, title in enumerate(ERRANDS[:existing])]
    return f"localStorage['todos-vanillajs'] = {json.dumps(json.dumps({'todos': todos}))}"

def session(text_mode, existing, app="vanillajs", reference=True):
    """Runs the 13 steps on a list that starts with `existing` to-dos; returns the table rows
    and the totals. In text mode the agent reads `--output text` (what an MCP client's model
    reads too); the page is rebuilt from the JSON replies of the other run. Without
    `reference`, no full snapshot is taken between the steps (they are snapshots too, and a
    `--diff` compares with the last one): the agent alone, its reads only."""
    client = Client()
    rows, totals = [], [0, 0]
    # Steps where the page rebuilt from the replies equals a fresh full snapshot, and where that
    # snapshot (its walk mostly kept from before) equals a walk that kept nothing.
    checks = {"rebuilt": 0, "cold": 0}
    seen_so_far = []
    fmt = ["--output", "text"] if text_mode else []

    def run(args):
        if not text_mode:
            return cdt(*args)
        out = subprocess.run([CDT, *args, *fmt], capture_output=True, text=True)
        if out.returncode != 0:
            raise Failed(f"cdt {' '.join(args)} failed: {out.stdout}{out.stderr}")
        return out.stdout + out.stderr, None

    def step(label, args, outcome, snapshot_after=False):
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
        if not reference:
            # What the agent knows of the page: the page rebuilt from its JSON replies, or the
            # text it read (uids are found in their latest line).
            seen_so_far.append(read)
            r = tokens(read)
            totals[0] += r
            rows.append((label, r, None, outcome(read if text_mode else client.text()), None))
            if not text_mode:
                return client.text()
            lines = reversed("".join(seen_so_far).split("\n"))
            return "\n".join(re.sub(r"^[-+~>] ", "", l.strip()) for l in lines)
        # A walk that kept nothing (each depth is a walk of its own), taken before the full
        # snapshot so that one stays the context's last (a `--diff` compares with it).
        _, cold = cdt("capture", "snapshot", "--depth", str(1000 + len(rows)))
        # The full snapshot as the agent would read it, and its JSON (the same reply in JSON mode).
        full_raw, full = run(["capture", "snapshot"])
        if text_mode:
            _, full = cdt("capture", "snapshot")
        if os.environ.get("BENCH_DUMP"):
            print(f"--- {label}\n{read}--- full\n{full_raw}", file=sys.stderr)
        r, f = tokens(read), tokens(full_raw)
        totals[0] += r
        totals[1] += f
        if text_mode:
            rows.append((label, r, f, outcome(read), None))
        else:
            same = client.text() == full["snapshot"]
            checks["rebuilt"] += same
            checks["cold"] += cold["snapshot"] == full["snapshot"]
            same = same and cold["snapshot"] == full["snapshot"]
            # Those two snapshots have versions of their own: a later reply may be against one.
            client.keep(full)
            rows.append((label, r, f, outcome(client.text()), same))
        return full["snapshot"]

    # The list starts as the session says: storage is set from a page of the same origin that is
    # not the app (some apps write their list back as they unload).
    base = base_of(app)
    cdt("page", "open", f"{base}/other.html")
    cdt("runtime", "eval", "localStorage.clear()")
    if existing:
        cdt("runtime", "eval", stored(existing))
    cdt("page", "navigate", f"{base}/index.html")
    # Some apps render after `load` (Polymer's elements): wait for the field, as an agent would.
    for _ in range(50):
        if "What needs to be done" in cdt("capture", "snapshot")[1]["snapshot"]:
            break
        time.sleep(0.1)
    first_raw, first = run(["capture", "snapshot"])
    if text_mode:
        _, first = cdt("capture", "snapshot")
    client.apply(first)
    totals[0] += tokens(first_raw)
    totals[1] += tokens(first_raw)
    seen_so_far.append(first_raw)
    box = uid_of(first["snapshot"], r'textbox "What needs to be done\?"')
    page = first["snapshot"]
    for item in ["Buy milk", "Write report", "Call mom"]:
        step(f"fill {item!r}", ["element", "fill", box, item], lambda seen, i=item: i in seen)
        page = step("key Enter", ["input", "key", "Enter"], lambda seen, i=item: i in seen)
    def gone(seen, uid, item):
        # The to-do left the page: the agent read its segment's removal (text form), or a whole
        # snapshot without it; in JSON, the page rebuilt from the replies no longer shows it.
        if not text_mode:
            return item not in seen
        lines = seen.split("\n")
        whole = not any(l[:2] in ("+ ", "~ ", "- ", "> ") for l in lines[1:])
        # A framework that reuses the row for the next to-do changes the segment instead.
        changed = any(l == f"~ {uid}" or l.startswith(f"~ {uid} ") for l in lines)
        # A removal names its segments (`- e7 e13`), uids numbered in a row as a range
        # (`- e4-e23`), or the first and last of a long run.
        removed = any(l.startswith("- ") and uid in [u for word in l[2:].split() for u in uid_range(word)] for l in lines)
        return removed or ((whole or changed) and item not in seen)
    milk, report = checkbox_of(existing + 1, "Buy milk", page), checkbox_of(existing + 2, "Write report", page)
    page = step("complete 'Buy milk'", ["element", "click", milk], lambda seen: "checked" in seen)
    page = step("filter Active", ["element", "click", uid_of(page, r'link "Active"')],
                lambda seen: gone(seen, milk, "Buy milk"))
    page = step("filter Completed", ["element", "click", uid_of(page, r'link "Completed"')],
                lambda seen: "Buy milk" in seen and gone(seen, report, "Write report"))
    page = step("filter All", ["element", "click", uid_of(page, r'link "All"')], lambda seen: "Write report" in seen)
    # (A framework that drew the row again on a filter gave its checkbox a new uid: the one now.)
    milk = checkbox_of(existing + 1, "Buy milk", page)
    page = step("clear completed", ["element", "click", uid_of(page, r'button "Clear completed')],
                lambda seen: gone(seen, milk, "Buy milk"))
    # Apps that render after `load` (Dojo loads its modules then) are waited for as the docs say.
    step("navigate away", ["page", "navigate", f"{base}/other.html", "--wait-until", "networkidle"], lambda seen: "Another page" in seen, snapshot_after=True)
    # Back: Chromium shows the page again from its back/forward cache, the same document, so the
    # diff says it is the version the agent saw before leaving, unchanged (`version N: unchanged`).
    step("back", ["page", "back", "--wait-until", "networkidle"], lambda seen: "Write report" in seen or (text_mode and ": unchanged" in seen),
         snapshot_after=True)
    return rows, totals, checks

# The peer an agent would otherwise read a full snapshot from after every step (BENCH_PEER=0: not run).
peer = devtools_mcp() if os.environ.get("BENCH_PEER", "1") == "1" else None

for existing in (0, len(ERRANDS)) if os.environ.get("BENCH_VANILLA", "1") == "1" else ():
    json_rows, json_totals, checks = session(False, existing)
    cdt("session", "stop")
    text_rows, text_totals, _ = session(True, existing)
    cdt("session", "stop")
    # The same steps through Chrome DevTools MCP, its snapshot (what the model reads) after each.
    peer_full = None
    if peer:
        try:
            first, steps = todomvc_session(peer, base_of("vanillajs"), "localStorage.clear(); " + (stored(existing) if existing else ""))
            peer_full = [tokens(first)] + [tokens(snapshot) for _, _, snapshot in steps]
        except Failed as failed:
            print(f"(Chrome DevTools MCP's session failed: {str(failed).splitlines()[0][:200]})")
            peer.close()
            peer = None
    print(f"TodoMVC (vanilla JS, npm todomvc@0.1.1), {existing} to-dos on the list at the start: "
          "cl100k tokens the agent read per step vs a full snapshot after it" + (", cdt's and Chrome DevTools MCP's" if peer else ""))
    print(" #  step                      JSON read  full   --output text read  full   outcome seen  rebuilt = fresh = cold" + ("   DevTools MCP full" if peer else ""))
    for n, (j, t) in enumerate(zip(json_rows, text_rows), 1):
        print(f"{n:>2}  {j[0]:<24} {j[1]:>9} {j[2]:>5}   {t[1]:>18} {t[2]:>5}   {'yes' if j[3] and t[3] else 'NO':<12}  {'yes' if j[4] else 'NO':<22}"
              + (f"   {peer_full[n]:>17}" if peer else ""))
    print(f"session, JSON: {json_totals[0]:,} read vs {json_totals[1]:,} with a full snapshot after every step ({json_totals[0] / json_totals[1]:.2f}×)")
    print(f"session, text: {text_totals[0]:,} read vs {text_totals[1]:,} ({text_totals[0] / text_totals[1]:.2f}×)")
    if peer:
        # The first snapshot counted on both sides, as in cdt's own totals.
        print(f"Chrome DevTools MCP {PEER_VERSION}, a take_snapshot after every step: {sum(peer_full):,} "
              f"(cdt's read: JSON {json_totals[0] / sum(peer_full):.2f}×, text {text_totals[0] / sum(peer_full):.2f}×)")
    print(f"the page rebuilt from the replies equals a fresh full snapshot at {checks['rebuilt']}/{len(json_rows)} steps, "
          f"and that snapshot equals a walk that kept nothing at {checks['cold']}/{len(json_rows)}")
    # The same session without the full snapshots taken above for comparison (a `--diff`
    # compares with the caller's last snapshot, so they could make one cheaper).
    alone = []
    for mode in (False, True):
        alone.append(session(mode, existing, reference=False))
        cdt("session", "stop")
    print(f"the agent alone (no snapshot between the steps): JSON {alone[0][1][0]:,} read "
          f"({alone[0][1][0] / json_totals[1]:.2f}×), text {alone[1][1][0]:,} ({alone[1][1][0] / text_totals[1]:.2f}×); "
          f"outcome seen at {sum(1 for r in alone[0][0] if r[3])}/{len(alone[0][0])} and {sum(1 for r in alone[1][0] if r[3])}/{len(alone[1][0])} steps\n")

if peer:
    peer.close()

# Other frameworks, the same session on an empty list: re-rendering libraries (React, Ember,
# Angular, Polymer's shadow DOM…) are where a diff can go wrong.
print("TodoMVC, other frameworks (same 13 steps, empty list; each page also shows TodoMVC's sidebar)")
print("app            JSON read / full        --output text read / full   outcome seen  rebuilt = fresh  fresh = cold walk")
for app in os.environ["BENCH_APPS"].split():
    try:
        json_rows, json_totals, checks = session(False, 0, app)
        cdt("session", "stop")
        text_rows, text_totals, _ = session(True, 0, app)
        cdt("session", "stop")
    except Failed as failed:
        print(f"{app:<14} failed: {str(failed).splitlines()[0][:160]}")
        subprocess.run([CDT, "session", "stop"], capture_output=True)
        continue
    seen = sum(1 for j, t in zip(json_rows, text_rows) if j[3] and t[3])
    print(f"{app:<14} {json_totals[0]:>6,} / {json_totals[1]:>6,} ({json_totals[0] / json_totals[1]:.2f}×)"
          f"   {text_totals[0]:>6,} / {text_totals[1]:>6,} ({text_totals[0] / text_totals[1]:.2f}×)"
          f"          {seen:>2}/{len(json_rows)}         {checks['rebuilt']:>2}/{len(json_rows)}     {checks['cold']:>2}/{len(json_rows)}")
    unseen = [j[0] for j, t in zip(json_rows, text_rows) if not (j[3] and t[3])]
    differs = [j[0] for j in json_rows if not j[4]]
    for what, steps in (("outcome not seen", unseen), ("rebuilt or cold walk differs", differs)):
        if steps:
            print(f"{'':<14} {what}: {', '.join(steps)}")
PY
