"""A peer for the bench scripts to compare with: the Chrome DevTools MCP server (npm
`chrome-devtools-mcp`), spoken to over its stdin/stdout as MCP clients do, on Debian's Chromium.

`devtools_mcp()` installs it once into ~/.cache/cdt-bench (the npm registry is the only network
it needs) and starts it; `todomvc_session` drives the TodoMVC steps of bench/spa.sh through its
tools and takes its full snapshot after every step, as an agent reading that tool would.
"""

import itertools
import json
import os
import re
import shutil
import subprocess
import sys

from benchkit import Failed

VERSION = "1.11.0"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


class McpServer:
    """An MCP server on a child's stdio: `initialize`, then `call(tool, args)` → its text."""

    def __init__(self, argv):
        self.child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True)
        self.ids = itertools.count(1)
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "cdt-bench", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.child.stdin.write(json.dumps(message) + "\n")
        self.child.stdin.flush()

    def request(self, method, params):
        id = next(self.ids)
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
        while True:
            line = self.child.stdout.readline()
            if not line:
                raise Failed(f"the MCP server closed its output during {method}")
            message = json.loads(line)
            if message.get("id") == id:
                if "error" in message:
                    raise Failed(f"{method}: {message['error']}")
                return message["result"]

    def call(self, tool, args):
        """The tool's reply as the model reads it: its text content."""
        result = self.request("tools/call", {"name": tool, "arguments": args})
        text = "".join(part.get("text", "") for part in result.get("content", []) if part.get("type") == "text")
        if result.get("isError"):
            raise Failed(f"{tool} {json.dumps(args)}: {text[:300]}")
        return text

    def close(self):
        self.child.stdin.close()
        try:
            self.child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.child.kill()


def devtools_mcp():
    """Chrome DevTools MCP on Debian's Chromium, headless, in a profile of its own; None when
    this machine has no Node.js (the server is a Node program)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        return None
    prefix = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
                          "cdt-bench", f"chrome-devtools-mcp-{VERSION}")
    main = os.path.join(prefix, "node_modules", ".bin", "chrome-devtools-mcp")
    if not os.path.exists(main):
        os.makedirs(prefix, exist_ok=True)
        installed = subprocess.run([npm, "install", "--prefix", prefix, "--no-audit", "--no-fund", "--silent",
                                    f"chrome-devtools-mcp@{VERSION}"], capture_output=True, text=True,
                                   env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"})
        if installed.returncode != 0:
            print(f"(Chrome DevTools MCP not run: npm install failed: {installed.stderr.strip()[:200]})", file=sys.stderr)
            return None
    argv = [node, main, "--headless", "--isolated", "--executablePath", "/usr/bin/chromium",
            "--no-usage-statistics", "--no-performance-crux"]
    argv += [f"--chromeArg={arg}" for arg in CHROMIUM_ARGS]
    try:
        return McpServer(argv)
    except Failed as failed:
        print(f"(Chrome DevTools MCP not run: {failed})", file=sys.stderr)
        return None


def uid_in(snapshot, pattern):
    """The uid of the first line of a Chrome DevTools MCP snapshot that matches `pattern`."""
    for line in snapshot.split("\n"):
        if re.search(pattern, line):
            found = re.search(r"uid=(\S+)", line)
            if found:
                return found.group(1)
    raise Failed(f"nothing matches {pattern!r} in:\n{snapshot[:2000]}")


def checkbox_above(snapshot, text):
    """The checkbox line nearest above the line that shows `text` (a to-do's toggle)."""
    lines = snapshot.split("\n")
    at = next(i for i, line in enumerate(lines) if f'"{text}"' in line)
    return uid_in("\n".join(l for l in reversed(lines[:at]) if " checkbox" in l), r"checkbox")


def todomvc_session(server, base, storage_script):
    """The 13 steps of bench/spa.sh on TodoMVC at `base`, through the server's tools; the list
    starts as `storage_script` (run on a page of the app's origin that is not the app) leaves
    it. Returns the first snapshot and, per step, `(label, action's reply, full snapshot after)`."""
    page = {"pageId": 1}
    server.call("navigate_page", {**page, "type": "url", "url": f"{base}/other.html"})
    server.call("evaluate_script", {**page, "function": f"() => {{ {storage_script} }}"})
    server.call("navigate_page", {**page, "type": "url", "url": f"{base}/index.html"})
    first = server.call("take_snapshot", page)
    steps = []

    def step(label, tool, args):
        reply = server.call(tool, {**page, **args})
        snapshot = server.call("take_snapshot", page)
        steps.append((label, reply, snapshot))
        return snapshot

    box = uid_in(first, r'textbox "What needs to be done\?"')
    snapshot = first
    for item in ["Buy milk", "Write report", "Call mom"]:
        step(f"fill {item!r}", "fill", {"uid": box, "value": item})
        snapshot = step("key Enter", "press_key", {"key": "Enter"})
    snapshot = step("complete 'Buy milk'", "click", {"uid": checkbox_above(snapshot, "Buy milk")})
    snapshot = step("filter Active", "click", {"uid": uid_in(snapshot, r'link "Active"')})
    snapshot = step("filter Completed", "click", {"uid": uid_in(snapshot, r'link "Completed"')})
    snapshot = step("filter All", "click", {"uid": uid_in(snapshot, r'link "All"')})
    step("clear completed", "click", {"uid": uid_in(snapshot, r'button "Clear completed')})
    step("navigate away", "navigate_page", {"type": "url", "url": f"{base}/other.html"})
    step("back", "navigate_page", {"type": "back"})
    return first, steps
