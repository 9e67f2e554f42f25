"""Drives `cdt mcp` with the official MCP Python SDK (PyPI `mcp`), a client cdt did not write.

Usage: client.py CDT_BINARY PAGE_URL [--context-only]
  PAGE_URL serves a page with a "Fetch data" button whose click runs fetch('/api/data').
  --context-only: only open the page over MCP and check that `cdt page list`, run by this
  same process, sees it (the agent-process context, when no CDT_CONTEXT_ID is set).

Runs initialize, tools/list, new_page -> take_snapshot -> click (by uid) ->
list_network_requests, subscribes to cdp://events/{pageId} and waits for
notifications/resources/updated after the page's fetch(), reads the resource, then
unsubscribes and checks that no update follows another fetch. Also checks that a bad call
is a tool error carrying cdt's error code. Every check raises on failure; the last line of
stdout is a JSON summary for the caller (the Rust e2e test) to check against the CLI.
"""

import asyncio
import base64
import json
import os
import re
import subprocess
import sys
import time
import warnings

import jsonschema

from mcp import Client, ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp_types import ResourceUpdatedNotification

# resources/subscribe is what a 2025-11-25 client (most agents today) uses; it is under test.
warnings.simplefilter("ignore", MCPDeprecationWarning)

EXPECTED_TOOLS = {
    "new_page", "list_pages", "select_page", "close_page", "navigate_page", "wait_for",
    "resize_page", "take_snapshot", "take_screenshot", "click", "hover", "drag", "fill",
    "fill_form", "upload_file", "press_key", "handle_dialog", "evaluate_script",
    "list_console_messages", "get_console_message", "list_network_requests",
    "get_network_request", "cdp_list_targets", "cdp_observe", "cdp_stop_observe",
    "cdp_read_events", "cdp_clear_events", "cdp_get_response_body", "cdp_set_filters",
    "cdp_get_filters", "emulate", "performance_start_trace", "performance_stop_trace",
    "performance_analyze_insight", "click_at", "type_text",
}


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def text_of(result):
    return "\n".join(block.text for block in result.content if getattr(block, "type", "") == "text")


def cli_pages(cdt):
    """`cdt page list` run by this process, like an agent's shell command."""
    out = subprocess.run([cdt, "page", "list", "--verbose"], capture_output=True, text=True, timeout=60)
    reply = json.loads(out.stdout)
    check(reply["ok"], f"cdt page list failed: {reply}")
    return reply["data"]["pages"], reply["meta"].get("context")


async def context_only(cdt, url):
    env = {key: value for key, value in os.environ.items() if key.startswith("CDT_")}
    server = StdioServerParameters(command=cdt, args=["mcp"], env=env)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            opened = await call(session, "new_page", {"url": url})
            page = opened.structured_content["id"]
            status = await call(session, "list_pages", {})
            pages, context = cli_pages(cdt)
            check({"id": page, "url": url} in [{"id": p["id"], "url": p["url"]} for p in pages],
                  f"the CLI sees {pages}, not page {page} at {url}")
            mcp_ids = [p["id"] for p in status.structured_content["pages"]]
            check(mcp_ids == [p["id"] for p in pages], f"MCP sees {mcp_ids}, the CLI {pages}")
            print(json.dumps({"page": page, "context": context}))


async def call(session, name, arguments):
    result = await session.call_tool(name, arguments)
    check(not result.is_error, f"{name}({arguments}) failed: {text_of(result)}")
    return result


