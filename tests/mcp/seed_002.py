"""Seed 002 §12, literally, with the official MCP Python SDK against `cdt mcp`: a Chrome that
cdt did not start (the caller started it with --remote-debugging-port), the server registered
with CDP_HOST/CDP_PORT as in §9's mcp.json, then

  cdp_list_targets -> id; cdp_observe({targetId}) -> resourceUri;
  cdp_read_events({targetId, limit}); cdp_get_response_body({targetId, requestId});
  resources/subscribe cdp://events/{targetId} -> notifications/resources/updated

with every reply checked against the shapes of §3.2 and §4 (seq from 0 per target), plus
filters per target, stop_observe, and the errors of §7 (SECURITY_BLOCKED for 0.0.0.0,
BROWSER_UNREACHABLE, TARGET_NOT_FOUND).

Usage: seed_002.py CDT_BINARY HOST PORT PAGE_URL CLOSED_PORT
  PAGE_URL is open in that Chrome and keeps logging `tick N` and fetching /api/items.
The last line of stdout is a JSON summary.
"""

import asyncio
import json
import os
import sys
import warnings

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp_types import ResourceUpdatedNotification

warnings.simplefilter("ignore", MCPDeprecationWarning)

COMMON = {"seq", "ts", "targetId", "sessionId", "kind"}
KINDS = {"console", "log", "request", "response", "loadingFinished", "loadingFailed", "websocket", "other"}


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def text_of(result):
    return "\n".join(block.text for block in result.content if getattr(block, "type", "") == "text")


async def call(session, name, arguments):
    result = await session.call_tool(name, arguments)
    check(not result.is_error, f"{name}({arguments}) failed: {text_of(result)}")
    return result.structured_content


async def error_of(session, name, arguments):
    result = await session.call_tool(name, arguments)
    check(result.is_error, f"{name}({arguments}) succeeded: {text_of(result)}")
    return result.structured_content["error"]


async def events_until(session, target, offset, want, tries=100):
    """Reads from `offset` until every kind in `want` has been seen; returns all read."""
    seen = []
    for _ in range(tries):
        read = await call(session, "cdp_read_events", {"targetId": target, "offset": offset, "limit": 100})
        check(set(read) >= {"nextOffset", "events"}, f"cdp_read_events gave {read}")
        seen += read["events"]
        offset = read["nextOffset"]
        if want <= {e["kind"] for e in seen}:
            return seen, offset
        await asyncio.sleep(0.1)
    raise AssertionError(f"kinds {want} not all seen in {seen}")


