"""What the bench scripts share: a percentile, and a local HTTP server on 127.0.0.1.

The scripts run from the repository root and put `bench/` on `sys.path` to import this.
"""

import functools
import http.server
import socketserver
import threading


def pct(values, q):
    """The q-quantile (0..1) of values, nearest rank; NaN for none."""
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, round((len(values) - 1) * q))]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(handler):
    """Serves `handler` on a free port of 127.0.0.1 in a background thread; returns the base URL."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    server.request_queue_size = 256
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def serve_dir(root):
    """Serves the files under `root` quietly; returns the base URL."""
    return serve(functools.partial(_Quiet, directory=root))