async def main(cdt, url):
    updates = []
    updated = asyncio.Event()

    async def on_message(message):
        if isinstance(message, ResourceUpdatedNotification):
            updates.append((time.monotonic(), message.params.uri))
            updated.set()

    # MCP clients start servers with a reduced environment; cdt's own variables are passed on.
    env = {key: value for key, value in os.environ.items() if key.startswith("CDT_")}
    server = StdioServerParameters(command=cdt, args=["mcp"], env=env)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write, message_handler=on_message) as session:
            init = await session.initialize()
            check(init.server_info.name == "cdt", f"server is {init.server_info}")
            check(init.capabilities.resources and init.capabilities.resources.subscribe, "no resource subscriptions")

            listed = await session.list_tools()
            names = {tool.name for tool in listed.tools}
            check(EXPECTED_TOOLS <= names, f"missing tools: {EXPECTED_TOOLS - names}")
            templates = await session.list_resource_templates()
            check([t.uri_template for t in templates.resource_templates] == ["cdp://events/{targetId}"], "no events template")

            opened = await call(session, "new_page", {"url": url})
            page = opened.structured_content["id"]
            check(opened.structured_content["url"] == url, f"new_page opened {opened.structured_content}")

            snapshot = await call(session, "take_snapshot", {})
            found = re.search(r'(\S+) button "Fetch data"', text_of(snapshot))
            check(found is not None, f"no Fetch data button in:\n{text_of(snapshot)}")
            uid = found.group(1)

            # Incremental: after a whole snapshot, a diff of the unchanged page is one line.
            unchanged = await call(session, "take_snapshot", {"diff": True})
            check("unchanged since your last snapshot" in text_of(unchanged), f"diff of an unchanged page:\n{text_of(unchanged)}")
            check(unchanged.structured_content["changes"] == [], f"changes in {unchanged.structured_content}")

            pages, context = cli_pages(cdt)
            check(any(p["id"] == page and p["url"] == url for p in pages), f"the CLI does not see page {page}: {pages}")

            uri = f"cdp://events/{page}"
            await session.subscribe_resource(uri)
            clicked = await call(session, "click", {"uid": uid})
            since = await call(session, "take_snapshot", {"since": unchanged.structured_content["version"]})
            check(since.structured_content.get("base") == unchanged.structured_content["version"] or since.structured_content.get("full"), f"since: {since.structured_content}")
            await asyncio.wait_for(updated.wait(), timeout=15)
            check(updates[0][1] == uri, f"update for {updates[0][1]}, not {uri}")

            requests = await call(session, "list_network_requests", {"resourceTypes": ["fetch"]})
            fetched = [r for r in requests.structured_content["requests"] if r["url"].endswith("/api/data")]
            check(fetched, f"no /api/data request in {requests.structured_content}")

            resource = await session.read_resource(uri)
            body = json.loads(resource.contents[0].text)
            check(isinstance(body["nextOffset"], int), f"no nextOffset in {body}")
            check(any(e.get("url", "").endswith("/api/data") for e in body["events"]), "the fetch is not in the resource")

            # Unsubscribed: another fetch sends no update.
            await session.unsubscribe_resource(uri)
            await asyncio.sleep(0.6)
            before = len(updates)
            await call(session, "evaluate_script", {"function": "async () => (await fetch('/api/data')).status"})
            await asyncio.sleep(1.5)
            check(len(updates) == before, f"updates after unsubscribe: {updates[before:]}")

            await observer(session, page, uri)
            await errors(session)
            await parity(session)
            await any_operation(session, page)
            await newer_tools(session, page)
            await typed_replies(session, page)

            shot = await call(session, "take_screenshot", {})
            images = [b for b in shot.content if b.type == "image"]
            check(images and images[0].mime_type == "image/png", f"take_screenshot gave {shot.content}")

    listened = await modern(server, page)
    own_tools = await every_operation_listed(cdt, env, page)
    print(json.dumps({
        "page": page, "url": url, "uid": uid, "updates": len(updates), "listened": listened,
        "clickText": text_of(clicked), "tools": len(names), "fetched": fetched[0]["id"],
        "ownTools": own_tools,
    }))


