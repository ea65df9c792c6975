"""A whole tournament exported to one file and imported next to the original (a backup):
every row comes back, with new ids, and the standings are the same."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from demo.loader import DEMO_SLUG
from referee.models import Disqualification, Penalty, Substitution
from results.standings.selectors import standings
from scoring.models import ScoreSheet, SheetVersion, TableResult
from tournament.models import (
    Registration,
    Seat,
    SeatChange,
    SeatingJob,
    Session,
    SessionClockEvent,
    Staff,
    Table,
    Tournament,
)

PER_TOURNAMENT = {
    Registration: "tournament",
    Staff: "tournament",
    Table: "tournament",
    Session: "tournament",
    SeatingJob: "tournament",
    Seat: "session__tournament",
    SessionClockEvent: "session__tournament",
    SeatChange: "session__tournament",
    ScoreSheet: "session__tournament",
    SheetVersion: "sheet__session__tournament",
    TableResult: "session__tournament",
    Penalty: "tournament",
    Substitution: "tournament",
    Disqualification: "tournament",
}


def counts(tournament):
    return {
        model.__name__: model.objects.filter(**{path: tournament}).count()
        for model, path in PER_TOURNAMENT.items()
    }


def table(tournament):
    return [
        (row.rank, row.player.ema_number, row.total, row.penalties, dict(row.by_session))
        for row in standings(tournament).rows
    ]


@pytest.fixture
def demo(db):
    call_command("load_demo", "--allow-production", stdout=io.StringIO())
    return Tournament.objects.get(slug=DEMO_SLUG)


def test_round_trip_keeps_every_row_and_the_standings(demo, tmp_path):
    path = tmp_path / "backup.json"
    call_command("tournament_export", DEMO_SLUG, "-o", str(path))
    data = json.loads(path.read_text())
    assert data["format"] == "riichi-tournament-backup"
    out = io.StringIO()
    call_command("tournament_import", str(path), "--slug", "restored", stdout=out)
    assert "/t/restored/" in out.getvalue()
    restored = Tournament.objects.get(slug="restored")
    original = counts(demo)
    # The demo has all of these: sheets with corrections, desk penalties, a substitute.
    assert original["SheetVersion"] > original["ScoreSheet"] > 0
    assert original["Penalty"] > 0 and original["Substitution"] > 0
    assert counts(restored) == original
    assert table(restored) == table(demo)
    # New rows, not the old ones shared: the original is untouched by a change to the copy.
    assert not set(restored.sessions.values_list("pk", flat=True)) & set(
        demo.sessions.values_list("pk", flat=True)
    )
    # The history keeps who, when and why.
    old = SheetVersion.objects.filter(sheet__session__tournament=demo).order_by("pk")
    new = SheetVersion.objects.filter(sheet__session__tournament=restored).order_by("pk")
    assert [(v.number, v.action, v.reason, v.created_at, v.user_id) for v in old] == [
        (v.number, v.action, v.reason, v.created_at, v.user_id) for v in new
    ]
    # The staff can log in: the same accounts (by username) are named.
    assert set(Staff.objects.filter(tournament=restored).values_list("user__username", "role")) == (
        set(Staff.objects.filter(tournament=demo).values_list("user__username", "role"))
    )


def test_import_refuses_an_existing_slug_and_a_foreign_file(demo, tmp_path):
    path = tmp_path / "backup.json"
    call_command("tournament_export", DEMO_SLUG, "-o", str(path))
    with pytest.raises(CommandError, match="exists already"):
        call_command("tournament_import", str(path), stdout=io.StringIO())
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}')
    with pytest.raises(CommandError, match="not a tournament backup"):
        call_command("tournament_import", str(other), stdout=io.StringIO())
    assert Tournament.objects.count() == 1


def test_export_of_an_unknown_slug_says_so(db):
    with pytest.raises(CommandError, match="No tournament"):
        call_command("tournament_export", "nope", stdout=io.StringIO())


def test_round_trip_keeps_the_teams(demo, tmp_path):
    """Issue 19: the teams and who plays for which come back with the tournament."""
    from tournament.models import Team
    from tournament.registration.teams import team_save, team_settings_update

    team_settings_update(tournament=demo, size=4, score="best", best=3, apart=True)
    demo.refresh_from_db()
    members = list(demo.registrations.order_by("pk").values_list("pk", flat=True)[:4])
    team_save(tournament=demo, name="Owls", members=members, user=None)
    path = tmp_path / "backup.json"
    call_command("tournament_export", DEMO_SLUG, "-o", str(path))
    call_command("tournament_import", str(path), "--slug", "restored", stdout=io.StringIO())
    restored = Tournament.objects.get(slug="restored")
    assert (restored.team_size, restored.team_score, restored.teams_apart) == (4, "best", True)
    team = Team.objects.get(tournament=restored)
    assert team.name == "Owls" and team.pk != Team.objects.get(tournament=demo).pk
    assert set(team.registrations.values_list("player__ema_number", flat=True)) == set(
        demo.registrations.filter(pk__in=members).values_list("player__ema_number", flat=True)
    )
