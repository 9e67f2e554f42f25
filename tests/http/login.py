"""Logs in through `cdt http` with nothing but Python's standard library (docs/http.md).

Usage: login.py BASE_URL TOKEN LOGIN_PAGE_URL
Opens the login page, finds the fields in the snapshot, fills them, submits, and prints the
welcome text. Exits non-zero (with the server's error) on any failure.
"""

import json
import re
import sys
import urllib.error
import urllib.request


def op(base, token, name, params=None):
    """POST /op/<name> with the parameters as JSON; returns data, or raises with the error."""
    request = urllib.request.Request(
        f"{base}/op/{name}",
        data=json.dumps(params or {}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json",
                 "X-CDT-Context": "python-login"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)["data"]
    except urllib.error.HTTPError as failure:
        envelope = json.load(failure)
        raise SystemExit(f"{name} failed ({failure.code}): {envelope['error']}")


def main(base, token, login):
    op(base, token, "page.open", {"url": login})
    snapshot = op(base, token, "capture.snapshot", {"interactive": True})["snapshot"]
    uid = {name: re.search(rf'(\S+) textbox "{name}"', snapshot).group(1) for name in ("Username", "Password")}
    button = re.search(r'(\S+) button "Sign in"', snapshot).group(1)
    op(base, token, "element.fill-form", {"fields": [
        {"uid": uid["Username"], "value": "ada"},
        {"uid": uid["Password"], "value": "secret"},
    ]})
    clicked = op(base, token, "element.click", {"uid": button})
    if not clicked.get("navigated"):
        raise SystemExit(f"the click did not navigate: {clicked}")
    print(op(base, token, "page.text", {"selector": "h1"})["text"])


if __name__ == "__main__":
    main(*sys.argv[1:4])