async def parity(session):
    """emulate, the coordinate tools and the performance_* tools, by their effect in the page."""
    # click_at and type_text (the DevTools server's coordinate/keyboard tools): click the
    # middle of a text field added for the purpose, type into it, and read it back.
    await call(session, "evaluate_script", {"function": """() => {
        const field = document.createElement('input');
        field.id = 'coords';
        field.style = 'position:fixed;left:10px;top:10px;width:200px;height:30px';
        document.body.append(field);
    }"""})
    await call(session, "click_at", {"x": 110, "y": 25})
    await call(session, "type_text", {"text": "typed at 110,25", "submitKey": "Tab"})
    typed = await call(session, "evaluate_script", {"function": "() => document.querySelector('#coords').value"})
    check("typed at 110,25" in text_of(typed), f"click_at + type_text gave {text_of(typed)}")
    await call(session, "emulate", {"cpuThrottlingRate": 2, "colorScheme": "dark"})
    dark = await call(session, "evaluate_script",
                      {"function": "() => matchMedia('(prefers-color-scheme: dark)').matches"})
    check("true" in text_of(dark), f"colour scheme not emulated: {text_of(dark)}")
    mixed = await session.call_tool("emulate", {"colorScheme": "auto", "cpuThrottlingRate": 3})
    check(mixed.is_error and "VALIDATION_ERROR" in text_of(mixed), f"set+clear accepted: {text_of(mixed)}")
    await call(session, "emulate", {"colorScheme": "auto", "cpuThrottlingRate": 1})
    light = await call(session, "evaluate_script",
                       {"function": "() => matchMedia('(prefers-color-scheme: dark)').matches"})
    check("false" in text_of(light), f"colour scheme not cleared: {text_of(light)}")

    started = await call(session, "performance_start_trace", {"reload": True, "autoStop": False})
    check(started.structured_content["tracing"] is True, f"not tracing: {started.structured_content}")
    stopped = await call(session, "performance_stop_trace", {})
    names = [i["name"] for i in stopped.structured_content["insights"]]
    check("lcp" in names and os.path.exists(stopped.structured_content["file"]), f"stop gave {stopped.structured_content}")
    insight = await call(session, "performance_analyze_insight", {"insightName": "DOMSize", "insightSetId": "x"})
    check(insight.structured_content["insights"][0]["name"] == "dom-size", f"insight gave {insight.structured_content}")
    auto = await call(session, "performance_start_trace", {"reload": True, "autoStop": True})
    check("insights" in auto.structured_content and "reloaded" in auto.structured_content,
          f"autoStop gave {auto.structured_content}")


async def fetch(session):
    await call(session, "evaluate_script", {"function": "async () => (await fetch('/api/data')).status"})


async def api_events(session, page):
    """The page's newest network events for /api/data."""
    read = await call(session, "cdp_read_events", {"page": page, "tail": True, "limit": 100, "kinds": ["network"]})
    return [e for e in read.structured_content["events"] if e.get("url", "").endswith("/api/data")]


async def observer(session, page, uri):
    """The seed-002 tools on cdt's own browser (cdt page ids next to CDP target ids): observe,
    read, body, stop, clear, filters."""
    targets = await call(session, "cdp_list_targets", {})
    mine = [t for t in targets.structured_content["targets"] if t.get("page") == page]
    check(mine and mine[0]["type"] == "page", f"cdp_list_targets misses page {page}: {targets.structured_content}")
    target = mine[0]["id"]
    observed = await call(session, "cdp_observe", {"page": page})
    check(observed.structured_content["resourceUri"] == f"cdp://events/{target}", f"cdp_observe gave {observed.structured_content}")
    by_target = await call(session, "cdp_observe", {"targetId": target})
    check(by_target.structured_content["page"] == page, f"cdp_observe by targetId gave {by_target.structured_content}")

    events = await api_events(session, page)
    finished = [e for e in events if e["kind"] == "loadingFinished"]
    check(finished and "reqid" in finished[-1], f"no finished /api/data request with a reqid in {events}")
    body = await call(session, "cdp_get_response_body", {"reqid": finished[-1]["reqid"]})
    text = body.structured_content["body"]
    if body.structured_content["encoded"]:
        text = base64.b64decode(text).decode()
    check(json.loads(text) == {"ok": True}, f"body was {body.structured_content}")

    await call(session, "cdp_stop_observe", {"page": page, "dropBuffer": True})
    check(await api_events(session, page) == [], "events left after dropBuffer")
    await fetch(session)
    check(await api_events(session, page) == [], "an unobserved page's fetch reached the buffer")
    await call(session, "cdp_observe", {"page": page})
    await fetch(session)
    check(await api_events(session, page), "an observed page's fetch is missing")
    # fetch() resolves on the response headers; its loadingFinished may still be on its way,
    # and would land after the clear below. Wait for it (bounded) so the clear takes them all.
    for _ in range(50):
        if any(e["kind"] == "loadingFinished" for e in await api_events(session, page)):
            break
        await asyncio.sleep(0.05)
    cleared = await call(session, "cdp_clear_events", {"page": page})
    check(cleared.structured_content["cleared"] is True and cleared.structured_content["clearedEvents"] > 0,
          f"cdp_clear_events gave {cleared.structured_content}")
    check(await api_events(session, page) == [], "events left after cdp_clear_events")

    await call(session, "cdp_set_filters", {"kinds": ["network"], "urlBlocklist": ["/nothing"]})
    filters = await call(session, "cdp_get_filters", {})
    check(filters.structured_content["filters"]["kinds"] == ["network"], f"filters are {filters.structured_content}")
    await call(session, "cdp_set_filters", {"kinds": [], "urlBlocklist": []})


