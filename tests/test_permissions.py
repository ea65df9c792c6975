"""The role walk: every URL of the project, requested by every role, gets the status its
view promises (architecture.md, "Who may do what").

The URLs come from ``get_resolver()`` walked recursively, so a view added later is in the
walk at once; ``test_every_url_has_an_expectation`` fails until ``EXPECTATIONS`` says who
may use it.  Roles: anonymous, a stranger (logged in, no role), a player of the published
tournament (seated at table 1), a referee and an organiser of *another* tournament, the
tournament's referee (who may not run the clock), its organiser, and a superuser (an
organiser everywhere, and the only role the Django admin lets in).  Each slug URL is walked
for a published and for a draft tournament: a draft is invisible (404) to all but its staff.

Every URL is requested with the method its view expects (the statuses below, exactly) and
with the other one (GET for a POST view, POST for a page): then a role that is kept out must
still be kept out (its status, or 405), and a role let in must get no server error.

Statuses: ``200``; ``302`` to somewhere other than the login page (a POST that worked, a
page that forwards); ``login`` (302 to the login page); ``403``; ``404``; ``405``.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from referee.models import (
    Disqualification,
    Penalty,
    RefereeCall,
    ResultsRemoval,
    Substitution,
)
from results.models import Stage, StageEntry
from scoring.models import ReportingSettings
from scoring.services import sheet_confirm, sheet_save
from tournament.models import (
    ApartGroup,
    Player,
    Registration,
    SeatingJob,
    Session,
    Staff,
    Table,
    Team,
    Tournament,
)

ROLES = (
    "anonymous",
    "stranger",
    "player",
    "other_referee",
    "other_organiser",
    "referee",
    "superuser",
    "organiser",
)
STAFF_ROLES = {"referee", "organiser", "superuser"}
ORGANISER_ROLES = {"organiser", "superuser"}  # superusers act as organisers everywhere
DENIED = {"login", "admin-login", 403, 404}  # the statuses that keep a role out
ANY_STATUS = "any"  # let in: whatever the page answers, short of a server error


# --- the URLs of the project --------------------------------------------------------------


def _walk(resolver, prefix="", namespace=None):
    for item in resolver.url_patterns:
        if isinstance(item, URLResolver):
            ns = namespace
            if item.namespace:
                ns = f"{namespace}:{item.namespace}" if namespace else item.namespace
            yield from _walk(item, prefix + str(item.pattern), ns)
        elif isinstance(item, URLPattern):
            route = prefix + str(item.pattern)
            # Unnamed patterns (the admin's redirects) are known by their route.
            key = route
            if item.name:
                key = f"{namespace}:{item.name}" if namespace else item.name
            yield key, route, item


def all_urls() -> dict[str, tuple[str, URLPattern]]:
    return {key: (route, item) for key, route, item in _walk(get_resolver())}


# --- what each URL promises ---------------------------------------------------------------

ANY = "any"  # everyone
LOGIN = "login"  # any logged-in user (login_required, no tournament)
PUBLIC = "public"  # require_view: published for all, draft for its staff
PUBLIC_LOGIN = "public_login"  # login_required + require_view
STAFF = "staff"  # require_staff without login_required: anonymous gets 403 too
STAFF_LOGIN = "staff_login"  # login_required + require_staff
ORGANISER = "organiser"  # require_organiser (no login_required)
ORGANISER_LOGIN = "organiser_login"  # login_required + require_organiser
RUN_CLOCK = "run_clock"  # organisers, and referees allowed to run the clock
TABLE_REPORT = "table_report"  # staff, and the players of that table
# login_required + require_view, then only a player seated in the running session of a
# tournament where players enter the sheets (the published one here): the others get 403.
PLAYER_REPORT = "player_report"
ADMIN = "admin"  # Django's admin: only Django staff users (none of the roles)
CREATE = "create"  # login_required + may_create_tournament: the administrator's approval


@dataclass(frozen=True)
class Expect:
    access: str
    method: str = "GET"
    ok: int | dict = 200  # the status of a role that gets in (per role when a dict)
    data: dict = field(default_factory=dict)


def E(access, method="GET", ok=200, **data):  # short: it reads as a table below
    return Expect(access, method, ok, data)


EXPECTATIONS: dict[str, Expect] = {
    "home": E(ANY),
    "login": E(ANY),
    "logout": E(ANY, "POST", ok=302),
    # The language switch of every page: anyone, a redirect back with a cookie.
    "set_language": E(ANY, "POST", ok=302, language="de"),
    "language_switch": E(ANY, ok=302, language="de"),
    "javascript-catalog": E(ANY),
    "signup": E(ANY, ok={"anonymous": 200, "*": 302}),  # logged in: forwarded home
    "profile": E(LOGIN, ok={"player": 200, "*": 302}),  # no player record: forwarded home
    # Linking an account to a player on record; the organiser's accounts page.
    "profile_link": E(LOGIN),
    "profile_link_mail": E(LOGIN),  # a GET only asks to confirm
    "profile_link_request": E(PUBLIC_LOGIN),
    # The person takes his account off one of his entries: back to his links, with a message.
    "profile_link_undo": E(LOGIN, "POST", ok=302),
    # A person's own data: the notice for everyone, the download and deletion his own.
    "privacy": E(ANY),
    "profile_data": E(LOGIN),
    # Notifications (companion/): the switches are the account's; the posts of a browser's
    # subscription and follows are anyone's (no account needed), refused without a body
    # (400), and a subscription while push is off (no VAPID keys in the tests) is a 409.
    "companion:preferences": E(LOGIN),
    "companion:token": E(ANY),
    "companion:subscribe": E(ANY, "POST", ok=409),
    "companion:unsubscribe": E(ANY, "POST", ok=400),
    "companion:follow": E(PUBLIC, "POST", ok=400),
    "companion:unfollow": E(PUBLIC, "POST", ok=400),
    "profile_delete": E(LOGIN),
    "password_reset": E(ANY),
    "password_reset_done": E(ANY),
    "password_reset_confirm": E(ANY),  # a made-up token: the page says the link is old
    "password_reset_complete": E(ANY),
    # web/webapp.py: what a phone asks for to install the site
    "favicon.ico": E(ANY, ok=301),  # forwards to the static icon for good
    "webmanifest": E(ANY),
    "service_worker": E(ANY),
    # tournament/events/ and registration/ views: organisers (require_organiser)
    "tournament:new": E(CREATE),
    "tournament:dashboard": E(ORGANISER),
    "tournament:final_check": E(ORGANISER),
    "tournament:settings": E(ORGANISER),
    "tournament:tables": E(ORGANISER),
    "tournament:schedule": E(ORGANISER),
    "tournament:staff": E(ORGANISER),
    "tournament:staff_remove": E(ORGANISER, "POST", ok=302),
    "tournament:staff_tables": E(ORGANISER, "POST", ok=302),
    "tournament:publish": E(ORGANISER, "POST", ok=302),
    "tournament:session_board": E(STAFF),
    "tournament:session_board_rows": E(STAFF),
    "tournament:open_registration": E(ORGANISER, "POST", ok=302),
    "tournament:close_registration": E(ORGANISER, "POST", ok=302),
    "tournament:confirm_pending": E(ORGANISER, "POST", ok=302),
    "tournament:registration_action": E(ORGANISER, "POST", ok=302),
    "tournament:player_add": E(ORGANISER),
    "tournament:player_edit": E(ORGANISER),
    "tournament:registration_withdraw": E(ORGANISER),  # asks first
    "tournament:player_import": E(ORGANISER),
    "tournament:checkin": E(ORGANISER),
    "tournament:fill_from_reserves": E(ORGANISER, "POST", ok=302),
    # tournament/registration/team_views.py
    "tournament:teams": E(ORGANISER),
    "tournament:accounts": E(ORGANISER),
    "tournament:accounts_decide": E(ORGANISER, "POST", ok=302),
    "tournament:accounts_undo": E(ORGANISER, "POST", ok=302),
    "tournament:team_new": E(ORGANISER),
    "tournament:team_edit": E(ORGANISER),
    "tournament:team_delete": E(ORGANISER, "POST", ok=302),
    # Championship stages; the actions refused by the stage's state come back to
    # the stages page with the reason.
    "tournament:stages": E(ORGANISER),
    "tournament:stage_edit": E(ORGANISER),
    "tournament:stage_delete": E(ORGANISER, "POST", ok=302),
    "tournament:stage_cut": E(ORGANISER, "POST", ok=302),
    "tournament:stage_cut_undo": E(ORGANISER, "POST", ok=302),
    "tournament:stage_replace": E(ORGANISER, "POST", ok=302, reason="Ill"),
    "tournament:stage_seat": E(ORGANISER, "POST", ok=302),
    "tournament:stages_add_sessions": E(ORGANISER, "POST", ok=302),
    "tournament:stream": E(PUBLIC),
    "tournament:stream_state": E(PUBLIC),
    # tournament/registration/views.py
    "tournament:register": E(PUBLIC_LOGIN),
    "tournament:withdraw": E(PUBLIC_LOGIN, "POST", ok=302),
    # tournament/views.py and the clock: public pages
    "tournament:detail": E(PUBLIC),
    "tournament:players": E(PUBLIC),
    "tournament:session": E(PUBLIC),
    "tournament:clock": E(PUBLIC, ok=302),  # forwards to the current session's clock
    "tournament:session_clock": E(PUBLIC),
    "tournament:session_clock_state": E(PUBLIC),
    "tournament:clock_current_state": E(PUBLIC),
    "tournament:session_clock_control": E(RUN_CLOCK, "POST", ok=302),
    "tournament:session_table_finished": E(TABLE_REPORT, "POST", ok=302),
    # results/standings/views.py: public, but the EMA file is the staff's
    "tournament:standings": E(PUBLIC),
    "tournament:standings_projector": E(PUBLIC),
    "tournament:standings_projector_rows": E(PUBLIC),
    "tournament:team_standings": E(PUBLIC),
    "tournament:team_standings_projector": E(PUBLIC),
    "tournament:team_standings_projector_rows": E(PUBLIC),
    "tournament:results": E(PUBLIC),
    "tournament:session_results": E(PUBLIC),
    "tournament:session_results_projector": E(PUBLIC),
    "tournament:session_results_projector_rows": E(PUBLIC),
    "tournament:player": E(PUBLIC),
    "tournament:ema_export": E(STAFF),
    # tournament/seating/views.py: generating and changing is the organisers', the rest public
    "tournament:seating": E(PUBLIC),
    "tournament:seating_mine": E(PUBLIC, ok=302),  # forwards to the player's own schedule
    "tournament:seating_manage": E(ORGANISER),
    "tournament:seating_generate": E(ORGANISER, "POST", ok=302),
    "tournament:seating_fix_table": E(ORGANISER, "POST", ok=302),
    "tournament:seating_fill": E(ORGANISER),
    "tournament:seating_import": E(ORGANISER),
    "tournament:seating_quality": E(PUBLIC),
    "tournament:seating_apart": E(ORGANISER),
    "tournament:seating_apart_countries": E(ORGANISER, "POST", ok=302),
    "tournament:seating_apart_delete": E(ORGANISER, "POST", ok=302),
    "tournament:seating_job": E(ORGANISER),
    "tournament:seating_job_state": E(ORGANISER),
    "tournament:seating_job_input": E(PUBLIC),
    "tournament:session_print_tables": E(PUBLIC),
    "tournament:session_print_hall": E(PUBLIC),
    "tournament:session_print_sheets": E(STAFF),
    "tournament:session_print_slips": E(STAFF),
    "tournament:session_seating_edit": E(ORGANISER),
    # The organiser's one click that publishes a session's draft seating (a published one: told).
    "tournament:session_seating_publish": E(ORGANISER, "POST", ok=302),
    "tournament:session_seating_preview": E(ORGANISER, ok=400),  # no choice: says what is missing
    "tournament:player_schedule": E(PUBLIC),
    # scoring/views.py: the sheets are the staff's, the calculator is public
    "scoring:current": E(STAFF_LOGIN, ok=302),  # forwards to the session's sheets
    "scoring:session": E(STAFF_LOGIN),
    "scoring:sheet": E(STAFF_LOGIN),
    "scoring:confirm": E(STAFF_LOGIN, "POST", ok=302),
    "scoring:check": E(STAFF_LOGIN, "POST"),  # the running totals of the guided flow (JSON)
    "scoring:history": E(STAFF_LOGIN),
    "scoring:calculator": E(PUBLIC),
    "scoring:standings_settings": E(ORGANISER_LOGIN, "POST", ok=302),
    # referee/views.py: the desk is the staff's, every page of it
    "referee:desk": E(STAFF_LOGIN),
    "referee:log": E(STAFF_LOGIN),
    "referee:player": E(STAFF_LOGIN),
    "referee:penalty_new": E(STAFF_LOGIN),
    "referee:substitute": E(STAFF_LOGIN),
    "referee:disqualify": E(STAFF_LOGIN),
    "referee:penalty_withdraw": E(STAFF_LOGIN),
    "referee:penalty_correct": E(STAFF_LOGIN),
    "referee:substitution_withdraw": E(STAFF_LOGIN),
    "referee:disqualification_withdraw": E(STAFF_LOGIN),
    "referee:results_removal": E(STAFF_LOGIN),
    "referee:results_removal_withdraw": E(STAFF_LOGIN),
    # scoring/reporting/views.py: players report their own table's sheet
    "reporting:my_table": E(PUBLIC_LOGIN),
    # The player's table 1 is confirmed in the world: back to his table's page.
    "reporting:enter": E(PLAYER_REPORT, ok=302),
    # An empty answer: the player's own table's page again, saying what is missing.
    "reporting:answer": E(PLAYER_REPORT, "POST", ok=400),
    # The running totals of a phone's hands: his table 1 is confirmed, only a referee corrects.
    "reporting:check": E(PLAYER_REPORT, "POST", ok=409),
    "reporting:answer_code": E(PLAYER_REPORT, "POST", ok=400),
    # referee/calls/: a player seated at a table of the running session calls a referee
    # (back to his table's page); the desk's queue, taking and closing are the staff's.
    "calls:call": E(PLAYER_REPORT, "POST", ok=302),
    "calls:call_from_sheet": E(STAFF_LOGIN, "POST", ok=302, session="1", table="1"),
    "calls:queue": E(STAFF_LOGIN),
    "calls:take": E(STAFF_LOGIN, "POST", ok=302),
    "calls:close": E(STAFF_LOGIN),
    "reporting:settings": E(ORGANISER_LOGIN),
    "reporting:slips": E(ORGANISER_LOGIN),
    "reporting:statistics": E(PUBLIC),
    # api/: the public API, read-only, with the pages' permissions
    "api:api-root": E(ANY, ok=404),  # django-ninja's root: forwards to the docs only in DEBUG
    "api:openapi-json": E(ANY),
    "api:openapi-view": E(ANY),
    "api:tournament_list": E(ANY),
    "api:tournament_detail": E(PUBLIC),
    "api:player_list": E(PUBLIC),
    "api:player_detail": E(PUBLIC),
    "api:session_seating": E(PUBLIC),
    "api:standings": E(PUBLIC),
    "api:session_results": E(PUBLIC),
    "api:current_clock": E(PUBLIC),
    "api:session_clock": E(PUBLIC),
}

# Django's admin: every page sends a user who is not Django staff to the admin's login,
# except the login page itself and the logout, which sends them back to /admin/.
ADMIN_OPEN = {
    "admin:login": E(ANY, ok={"superuser": 302, "*": 200}),  # a superuser goes on to the index
    "admin:logout": E(ANY, ok={"superuser": 405, "*": 302}),  # back to /admin/; GET is no logout
}


def expectation(key: str) -> Expect | None:
    if key in EXPECTATIONS:
        return EXPECTATIONS[key]
    if key in ADMIN_OPEN:
        return ADMIN_OPEN[key]
    if key.startswith("admin:") or key.startswith("admin/"):
        return E(ADMIN)
    return None


def expected(exp: Expect, role: str, visibility: str | None):
    """The status ``role`` gets, or "login" for a redirect to the login page."""
    ok = exp.ok if isinstance(exp.ok, int) else exp.ok.get(role, exp.ok.get("*"))
    staff = role in STAFF_ROLES
    hidden = visibility == "draft" and not staff  # require_view: "No such tournament."
    denied = 404 if hidden else 403
    access = exp.access
    if access == ANY:
        return ok
    if access == ADMIN:
        return ANY_STATUS if role == "superuser" else "admin-login"
    if role == "anonymous" and access in (
        LOGIN,
        PUBLIC_LOGIN,
        STAFF_LOGIN,
        ORGANISER_LOGIN,
        CREATE,
    ):
        return "login"
    if access == LOGIN:
        return ok
    if access == CREATE:
        return ok if role == "superuser" else 403  # nobody else was approved to create
    if access in (PUBLIC, PUBLIC_LOGIN):
        return 404 if hidden else ok
    # A 403 for someone not logged in becomes a redirect to the login page for a GET
    # (tournament/pages.py permission_denied); a POST keeps its 403.
    gated = access in (STAFF, ORGANISER, RUN_CLOCK, TABLE_REPORT)
    if role == "anonymous" and not hidden and exp.method == "GET" and gated:
        return "login"
    if access in (STAFF, STAFF_LOGIN):
        return ok if staff else denied
    if access in (ORGANISER, ORGANISER_LOGIN):
        return ok if role in ORGANISER_ROLES else denied
    if access == RUN_CLOCK:
        return ok if role in ORGANISER_ROLES else denied  # the referee may not run the clock
    if access == TABLE_REPORT:
        return ok if staff or (role == "player" and not hidden) else denied
    if access == PLAYER_REPORT:
        if role == "anonymous":
            return "login"
        return ok if role == "player" and not hidden else denied
    raise AssertionError(f"unknown access {access}")


# --- the world the URLs are filled from ---------------------------------------------------


def _user(username: str):
    return get_user_model().objects.create_user(username=username, password="pw")


def _event(slug: str, visibility: str, staff: dict, player_user=None) -> dict:
    tournament = Tournament.objects.create(
        name=slug.title(),
        slug=slug,
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        visibility=visibility,
        session_count=2,
        team_size=4,
    )
    for role, user in staff.items():
        Staff.objects.create(tournament=tournament, user=user, role=role)
    spare = Staff.objects.create(
        tournament=tournament, user=_user(f"spare-{slug}"), role=Staff.Role.REFEREE
    )
    players = []
    for i in range(9):
        player = Player.objects.create(
            first_name=f"P{i}", last_name=f"{slug}-{i}", country="DE", ema_number=""
        )
        Registration.objects.create(
            tournament=tournament,
            player=player,
            status=Registration.Status.CONFIRMED,
            is_reserve=i == 8,
        )
        players.append(player)
    if player_user is not None:
        players[0].user = player_user
        players[0].save()
        ReportingSettings.objects.create(
            tournament=tournament, entry=ReportingSettings.Entry.PLAYERS
        )
    tables = [Table.objects.create(tournament=tournament, number=n) for n in (1, 2)]
    first = Session.objects.create(tournament=tournament, number=1, state="running")
    second = Session.objects.create(tournament=tournament, number=2)
    for session in (first, second):
        for i, player in enumerate(players[:8]):
            session.seats.create(table=tables[i // 4], wind=i % 4, player=player)
    sheet = sheet_save(
        session=first,
        table=tables[0],
        mode="final",
        entry={"points": [40000, 35000, 25000, 20000], "riichi_left": 0},
        expected_version=0,
        user=None,
    )
    sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)
    referee = staff.get(Staff.Role.REFEREE)
    penalty = Penalty.objects.create(
        tournament=tournament,
        player=players[1],
        session=first,
        table=tables[0],
        kind="late",
        minutes=3,
        points=-3,
        created_by=referee,
    )
    substitution = Substitution.objects.create(
        tournament=tournament,
        player=players[5],
        session=second,
        table=tables[1],
        wind=1,
        substitute=players[8],
        timing="start",
        created_by=referee,
    )
    disqualification = Disqualification.objects.create(
        tournament=tournament, player=players[6], reason="cheating", created_by=referee
    )
    call = RefereeCall.objects.create(
        tournament=tournament, session=first, table=tables[1], opened_by=referee
    )
    removal = ResultsRemoval.objects.create(
        tournament=tournament, player=players[5], reason="ill", created_by=referee
    )
    # A final table of one session (session 2), cut: A1 in, nobody in line.
    final = Stage.objects.create(
        tournament=tournament,
        order=1,
        name="Final",
        sessions=1,
        advancing=4,
        cut_at=dt.datetime(2026, 5, 2, tzinfo=dt.UTC),
    )
    StageEntry.objects.create(stage=final, player=players[0], seed=1)
    team = Team.objects.create(tournament=tournament, name="Owls")
    Registration.objects.filter(player__in=players[:2]).update(team=team)
    apart_group = ApartGroup.objects.create(tournament=tournament, name="Family")
    apart_group.players.set(players[2:4])
    seating_job = SeatingJob.objects.create(
        tournament=tournament,
        method="plan",
        seed=1,
        state="done",
        created_at=dt.datetime(2026, 5, 1, tzinfo=dt.UTC),
    )
    return {
        "tournament": tournament,
        "players": players,
        "staff_pk": spare.pk,
        "registration_pk": Registration.objects.get(tournament=tournament, player=players[7]).pk,
        "penalty": penalty.pk,
        "substitution": substitution.pk,
        "disqualification": disqualification.pk,
        "removal": removal.pk,
        "call": call.pk,
        "seating_job": seating_job.pk,
        "team": team.pk,
        "apart_group": apart_group.pk,
    }


def _build_world():
    users = {role: _user(role) for role in ROLES if role != "anonymous"}
    other = Tournament.objects.create(
        name="Other Open",
        slug="other-open",
        start_date=dt.date(2026, 7, 1),
        end_date=dt.date(2026, 7, 1),
        visibility=Tournament.Visibility.PUBLISHED,
    )
    Staff.objects.create(tournament=other, user=users["other_referee"], role=Staff.Role.REFEREE)
    Staff.objects.create(tournament=other, user=users["other_organiser"], role=Staff.Role.ORGANISER)
    users["superuser"].is_superuser = users["superuser"].is_staff = True
    users["superuser"].save()
    staff = {Staff.Role.ORGANISER: users["organiser"], Staff.Role.REFEREE: users["referee"]}
    events = {
        "published": _event("open-cup", "published", staff, player_user=users["player"]),
        "draft": _event("secret-cup", "draft", staff),
    }
    return users, events


@pytest.fixture(scope="module")
def _module_world(django_db_setup, django_db_blocker):
    """The world, built once for the module (about a thousand walks) instead of once a test.

    It is built inside a transaction that stays open for the module; each test's own
    transaction (the ``db`` fixture) is a savepoint inside it and is rolled back after the
    test, so every test meets the world as built, and the module's transaction is rolled
    back at the end: nothing is left for the next module."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield _build_world()
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@pytest.fixture
def world(_module_world, db):
    return _module_world


