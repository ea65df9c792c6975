"""A championship's load on the production stack: readers' phones and referees at once.

    scripts/prod-stack.sh up
    eval "$(scripts/prod-stack.sh env)"
    .venv/bin/python benchmarks/load.py --setup            # once: 400 players, 12 sessions
    .venv/bin/python benchmarks/load.py --setup --preset wrc2025   # or WRC 2025's size
    .venv/bin/python benchmarks/load.py --readers 300 --referees 50 --seconds 180
    .venv/bin/python benchmarks/load.py --reset --spectators 2000 --arrival 60 --seconds 300

``--setup`` builds the event in the stack's database through the services (the referees'
own path): 400 players, 100 tables, sessions 1-11 seated and scored (1,100 confirmed
sheets), session 12 seated and empty, and 50 referee accounts.  A run then drives, from
loopback, for a bounded time (asyncio + httpx over HTTPS through nginx):

- readers (anonymous phones): the standings, a player's page, the session's seating and
  the clock, one every 5-15 s each;
- referees: log in (spread over the first minute, measured apart), then per table of
  session 12 they own: open the sheet, save it, confirm it; then open the desk, the sheets
  and the standings with 5-15 s of thought between steps. Their standings ("referee
  standings") carry the staff hint set at login: the run prints which pool served them.

- spectators (``--spectators N``, the stream's audience): anonymous visitors who
  arrive spread over ``--arrival`` seconds (the standings' link shown on the stream), open
  the standings, then read the standings, a player's page, the seating or the clock every
  15-30 s. Thousands of them are too many for httpx: they share one aiohttp client (its
  connections kept alive, no cookies kept: each is a first-time anonymous reader), and their
  pages are counted apart ("spectator ..."), with the share nginx's microcache answered.

The readers and the spectators run in a process of their own (``--audience-nice`` lowers
its priority), the referees in this one: in one event loop, thousands of the audience's
coroutines delayed the referees' measures by seconds.

It prints requests per second, p50/p95/p99 per page, the errors, and the sheets counted in
the database afterwards: confirmed sheets the referees were told were saved but are not
(lost), and sheets with more versions than saves (doubled).  ``--reset`` empties session 12
first, so that runs can be repeated.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SLUG = "champ"
PASSWORD = "load-referee-pw"
CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


def django_setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def setup(players: int, sessions: int, referees: int) -> None:
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from benchmarks.bench_standings import build
    from tournament.clock.services import session_clock_start
    from tournament.models import Seat, Session, Staff, Tournament

    if Tournament.objects.filter(slug=SLUG).exists():
        print(f"/t/{SLUG}/ exists already")
        return
    started = time.perf_counter()
    tournament, people, _, sheets = build(players, sessions - 1, seed=1)
    tournament.slug, tournament.name = SLUG, "Load Championship"
    tournament.save()
    last = Session.objects.create(tournament=tournament, number=sessions)
    tournament.session_count = sessions
    tournament.save()
    order = list(people)
    random.Random(sessions).shuffle(order)
    tables = list(tournament.tables.order_by("number"))
    Seat.objects.bulk_create(
        Seat(session=last, table=tables[i // 4], wind=i % 4, player=p) for i, p in enumerate(order)
    )
    session_clock_start(session=last, by=None, now=dt.datetime.now(dt.UTC))
    hashed = make_password(PASSWORD)  # one hash for all: 50 would take half a minute
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"ref{i:02d}", password=hashed) for i in range(referees)
    )
    Staff.objects.bulk_create(
        Staff(tournament=tournament, user=u, role=Staff.Role.REFEREE) for u in users
    )
    print(f"built /t/{SLUG}/: {sheets} sheets in {time.perf_counter() - started:.0f} s")


def reset(number: int) -> None:
    from scoring.models import ScoreSheet
    from tournament.models import Tournament
    from web.cache import bump

    tournament = Tournament.objects.get(slug=SLUG)
    ScoreSheet.objects.filter(session__tournament=tournament, session__number=number).delete()
    bump(tournament.pk)


def count_sheets(number: int, saved: dict[int, int]) -> tuple[int, int, int]:
    """(confirmed in the database, lost, doubled) for the tables the run confirmed."""
    from scoring.models import ScoreSheet

    rows = {
        s.table.number: s
        for s in ScoreSheet.objects.filter(
            session__tournament__slug=SLUG, session__number=number
        ).select_related("table")
    }
    confirmed = sum(1 for s in rows.values() if s.is_confirmed)
    lost = sum(1 for t in saved if t not in rows or not rows[t].is_confirmed)
    # A table's sheet was saved once and confirmed once: two versions. More is a doubled save.
    doubled = sum(1 for t in saved if t in rows and rows[t].versions.count() > saved[t])
    return confirmed, lost, doubled


class Stats:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.examples: list[str] = []
        self.pools: dict[str, int] = defaultdict(int)  # the referees' public pages, by pool

    def add(self, label: str, seconds: float, ok: bool, detail: str = "") -> None:
        self.times[label].append(seconds)
        if not ok:
            self.errors[label] += 1
            if len(self.examples) < 10:
                self.examples.append(f"{label}: {detail}")


async def timed(stats, label, call, expect=(200,)):
    started = time.perf_counter()
    try:
        response = await call()
    except Exception as error:  # a timeout or a refused connection counts as an error
        stats.add(label, time.perf_counter() - started, False, repr(error))
        return None
    ok = response.status_code in expect
    stats.add(label, time.perf_counter() - started, ok, f"HTTP {response.status_code}")
    return response if ok else None


async def reader(base, stats, until, players, number, seed):
    import httpx

    rng = random.Random(seed)
    pages = [
        ("standings", lambda: f"/t/{SLUG}/standings/"),
        ("player", lambda: f"/t/{SLUG}/players/{rng.choice(players)}/"),
        ("seating", lambda: f"/t/{SLUG}/sessions/{number}/"),
        ("clock", lambda: f"/t/{SLUG}/sessions/{number}/clock/"),
    ]
    async with httpx.AsyncClient(base_url=base, verify=False, timeout=30) as client:
        await asyncio.sleep(rng.uniform(0, 10))
        while time.monotonic() < until:
            label, make_path = rng.choice(pages)
            path = make_path()
            await timed(stats, label, lambda p=path: client.get(p))
            await asyncio.sleep(rng.uniform(5, 15))


SPECTATOR_PAGES = ("standings", "player", "seating", "clock")


async def spectator(client, base, stats, until, players, number, arrival, seed, cache_status):
    """One of the stream's audience: arrives within ``arrival`` seconds, reads every 15-30 s."""
    rng = random.Random(seed)
    paths = {
        "standings": lambda: f"/t/{SLUG}/standings/",
        "player": lambda: f"/t/{SLUG}/players/{rng.choice(players)}/",
        "seating": lambda: f"/t/{SLUG}/sessions/{number}/",
        "clock": lambda: f"/t/{SLUG}/sessions/{number}/clock/",
    }
    await asyncio.sleep(rng.uniform(0, arrival))
    label = "standings"  # the link on the stream
    while time.monotonic() < until:
        started = time.perf_counter()
        try:
            async with client.get(base + paths[label]()) as response:
                await response.read()
                ok = response.status == 200
                detail = f"HTTP {response.status}"
                cache_status[response.headers.get("X-Micro-Cache", "-")] += 1
        except Exception as error:  # a timeout or a refused connection counts as an error
            ok, detail = False, repr(error)
        stats.add(f"spectator {label}", time.perf_counter() - started, ok, detail)
        # The next read, or the end of the run if that comes first.
        await asyncio.sleep(min(rng.uniform(15, 30), max(0.0, until - time.monotonic())))
        label = rng.choice(SPECTATOR_PAGES)