async def errors(session):
    """Bad calls are tool errors with cdt's code and a hint, and leave the server usable."""
    cases = [
        ("select_page", {"pageId": 999999}, "PAGE_NOT_FOUND"),
        ("click", {}, "VALIDATION_ERROR"),
        ("click", {"uid": "e1", "bogus": 1}, "VALIDATION_ERROR"),
        ("hover", {"uid": "e1", "includeSnapshot": True}, "VALIDATION_ERROR"),
        ("navigate_page", {"type": "url"}, "VALIDATION_ERROR"),
        ("wait_for", {"text": ["never on this page"], "timeout": 300}, "TIMEOUT"),
        ("list_pages", {"timeout": -1}, "VALIDATION_ERROR"),
        ("cdp_read_events", {"kinds": ["nonsense"]}, "VALIDATION_ERROR"),
    ]
    for name, arguments, code in cases:
        result = await session.call_tool(name, arguments)
        check(result.is_error, f"{name}({arguments}) succeeded")
        error = result.structured_content["error"]
        check(error["code"] == code and error["suggestions"], f"{name}({arguments}): {error}")
        check(text_of(result).startswith(f"error[{code}]"), f"{name}: text {text_of(result)!r}")
    await call(session, "list_pages", {})


async def typed_replies(session, page):
    """A reply's schema, as the `cdt` tool describes it, validates what the operation answers
    (through its DevTools-shaped tool and through `cdt`)."""
    for op, tool, arguments in [("page.list", "list_pages", {}), ("page.use", "select_page", {"pageId": page})]:
        described = await call(session, "cdt", {"op": op, "describe": True})
        schema = described.structured_content.get("outputSchema")
        check(isinstance(schema, dict) and schema.get("type") == "object", f"{op} has no output schema: {described.structured_content}")
        answered = await call(session, tool, arguments)
        jsonschema.validate(answered.structured_content, schema)
        direct = await call(session, "cdt", {"op": op, "params": {"id": page} if op == "page.use" else {}})
        jsonschema.validate(direct.structured_content, schema)
    for op, params in [("session.list", {}), ("session.status", {"verbose": True}), ("daemon.status", {"verbose": True}),
                       ("storage.cookies.list", {}), ("storage.local.set", {"key": "k", "value": "v"}),
                       ("storage.local.get", {}), ("storage.local.get", {"key": "k"}), ("storage.local.get", {"key": "absent"}),
                       ("storage.local.clear", {"key": "k"}), ("dialog.status", {}), ("emulation.show", {}),
                       ("emulation.set", {"colorScheme": "dark"}), ("emulation.reset", {}), ("downloads.list", {}),
                       ("events.targets", {}), ("events.read", {"limit": 5}), ("events.filters.get", {}),
                       ("events.observe", {}), ("input.key", {"keys": "Escape"}), ("input.scroll", {"dx": 0, "dy": 40}),
                       ("console.list", {}), ("network.list", {}), ("page.reload", {}), ("page.wait-idle", {"idleMs": 100}),
                       ("page.wait-url", {"pattern": "**"}), ("page.resize", {"width": 900, "height": 700}),
                       ("capture.screenshot", {"inline": True}), ("cdp.send", {"method": "Runtime.evaluate", "params": {"expression": "1+1"}}),
                       ("cdp.send", {"method": "Browser.getVersion", "browser": True}),
                       ("network.route", {"url": "*/typed-never", "action": "block"}), ("network.routes", {}),
                       ("network.unroute", {"url": "*/typed-never"}), ("audit", {}),
                       ("runtime.eval", {"expression": "({a: [1, 'x']})"}), ("page.text", {}), ("page.html", {}),
                       ("page.text", {"markdown": True}), ("observe.state", {}), ("observe.targets", {}),
                       ("runtime.eval", {"expression": "console.log('typed', {a: 1}), 1"})]:
        described = await call(session, "cdt", {"op": op, "describe": True})
        answered = await call(session, "cdt", {"op": op, "params": params})
        jsonschema.validate(answered.structured_content, described.structured_content["outputSchema"])
    logged = await call(session, "cdt", {"op": "console.list", "params": {}})
    newest = logged.structured_content["messages"][-1]["id"]
    described = await call(session, "cdt", {"op": "console.get", "describe": True})
    got = await call(session, "cdt", {"op": "console.get", "params": {"id": newest}})
    jsonschema.validate(got.structured_content, described.structured_content["outputSchema"])
    check(got.structured_content["args"][0]["text"] == "typed", f"console get: {got.structured_content}")
    requests = await call(session, "cdt", {"op": "network.list", "params": {"preserved": True}})
    described = await call(session, "cdt", {"op": "network.get", "describe": True})
    got = await call(session, "cdt", {"op": "network.get", "params": {"id": requests.structured_content["requests"][0]["id"]}})
    jsonschema.validate(got.structured_content, described.structured_content["outputSchema"])
    # A traced reload (stopped at once), its insights, and a trace started and stopped by hand.
    for op, params in [("trace.start", {"reload": True, "autoStop": True}), ("trace.insight", {}),
                       ("trace.start", {}), ("trace.stop", {})]:
        described = await call(session, "cdt", {"op": op, "describe": True})
        answered = await call(session, "cdt", {"op": op, "params": params})
        jsonschema.validate(answered.structured_content, described.structured_content["outputSchema"])
    described = await call(session, "cdt", {"op": "capture.snapshot", "describe": True})
    for params in [{}, {"diff": True}, {"interactive": True}]:
        answered = await call(session, "cdt", {"op": "capture.snapshot", "params": params})
        jsonschema.validate(answered.structured_content, described.structured_content["outputSchema"])


