#!/usr/bin/env bash
# Incremental snapshots on applications the project did not write (issue 18's check): Swagger UI
# (`swagger-ui-dist`, React) over a small OpenAPI document, an order form of widgets that replace
# native fields (select2, flatpickr, Tom Select), a form of Shoelace web components (shadow DOM,
# slots, a dialog that fades out), an AG Grid data grid (`ag-grid-community`:
# sorting, quick filter, row selection, pagination, rows that slide into place), a FullCalendar
# (`fullcalendar`: month, week and list views, events, days) and a Tabulator table
# (`tabulator-tables`: rows drawn as they scroll into view, sorting, a header filter, cells
# edited in place). BENCH_APPS picks some (swagger widgets shoelace grid calendar tabulator).
# All come from
# the npm registry (fetched once into ~/.cache/cdt-bench; the registry is
# the only network this needs). Each step is an action, then `capture snapshot --diff`; the page
# rebuilt from the first snapshot and every reply since (as docs/snapshot-format.md describes)
# is compared line for line with a fresh full snapshot, and that with a walk that kept nothing.
# Prints, per step: the action's changes, the diff's, cl100k tokens read (action reply and diff,
# JSON; the diff since the action's version: what came after its own changes) against a full
# snapshot (JSON), and whether rebuilt = fresh = cold. A page that changes on
# its own between two snapshots (a live region cleared on a timer) can differ for that reason:
# the step says which versions it compared.
#
# Local server on 127.0.0.1 and a private CDT_HOME, both removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=bench/npm.sh
source bench/npm.sh
SWAGGER=$(npm_tarball swagger-ui-dist 5.35.0)
GRID=$(npm_tarball ag-grid-community 36.2.0)
WIDGETS="jquery@4.0.0 select2@4.1.0 flatpickr@4.6.13 tom-select@2.6.2"
SHOELACE=$(npm_tarball @shoelace-style/shoelace 2.20.1)
CALENDAR=$(npm_tarball fullcalendar 6.1.19)
TABULATOR=$(npm_tarball tabulator-tables 6.3.1)
cargo build --release --quiet -p cdt -p cdt-daemon -p cdt-bench-tokens
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-apps.XXXX)
export CDT_CONTEXT_ID=apps-bench
trap 'target/release/cdt daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT
mkdir -p "$CDT_HOME/swagger" "$CDT_HOME/grid"
tar xzf "$SWAGGER" -C "$CDT_HOME/swagger"
tar xzf "$GRID" -C "$CDT_HOME/grid"
mkdir -p "$CDT_HOME/shoelace" "$CDT_HOME/calendar" "$CDT_HOME/tabulator"
tar xzf "$SHOELACE" -C "$CDT_HOME/shoelace"
tar xzf "$CALENDAR" -C "$CDT_HOME/calendar"
tar xzf "$TABULATOR" -C "$CDT_HOME/tabulator"
for spec in $WIDGETS; do
  mkdir -p "$CDT_HOME/widgets/${spec%@*}"
  tar xzf "$(npm_tarball "${spec%@*}" "${spec#*@}")" -C "$CDT_HOME/widgets/${spec%@*}"
done

python3 - "$PWD/target/release/cdt" "$PWD/target/release/cl100k" "$CDT_HOME" <<'PY'
import difflib, json, os, re, subprocess, sys, time
sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
from benchkit import Client, Failed, counter, serve_dir, uid_of  # noqa: E402

CDT, CL100K, HOME = sys.argv[1:4]

# Swagger UI over a document of our own (the app is not), its API answered by static files.
swagger = os.path.join(HOME, "swagger", "package")
with open(os.path.join(swagger, "swagger-initializer.js")) as f:
    init = f.read()
init = re.sub(r'url: "[^"]*"', 'url: "/openapi.json"', init)
with open(os.path.join(swagger, "swagger-initializer.js"), "w") as f:
    f.write(init)
os.makedirs(os.path.join(swagger, "api"), exist_ok=True)
with open(os.path.join(swagger, "api", "pets"), "w") as f:
    json.dump([{"id": 1, "name": "Rex", "tag": "dog"}, {"id": 2, "name": "Tom", "tag": "cat"}], f)
pet = {"$ref": "#/components/schemas/Pet"}
pet_id = {"name": "petId", "in": "path", "required": True, "schema": {"type": "integer"}}
with open(os.path.join(swagger, "openapi.json"), "w") as f:
    json.dump({
        "openapi": "3.0.3", "info": {"title": "Pet Shop", "version": "1.2.0", "description": "A small shop of pets."},
        "servers": [{"url": "/api"}],
        "tags": [{"name": "pets", "description": "Everything about pets"}, {"name": "store", "description": "Orders"}],
        "paths": {
            "/pets": {
                "get": {"tags": ["pets"], "summary": "List pets", "operationId": "listPets",
                        "parameters": [{"name": "limit", "in": "query", "description": "How many to return", "schema": {"type": "integer"}}],
                        "responses": {"200": {"description": "A list of pets", "content": {"application/json": {"schema": {"type": "array", "items": pet}}}}}},
                "post": {"tags": ["pets"], "summary": "Add a pet", "requestBody": {"content": {"application/json": {"schema": pet}}},
                         "responses": {"201": {"description": "Created"}}}},
            "/pets/{petId}": {
                "get": {"tags": ["pets"], "summary": "Find a pet by id", "parameters": [pet_id],
                        "responses": {"200": {"description": "The pet"}, "404": {"description": "Not found"}}},
                "delete": {"tags": ["pets"], "summary": "Delete a pet", "deprecated": True, "parameters": [pet_id],
                           "responses": {"204": {"description": "Deleted"}}}},
            "/store/orders": {"get": {"tags": ["store"], "summary": "List orders", "responses": {"200": {"description": "Orders"}}}}},
        "components": {"schemas": {"Pet": {"type": "object", "required": ["name"], "properties": {
            "id": {"type": "integer"}, "name": {"type": "string"}, "tag": {"type": "string", "enum": ["dog", "cat", "bird"]}}}}},
    }, f)

# An AG Grid of 300 cars, 50 to a page (the page is ours, the grid is not).
grid = os.path.join(HOME, "grid", "package")
with open(os.path.join(grid, "index.html"), "w") as f:
    f.write("""<!doctype html><html><head><meta charset="utf-8"><title>Fleet</title>
<script src="dist/ag-grid-community.min.js"></script></head>
<body><h1>Fleet</h1><input id="q" placeholder="Quick filter" oninput="api.setGridOption('quickFilterText', this.value)">
<div id="grid" style="height: 400px; width: 800px"></div>
<script>
const makes = ['Toyota', 'Ford', 'Porsche', 'BMW', 'Fiat', 'Kia'];
const rows = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, make: makes[i % 6], model: 'M' + ((i * 7) % 23),
  price: 10000 + (i * 937) % 50000, electric: i % 3 === 0 }));
window.api = agGrid.createGrid(document.getElementById('grid'), {
  rowData: rows,
  columnDefs: [{ field: 'id', width: 80 }, { field: 'make', filter: true }, { field: 'model' }, { field: 'price', sortable: true },
    { field: 'electric' }],
  rowSelection: { mode: 'multiRow' }, pagination: true, paginationPageSize: 50, paginationPageSizeSelector: [20, 50, 100],
});
</script></body></html>""")

def cdt(*args):
    out = subprocess.run([CDT, *args], capture_output=True, text=True)
    reply = json.loads(out.stdout)
    if not reply["ok"]:
        raise Failed(f"cdt {' '.join(args)}: {reply['error']['code']}: {reply['error']['message'][:160]}")
    return reply["data"]

tokens = counter(CL100K)
uid = uid_of

# A step's command, from the page as the agent last saw it: the line matching `pattern`
# clicked, or filled with `value`.
def click(pattern):
    return lambda p: ("element", "click", uid(p, pattern))

def fill(pattern, value):
    return lambda p: ("element", "fill", uid(p, pattern), value)

# An order form of three widget libraries that replace native fields: select2 (a select behind
# a combobox with a search box), flatpickr (a date picker), Tom Select (a tag picker).
widgets = os.path.join(HOME, "widgets")
with open(os.path.join(widgets, "index.html"), "w") as f:
    f.write("""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widgets</title>
<link rel="stylesheet" href="select2/package/dist/css/select2.min.css">
<link rel="stylesheet" href="flatpickr/package/dist/flatpickr.min.css">
<link rel="stylesheet" href="tom-select/package/dist/css/tom-select.css">
<script src="jquery/package/dist/jquery.min.js"></script>
<script src="select2/package/dist/js/select2.min.js"></script>
<script src="flatpickr/package/dist/flatpickr.min.js"></script>
<script src="tom-select/package/dist/js/tom-select.complete.min.js"></script></head>
<body><h1>Order</h1>
<label for="country">Country</label> <select id="country" style="width: 300px"><option value="">Pick one</option>
<option>France</option><option>Germany</option><option>Japan</option><option>Kenya</option></select>
<p><label for="when">Delivery date</label> <input id="when" placeholder="Choose a date"></p>
<p><label for="tags">Tags</label> <select id="tags" multiple placeholder="Add tags"><option>fragile</option><option>gift</option>
<option>express</option></select></p>
<p id="out">Nothing yet</p>
<script>
$('#country').select2().on('change', () => out.textContent = 'Country: ' + $('#country').val());
flatpickr('#when', { onChange: (d, s) => out.textContent = 'Date: ' + s });
new TomSelect('#tags', { onChange: (v) => out.textContent = 'Tags: ' + v });
</script></body></html>""")

# A profile form of Shoelace web components (shadow DOM throughout: slotted labels, a select,
# a dialog that fades out, tabs).
shoelace = os.path.join(HOME, "shoelace")
with open(os.path.join(shoelace, "index.html"), "w") as f:
    f.write("""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shoelace form</title>
<link rel="stylesheet" href="package/cdn/themes/light.css">
<script type="module" src="package/cdn/shoelace.js"></script></head>
<body><h1>Profile</h1>
<form id="f">
<sl-input name="name" label="Full name" placeholder="Ada Lovelace" required></sl-input>
<sl-select name="plan" label="Plan" placeholder="Choose a plan"><sl-option value="free">Free</sl-option>
<sl-option value="pro">Pro</sl-option><sl-option value="team">Team</sl-option></sl-select>
<sl-checkbox name="news">Send me news</sl-checkbox>
<sl-switch name="dark">Dark mode</sl-switch>
<sl-details summary="Advanced"><sl-textarea name="bio" label="Bio"></sl-textarea></sl-details>
<sl-button type="submit" variant="primary">Save</sl-button>
</form>
<sl-button id="show-dialog">Open dialog</sl-button>
<sl-dialog label="Confirm" id="d">Are you sure?<sl-button slot="footer" variant="primary" id="ok">OK</sl-button></sl-dialog>
<sl-tab-group><sl-tab slot="nav" panel="a">Account</sl-tab><sl-tab slot="nav" panel="b">Billing</sl-tab>
<sl-tab-panel name="a">Account settings here.</sl-tab-panel><sl-tab-panel name="b">Billing settings here.</sl-tab-panel></sl-tab-group>
<p id="out">Nothing saved</p>
<script type="module">
await customElements.whenDefined('sl-button');
const form = document.getElementById('f'), dialog = document.getElementById('d');
form.addEventListener('submit', (e) => { e.preventDefault();
  document.getElementById('out').textContent = 'Saved ' + JSON.stringify(Object.fromEntries(new FormData(form))); });
document.getElementById('show-dialog').addEventListener('click', () => dialog.show());
document.getElementById('ok').addEventListener('click', () => dialog.hide());
</script></body></html>""")

# A team calendar (the page is ours, FullCalendar is not): March 2026, four events, day numbers
# that open the day, a click on a day or an event written below the heading.
calendar = os.path.join(HOME, "calendar", "package")
with open(os.path.join(calendar, "index.html"), "w") as f:
    f.write("""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Calendar</title>
<script src="index.global.min.js"></script></head>
<body><h1>Team calendar</h1><p id="out">Nothing picked</p><div id="cal"></div>
<script>
const cal = new FullCalendar.Calendar(document.getElementById('cal'), {
  initialView: 'dayGridMonth', initialDate: '2026-03-01', timeZone: 'UTC', now: '2026-03-10', navLinks: true,
  headerToolbar: { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listWeek' },
  events: [{ title: 'Sprint review', start: '2026-03-05' }, { title: 'Offsite', start: '2026-03-16', end: '2026-03-19' },
    { title: 'Dentist', start: '2026-03-10T09:30:00' }, { title: 'Release 2.1', start: '2026-04-02' }],
  eventClick: (info) => { document.getElementById('out').textContent = 'Event: ' + info.event.title; },
  dateClick: (info) => { document.getElementById('out').textContent = 'Day: ' + info.dateStr; },
});
cal.render();
</script></body></html>""")

# A table of 1,000 people (Tabulator draws only the rows in view), sortable, filtered by name,
# names and colours edited in place.
tabulator = os.path.join(HOME, "tabulator", "package")
with open(os.path.join(tabulator, "index.html"), "w") as f:
    f.write("""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>People</title>
<link rel="stylesheet" href="dist/css/tabulator.min.css"><script src="dist/js/tabulator.min.js"></script></head>
<body><h1>People</h1><p id="out">Nothing edited</p><div id="t"></div>
<script>
const names = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Ken', 'Dennis', 'Margaret'];
const colors = ['red', 'green', 'blue', 'orange'];
const data = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: names[i % 8] + ' ' + (i + 1), age: 20 + (i * 7) % 50,
  color: colors[i % 4] }));
const table = new Tabulator('#t', { data, height: '320px', layout: 'fitColumns',
  columns: [{ title: 'Name', field: 'name', editor: 'input', headerFilter: 'input' }, { title: 'Age', field: 'age', sorter: 'number' },
    { title: 'Favourite colour', field: 'color', editor: 'list', editorParams: { values: colors } }] });
table.on('cellEdited', (cell) => { document.getElementById('out').textContent = 'Edited ' + cell.getField() + ': ' + cell.getValue(); });
</script></body></html>""")

chosen = os.environ.get("BENCH_APPS", "swagger widgets shoelace grid calendar tabulator").split()

def run(name, url, ready, steps):
    print(f"\n{name}: cl100k tokens the agent read per step (action reply + --diff since it, JSON) vs a full snapshot")
    print(f"{'step':<26} {'action':>7} {'diff':>9} {'read':>6} {'full':>6}   rebuilt = fresh = cold")
    cdt("page", "navigate", url)
    for _ in range(50):
        first = cdt("capture", "snapshot")
        if ready in first["snapshot"]:
            break
        time.sleep(0.1)
    client = Client()
    client.apply(first)
    page = first["snapshot"]
    checks, read_total, full_total = 0, 0, 0
    for n, (label, make) in enumerate(steps, 1):
        try:
            args = make(page)
            out = subprocess.run([CDT, *args], capture_output=True, text=True)
            action = json.loads(out.stdout)
            if not action["ok"]:
                raise Failed(f"{action['error']['code']}: {action['error']['message'][:160]}")
        except Failed as failed:
            print(f"{label:<26} failed: {str(failed).splitlines()[0]}")
            continue
        client.apply(action["data"])
        # What came after the action's own changes (a response drawn later): since its version.
        since = ["--since", str(action["data"]["version"])] if "version" in action["data"] else []
        diff_raw = subprocess.run([CDT, "capture", "snapshot", "--diff", *since], capture_output=True, text=True).stdout
        diff = json.loads(diff_raw)["data"]
        client.apply(diff)
        # A page that changed on its own meanwhile (a live region cleared on a timer) gives the
        # fresh snapshot a newer version: the client catches up with a diff since its own, and
        # both snapshots are taken again (three times at most).
        seen = diff["version"]
        for _ in range(3):
            cold = cdt("capture", "snapshot", "--depth", str(1000 + n))["snapshot"]
            fresh_raw = subprocess.run([CDT, "capture", "snapshot"], capture_output=True, text=True).stdout
            fresh = json.loads(fresh_raw)["data"]
            if fresh["version"] == seen:
                break
            catch_up = cdt("capture", "snapshot", "--diff", "--since", str(seen))
            client.apply(catch_up)
            seen = catch_up["version"]
        rebuilt, same_cold = client.text() == fresh["snapshot"], cold == fresh["snapshot"]
        client.keep(fresh)
        checks += rebuilt and same_cold
        changes = action["data"].get("changes")
        action_summary = "whole" if changes is None and "snapshot" in action["data"] else f"{len(changes or [])} ch"
        diff_summary = "whole" if diff.get("full") else f"{len(diff.get('changes', []))} ch"
        read = tokens(out.stdout + diff_raw)
        full = tokens(fresh_raw)
        read_total += read
        full_total += full
        moved_on = "" if seen == diff["version"] else f"; the page changed on its own after version {diff['version']}"
        print(f"{label:<26} {action_summary:>7} {diff_summary:>9} {read:>6} {full:>6}   "
              f"{'yes' if rebuilt and same_cold else 'NO'} (version {fresh['version']}{moved_on})")
        if not (rebuilt and same_cold):
            a = (client.text() if not rebuilt else cold).split("\n")
            for line in list(difflib.unified_diff(a, fresh["snapshot"].split("\n"), lineterm="", n=0))[2:12]:
                print("    " + line)
        page = fresh["snapshot"]
    print(f"{name}: rebuilt = fresh = cold at {checks}/{len(steps)} steps; read {read_total:,} vs {full_total:,} tokens "
          f"of full snapshots ({read_total / max(1, full_total):.2f}×)")

APPS = {
  "swagger": ("Swagger UI 5.35.0", swagger, "List pets", [
    ("expand List pets", click(r'button "GET /pets List pets"')),
    ("try it out", click(r'button "Try it out')),
    ("fill limit", fill(r'textbox "limit"', "5")),
    ("execute", click(r'button "Execute"')),
    ("clear", click(r'button "Clear"')),
    ("cancel", click(r'button "Cancel"')),
    ("collapse List pets", click(r'button "GET /pets List pets"')),
    ("expand Add a pet", click(r'button "POST /pets Add a pet"')),
    ("schema tab", click(r'tab "Schema"')),
    ("collapse pets", click(r'heading "pets')),
    ("expand pets", click(r'heading "pets')),
    ("expand Pet model", click(r'button "Pet"')),
  ]),
  "widgets": ("Form widgets (select2 4.1.0, flatpickr 4.6.13, Tom Select 2.6.2)", widgets, "Order", [
    ("open Country", click(r'combobox "Pick one"')),
    ("search 'ja'", fill(r'searchbox "Search"', "ja")),
    ("choose Japan", click(r'option "Japan"')),
    ("open Delivery date", click(r'textbox "Delivery date"')),
    # (The arrow after the year: an unnamed icon, as in Chromium's tree.)
    ("next month", lambda p: ("element", "click", uid(p.split('spinbutton "Year"')[1], r'clickable$'))),
    ("pick the 12th", click(r'clickable "\w+ 12, \d+"')),
    ("open Tags", click(r'combobox "Tags"')),
    # (In the list drawn after the field: the first `option "gift"` is the `<select multiple>`
    # Tom Select keeps out of sight, a line in Chromium's tree too; a click on it is refused
    # with the hint to `element select` it.)
    ("pick gift", lambda p: ("element", "click", uid(p.split('combobox "Tags"')[1], r'option "gift"'))),
    ("type 'exp'", fill(r'combobox "Tags"', "exp")),
    ("Enter", lambda p: ("input", "key", "Enter")),
  ]),
  "shoelace": ("Shoelace 2.20.1 (web components)", shoelace, "Billing", [
    ("fill name", fill(r'textbox "Full name', "Ada Lovelace")),
    ("open Plan", click(r'combobox "Plan"')),
    ("choose Pro", click(r'option "Pro"')),
    ("check news", click(r'checkbox "Send me news"')),
    ("toggle dark mode", click(r'switch "Dark mode"')),
    ("expand Advanced", click(r'button "Advanced"')),
    ("fill bio", fill(r'textbox "Bio"', "Mathematician")),
    ("save", click(r'button "Save"')),
    ("open the dialog", click(r'button "Open dialog"')),
    ("OK (it fades out)", click(r'button "OK"')),
    ("tab Billing", click(r'tab "Billing"')),
  ]),
  # (The price column's header sorts: it says so by `aria-sort`.)
  "grid": ("AG Grid 36.2.0", grid, "Fleet", [
    ("sort by price", click(r'columnheader "Price')),
    ("sort by price, falling", click(r'columnheader "Price')),
    ("quick filter 'Kia'", fill(r'textbox "Quick filter"', "Kia")),
    ("select the first row", click(r'checkbox "Press Space to toggle row selection')),
    ("clear the filter", fill(r'textbox "Quick filter"', "")),
    ("next page", click(r'button "Next Page"')),
    ("last page", click(r'button "Last Page"')),
    ("page size menu", click(r'combobox "Page Size"')),
    ("unsort", click(r'columnheader "Price')),
    ("first page", click(r'button "First Page"')),
  ]),
  "calendar": ("FullCalendar 6.1.19", calendar, "Team calendar", [
    ("next month", click(r'button "Next month"')),
    ("open Release 2.1", click(r'link "Release 2.1"')),
    ("today", click(r'button "today"')),
    ("week view", click(r'button "week"')),
    ("open Dentist", click(r'link "[^"]*Dentist')),
    ("list view", click(r'button "list"')),
    ("month view", click(r'button "month"')),
    ("go to the 12th", click(r'link "12"')),
    ("back to the month", click(r'button "month"')),
    ("previous month", click(r'button "Previous month"')),
  ]),
  "tabulator": ("Tabulator 6.3.1", tabulator, "People", [
    ("sort by age", click(r'columnheader "Age')),
    ("sort by age, falling", click(r'columnheader "Age')),
    ("filter names 'Ken'", fill(r'searchbox', "Ken")),
    ("edit Ken 6", lambda p: ("element", "click", "--text", "Ken 6")),
    ("type the new name", fill(r'textbox', "Kenneth 6")),
    ("Enter", lambda p: ("input", "key", "Enter")),
    ("clear the filter", fill(r'searchbox', "")),
    ("scroll the table", lambda p: ("input", "scroll", "--dy", "3000", "--at", "400,300")),
    ("edit a colour", lambda p: ("element", "click", "--text", "blue")),
    ("choose orange", lambda p: ("element", "click", "--text", "orange")),
  ]),
}
for app in chosen:
    name, root, ready, steps = APPS[app]
    run(name, f"{serve_dir(root)}/index.html", ready, steps)
PY
