"""A draft seating counts nowhere the public or a player reads (tournament.seating.visibility):
not in the seating-quality page's figures, not in a seating job's input, not in a player's
data download.  The staff see the draft's figures, marked as a draft."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tournament.models import Player, SeatingJob, Session
from tournament.seating.jobs import seating_publish

from .conftest import generate, setup_event

LEAD_BOTH = "16 players over sessions 1, 2."
LEAD_FIRST = "16 players over session 1."
DRAFT_MARK = 'id="quality-draft"'


@pytest.fixture
def drafted(tournament):
    """16 players, 4 tables, sessions 1 and 2 generated: both seatings drafts."""
    setup_event(tournament, players=16, tables=4, sessions=2)
    job = generate(tournament)
    assert job.state == SeatingJob.State.DONE and sorted(job.sessions) == [1, 2]
    assert set(tournament.sessions.values_list("seating_draft", flat=True)) == {True}
    return job


def _quality(client: Client, tournament) -> str:
    response = client.get(reverse("tournament:seating_quality", args=[tournament.slug]))
    assert response.status_code == 200
    return response.content.decode()


def _job_input(client: Client, tournament, job):
    return client.get(reverse("tournament:seating_job_input", args=[tournament.slug, job.pk]))


def _player_with_account(tournament):
    """The first player of the field, logged in on his own account."""
    player = Player.objects.filter(registrations__tournament=tournament).order_by("pk").first()
    player.user = get_user_model().objects.create_user("dora", password="pw-dora")
    player.save(update_fields=["user"])
    client = Client()
    client.force_login(player.user)
    return client


def _publish(tournament, number: int, organiser) -> None:
    seating_publish(
        session=Session.objects.get(tournament=tournament, number=number), user=organiser
    )


def test_the_quality_page_and_job_input_count_a_draft_for_the_staff_only(
    tournament, drafted, organiser
):
    public, petra, olga = Client(), _player_with_account(tournament), Client()
    olga.force_login(organiser)
    job_link = reverse("tournament:seating_job_input", args=[tournament.slug, drafted.pk])

    seating = reverse("tournament:seating", args=[tournament.slug])
    for client in (public, petra):
        page = _quality(client, tournament)
        assert "players over session" not in page and DRAFT_MARK not in page
        assert job_link not in page
        assert _job_input(client, tournament, drafted).status_code == 404
        # The seating page tells nobody yet how a draft was made.
        assert "How the seating was made" not in client.get(seating).content.decode()
    assert "How the seating was made" in olga.get(seating).content.decode()
    staff = _quality(olga, tournament)
    assert LEAD_BOTH in staff and DRAFT_MARK in staff
    assert "draft seatings of sessions 1, 2" in staff
    answer = _job_input(olga, tournament, drafted)
    assert answer.status_code == 200
    assert answer.json()["draft_sessions"] == [1, 2]

    # Session 1 published: the public counts it, not session 2's draft (nor its job).
    _publish(tournament, 1, organiser)
    page = _quality(public, tournament)
    assert LEAD_FIRST in page and DRAFT_MARK not in page and job_link not in page
    assert _job_input(petra, tournament, drafted).status_code == 404
    staff = _quality(olga, tournament)
    assert LEAD_BOTH in staff and "draft seating of session 2," in staff

    # Both published: the job and its figures are everyone's, with no draft mark.
    _publish(tournament, 2, organiser)
    page = _quality(public, tournament)
    assert LEAD_BOTH in page and job_link in page and DRAFT_MARK not in page
    answer = _job_input(public, tournament, drafted)
    assert answer.status_code == 200
    data = answer.json()
    assert "draft_sessions" not in data
    # 16 players at 4 tables twice: the figures now are the job's own (nothing changed since).
    assert data["quality_now"] == data["quality"]


def test_a_players_data_download_holds_no_draft_seat(tournament, drafted, organiser):
    client = _player_with_account(tournament)

    def seats() -> list[int]:
        data = json.loads(client.get(reverse("profile_data")).content)
        [entry] = data["tournament_entries"]
        return [seat["session"] for seat in entry["seats"]]

    assert seats() == []
    _publish(tournament, 1, organiser)
    assert seats() == [1]
    _publish(tournament, 2, organiser)
    assert seats() == [1, 2]
