"""Standings of a big event: 400 players, 12 sessions, every score sheet entered.

Run from the project root:  ``python benchmarks/bench_standings.py [--players N] [--sessions S]``

It builds the event in a throw-away SQLite database (or the one DATABASE_URL names), enters
and confirms every sheet through ``scoring.services`` (the same path a referee's form takes,
so the rules core checks each one), then prints:

- how long entering the sheets took,
- the standings page's time and its number of database queries (median of a few runs),
- the same for the player page and a session's results,
- the time of the standings XLSX export and of the EMA results file (CSV and XLSX).
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


def measure(client, url: str, runs: int) -> tuple[float, int, int]:
    """Median seconds, queries of one request, response size."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times = []
    queries = 0
    size = 0
    for _ in range(runs):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - started)
        assert response.status_code == 200, (url, response.status_code)
        queries = len(captured)
        size = len(response.content)
    return statistics.median(times), queries, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.players % 4:
        parser.error("--players must be a multiple of 4 (four players a table)")

    with tempfile.TemporaryDirectory() as tmp:
        setup_django(os.path.join(tmp, "bench.sqlite3"))
        from django.test import Client
        from django.urls import reverse

        from tournament.standings.exports import ema_csv, ema_xlsx

        tournament, people, entered, sheets = build(args.players, args.sessions, args.seed)
        # The build leaves many objects behind that a web process would not have: keep the
        # garbage collector from scanning them in the middle of the measured requests.
        gc.collect()
        gc.freeze()
        print(
            f"{args.players} players, {args.sessions} sessions: {sheets} sheets entered and "
            f"confirmed in {entered:.1f} s ({1000 * entered / sheets:.1f} ms a sheet)"
        )
        client = Client()
        slug = tournament.slug
        pages = [
            ("standings page", reverse("tournament:standings", args=[slug])),
            ("standings page 8", reverse("tournament:standings", args=[slug]) + "?page=8"),
            ("player page", reverse("tournament:player", args=[slug, people[0].pk])),
            ("session results", reverse("tournament:session_results", args=[slug, 1])),
            ("projector rows", reverse("tournament:standings_projector_rows", args=[slug])),
            (
                "standings XLSX",
                reverse("tournament:standings", args=[slug]) + "?_export=xlsx",
            ),
            ("standings CSV", reverse("tournament:standings", args=[slug]) + "?_export=csv"),
        ]
        for label, url in pages:
            seconds, queries, size = measure(client, url, args.runs)
            print(f"{label:<18} {1000 * seconds:8.1f} ms  {queries:3d} queries  {size:>8} bytes")
        for label, export in (("EMA results CSV", ema_csv), ("EMA results XLSX", ema_xlsx)):
            times = []
            for _ in range(args.runs):
                started = time.perf_counter()
                body = export(tournament)
                times.append(time.perf_counter() - started)
            print(f"{label:<18} {1000 * statistics.median(times):8.1f} ms  {len(body):>22} bytes")


if __name__ == "__main__":
    main()