async def audience(args, stats, until, players, number) -> dict[str, int]:
    """The spectators, on one aiohttp client; what nginx's microcache answered them."""
    import aiohttp

    cache_status: dict[str, int] = defaultdict(int)
    connector = aiohttp.TCPConnector(ssl=False, limit=args.connections, keepalive_timeout=60)
    timeout = aiohttp.ClientTimeout(total=30)
    async with aiohttp.ClientSession(
        connector=connector, timeout=timeout, cookie_jar=aiohttp.DummyCookieJar()
    ) as client:
        await asyncio.gather(
            *(
                spectator(
                    client,
                    args.base,
                    stats,
                    until,
                    players,
                    number,
                    args.arrival,
                    5000 + i,
                    cache_status,
                )
                for i in range(args.spectators)
            )
        )
    return cache_status


async def referee(base, stats, until, index, tables, number, saved, seed):
    import httpx

    rng = random.Random(seed)
    headers = {"Origin": base, "Referer": base + "/"}
    async with httpx.AsyncClient(
        base_url=base, verify=False, timeout=30, headers=headers
    ) as client:
        await asyncio.sleep(rng.uniform(0, 60))  # 50 logins within a minute
        page = await timed(stats, "login page", lambda: client.get("/login/"))
        if page is None:
            return
        token = CSRF.search(page.content).group(1).decode()
        form = {"username": f"ref{index:02d}", "password": PASSWORD, "csrfmiddlewaretoken": token}
        if not await timed(stats, "login", lambda: client.post("/login/", data=form), (302,)):
            return
        for table in tables:
            if time.monotonic() >= until:
                break
            url = f"/t/{SLUG}/sessions/{number}/sheets/{table}/"
            await asyncio.sleep(rng.uniform(5, 15))
            page = await timed(stats, "sheet open", lambda u=url: client.get(u))
            if page is None:
                continue
            token = CSRF.search(page.content).group(1).decode()
            points = [30000 + 100 * rng.randint(-120, 120) for _ in range(3)]
            points.append(120000 - sum(points))
            data = {"csrfmiddlewaretoken": token, "mode": "final", "version": "0"}
            data |= {"riichi_left": "0", "reason": ""}
            for i in range(4):
                data |= {f"points_{i}": str(points[i]), f"chombo_{i}": "0", f"substitute_{i}": ""}
            await asyncio.sleep(rng.uniform(5, 15))
            save = await timed(
                stats, "sheet save", lambda u=url, d=data: client.post(u, data=d), (302,)
            )
            if save is None:
                continue
            confirm = {"csrfmiddlewaretoken": token, "version": "1"}
            await asyncio.sleep(rng.uniform(2, 5))
            done = await timed(
                stats,
                "sheet confirm",
                lambda u=url, d=confirm: client.post(u + "confirm/", data=d),
                (302,),
            )
            # Confirmed: back to the session's sheets; refused: back to the sheet itself.
            if done is not None and done.headers.get("location", "").endswith(
                f"/sessions/{number}/sheets/"
            ):
                saved[table] = 2  # versions: entered, confirmed
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(5, 15))
            await timed(stats, "desk", lambda: client.get(f"/t/{SLUG}/referee/"))
            await timed(
                stats, "sheets list", lambda: client.get(f"/t/{SLUG}/sessions/{number}/sheets/")
            )
            # A public page, as the audience reads it: with the staff hint set at login,
            # nginx sends it to the staff pool (X-Pool), out of the audience's queue.
            page = await timed(
                stats, "referee standings", lambda: client.get(f"/t/{SLUG}/standings/")
            )
            if page is not None:
                stats.pools[page.headers.get("X-Pool", "-")] += 1


