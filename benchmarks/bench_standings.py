"""Standings of a big event: 400 players, 12 sessions, every score sheet entered.

Run from the project root:  ``python benchmarks/bench_standings.py [--players N] [--sessions S]``

It builds the event in a throw-away SQLite database (or the one DATABASE_URL names), enters
and confirms every sheet through ``scoring.services`` (the same path a referee's form takes,
so the rules core checks each one), then prints:

- how long entering the sheets took,
- the standings page on a cache miss (the tournament's version bumped before each run, so
  the page and its data are computed) and on a hit: median CPU time of this process
  (``time.process_time``: the web process's cost, whatever else the machine runs), median
  wall time, queries and size,
- the same for the player page, a session's results and the projector's rows,
- the referee's pages (logged in, never cached): the desk, a session's sheets, a sheet
  opened, and a sheet saved and confirmed (in a 13th session seated for it),
- the time of the standings XLSX export and of the EMA results file (CSV and XLSX),
- the stream's audience after a change: ``--player-pages N`` distinct player
  pages read once each after one bump of the version, as spectators reading different
  players' pages do after every confirmed sheet: the CPU time of all of them and per page.

``--profile LABEL`` prints cProfile's top functions for that page (a miss) instead.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def setup_django(db_path: str) -> None:
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{db_path}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    import django
    from django.conf import settings

    # Production keeps the cache in Redis, bounded by memory; the test settings' local
    # memory cache holds 300 entries and would evict the tournament's version while 400
    # players' extracts are written.
    settings.CACHES["default"].setdefault("OPTIONS", {})["MAX_ENTRIES"] = 100_000
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build(players: int, sessions: int, seed: int):
    import datetime as dt

    from django.contrib.auth import get_user_model

    from scoring.services import sheet_confirm, sheet_save
    from tournament.models import Player, Registration, Seat, Session, Staff, Table, Tournament

    tournament = Tournament.objects.create(
        name="Benchmark Open",
        slug="bench-open",
        start_date=dt.date(2026, 5, 1),
        end_date=dt.date(2026, 5, 3),
        visibility=Tournament.Visibility.PUBLISHED,
        session_count=sessions,
    )
    referee = get_user_model().objects.create_user("bench_referee", password="x")
    Staff.objects.create(tournament=tournament, user=referee, role=Staff.Role.REFEREE)
    people = Player.objects.bulk_create(
        Player(
            tournament=tournament,  # the tournament's own entry (tournament.models.Player)
            first_name=f"First{i:03d}",
            last_name=f"Last{i:03d}",
            ema_number=f"05{i:06d}",
            country=random.Random(i).choice(["DE", "FR", "NL", "DK", "FI", "SE", "PL", "IT"]),
        )
        for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, status=Registration.Status.CONFIRMED)
        for p in people
    )
    tables = Table.objects.bulk_create(
        Table(tournament=tournament, number=n + 1) for n in range(players // 4)
    )
    rng = random.Random(seed)
    made = []
    for number in range(1, sessions + 1):
        session = Session.objects.create(tournament=tournament, number=number)
        order = list(people)
        rng.shuffle(order)
        Seat.objects.bulk_create(
            Seat(session=session, table=tables[i // 4], wind=i % 4, player=p)
            for i, p in enumerate(order)
        )
        made.append(session)
    started = time.perf_counter()
    for session in made:
        for table in tables:
            points = [30000 + 100 * round(rng.gauss(0, 110)) for _ in range(3)]
            points.append(120000 - sum(points))
            sheet = sheet_save(
                session=session,
                table=table,
                mode="final",
                entry={
                    "points": points,
                    "riichi_left": 0,
                    "chombo": [0] * 4,
                    "substitutes": [""] * 4,
                },
                expected_version=0,
                user=referee,
            )
            sheet_confirm(sheet=sheet, expected_version=sheet.version, user=referee)
    entered = time.perf_counter() - started
    return tournament, people, entered, len(made) * len(tables)


def measure(client, url: str, runs: int, *, before=None, method="get", data=None, expect=200):
    """Medians of CPU and wall seconds, the queries of one request, the response's size.
    ``before()`` runs ahead of each request, outside the measure (a cache bump)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cpu, wall = [], []
    queries = size = 0
    for i in range(runs):
        if before is not None:
            before()
        call = getattr(client, method)
        with CaptureQueriesContext(connection) as captured:
            started, started_cpu = time.perf_counter(), time.process_time()
            response = call(url, data(i)) if data is not None else call(url)
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
        assert response.status_code == expect, (url, response.status_code)
        queries = len(captured)
        size = len(response.content)
    return statistics.median(cpu), statistics.median(wall), queries, size