async def newer_tools(session, page):
    """Issue 21's tools through the official client: lighthouse_audit, and routes, Markdown,
    downloads, heap snapshots and recording through `cdt`."""
    audited = await call(session, "lighthouse_audit", {"mode": "snapshot", "device": "desktop"})
    findings = audited.structured_content["findings"]
    check(isinstance(findings, list) and all("rule" in f and "fix" in f for f in findings), f"lighthouse_audit gave {audited.structured_content}")
    await call(session, "route", {"url": "*/api/data", "body": "{\"mocked\":true}", "contentType": "application/json"})
    mocked = await call(session, "evaluate_script", {"function": "async () => (await fetch('/api/data')).text()"})
    check("mocked" in text_of(mocked), f"the route did not answer: {text_of(mocked)}")
    routes = await call(session, "cdt", {"op": "network.routes", "params": {}})
    check(routes.structured_content["routes"][0]["matched"] == 1, f"routes: {routes.structured_content}")
    await call(session, "unroute", {})
    gone = await call(session, "cdt", {"op": "network.routes", "params": {}})
    check(gone.structured_content["routes"] == [], f"unroute left {gone.structured_content}")
    markdown = await call(session, "cdt", {"op": "page.text", "params": {"markdown": True, "page": page}})
    check("# MCP" in markdown.structured_content["markdown"], f"markdown: {markdown.structured_content}")
    downloads = await call(session, "cdt", {"op": "downloads.list", "params": {}})
    check(downloads.structured_content["downloads"] == [], f"downloads: {downloads.structured_content}")
    heap = await call(session, "cdt", {"op": "runtime.heap-snapshot", "params": {"page": page, "top": 3}})
    check(heap.structured_content["nodes"] > 0 and len(heap.structured_content["constructors"]) == 3, f"heap: {heap.structured_content}")
    await call(session, "cdt", {"op": "capture.video.start", "params": {"page": page}})
    await asyncio.sleep(0.3)
    stopped = await call(session, "cdt", {"op": "capture.video.stop", "params": {}})
    check(stopped.structured_content["format"] in ("webm", "mp4", "frames"), f"video: {stopped.structured_content}")