async def reload_gunicorn(after: float) -> None:
    """A zero-downtime reload of every gunicorn pool (``prod-stack.sh reload``) in the middle
    of the load: the errors and the sheets counted afterwards show whether one was lost."""
    await asyncio.sleep(after)
    script = Path(__file__).resolve().parent.parent / "scripts" / "prod-stack.sh"
    process = await asyncio.create_subprocess_exec(str(script), "reload")
    await process.wait()
    print(f"(gunicorn reloaded after {after:.0f} s)")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def event() -> tuple[int, list[int], list[int]]:
    """The last session's number, the players' ids and the table numbers."""
    from tournament.models import Player, Tournament

    tournament = Tournament.objects.get(slug=SLUG)
    number = tournament.sessions.order_by("-number").first().number
    players = list(
        Player.objects.filter(registrations__tournament=tournament).values_list("pk", flat=True)
    )
    tables = list(tournament.tables.order_by("number").values_list("number", flat=True))
    return number, players, tables


def audience_process(args, number: int, players: list[int], until: float, pipe) -> None:
    """The readers and the spectators in a process of their own: thousands of their coroutines
    in the referees' event loop delayed the referees' own measures by seconds (a page the
    microcache answered in a millisecond took the client half a second to see). On the
    event's day the audience's phones are not the server's cores either."""
    if args.audience_nice:
        os.nice(args.audience_nice)
    stats = Stats()

    async def go() -> dict[str, int]:
        tasks = [
            reader(args.base, stats, until, players, number, seed) for seed in range(args.readers)
        ]
        if args.spectators:
            tasks.append(audience(args, stats, until, players, number))
        results = await asyncio.gather(*tasks)
        return results[-1] if args.spectators else {}

    cache_status = asyncio.run(go())
    pipe.send((dict(stats.times), dict(stats.errors), stats.examples, cache_status))
    pipe.close()


