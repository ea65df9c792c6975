"""Each of these answered a server error; each is now a 4xx or a page."""

from __future__ import annotations

import errno
import re
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from tournament.models import Registration, Staff, Team
from web.query import MAX_PER_PAGE, bounded_int

pytestmark = pytest.mark.django_db


@pytest.fixture
def anonymous():
    return Client(raise_request_exception=False)


@pytest.fixture
def teams(tournament, seated_session):
    tournament.team_size = 4
    tournament.save(update_fields=["team_size"])
    team = Team.objects.create(tournament=tournament, name="Owls")
    Registration.objects.filter(tournament=tournament).update(team=team)
    return team


# --- ?per_page=-1 and friends (web/query.py) ---------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("-1", 1),  # below the bound: the first allowed value
        ("0", 1),
        ("7", 7),
        ("201", MAX_PER_PAGE),
        (str(10**30), 50),  # more digits than any page: not a number a page asks for
        ("²", 50),  # str.isdigit() says yes, int() says no
        ("٣", 50),
        ("1e3", 50),
        ("", 50),
        (None, 50),
    ],
)
def test_per_page_is_bounded(raw, expected):
    assert bounded_int(raw, default=50, low=1, high=MAX_PER_PAGE) == expected


@pytest.mark.parametrize("query", ["per_page=-1", "per_page=0", "page=-5", "page=²", "page=99"])
@pytest.mark.parametrize("page", ["standings", "standings/teams", "players"])
def test_public_tables_answer_hostile_paging(anonymous, teams, tournament, page, query):
    response = anonymous.get(f"/t/{tournament.slug}/{page}/?{query}")
    assert response.status_code == 200


def test_per_page_minus_one_shows_one_row_per_page(anonymous, teams, tournament):
    page = anonymous.get(f"/t/{tournament.slug}/players/?per_page=-1").content.decode()
    # 8 players, 1 a page (the bound): one name, and a link to the eighth page.
    assert len(re.findall(r"First00\d", page)) == 1
    assert "page=8" in page


def test_per_page_beyond_the_bound_shows_at_most_the_bound(tournament, rf):
    from django_tables2 import Column, Table

    from web.query import paginate_table

    class Numbers(Table):
        n = Column()

    table = Numbers([{"n": i} for i in range(450)])
    paginate_table(rf.get("/", {"per_page": "100000000"}), table, per_page=50)
    assert len(table.page.object_list) == MAX_PER_PAGE


def test_referee_log_answers_hostile_paging(client, organiser, tournament, seated_session):
    client.force_login(organiser)
    for query in ["per_page=-1", "page=-1", "per_page=²", "page=0"]:
        assert client.get(f"/t/{tournament.slug}/referee/log/?{query}").status_code == 200


# --- /language/?next=abc ------------------------------------------------------------------


@pytest.mark.parametrize(
    "next_url", ["abc", "home", "tournament:standings", "//evil.example", "https://evil.example/"]
)
def test_language_switch_goes_home_for_anything_but_a_local_path(anonymous, next_url):
    response = anonymous.get("/language/", {"next": next_url, "language": "de"})
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_language_switch_follows_a_local_path(anonymous):
    response = anonymous.get("/language/", {"next": "/t/x/standings/", "language": "de"})
    assert response["Location"] == "/t/x/standings/"


# --- a NUL byte in the referee desk search -----------------------------------------------


def test_desk_search_with_a_nul_byte_finds_the_player(client, referee, tournament, seated_session):
    client.force_login(referee)
    response = client.get(f"/t/{tournament.slug}/referee/", {"q": "First003\x00"})
    # The NUL is a space; "First003" is one player: his page.
    assert response.status_code == 302
    assert "/referee/players/" in response["Location"]


def test_desk_search_of_control_characters_only_is_the_desk(
    client, referee, tournament, seated_session
):
    client.force_login(referee)
    response = client.get(f"/t/{tournament.slug}/referee/", {"q": "\x00\x01\u202e"})
    assert response.status_code == 200


# --- "²" in the seating editor and preview, and a referee's tables ------------------------


@pytest.mark.parametrize(
    "data",
    [
        {"player": "²", "target": "s1-0"},
        {"player": "1", "target": "p²"},
        {"player": "1", "target": "s²-0"},
        {"player": "1", "target": "s1-²"},
        {"player": "1", "target": f"s{10**30}-0"},
    ],
)
def test_seating_preview_and_editor_refuse_superscript_digits(
    client, organiser, tournament, seated_session, data
):
    client.force_login(organiser)
    base = f"/t/{tournament.slug}/sessions/1/seating"
    preview = client.get(f"{base}/preview/", data)
    assert preview.status_code == 400
    edit = client.post(f"{base}/edit/", {**data, "action": "preview"})
    assert edit.status_code in (200, 302)


def test_referee_table_range_refuses_superscript_digits(client, organiser, referee, tournament):
    client.force_login(organiser)
    staff = Staff.objects.get(tournament=tournament, user=referee)
    response = client.post(
        f"/t/{tournament.slug}/staff/{staff.pk}/tables/",
        {"first_table": "²", "last_table": "2"},
        follow=True,
    )
    assert response.status_code == 200
    assert "The first table must be a table number." in response.content.decode()
    staff.refresh_from_db()
    assert staff.first_table is None


# --- uploads when the temporary folder is full; 400 -------------------------------------


def _disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("url", ["/login/", "/signup/"])
def test_a_3_mb_upload_with_the_temporary_folder_full_is_a_503(anonymous, url):
    upload = SimpleUploadedFile("big.bin", b"x" * (3 * 2**20))
    with mock.patch("django.core.files.temp.NamedTemporaryFile", _disk_full):
        response = anonymous.post(url, {"username": "x", "file": upload})
    assert response.status_code == 503
    assert "no room to take this upload" in response.content.decode()
    assert response["Retry-After"]


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_form_beyond_the_size_limit_is_a_413(anonymous):
    response = anonymous.post("/login/", {"username": "x" * 5000, "password": "y"})
    assert response.status_code == 413
    assert "more than the site takes" in response.content.decode()


@override_settings(ALLOWED_HOSTS=["testserver"])
def test_the_400_page_is_the_sites(anonymous):
    response = anonymous.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    page = response.content.decode()
    assert "<h1>Bad request</h1>" in page