def show(label: str, cpu: float, wall: float, queries: int, size: int) -> None:
    print(
        f"{label:<24} {1000 * cpu:8.1f} ms CPU {1000 * wall:8.1f} ms wall "
        f"{queries:3d} queries {size:>8} bytes"
    )


def profile(client, url: str, before) -> None:
    import cProfile
    import pstats

    before()
    client.get(url)  # warm up: imports, template loading
    before()
    profiler = cProfile.Profile()
    profiler.enable()
    client.get(url)
    profiler.disable()
    pstats.Stats(profiler).sort_stats(os.environ.get("PSORT", "cumulative")).print_stats(45)


def referee_pages(client, tournament):
    """(label, url, options) of the referee's pages; sheets are saved and confirmed in a
    new session, seated as the last one, table after table."""
    from django.urls import reverse

    from tournament.models import Seat, Session

    slug = tournament.slug
    last = tournament.sessions.order_by("-number").first()
    extra = Session.objects.create(tournament=tournament, number=last.number + 1)
    Seat.objects.bulk_create(
        Seat(session=extra, table=s.table, wind=s.wind, player_id=s.player_id)
        for s in last.seats.all()
    )
    tables = list(tournament.tables.order_by("number").values_list("number", flat=True))

    def sheet_data(i):
        rng = random.Random(i)
        points = [30000 + 100 * rng.randint(-120, 120) for _ in range(3)]
        points.append(120000 - sum(points))
        data = {"mode": "final", "version": "0", "riichi_left": "0", "reason": ""}
        for seat in range(4):
            data |= {f"points_{seat}": points[seat], f"chombo_{seat}": 0, f"substitute_{seat}": ""}
        return data

    def save_url(i):
        return reverse("scoring:sheet", args=[slug, extra.number, tables[i]])

    return [
        ("desk", reverse("referee:desk", args=[slug]), {}),
        ("desk, search", reverse("referee:desk", args=[slug]) + "?q=Last00", {}),
        ("session sheets", reverse("scoring:session", args=[slug, last.number]), {}),
        ("sheet open", reverse("scoring:sheet", args=[slug, last.number, 1]), {}),
        (
            "sheet save",
            None,
            {"urls": save_url, "method": "post", "data": sheet_data, "expect": 302},
        ),
        (
            "sheet confirm",
            None,
            {
                "urls": lambda i: save_url(i) + "confirm/",
                "method": "post",
                "data": lambda i: {"version": "1"},
                "expect": 302,
            },
        ),
    ]