async def run(args, number: int, players: list[int], tables: list[int]) -> dict[int, int]:
    stats, saved = Stats(), {}
    until = time.monotonic() + args.seconds
    # The audience in a forked process (no database connection crosses the fork), the
    # referees here.
    from django.db import connections

    connections.close_all()
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=audience_process, args=(args, number, players, until, sender))
    child.start()
    tasks = []
    for i in range(args.referees):
        mine = tables[i :: args.referees]
        tasks.append(referee(args.base, stats, until, i, mine, number, saved, 1000 + i))
    if args.hup:
        tasks.append(reload_gunicorn(args.hup))
    started = time.perf_counter()
    await asyncio.gather(*tasks)
    times, errors, examples, cache_status = await asyncio.get_running_loop().run_in_executor(
        None, receiver.recv
    )
    child.join()
    for label, values in times.items():
        stats.times[label].extend(values)
    for label, count in errors.items():
        stats.errors[label] += count
    stats.examples.extend(examples[: max(0, 10 - len(stats.examples))])
    elapsed = time.perf_counter() - started
    total = sum(len(v) for v in stats.times.values())
    print(
        f"{args.spectators} spectators (arriving over {args.arrival:.0f} s), {args.readers} "
        f"readers, {args.referees} referees, {elapsed:.0f} s: "
        f"{total} requests, {total / elapsed:.1f} requests/s"
    )
    if cache_status:
        served = sum(cache_status.values())
        print(
            "spectators' pages by nginx's microcache: "
            + ", ".join(f"{k} {100 * v / served:.0f}%" for k, v in sorted(cache_status.items()))
        )
    if stats.pools:
        served = sum(stats.pools.values())
        print(
            "referees' public pages by pool (X-Pool): "
            + ", ".join(f"{k} {100 * v / served:.0f}%" for k, v in sorted(stats.pools.items()))
        )
    print(f"{'page':<22}{'n':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
    for label in sorted(stats.times):
        values = stats.times[label]
        print(
            f"{label:<22}{len(values):>7}{1000 * statistics.median(values):>9.0f}"
            f"{1000 * percentile(values, 0.95):>9.0f}{1000 * percentile(values, 0.99):>9.0f}"
            f"{stats.errors[label]:>8}"
        )
    print(f"errors: {sum(stats.errors.values())}", *stats.examples, sep="\n  ")
    return saved


def report_sheets(number: int, saved: dict[int, int]) -> None:
    confirmed, lost, doubled = count_sheets(number, saved)
    print(
        f"sheets of session {number}: {len(saved)} confirmed by the referees, {confirmed} "
        f"confirmed in the database, {lost} lost, {doubled} doubled"
    )


# An event's size: players (four a table), sessions (the last one is entered by the
# referees during the run) and referees. "wrc2025": the World Riichi Championship 2025
# (256 players at 64 tables, 10 sessions, 30 referees).
PRESETS = {
    "default": {"players": 400, "sessions": 12, "referees": 50},
    "wrc2025": {"players": 256, "sessions": 10, "referees": 30},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--preset",
        choices=sorted(PRESETS),
        default="default",
        help="an event's size (--players, --sessions and --referees given override it)",
    )
    parser.add_argument("--setup", action="store_true", help="build the event and exit")
    parser.add_argument("--reset", action="store_true", help="empty the last session first")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--sessions", type=int, default=None)
    parser.add_argument("--readers", type=int, default=300)
    parser.add_argument("--referees", type=int, default=None)
    parser.add_argument("--seconds", type=int, default=180)
    parser.add_argument("--spectators", type=int, default=0, help="the stream's audience")
    parser.add_argument(
        "--arrival", type=float, default=60, help="the spectators arrive within S seconds"
    )
    parser.add_argument(
        "--connections", type=int, default=1000, help="the spectators' client: open connections"
    )
    parser.add_argument(
        "--audience-nice",
        type=int,
        default=0,
        help="run the audience's client process at this niceness (0-19)",
    )
    parser.add_argument("--base", default="https://127.0.0.1:8443")
    parser.add_argument("--hup", type=float, default=0, help="reload gunicorn after N s")
    args = parser.parse_args()
    for name, value in PRESETS[args.preset].items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if not args.base.startswith(("https://127.", "http://127.", "https://localhost")):
        parser.error("the load runs on loopback only")
    for name, low, high in (
        ("spectators", 0, 20000),
        ("readers", 0, 5000),
        ("referees", 0, 100),
        ("players", 4, 2000),
        ("sessions", 2, 99),
        ("seconds", 1, 3600),
        ("arrival", 0, 3600),
        ("connections", 1, 2000),
        ("audience_nice", 0, 19),
    ):
        if not low <= getattr(args, name) <= high:
            parser.error(f"--{name} must be from {low} to {high}")
    django_setup()
    if args.players % 4:
        parser.error("--players must be a multiple of 4 (four players a table)")
    if args.setup:
        setup(args.players, args.sessions, args.referees)
        return
    if args.reset:
        reset(args.sessions)
    number, players, tables = event()
    saved = asyncio.run(run(args, number, players, tables))
    report_sheets(number, saved)


if __name__ == "__main__":
    main()