def _kwargs(key: str, route: str, event: dict | None) -> dict:
    names = re.findall(r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>", route)
    names = [a or b for a, b in names]
    pk_for = {
        "tournament:staff_remove": "staff_pk",
        "tournament:staff_tables": "staff_pk",
        "tournament:registration_action": "registration_pk",
        "tournament:player_edit": "registration_pk",
        "tournament:accounts_undo": "registration_pk",
        "tournament:accounts_decide": "registration_pk",  # no such request: told, 302
        "tournament:registration_withdraw": "registration_pk",
        "tournament:team_edit": "team",
        "tournament:team_delete": "team",
        "referee:penalty_withdraw": "penalty",
        "referee:penalty_correct": "penalty",
        "referee:substitution_withdraw": "substitution",
        "referee:disqualification_withdraw": "disqualification",
        "referee:results_removal_withdraw": "removal",
        "calls:take": "call",
        "calls:close": "call",
        "tournament:seating_job": "seating_job",
        "tournament:seating_job_state": "seating_job",
        "tournament:seating_job_input": "seating_job",
        "tournament:seating_apart_delete": "apart_group",
    }
    values = {
        "slug": event["tournament"].slug if event else None,
        "number": 1,
        "table_number": 1,
        "player_id": event["players"][0].pk if event else None,
        "kind": "late",
        "action": "confirm",
        "decision": "decline",
        "fmt": "csv",
        "order": 1,
        "seed": 1,
        # the admin's
        "object_id": "1",
        "content_type_id": "1",
        "id": "1",
        "app_label": "tournament",
        "url": "no-such-page/",
        "uidb64": "MQ",
        "token": "no-such-token",
    }
    out = {}
    for name in names:
        if name == "pk" and key == "profile_link_undo":
            # Any entry: the service undoes only the person's own link, else says why.
            out[name] = event["players"][0].pk if event else 1
        elif name == "pk":
            out[name] = event[pk_for[key]]
        else:
            out[name] = values[name]
    return out


def _path(key: str, route: str, item: URLPattern, kwargs: dict) -> str:
    if item.name:
        return reverse(key, kwargs=kwargs)
    # An unnamed pattern: fill its route by hand.
    path = route
    for name, value in kwargs.items():
        path = re.sub(rf"<(?:\w+:)?{name}>|\(\?P<{name}>[^)]*\)", str(value), path)
    return "/" + path.replace("^", "").replace("$", "")


URLS = all_urls()


def test_every_url_has_an_expectation():
    missing = sorted(key for key in URLS if expectation(key) is None)
    assert not missing, f"URLs nobody has said who may use: {missing}"
    stale = sorted(set(EXPECTATIONS) - set(URLS))
    assert not stale, f"expectations of URLs that no longer exist: {stale}"


CASES = [
    pytest.param(key, visibility, id=f"{key}-{visibility or 'global'}")
    for key, (route, _) in URLS.items()
    for visibility in (("published", "draft") if "<slug:slug>" in route else (None,))
]


def _status(response):
    status = response.status_code
    if status == 302:
        location = response["Location"]
        if location.startswith(reverse("admin:login")):
            return "admin-login"
        if location.startswith(reverse("login")):
            return "login"
    return status


def _walk_roles(client, users, url, method, data):
    """Each role's status."""
    got = {}
    for role in ROLES:
        client.logout()
        if role != "anonymous":
            client.force_login(users[role])
        # Each role meets the same world: what a POST changed is rolled back after it (the
        # superuser's removal of a staff member must leave one for the organiser to remove).
        # A server error raises here (the test client re-raises it): the test fails on it.
        with transaction.atomic():
            response = client.post(url, data) if method == "POST" else client.get(url)
            transaction.set_rollback(True)
        got[role] = _status(response)
    return got


def _url(key, visibility, events):
    route, item = URLS[key]
    event = events[visibility] if visibility else None
    return _path(key, route, item, _kwargs(key, route, event))


@pytest.mark.parametrize(("key", "visibility"), CASES)
def test_role_walk(client, world, key, visibility):
    """The method the view expects: every role gets exactly the status it is promised."""
    users, events = world
    exp = expectation(key)
    assert exp is not None, f"{key} has no expectation (see the test above)"
    url = _url(key, visibility, events)
    got = _walk_roles(client, users, url, exp.method, exp.data)
    want = {role: expected(exp, role, visibility) for role in ROLES}
    for role, status in want.items():
        if status == ANY_STATUS:
            # The admin's own rules for a superuser (read-only and no-delete pages answer
            # 403): only a server error would fail, and it raises above.
            want[role] = got[role]
    assert got == want, f"{exp.method} {url}"


@pytest.mark.parametrize(("key", "visibility"), CASES)
def test_role_walk_with_the_other_method(client, world, key, visibility):
    """The other method: nobody kept out gets in by it, and nobody gets a server error."""
    users, events = world
    exp = expectation(key)
    assert exp is not None, f"{key} has no expectation (see the test above)"
    method = "GET" if exp.method == "POST" else "POST"
    url = _url(key, visibility, events)
    got = _walk_roles(client, users, url, method, {})
    wrong = {}
    for role in ROLES:
        promised = expected(exp, role, visibility)
        # Kept out is kept out: someone not logged in is sent to log in for a GET and
        # refused (403) for a POST (tournament/pages.py permission_denied).
        if promised in DENIED and got[role] not in DENIED | {405}:
            wrong[role] = (got[role], f"kept out with {promised}")
        elif got[role] != "login" and isinstance(got[role], int) and got[role] >= 500:
            wrong[role] = (got[role], "a server error")
    assert not wrong, f"{method} {url}: {wrong}"
