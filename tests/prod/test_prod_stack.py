"""The production stack from a fresh clone (issue 27): no path of one machine in the
project, state files never trusted half-written, and two web nodes behind one nginx that
behave as one site (``prod-stack.sh check-nodes``).

The two-node test starts PostgreSQL, Redis, nginx and six gunicorn pools on free loopback
ports in a temporary folder: it is skipped where those programs are missing, unless
REQUIRE_PROD_STACK is set (then it fails), and skipped in the PostgreSQL run of the suite
(DATABASE_URL set), which would only repeat it. Where the stack cannot start (a port
taken, no permission) it is skipped with the reason, unless REQUIRE_PROD_STACK is set, as
in CI (.ci/run)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.prod_stack

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "scripts" / "prod-stack.sh"


def stack(args, state: Path, extra=None, timeout=60) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env |= {"PROD_STACK_DIR": str(state), **(extra or {})}
    return subprocess.run(
        [str(SCRIPT), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


def test_no_path_of_one_machine_in_the_project():
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split("\0")
    # Built from parts, so that this file does not find itself.
    roots = ["/" + "work/", "/" + "home/", "/" + "root/"]
    found = []
    for name in filter(None, files):
        path = ROOT / name
        if not path.is_file() or path.suffix in (".mo", ".png", ".ico", ".woff2"):
            continue
        text = path.read_text(errors="replace")
        found += [f"{name}: {root}" for root in roots if root in text]
    assert found == []


def secret_key_of(result) -> str:
    assert result.returncode == 0, result.stderr
    line = next(x for x in result.stdout.splitlines() if x.startswith("export SECRET_KEY="))
    return line.split("=", 1)[1]


@pytest.mark.parametrize("left", ["", "\n", "abc\n", "x" * 30, "a" * 60 + "\nb" * 3])
def test_a_half_written_secret_key_is_never_trusted(tmp_path, left):
    """A start killed while writing the key left this: the next start makes a new one."""
    (tmp_path / "secret_key").write_text(left)
    key = secret_key_of(stack(["env"], tmp_path))
    assert len(key) >= 50 and key != left.strip()
    assert (tmp_path / "secret_key").read_text() == key + "\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret_key"]  # no temp file left


def test_the_secret_key_is_made_once_and_kept(tmp_path):
    first = secret_key_of(stack(["env"], tmp_path / "state"))
    assert len(first) >= 50
    assert secret_key_of(stack(["env"], tmp_path / "state")) == first


def test_nodes_must_be_a_small_number(tmp_path):
    result = stack(["up", "--nodes", "x"], tmp_path)
    assert result.returncode == 2 and "--nodes takes 1 to 9, not 'x'" in result.stderr


def free_ports(n: int) -> list[int]:
    sockets = [socket.socket() for _ in range(n)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def free_block(size: int = 20) -> int:
    """A first port p with p .. p + size - 1 free (node k's pools are at p + 10 (k - 1))."""
    for start in range(18000, 30000, 100):
        try:
            taken = []
            for port in range(start, start + size):
                s = socket.socket()
                taken.append(s)
                s.bind(("127.0.0.1", port))
        except OSError:
            continue
        finally:
            for s in taken:
                s.close()
        return start
    pytest.fail("no free block of ports")


def test_two_nodes_behind_one_nginx_behave_as_one_site():
    missing = [p for p in ("nginx", "redis-server", "openssl", "curl") if not shutil.which(p)]
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        missing.append("postgresql")
    if missing or os.environ.get("DATABASE_URL"):
        if os.environ.get("REQUIRE_PROD_STACK") and missing:
            pytest.fail(f"REQUIRE_PROD_STACK is set but {', '.join(missing)} missing")
        pytest.skip(f"needs {', '.join(missing)}" if missing else "the PostgreSQL run")
    # Not pytest's tmp_path: as root, PostgreSQL and nginx run as their own users, who
    # cannot enter pytest's private folder.
    top = Path(tempfile.mkdtemp(prefix="riichi-prod-stack-"))
    top.chmod(0o755)
    https, http, pg, redis = free_ports(4)
    ports = {
        "HTTPS_PORT": str(https),
        "HTTP_PORT": str(http),
        "PG_PORT": str(pg),
        "REDIS_PORT": str(redis),
        "NODE_PORT": str(free_block()),
        "WEB_WORKERS": "1",
        "STAFF_WORKERS": "1",
    }
    state = top / "stack"
    try:
        up = stack(["up", "--nodes", "2"], state, ports, timeout=600)
        if up.returncode != 0 and not os.environ.get("REQUIRE_PROD_STACK"):
            pytest.skip(f"the stack could not start here: {up.stderr.strip()[-300:]}")
        assert up.returncode == 0, up.stdout + up.stderr
        check = stack(["check-nodes"], state, ports, timeout=300)
        assert check.returncode == 0, check.stdout + check.stderr
        assert "check-nodes: all checks passed" in check.stdout
        # Beat exactly once, whatever the number of nodes.
        status = stack(["status"], state, ports).stdout
        assert status.count("celery-beat") == 1 and "up    celery-beat" in status
        assert "up    node2/gunicorn-public" in status
    finally:
        stack(["down", "--purge"], state, ports, timeout=120)
        shutil.rmtree(top, ignore_errors=True)