def audience_after_a_change(client, tournament, people, runs: int) -> None:
    """After one change (a sheet confirmed), each of ``people``'s pages read once, as by
    spectators who follow different players: the tournament's version is bumped, so every
    page misses the page cache and the standings are computed again, once, by the first.

    Printed: the CPU time of one standings computation alone, and what the pages cost on
    top of it, per page (the target: 5 ms a page). A confirmed sheet changes the figures of
    the four players at its table (and the ranks of some others): those pages are rendered
    again; the same pages all rendered afresh are measured too ("every page changed": the
    cache emptied, the pages' digests forgotten)."""
    from django.core.cache import cache
    from django.urls import reverse

    from results.standings.selectors import standings
    from web.cache import RESULTS, bump

    urls = [reverse("tournament:player", args=[tournament.slug, p.pk]) for p in people]
    for url in urls:  # each page rendered once before: the spectators have read them
        assert client.get(url).status_code == 200
    alone = []
    for _ in range(runs):
        started = time.process_time()
        standings(tournament)
        alone.append(time.process_time() - started)
    computation = statistics.median(alone)
    print(f"one standings computation: {1000 * computation:8.1f} ms CPU")

    def read_all(forget: bool) -> float:
        totals = []
        for _ in range(runs):
            # What a confirmed sheet bumps: the results' version (scoring.services), not the
            # seating's.
            bump(tournament.pk, (RESULTS,))
            if forget:  # every page's digest forgotten: each is rendered
                cache.clear()
            started = time.process_time()
            for url in urls:
                assert client.get(url).status_code == 200
            totals.append(time.process_time() - started)
        return statistics.median(totals)

    total = read_all(forget=False)
    print(
        f"{len(urls)} player pages after a change: {1000 * total:8.1f} ms CPU, "
        f"{1000 * (total - computation) / len(urls):.1f} ms a page on top of one standings "
        f"computation (median of {runs})"
    )
    total = read_all(forget=True)
    print(
        f"{len(urls)} player pages, every page changed: {1000 * total:8.1f} ms CPU, "
        f"{1000 * (total - computation) / len(urls):.1f} ms a page on top of one standings "
        f"computation (median of {runs})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="LABEL", help="cProfile one page (a miss)")
    parser.add_argument(
        "--player-pages",
        type=int,
        default=40,
        help="distinct player pages read after one change (the audience's cost of a sheet)",
    )
    args = parser.parse_args()
    if args.players % 4:
        parser.error("--players must be a multiple of 4 (four players a table)")

    with tempfile.TemporaryDirectory() as tmp:
        setup_django(os.path.join(tmp, "bench.sqlite3"))
        from django.test import Client
        from django.urls import reverse

        from results.standings.exports import ema_csv, ema_xlsx

        tournament, people, entered, sheets = build(args.players, args.sessions, args.seed)
        # The build leaves many objects behind that a web process would not have: keep the
        # garbage collector from scanning them in the middle of the measured requests.
        gc.collect()
        gc.freeze()
        print(
            f"{args.players} players, {args.sessions} sessions: {sheets} sheets entered and "
            f"confirmed in {entered:.1f} s ({1000 * entered / sheets:.1f} ms a sheet)"
        )
        from web.cache import bump

        client = Client()
        slug = tournament.slug

        def miss():
            bump(tournament.pk)

        standings_url = reverse("tournament:standings", args=[slug])
        pages = [
            ("standings page", standings_url),
            ("standings page 8", standings_url + "?page=8"),
            ("standings by S5", standings_url + "?sort=s5"),
            ("player page", reverse("tournament:player", args=[slug, people[0].pk])),
            ("session results", reverse("tournament:session_results", args=[slug, 1])),
            ("projector rows", reverse("tournament:standings_projector_rows", args=[slug])),
        ]
        if args.profile:
            profile(client, dict(pages)[args.profile], miss)
            return
        for label, url in pages:
            show(f"{label} (miss)", *measure(client, url, args.runs, before=miss))
            client.get(url)
            show(f"{label} (hit)", *measure(client, url, args.runs))
        audience_after_a_change(client, tournament, people[: args.player_pages], args.runs)
        for label, url in (
            ("standings XLSX", standings_url + "?_export=xlsx"),
            ("standings CSV", standings_url + "?_export=csv"),
        ):
            show(label, *measure(client, url, args.runs, before=miss))
        from tournament.models import Staff

        referee = Staff.objects.filter(tournament=tournament).first().user
        client.force_login(referee)
        pages = referee_pages(client, tournament)
        for label, url, options in pages:
            if url is None:  # a write: each run on its own table
                urls = options.pop("urls")
                cpu, wall, queries, size = [], [], 0, 0
                for i in range(args.runs):
                    one = measure(
                        client,
                        urls(i),
                        1,
                        data=lambda _, i=i, make=options["data"]: make(i),
                        method=options["method"],
                        expect=options["expect"],
                    )
                    cpu.append(one[0])
                    wall.append(one[1])
                    queries, size = one[2], one[3]
                show(label, statistics.median(cpu), statistics.median(wall), queries, size)
            else:
                show(label, *measure(client, url, args.runs))
        for label, export in (("EMA results CSV", ema_csv), ("EMA results XLSX", ema_xlsx)):
            times = []
            for _ in range(args.runs):
                started = time.perf_counter()
                body = export(tournament)
                times.append(time.perf_counter() - started)
            print(f"{label:<18} {1000 * statistics.median(times):8.1f} ms  {len(body):>22} bytes")


if __name__ == "__main__":
    main()
