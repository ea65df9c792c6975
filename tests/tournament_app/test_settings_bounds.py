"""Tournament settings refuse absurd values with a message
naming the field; fewer sessions are refused while a removed one holds something; scoring
rules are refused once sessions are scored."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.models import Penalty
from scoring.models import ScoreSheet
from tests.scoring_app.conftest import enter_final
from tournament.events.forms import TournamentForm
from tournament.models import Session, Table, Tournament
from tournament.registration.importing import ImportFileError, read_player_file

FORM = {
    "name": "Hamburg Riichi Open",
    "venue": "",
    "city": "",
    "country": "DE",
    "start_date": "2026-09-12",
    "end_date": "2026-09-13",
    "ruleset": "ema2016",
    "session_count": "8",
    "player_limit": "80",
    "visibility": "draft",
}


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("session_count", "70000", "Number of sessions: at most 30."),
        ("session_count", "0", "Number of sessions: at least 1."),
        ("player_limit", str(10**12), "Player limit: at most 2000."),
        ("start_points", "NaN", "Start points: enter a whole number."),
        ("start_points", str(10**30), "Start points: at most 100000."),
        ("return_points", "-5000", "Return points: at least 0."),
        ("chombo_points", "NaN", "Chombo penalty (points): enter a number."),
        ("chombo_points", "Infinity", "Chombo penalty (points): enter a number."),
        ("missed_session_points", "1e300", "Missed session penalty (points): at most 100"),
        ("late_points_per_minute", "-inf", "Lateness penalty per minute (points): enter a"),
        ("uma", "nan, 5, -5, -15", "Uma: write four numbers"),
        ("uma", "inf, 5, -5, -15", "Uma: write four numbers"),
        ("uma", "1000000000.5, 5, -5, -15", "Uma: four numbers between -100 and 100"),
        ("uma", "15, 5, -5, -15, 1", "Uma: four numbers between -100 and 100"),
        ("other_overrides", '{"honba_points": NaN}', "NaN is not a number a rule can use"),
        ("other_overrides", '{"honba_points": Infinity}', "Infinity is not a number"),
        ("other_overrides", "[" * 100_000 + "]" * 100_000, "at most 2000 characters"),
        ("other_overrides", '{"a": ' + "[" * 990 + "]" * 990 + "}", "Other rule overrides: "),
        ("other_overrides", '{"x": [[1]]}', "not a nested list or object"),
        ("other_overrides", '{"honba_points": 1e300}', "between -1,000,000 and 1,000,000"),
    ],
)
def test_absurd_settings_are_refused_on_their_field(tournament, field, value, message):
    form = TournamentForm({**FORM, field: value}, creating=True)
    assert not form.is_valid()
    assert message in " ".join(form.errors[field]), form.errors


def test_thirty_sessions_and_2000_players_are_accepted(db):
    form = TournamentForm({**FORM, "session_count": "30", "player_limit": "2000"}, creating=True)
    assert form.is_valid(), form.errors


@pytest.fixture
def org_client(client, organiser):
    client.force_login(organiser)
    return client


def settings_post(tournament, **changes):
    data = {
        **FORM,
        "name": tournament.name,
        "start_date": "2026-05-02",
        "end_date": "2026-05-03",
        "session_count": str(tournament.session_count),
        "visibility": tournament.visibility,
        "player_limit": "",
    }
    data.update(changes)
    return data


def test_fewer_sessions_are_refused_naming_those_that_hold_records(
    org_client, tournament, organiser
):
    from tests.conftest import make_players

    (player,) = make_players(tournament, 1)
    Session.objects.create(tournament=tournament, number=1)
    fourth = Session.objects.create(tournament=tournament, number=4)
    Session.objects.create(tournament=tournament, number=3)
    Penalty.objects.create(
        tournament=tournament, player=player, session=fourth, kind="other", points=-1
    )
    url = reverse("tournament:settings", args=[tournament.slug])
    response = org_client.post(url, settings_post(tournament, session_count="2"))
    assert response.status_code == 200  # used to be a 500 (the penalty RESTRICTs the delete)
    text = response.content.decode()
    assert "session 4: referee decisions" in text
    assert "Keep 4 sessions or more." in text
    assert Session.objects.filter(tournament=tournament, number=3).exists()


def test_the_uma_cannot_change_once_sessions_are_scored(
    org_client, tournament, organiser, seated_session
):
    table = Table.objects.get(tournament=tournament, number=1)
    enter_final(seated_session, table, [41000, 27000, 30000, 22000])
    url = reverse("tournament:settings", args=[tournament.slug])
    response = org_client.post(url, settings_post(tournament, uma="20, 10, -10, -20"))
    assert response.status_code == 200
    text = response.content.decode()
    assert "Sessions 1 are already scored" in text
    assert "(uma)" in text
    tournament.refresh_from_db()
    assert tournament.rule_overrides == {}
    assert ScoreSheet.objects.get().result["seats"]["E"]["uma"] == 15  # EMA 3.6.1
    # The clock's parameters may still change: they score nothing.
    response = org_client.post(url, settings_post(tournament, signal_minutes="10"))
    assert response.status_code == 302
    # Before the first sheet, the uma may change.
    ScoreSheet.objects.all().delete()
    response = org_client.post(url, settings_post(tournament, uma="20, 10, -10, -20"))
    assert response.status_code == 302
    assert Tournament.objects.get().rules().uma == (20, 10, -10, -20)


def test_a_csv_row_with_a_nul_byte_is_refused_and_control_characters_are_dropped():
    # A NUL byte failed the whole import with a 500 on PostgreSQL: the file is refused with
    # a message (the import's reader takes it for UTF-16) ...
    with pytest.raises(ImportFileError):
        read_player_file("players.csv", b"first_name,last_name,country\nAn\x00na,S,DE\n")
    # ... and other control characters never reach a name.
    data = b"first_name,last_name,country\nAn\x01na,Schmidt\x1b,DE\n"
    (row,) = read_player_file("players.csv", data)
    assert (row.first_name, row.last_name) == ("Anna", "Schmidt")