async def main(cdt, host, port, url, closed_port):
    updates = []
    updated = asyncio.Event()

    async def on_message(message):
        if isinstance(message, ResourceUpdatedNotification):
            updates.append(message.params.uri)
            updated.set()

    # §9: the server registered with CDP_HOST/CDP_PORT (and LOG_LEVEL).
    env = {key: value for key, value in os.environ.items() if key.startswith("CDT_")}
    env.update({"CDP_HOST": host, "CDP_PORT": str(port), "LOG_LEVEL": "info"})
    server = StdioServerParameters(command=cdt, args=["mcp"], env=env)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write, message_handler=on_message) as session:
            await session.initialize()

            # cdp_list_targets -> id (§3.2.1, §16.1): every target of that browser.
            listed = await call(session, "cdp_list_targets", {})
            targets = listed["targets"]
            for target in targets:
                check({"id", "type", "title", "url", "attached"} <= set(target), f"target shape {target}")
            pages = [t for t in targets if t["type"] == "page" and t["url"] == url]
            check(pages, f"the hand-started page {url} is not among {targets}")
            target = pages[0]["id"]
            filtered = await call(session, "cdp_list_targets", {"filterUrlIncludes": "/seed002", "types": ["page"]})
            check([t["id"] for t in filtered["targets"]] == [target], f"filtered list {filtered}")
            explicit = await call(session, "cdp_list_targets", {"host": host, "port": port})
            check(target in [t["id"] for t in explicit["targets"]], f"host/port in the call: {explicit}")

            # cdp_observe({targetId}) -> resourceUri (§3.2.2, §16.2).
            observed = await call(session, "cdp_observe", {"targetId": target, "bufferSize": 5000, "ttlSec": 600})
            check(observed["targetId"] == target and observed["attached"] is True, f"cdp_observe gave {observed}")
            uri = observed["resourceUri"]
            check(uri == f"cdp://events/{target}", f"resourceUri {uri}")
            by_url = await call(session, "cdp_observe", {"urlIncludes": "/seed002"})
            check(by_url["targetId"] == target, f"urlIncludes resolved to {by_url}")

            # cdp_read_events({targetId, limit}) (§3.2.4, §4): seq from 0 for this target.
            first = await call(session, "cdp_read_events", {"targetId": target, "limit": 100})
            check(first["events"] and first["events"][0]["seq"] == 0, f"seq does not start at 0: {first['events'][:1]}")
            events, offset = await events_until(session, target, 0, {"console", "request", "response", "loadingFinished"})

            def items(kind):
                return [e for e in events if e["kind"] == kind and e.get("url", "").endswith("/api/items")]

            def whole_exchanges():
                # Chromium keeps a body only for a request it saw start: one observed whole
                # (request → response → loadingFinished). /api/items answers slowly, so the first
                # response is usually of a request already under way when observing began.
                started = {e["requestId"] for e in events if e["kind"] == "request"}
                done = {e["requestId"] for e in events if e["kind"] == "loadingFinished"}
                return [e for e in items("response") if e["requestId"] in started and e["requestId"] in done]

            for _ in range(50):
                if whole_exchanges() and [e for e in events if e["kind"] == "request" and e["method"] == "POST"]:
                    break
                more, offset = await events_until(session, target, offset, {"request", "loadingFinished"})
                events += more
            seqs = [e["seq"] for e in events]
            check(seqs == list(range(seqs[0], seqs[0] + len(seqs))), f"seq has gaps or repeats: {seqs}")
            for event in events:
                check(COMMON <= set(event) and event["kind"] in KINDS, f"event shape {event}")
                check(event["targetId"] and event["sessionId"], f"event without target/session {event}")
            console = [e for e in events if e["kind"] == "console" and e["text"].startswith("tick")]
            check(console and {"type", "text", "args", "stack"} <= set(console[0]), f"console shape {console[:1]}")
            check(console[0]["type"] == "log", f"console type {console[0]}")
            requests = items("request")
            check(requests, f"no request for /api/items in {events}")
            check({"requestId", "url", "method", "headers", "postDataPreview", "initiator"} <= set(requests[0]), f"request shape {requests[0]}")
            check(requests[0]["method"] == "GET", f"request method {requests[0]}")
            whole = whole_exchanges()
            check(whole, f"no /api/items request observed from start to finish in {events}")
            response = whole[0]
            started = {e["requestId"] for e in requests}
            under_way = [e for e in items("response") if e["requestId"] not in started]
            check({"requestId", "url", "status", "statusText", "mimeType", "fromDiskCache", "fromServiceWorker", "remoteAddress", "timing"} <= set(response),
                  f"response shape {response}")
            check(response["status"] == 200 and response["mimeType"] == "application/json", f"response {response}")
            finished = [e for e in events if e["kind"] == "loadingFinished"]
            check("encodedDataLength" in finished[0], f"loadingFinished shape {finished[0]}")
            posts = [e for e in events if e["kind"] == "request" and e["method"] == "POST"]
            check(posts and posts[0]["postDataPreview"] == '{"n":1}', f"POST preview {posts[:1]}")

            # cdp_get_response_body({targetId, requestId}) (§3.2.6).
            body = await call(session, "cdp_get_response_body", {"targetId": target, "requestId": response["requestId"]})
            check({"requestId", "mimeType", "encoded", "body"} <= set(body), f"body shape {body}")
            check(body["requestId"] == response["requestId"] and body["encoded"] is False, f"body {body}")
            check(json.loads(body["body"])["items"] == [1, 2, 3], f"body text {body['body']}")
            as_base64 = await call(session, "cdp_get_response_body", {"targetId": target, "requestId": response["requestId"], "base64": True})
            check(as_base64["encoded"] is True, f"base64 body {as_base64}")
            missing = await error_of(session, "cdp_get_response_body", {"targetId": target, "requestId": "1.999999"})
            check(missing["code"] == "BODY_NOT_AVAILABLE", f"unknown requestId: {missing}")
            if under_way:
                early = await error_of(session, "cdp_get_response_body", {"targetId": target, "requestId": under_way[0]["requestId"]})
                check(early["code"] == "BODY_NOT_AVAILABLE" and "under way" in early["message"]
                      and early["details"]["startedBeforeObserving"] is True, f"a request under way at observe: {early}")

            # resources.subscribe("cdp://events/{targetId}") -> updated (§3.3).
            await session.subscribe_resource(uri)
            await asyncio.wait_for(updated.wait(), timeout=15)
            check(updates[0] == uri, f"update for {updates[0]}")
            resource = await session.read_resource(uri)
            content = json.loads(resource.contents[0].text)
            check(set(content) == {"nextOffset", "events"} and content["events"], f"resource {content}")
            check(len(content["events"]) <= 200, "the resource holds more than 200")
            await session.unsubscribe_resource(uri)

            # cdp_set_filters / cdp_get_filters per targetId (§3.2.7, §3.2.8): block before allow.
            updated_filters = await call(session, "cdp_set_filters", {
                "targetId": target, "kinds": ["console", "network"], "urlAllowlist": ["/api/", "/seed002"],
                "urlBlocklist": ["/api/items"], "maxBodyBytes": 1000})
            check(updated_filters["updated"] is True, f"cdp_set_filters gave {updated_filters}")
            got = await call(session, "cdp_get_filters", {"targetId": target})
            filters = got["filters"]
            check(filters["urlAllowlist"] == ["/api/", "/seed002"] and filters["urlBlocklist"] == ["/api/items"]
                  and filters["maxBodyBytes"] == 1000 and filters["kinds"] == ["console", "network"], f"filters {got}")
            # The filters apply from the target's next event on.
            after = updated_filters["appliesFromOffset"]
            await asyncio.sleep(1.2)
            later = await call(session, "cdp_read_events", {"targetId": target, "offset": after, "limit": 100})
            check(not [e for e in later["events"] if e.get("url", "").endswith("/api/items")],
                  f"a blocked URL passed: {later['events']}")
            check([e for e in later["events"] if e["kind"] == "console"], f"console events stopped: {later['events']}")
            await call(session, "cdp_set_filters", {"targetId": target, "kinds": [], "urlAllowlist": [], "urlBlocklist": []})

            # cdp_clear_events, cdp_stop_observe (§3.2.3, §3.2.5).
            cleared = await call(session, "cdp_clear_events", {"targetId": target})
            check(cleared["cleared"] is True, f"cdp_clear_events gave {cleared}")
            stopped = await call(session, "cdp_stop_observe", {"targetId": target, "dropBuffer": True})
            check(stopped["stopped"] is True, f"cdp_stop_observe gave {stopped}")

            # §7 errors.
            blocked = await error_of(session, "cdp_list_targets", {"host": "0.0.0.0", "port": port})
            check(blocked["code"] == "SECURITY_BLOCKED", f"0.0.0.0 gave {blocked}")
            remote = await error_of(session, "cdp_list_targets", {"host": "192.0.2.1", "port": port})
            check(remote["code"] == "SECURITY_BLOCKED", f"a remote host gave {remote}")
            unreachable = await error_of(session, "cdp_list_targets", {"port": closed_port})
            check(unreachable["code"] == "BROWSER_UNREACHABLE", f"a closed port gave {unreachable}")
            unknown = await error_of(session, "cdp_observe", {"targetId": "NO-SUCH-TARGET"})
            check(unknown["code"] == "TARGET_NOT_FOUND", f"an unknown target gave {unknown}")
            no_url = await error_of(session, "cdp_observe", {"urlIncludes": "/nowhere-at-all"})
            check(no_url["code"] in ("TARGET_NOT_FOUND", "PAGE_NOT_FOUND"), f"an unmatched url gave {no_url}")

    print(json.dumps({"target": target, "events": len(events), "updates": len(updates), "underWay": len(under_way)}))


if __name__ == "__main__":
    cdt, host, port, url, closed = sys.argv[1:6]
    asyncio.run(main(cdt, host, int(port), url, int(closed)))
