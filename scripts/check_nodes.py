"""Two web nodes behind one proxy behave as one site: ``prod-stack.sh check-nodes``.

    scripts/prod-stack.sh up --nodes 2 && scripts/prod-stack.sh check-nodes

Run with the stack's environment (the script does that); talks to each node's gunicorn
pools directly (as nginx does: ``X-Forwarded-Proto: https``, the proxy's ``Host``) and to
nginx, and checks, on a small tournament of its own (``nodes-check``, made once):

1. a seating job queued from node 2 runs on the worker (the seats appear);
2. the standings cached by node 2 (``X-Cache: hit``) are made stale by a sheet entered and
   confirmed on node 1, and node 2 then shows the new result at once;
3. the sheet saved on node 1 is on node 2's sheet page;
4. nginx's microcache serves an anonymous reader (``X-Micro-Cache: HIT``) and never a
   logged-in one (``BYPASS``);
5. the desk, and a public page asked with the staff hint, are served by the staff pool
   (``X-Pool: staff``), an anonymous reader's by the public one.

Prints one line per check and exits 1 at the first that fails.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import ssl
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SLUG = "nodes-check"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FORM_TOKEN = re.compile(r'name="form_token" value="([0-9a-f]{32})"')


class CheckFailed(Exception):
    pass


def check(ok: bool, what: str) -> None:
    if not ok:
        raise CheckFailed(what)
    print(f"ok    {what}")


class Node:
    """One node's public and staff pools, addressed as nginx addresses them."""

    def __init__(self, name: str, public: int, staff: int, https_port: int):
        self.name, self.ports, self.host = name, {"public": public, "staff": staff}, https_port

    def request(self, pool, method, path, *, cookies=None, form=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.ports[pool], timeout=30)
        headers = {
            "Host": f"127.0.0.1:{self.host}",
            "X-Forwarded-Proto": "https",
            "X-Forwarded-For": "127.0.0.1",
        }
        body = None
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        if form is not None:
            from urllib.parse import urlencode

            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = f"https://127.0.0.1:{self.host}"
            headers["Referer"] = f"https://127.0.0.1:{self.host}{path}"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        content = response.read().decode()
        connection.close()
        return response, content


def through_nginx(https_port: int, path: str, cookies=None, headers=None):
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    connection = http.client.HTTPSConnection("127.0.0.1", https_port, context=context, timeout=30)
    headers = dict(headers or {})
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def set_cookie(response, name: str) -> str | None:
    for header, value in response.getheaders():
        if header.lower() == "set-cookie" and value.startswith(name + "="):
            return value.split(";", 1)[0].split("=", 1)[1]
    return None


def event():
    """The check's tournament (made once): 8 players checked in, 2 tables, 2 sessions, an
    organiser with a session of their own (as after a login)."""
    import datetime as dt

    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore

    from tournament.models import Player, Registration, Session, Staff, Table, Tournament

    tournament, made = Tournament.objects.get_or_create(
        slug=SLUG,
        defaults={
            "name": "Nodes check",
            "start_date": dt.date.today(),
            "end_date": dt.date.today(),
            "visibility": Tournament.Visibility.PUBLISHED,
            "session_count": 2,
        },
    )
    if made:
        for i in range(8):
            player = Player.objects.create(first_name=f"Node{i}", last_name="Check", country="DE")
            Registration.objects.create(
                tournament=tournament,
                player=player,
                status=Registration.Status.CONFIRMED,
                checked_in=True,
            )
        for n in (1, 2):
            Table.objects.create(tournament=tournament, number=n)
            Session.objects.create(tournament=tournament, number=n)
    user, _ = get_user_model().objects.get_or_create(username="nodes-check-organiser")
    Staff.objects.get_or_create(tournament=tournament, user=user, role=Staff.Role.ORGANISER)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return tournament, {"sessionid": session.session_key}


