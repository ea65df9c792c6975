"""Teams: forming them on the team page, by the player form and by import; the
size is never exceeded and every change goes into the player's history."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.conftest import make_players
from tournament.errors import ServiceError
from tournament.models import Registration, Team
from tournament.registration.importing import read_player_file
from tournament.registration.selectors import player_changes
from tournament.registration.services import registration_import
from tournament.registration.teams import (
    apart_groups,
    team_delete,
    team_save,
    team_settings_update,
)


@pytest.fixture
def teams_on(tournament):
    return team_settings_update(tournament=tournament, size=4, score="sum", best=3, apart=True)


def regs(tournament, players):
    return [Registration.objects.get(tournament=tournament, player=p).pk for p in players]


def test_a_team_is_made_renamed_refilled_and_deleted_with_history(tournament, teams_on, organiser):
    players = make_players(tournament, 6)
    team = team_save(
        tournament=teams_on,
        name="  Red\u200b  Dragons ",
        members=regs(tournament, players[:3]),
        user=organiser,
    )
    assert team.name == "Red Dragons"  # cleaned like a player's name
    assert set(team.registrations.values_list("player_id", flat=True)) == {
        p.pk for p in players[:3]
    }
    team = team_save(
        tournament=teams_on,
        team=team,
        name="Dragons",
        members=regs(tournament, [players[0], players[1], players[3]]),
        user=organiser,
    )
    assert Registration.objects.get(player=players[2]).team is None
    assert Registration.objects.get(player=players[3]).team == team
    # The player's history: joined "Red Dragons", then left it (renamed "Dragons" by then,
    # but the line says the team he was in when he left).
    lines = [(c.by, c.changes[0][1:]) for c in player_changes(players[2])]
    assert lines == [
        ("olga_organiser", ("Red Dragons", "—")),
        ("olga_organiser", ("—", "Red Dragons")),
    ]
    assert player_changes(players[3])[0].changes == [("Team (Test Open)", "—", "Dragons")]
    team_delete(team=team, user=organiser)
    assert not Team.objects.exists()
    assert player_changes(players[0])[0].changes[0][1:] == ("Dragons", "—")


def test_a_team_never_has_more_members_than_the_size(tournament, teams_on):
    players = make_players(tournament, 6)
    with pytest.raises(ServiceError, match="at most 4 players; 5 were chosen"):
        team_save(tournament=teams_on, name="Big", members=regs(tournament, players[:5]), user=None)
    assert not Team.objects.exists()  # nothing half-written


def test_a_player_in_another_team_or_a_taken_name_is_refused(tournament, teams_on):
    players = make_players(tournament, 4)
    team_save(tournament=teams_on, name="Owls", members=regs(tournament, players[:2]), user=None)
    with pytest.raises(ServiceError, match="plays for Owls"):
        team_save(
            tournament=teams_on, name="Cats", members=regs(tournament, players[1:3]), user=None
        )
    with pytest.raises(ServiceError, match="already a team called Owls"):
        team_save(tournament=teams_on, name="owls", members=[], user=None)


def test_settings_refuse_a_size_below_a_team_and_best_n_above_the_size(tournament, teams_on):
    players = make_players(tournament, 3)
    team_save(tournament=teams_on, name="Owls", members=regs(tournament, players), user=None)
    with pytest.raises(ServiceError, match="Owls has 3 members, more than 2"):
        team_settings_update(tournament=tournament, size=2, score="sum", best=2, apart=False)
    with pytest.raises(ServiceError, match="Best N: between 1 and the team size"):
        team_settings_update(tournament=tournament, size=4, score="best", best=5, apart=False)
    with pytest.raises(ServiceError, match="at most 8 players"):
        team_settings_update(tournament=tournament, size=9, score="sum", best=1, apart=False)


def test_apart_groups_are_the_core_numbers_of_team_mates_in_the_field(tournament, teams_on):
    players = make_players(tournament, 6)
    team_save(tournament=teams_on, name="A", members=regs(tournament, players[:3]), user=None)
    team_save(tournament=teams_on, name="B", members=regs(tournament, players[3:4]), user=None)
    index = {p.pk: i for i, p in enumerate(reversed(players))}
    # Team B has one player: nothing to keep apart. players[:3] are numbers 5, 4, 3.
    assert apart_groups(tournament, index) == [[3, 4, 5]]
    del index[players[0].pk]  # not in the field (withdrawn)
    assert apart_groups(tournament, index) == [[3, 4]]


# --- the import --------------------------------------------------------------------------

HEADER = "first name;last name;country;team\n"


def test_the_import_makes_and_fills_teams(tournament, teams_on, organiser):
    text = HEADER + "Anna;Schmidt;DE;Owls\nBen;Weber;DE;owls \nCara;Lutz;AT;Cats\nDan;Roth;CH;\n"
    rows = read_player_file("p.csv", text.encode())
    report, result = registration_import(tournament=tournament, rows=rows, user=organiser)
    assert report.is_clean and result.confirmed == 4
    owls = Team.objects.get(name="Owls")
    assert sorted(owls.registrations.values_list("player__last_name", flat=True)) == [
        "Schmidt",
        "Weber",
    ]
    assert Team.objects.get(name="Cats").registrations.count() == 1
    assert Registration.objects.get(player__last_name="Roth").team is None
    weber = Registration.objects.get(player__last_name="Weber").player
    assert player_changes(weber)[0].changes == [("Team (Test Open)", "—", "Owls")]


def test_import_rows_beyond_the_size_are_refused_naming_line_and_column(
    client, tournament, organiser
):
    team_settings_update(tournament=tournament, size=2, score="sum", best=1, apart=False)
    players = make_players(tournament, 1)
    team_save(tournament=tournament, name="Owls", members=regs(tournament, players), user=None)
    client.force_login(organiser)
    text = HEADER + "Anna;Schmidt;DE;Owls\nBen;Weber;DE;Owls\nCara;Lutz;AT;" + "x" * 61 + "\n"
    upload = SimpleUploadedFile("p.csv", text.encode(), content_type="text/csv")
    response = client.post(
        reverse("tournament:player_import", args=[tournament.slug]), {"file": upload}
    )
    page = response.content.decode()
    assert "Nothing was imported" in page
    assert (
        '<td class="num">3</td><td>Ben Weber</td><td>Team: Owls would have more than 2 players '
        "(1 already in it).</td>"
    ) in page
    assert (
        '<td class="num">4</td><td>Cara Lutz</td><td>Team: Ensure this value has at most 60 '
        "characters (it has 61).</td>" in page
    )
    assert Team.objects.get(name="Owls").registrations.count() == 1


def test_import_with_teams_off_says_so(tournament):
    rows = read_player_file("p.csv", (HEADER + "Anna;Schmidt;DE;Owls\n").encode())
    report, result = registration_import(tournament=tournament, rows=rows)
    assert result is None
    assert report.bad[0].messages() == [
        "Team: teams are off: set a team size on the teams page first."
    ]


# --- the pages ---------------------------------------------------------------------------


def test_team_pages_set_the_size_make_a_team_and_the_player_form_joins_it(
    client, tournament, organiser
):
    client.force_login(organiser)
    url = reverse("tournament:teams", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert "Team settings" in page and "New team" not in page
    response = client.post(url, {"size": "3", "score": "best", "best": "4", "apart": "on"})
    assert "Best N: at most the team size (3)." in response.content.decode()
    response = client.post(url, {"size": "3", "score": "best", "best": "2", "apart": "on"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.team_size, tournament.team_score, tournament.team_best) == (3, "best", 2)
    assert tournament.teams_apart
    players = make_players(tournament, 2)
    new = reverse("tournament:team_new", args=[tournament.slug])
    page = client.get(new).content.decode()
    assert "Last000, First000 (DE)" in page
    response = client.post(new, {"name": "Owls", "members": regs(tournament, players)})
    assert response.status_code == 302
    team = Team.objects.get()
    add = reverse("tournament:player_add", args=[tournament.slug])
    response = client.post(
        add, {"first_name": "Zoe", "last_name": "Zorn", "country": "DE", "team": "OWLS"}
    )
    assert response.status_code == 302
    assert Registration.objects.get(player__last_name="Zorn").team == team
    response = client.post(
        add, {"first_name": "Yann", "last_name": "Yeo", "country": "FR", "team": "Owls"}
    )
    assert "Owls would have more than 3 players" in response.content.decode()
    edit = reverse("tournament:team_edit", args=[tournament.slug, team.pk])
    response = client.post(edit, {"name": "Owls", "members": ["99999"]})
    assert "Select a valid choice" in response.content.decode()
    assert team.registrations.count() == 3
    client.post(reverse("tournament:team_delete", args=[tournament.slug, team.pk]))
    assert not Team.objects.exists()


def test_the_player_form_has_no_team_field_without_teams(client, tournament, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournament:player_add", args=[tournament.slug])).content.decode()
    assert 'name="team"' not in page


def test_renaming_a_team_keeps_a_member_who_withdrew(client, tournament, teams_on, organiser):
    players = make_players(tournament, 3)
    team = team_save(tournament=teams_on, name="Owls", members=regs(tournament, players), user=None)
    Registration.objects.filter(player=players[0]).update(status=Registration.Status.WITHDRAWN)
    client.force_login(organiser)
    edit = reverse("tournament:team_edit", args=[tournament.slug, team.pk])
    page = client.get(edit).content.decode()
    assert "Last000, First000 (DE) (withdrawn)" in page
    response = client.post(edit, {"name": "Night Owls", "members": regs(tournament, players)})
    assert response.status_code == 302
    assert team.registrations.count() == 3
    # A withdrawn player without a team cannot join one.
    Registration.objects.filter(player=players[0]).update(team=None)
    with pytest.raises(ServiceError, match="has withdrawn"):
        team_save(
            tournament=teams_on,
            team=team,
            name="Night Owls",
            members=regs(tournament, players),
            user=None,
        )


def test_the_player_list_shows_the_team_and_exports_it_for_the_import(client, tournament, teams_on):
    players = make_players(tournament, 2)
    team_save(tournament=teams_on, name="Owls", members=regs(tournament, players[:1]), user=None)
    url = reverse("tournament:players", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert "<th" in page and ">Team<" in page and ">Owls<" in page
    text = client.get(url + "?_export=csv").content.decode()
    lines = text.splitlines()
    assert lines[0].endswith(",Team") or ",Team," in lines[0]
    # The exported list is an import file for the next event, teams included.
    rows = read_player_file("players.csv", text.encode())
    assert [(r.last_name, r.team) for r in rows] == [("Last000", "Owls"), ("Last001", "")]
