"""Bursts of anonymous requests for one page at once, through nginx: what a lock costs.

    scripts/prod-stack.sh up
    .venv/bin/python benchmarks/burst.py /t/champ/clock/ /t/champ/no-such-page/ \
        --at-once 10 --rounds 8

Each round sends ``--at-once`` requests for the page at the same moment (one connection
each, no cookies: first-time anonymous readers), then waits ``--pause`` seconds so that the
microcache's copy (1 s) has expired before the next round. It prints, per page, the status,
p50/p95/max of the wall time and what nginx's microcache answered (X-Micro-Cache). A page
that nginx cannot keep (a redirect, an error) held behind ``proxy_cache_lock`` shows as
waits in steps of 500 ms, nginx's re-check of a cache lock.

``--fresh`` adds a new query string each round (``?burst=<n>``), so that every round is a
page not yet in the microcache (its first readers after a change).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import Counter


async def one(client, url: str) -> tuple[float, int, str]:
    started = time.perf_counter()
    response = await client.get(url)
    return (
        time.perf_counter() - started,
        response.status_code,
        response.headers.get("x-micro-cache", "-"),
    )


async def burst(base: str, path: str, at_once: int, rounds: int, pause: float, fresh: bool):
    import httpx

    times, statuses, cache = [], Counter(), Counter()
    for n in range(rounds):
        url = base + path
        if fresh:
            url += f"{'&' if '?' in path else '?'}burst={time.time_ns()}"
        # One client each: separate connections, no cookie shared between them.
        clients = [
            httpx.AsyncClient(verify=False, timeout=30, follow_redirects=False)
            for _ in range(at_once)
        ]
        try:
            results = await asyncio.gather(*(one(c, url) for c in clients))
        finally:
            await asyncio.gather(*(c.aclose() for c in clients))
        for seconds, status, state in results:
            times.append(seconds)
            statuses[status] += 1
            cache[state] += 1
        if n + 1 < rounds:
            await asyncio.sleep(pause)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(
        f"{path:<40} {dict(statuses)} p50 {1000 * statistics.median(times):6.0f} ms  "
        f"p95 {1000 * p95:6.0f} ms  max {1000 * times[-1]:6.0f} ms  {dict(cache)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--base", default="https://127.0.0.1:8443")
    parser.add_argument("--at-once", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--pause", type=float, default=1.5)
    parser.add_argument("--fresh", action="store_true", help="a page never cached each round")
    args = parser.parse_args()
    if not args.base.startswith(("https://127.", "http://127.", "https://localhost")):
        parser.error("bursts go to loopback only")
    for name, low, high in (("at_once", 1, 200), ("rounds", 1, 100)):
        if not low <= getattr(args, name) <= high:
            parser.error(f"--{name.replace('_', '-')} must be from {low} to {high}")
    for path in args.paths:
        asyncio.run(burst(args.base, path, args.at_once, args.rounds, args.pause, args.fresh))


if __name__ == "__main__":
    main()