async def any_operation(session, page):
    """`cdt`: any operation by its dotted name, or its description; wrong names get a hint."""
    described = await call(session, "cdt", {"op": "storage.cookies.set", "describe": True})
    description = described.structured_content
    check(description["inputSchema"]["type"] == "object" and "name" in description["inputSchema"]["properties"],
          f"describe gave {description}")
    check(description["example"].startswith("cdt storage cookies set"), f"example {description}")
    origin = re.match(r"https?://[^/]+", (await call(session, "list_pages", {})).structured_content["pages"][0]["url"]).group(0)
    await call(session, "cdt", {"op": "storage.cookies.set", "params": {"name": "via", "value": "cdt-tool", "url": origin + "/"}})
    cookies = await call(session, "cdt", {"op": "storage.cookies.list", "params": {}})
    check(any(c["name"] == "via" and c["value"] == "cdt-tool" for c in cookies.structured_content["cookies"]),
          f"the cookie set through cdt is not listed: {cookies.structured_content}")
    text = await call(session, "cdt", {"op": "page.text", "params": {"page": page}})
    check("Fetch data" in text_of(text), f"page.text gave {text_of(text)!r}")
    wrong = await session.call_tool("cdt", {"op": "storage.cookie.list"})
    check(wrong.is_error and wrong.structured_content["error"]["code"] == "VALIDATION_ERROR"
          and "storage.cookies.list" in json.dumps(wrong.structured_content["error"]["suggestions"]),
          f"a misspelt op: {wrong.structured_content}")


async def every_operation_listed(cdt, env, page):
    """`cdt mcp --tools all`: every operation is also a tool of its own, and runs."""
    server = StdioServerParameters(command=cdt, args=["mcp", "--tools", "all"], env=env)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            names = {tool.name for tool in (await session.list_tools()).tools}
            for name in ["page_open", "storage_cookies_list", "events_filters_get", "page_wait_text", "cdt", "click"]:
                check(name in names, f"--tools all lacks {name}: {sorted(names)}")
            state = await call(session, "observe_state", {"page": page})
            check(state.structured_content["url"].startswith("http"), f"observe_state gave {state.structured_content}")
            read_only = {tool.name: (tool.annotations.read_only_hint if tool.annotations else None)
                         for tool in (await session.list_tools()).tools}
            check(read_only["observe_state"] is True and read_only["element_click"] is not True,
                  f"annotations: {read_only['observe_state']}, {read_only['element_click']}")
            return len(names)


async def modern(server, page):
    """The 2026-07-28 protocol (discover, no initialize): subscriptions/listen on the same URI."""
    uri = f"cdp://events/{page}"
    async with Client(server, mode="auto") as client:
        async with client.listen(resource_subscriptions=[uri]) as subscription:
            check(list(subscription.honored.resource_subscriptions or []) == [uri], f"listen honored {subscription.honored}")
            result = await client.call_tool("evaluate_script", {"function": "async () => (await fetch('/api/data')).status"})
            check(not result.is_error, f"evaluate_script failed: {text_of(result)}")
            event = await asyncio.wait_for(subscription.__anext__(), timeout=15)
            check(getattr(event, "uri", None) == uri, f"listen delivered {event}")
        return client.protocol_version


if __name__ == "__main__":
    if "--context-only" in sys.argv[3:]:
        asyncio.run(context_only(sys.argv[1], sys.argv[2]))
    else:
        asyncio.run(main(sys.argv[1], sys.argv[2]))
