"""A push service on loopback: it stands in for the browsers' push services in the tests.

It keeps every message it was sent (its log) and, as a real push service does with the
``Topic`` header (RFC 8030 5.4), a mailbox per subscription where a message with the topic
of one still waiting replaces it. An endpoint whose path ends in ``/gone`` answers 410; a
``hold`` event makes the server keep the answer to the message numbered ``hold_at`` (1 the
first) until the event is set, as a slow push service would: the sender is then mid-send.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class PushServer:
    def __init__(self, log_file=None, hold_at: int | None = None, fail_first: int = 0):
        self.log: list[dict] = []
        self.mailbox: dict[tuple[str, str], bytes] = {}
        self.bodies: list[bytes] = []
        self.log_file = log_file
        self.hold_at = hold_at
        self.fail_first = fail_first
        self.held = threading.Event()  # set when the held message arrived
        self.release = threading.Event()
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                topic = self.headers.get("Topic", "")
                with server.lock:
                    entry = {
                        "n": len(server.log) + 1,
                        "path": self.path,
                        "topic": topic,
                        "ttl": self.headers.get("TTL"),
                        "encoding": self.headers.get("Content-Encoding"),
                        "authorization": self.headers.get("Authorization", ""),
                        "length": len(body),
                    }
                    server.log.append(entry)
                    server.bodies.append(body)
                    if self.path.endswith("/gone"):
                        status = 410
                    elif entry["n"] <= server.fail_first:
                        status = 503
                    else:
                        status = 201
                        # No topic: every message is kept; with one, the last replaces.
                        slot = topic or f"untopical-{entry['n']}"
                        server.mailbox[(self.path, slot)] = body
                    if server.log_file is not None:
                        with open(server.log_file, "a") as out:
                            out.write(json.dumps(entry) + "\n")
                if server.hold_at == entry["n"]:
                    server.held.set()
                    server.release.wait(60)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()