def post_form(node, pool, page_path, post_path, cookies, data):
    """GET the page holding the form (its CSRF cookie and token), then POST it."""
    response, page = node.request(pool, "GET", page_path, cookies=cookies)
    check(response.status == 200, f"{node.name}: {page_path} opens ({response.status})")
    cookies = dict(cookies)
    token = set_cookie(response, "csrftoken")
    if token:
        cookies["csrftoken"] = token
    form = {"csrfmiddlewaretoken": CSRF.search(page).group(1), **data}
    if match := FORM_TOKEN.search(page):
        form["form_token"] = match.group(1)
    return node.request(pool, "POST", post_path, cookies=cookies, form=form)


def run(nodes: list[Node], https_port: int) -> None:
    from scoring.models import ScoreSheet
    from tournament.models import Seat, SeatingJob

    one, two = nodes[0], nodes[1]
    tournament, staff = event()
    base = f"/t/{SLUG}"

    # 1. Seating queued from node 2, run by the worker.
    last = SeatingJob.objects.filter(tournament=tournament).order_by("-pk").first()
    response, _ = post_form(
        two,
        "staff",
        f"{base}/seating/manage/",
        f"{base}/seating/generate/",
        staff,
        {"method": "plan", "seed": "27", "replace": "1"},
    )
    check(response.status == 302, f"{two.name}: seating generation queued ({response.status})")
    job = SeatingJob.objects.filter(tournament=tournament).order_by("-pk").first()
    check(job is not None and job != last, f"{two.name}: the job is in the shared database")
    for _ in range(120):
        job.refresh_from_db()
        if job.state in (SeatingJob.State.DONE, SeatingJob.State.FAILED):
            break
        time.sleep(0.5)
    check(job.state == SeatingJob.State.DONE, f"the worker ran the job (state {job.state})")
    seats = Seat.objects.filter(session__tournament=tournament, session__number=1)
    check(seats.count() == 8, "session 1 is seated (8 seats)")

    # 2. Node 2 caches the standings.
    standings = f"{base}/standings/"
    two.request("public", "GET", standings)
    response, cached_page = two.request("public", "GET", standings)
    check(response.getheader("X-Cache") == "hit", f"{two.name}: standings cached (X-Cache hit)")

    # 3. A sheet entered and confirmed on node 1 (EMA 2016: 30,000 returned, uma 15/5/-5/-15).
    ScoreSheet.objects.filter(session__tournament=tournament).delete()
    sheet = f"{base}/sessions/1/sheets/1/"
    data = {"mode": "final", "version": "0", "riichi_left": "0", "reason": ""}
    # A different winning score each run, so that the recomputed standings always differ.
    top = 40000 + 100 * random.randint(1, 40)
    for i, points in enumerate([top, 31000, 26000, 63000 - top]):
        data |= {f"points_{i}": str(points), f"chombo_{i}": "0", f"substitute_{i}": ""}
    response, _ = post_form(one, "staff", sheet, sheet, staff, data)
    check(response.status == 302, f"{one.name}: sheet saved ({response.status})")
    response, _ = post_form(one, "staff", sheet, sheet + "confirm/", staff, {"version": "1"})
    confirmed = ScoreSheet.objects.filter(
        session__tournament=tournament, confirmed_at__isnull=False
    )
    check(response.status == 302 and confirmed.exists(), f"{one.name}: sheet confirmed")

    # Seen at once on node 2: its sheet page and its standings, no longer the cached copy.
    response, page = two.request("staff", "GET", sheet, cookies=staff)
    check(f'value="{top}"' in page, f"{two.name}: sees the sheet ({top} points at east)")
    response, fresh = two.request("public", "GET", standings)
    check(
        response.getheader("X-Cache") != "hit" and fresh != cached_page,
        f"{two.name}: standings recomputed after node 1's change "
        f"(X-Cache {response.getheader('X-Cache')})",
    )
    east = seats.get(table__number=1, wind=0).player
    api = json.loads(two.request("public", "GET", f"/api/v1/tournaments/{SLUG}/standings")[1])
    totals = {row["player"]["id"]: row["total"] for row in api["items"]}
    # EMA 2016: (points - 30,000) / 1,000 + 15 for the first place.
    expected = (top - 30000) / 1000 + 15
    check(totals.get(east.pk) == expected, f"{two.name}: the API has the winner's {expected}")

    # 4. nginx's microcache: anonymous readers share a copy for a second; staff never.
    through_nginx(https_port, standings)
    second = through_nginx(https_port, standings)
    check(
        second.getheader("X-Micro-Cache") in ("HIT", "UPDATING", "STALE"),
        f"nginx: anonymous standings from the microcache ({second.getheader('X-Micro-Cache')})",
    )
    logged_in = through_nginx(https_port, standings, cookies=staff)
    check(
        logged_in.getheader("X-Micro-Cache") == "BYPASS",
        f"nginx: a logged-in reader bypasses it ({logged_in.getheader('X-Micro-Cache')})",
    )
    # A public redirect (the clock's, to the current session) is kept like a page: readers
    # asking for it at once are not held behind a cache lock one after the other.
    clock = f"/t/{SLUG}/clock/"
    first, again = through_nginx(https_port, clock), through_nginx(https_port, clock)
    check(
        first.status == again.status
        and first.status in (200, 302)  # 200: no session running, "no clock" page
        and again.getheader("X-Micro-Cache") in ("HIT", "UPDATING", "STALE"),
        f"nginx: the clock's redirect kept ({again.status}, {again.getheader('X-Micro-Cache')})",
    )
    # One copy per language, not per Accept-Language string: two German browsers share it.
    german = [{"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}, {"Accept-Language": "de-AT, de"}]
    through_nginx(https_port, standings, headers=german[0])
    other = through_nginx(https_port, standings, headers=german[1])
    check(
        other.getheader("Content-Language") == "de"
        and other.getheader("X-Micro-Cache") in ("HIT", "UPDATING", "STALE"),
        f"nginx: one German copy for two German browsers ({other.getheader('X-Micro-Cache')})",
    )
    # The referee's desk goes to the staff pool, never through the microcache.
    desk = through_nginx(https_port, f"/t/{SLUG}/referee/")
    check(
        desk.getheader("X-Pool") == "staff" and desk.getheader("X-Micro-Cache") == "BYPASS",
        f"nginx: the referee's desk to the staff pool ({desk.getheader('X-Pool')}, "
        f"{desk.getheader('X-Micro-Cache')})",
    )
    # Staff reading a public page: the hint Django set at login sends them to the staff pool
    # too; an anonymous reader stays with the public one.
    hinted = through_nginx(https_port, standings, cookies=staff | {"staff_queue": "1"})
    anonymous = through_nginx(https_port, standings)
    check(
        hinted.status == 200
        and hinted.getheader("X-Pool") == "staff"
        and anonymous.getheader("X-Pool") == "public",
        f"nginx: staff's standings from the staff pool ({hinted.getheader('X-Pool')}), "
        f"a reader's from the public one ({anonymous.getheader('X-Pool')})",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--https-port", type=int, default=8443)
    parser.add_argument("nodes", nargs="+", help="public,staff ports of each node")
    args = parser.parse_args()
    if len(args.nodes) < 2:
        parser.error("start the stack with two nodes first: prod-stack.sh up --nodes 2")
    nodes = [
        Node(f"node {i}", *map(int, ports.split(",")), args.https_port)
        for i, ports in enumerate(args.nodes, 1)
    ]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    try:
        run(nodes, args.https_port)
    except CheckFailed as failed:
        print(f"FAIL  {failed}")
        sys.exit(1)
    print("check-nodes: all checks passed")


if __name__ == "__main__":
    main()
