"""Which gunicorn pool nginx hands a request to (deploy/nginx.conf.template, as
``prod-stack.sh nginx-conf`` renders it), with three small HTTP servers standing in for the
public, staff and login pools, each answering its own name.

A referee's reading of a public page goes to the staff pool when the request carries the
staff hint and a session; a forged hint is bounded per address, and beyond the bound the
request is answered by the public pool, never refused.

Skipped where nginx or openssl is missing, unless REQUIRE_PROD_STACK is set (then it fails)."""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.prod.test_prod_stack import free_block, free_ports

pytestmark = pytest.mark.prod_stack

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "scripts" / "prod-stack.sh"
PUBLIC = "/t/open/standings/"
HINT = {"Cookie": "sessionid=abc; staff_queue=1"}


class Pool(BaseHTTPRequestHandler):
    """Answers with the pool's name; "?slow" holds the request 1.5 s, "?busy" is Django's
    own 429 (a throttle)."""

    def answer(self):
        if self.command == "POST":
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if "slow" in self.path:
            time.sleep(1.5)
        status = 429 if "busy" in self.path else 200
        body = self.server.pool_name.encode()
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = answer

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def nginx():
    missing = [p for p in ("nginx", "openssl") if not shutil.which(p)]
    if missing:
        if os.environ.get("REQUIRE_PROD_STACK"):
            pytest.fail(f"REQUIRE_PROD_STACK is set but {', '.join(missing)} missing")
        pytest.skip(f"needs {', '.join(missing)}")
    # Not pytest's tmp_path: as root, nginx's workers run as www-data.
    top = Path(tempfile.mkdtemp(prefix="riichi-nginx-pools-"))
    top.chmod(0o755)
    state = top / "stack"
    (state / "nginx" / "cache").mkdir(parents=True)
    https, http_port = free_ports(2)
    node = free_block()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env |= {
        "PROD_STACK_DIR": str(state),
        "HTTPS_PORT": str(https),
        "HTTP_PORT": str(http_port),
        "NODE_PORT": str(node),
    }
    conf = subprocess.run(
        [str(SCRIPT), "nginx-conf"], env=env, capture_output=True, text=True, check=True
    ).stdout
    (state / "nginx" / "nginx.conf").write_text(conf)
    key, cert = state / "nginx" / "key.pem", state / "nginx" / "cert.pem"
    request = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    subprocess.run(
        [*request, "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
        capture_output=True,
        check=True,
    )
    if os.geteuid() == 0:
        shutil.chown(state / "nginx", "www-data")
        for path in (state / "nginx").rglob("*"):
            shutil.chown(path, "www-data")
    servers = []
    for name, port in (("public", node), ("staff", node + 1), ("login", node + 2)):
        server = ThreadingHTTPServer(("127.0.0.1", port), Pool)
        server.pool_name = name
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    prefix = ["-c", str(state / "nginx" / "nginx.conf"), "-p", str(state / "nginx")]
    started = subprocess.run(["nginx", *prefix], capture_output=True, text=True)
    try:
        if started.returncode != 0 and not os.environ.get("REQUIRE_PROD_STACK"):
            pytest.skip(f"nginx could not start here: {started.stderr.strip()[-300:]}")
        assert started.returncode == 0, started.stderr
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", https), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield https
    finally:
        subprocess.run(["nginx", *prefix, "-s", "stop"], capture_output=True)
        for server in servers:
            server.shutdown()
            server.server_close()
        shutil.rmtree(top, ignore_errors=True)


def ask(port, path, headers=None, method="GET"):
    """(status, the pool that answered, the X-Pool header nginx added)."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    connection = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=30)
    body = "a=1" if method == "POST" else None
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    answered = response.read().decode()
    connection.close()
    return response.status, answered, response.getheader("X-Pool")


def test_an_anonymous_reader_is_served_by_the_public_pool(nginx):
    assert ask(nginx, PUBLIC) == (200, "public", "public")


def test_a_signed_in_referee_reading_the_standings_is_served_by_the_staff_pool(nginx):
    assert ask(nginx, PUBLIC, HINT) == (200, "staff", "staff")
    clock = ask(nginx, "/t/open/sessions/3/clock/", HINT)
    assert clock == (200, "staff", "staff")


def test_the_hint_alone_or_a_session_alone_is_a_reader(nginx):
    # The hint without a session (a stale cookie), a signed-in player without the hint.
    assert ask(nginx, PUBLIC, {"Cookie": "staff_queue=1"})[1] == "public"
    assert ask(nginx, PUBLIC, {"Cookie": "sessionid=abc"})[1] == "public"
    assert ask(nginx, PUBLIC, {"Cookie": "sessionid=abc; staff_queue=0"})[1] == "public"


def test_the_pools_chosen_by_url_are_kept(nginx):
    assert ask(nginx, "/t/open/referee/")[1] == "staff"
    assert ask(nginx, "/login/", method="POST")[1] == "login"
    # The login pool is for password checks: the hint does not move them.
    assert ask(nginx, "/login/", HINT, method="POST")[1] == "login"


def test_djangos_own_429_is_not_rerouted(nginx):
    """Only nginx's bound sends a hinted request to the public pool; a throttle's 429 from
    the staff pool reaches the client as it is."""
    assert ask(nginx, PUBLIC + "?busy", HINT) == (429, "staff", "staff")


def test_a_forged_hint_takes_at_most_four_of_the_staff_pools_threads(nginx):
    """Eight slow requests at once from one address with the hint: four at a time go to the
    staff pool, the others are served by the public pool, none is refused."""
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda i: ask(nginx, f"{PUBLIC}?slow={i}", HINT), range(8)))
    assert {status for status, _, _ in answers} == {200}
    by_pool = [answered for _, answered, _ in answers]
    assert 1 <= by_pool.count("staff") <= 4
    assert by_pool.count("public") == 8 - by_pool.count("staff")
    assert all(header == answered for _, answered, header in answers)


def test_a_flood_of_hinted_requests_spills_to_the_public_pool(nginx):
    """10 a second with bursts of 40 per address: a flood on kept-alive connections reaches
    the staff pool at that rate, and the rest is answered by the public pool."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE

    def flood(_):
        connection = http.client.HTTPSConnection("127.0.0.1", nginx, context=context, timeout=30)
        answers = []
        for i in range(100):
            connection.request("GET", f"{PUBLIC}?n={i}", headers=HINT)
            response = connection.getresponse()
            answers.append((response.status, response.read().decode()))
            if answers[-1][1] == "public":
                break
        connection.close()
        return answers

    started = time.monotonic()
    with ThreadPoolExecutor(4) as pool:
        answers = [a for some in pool.map(flood, range(4)) for a in some]
    elapsed = time.monotonic() - started
    assert {status for status, _ in answers} == {200}
    staff = sum(1 for _, answered in answers if answered == "staff")
    assert "public" in {answered for _, answered in answers}
    assert staff <= 40 + 10 * elapsed + 4, (staff, elapsed)
