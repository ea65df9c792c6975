"""The desk's pages as a referee uses them: find, log, withdraw, read the log, export it."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.urls import reverse

from referee.models import Disqualification, Penalty, Substitution
from tournament.models import Seat


@pytest.fixture
def ref_client(client, referee):
    client.force_login(referee)
    return client


def table_body(response) -> str:
    """The log table's rows only (the messages and the filter also name players)."""
    html = response.content.decode()
    return html[html.index("<tbody") : html.index("</tbody>")]


def url(name, tournament, *args):
    return reverse(f"referee:{name}", args=[tournament.slug, *args])


def test_a_few_letters_find_the_player_and_their_table(ref_client, tournament, running, players):
    players[6].last_name = "Nakamura"
    players[6].save()
    response = ref_client.get(url("desk", tournament), {"q": "naka"})
    assert response.status_code == 302
    assert response.url == url("player", tournament, players[6].pk) + "?session=1"
    page = ref_client.get(response.url)
    assert "Table 2, West" in page.content.decode()
    # Several matches: a list with each table.
    many = ref_client.get(url("desk", tournament), {"q": "last00"})
    assert many.status_code == 200
    assert many.content.decode().count('class="desk-player"') == 7  # not Nakamura


def test_the_desk_lists_the_tables_of_the_running_session(ref_client, tournament, running):
    page = ref_client.get(url("desk", tournament)).content.decode()
    assert "Session 1" in page and "Tables of session 1" in page
    assert "East: First000 Last000" in page


def test_log_a_lateness_from_the_player_page(ref_client, tournament, running, players, referee):
    target = url("penalty_new", tournament, players[2].pk, "late") + "?session=1"
    form = ref_client.get(target)
    assert "1 point(s) a minute, up to 10 minutes" in form.content.decode()
    response = ref_client.post(target, {"session": "1", "minutes": "7", "hand": "E1"})
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert (penalty.kind, penalty.points, penalty.minutes) == ("late", Decimal(-7), 7)
    assert (penalty.created_by, penalty.table.number, penalty.session.number) == (referee, 1, 1)


def test_more_than_ten_minutes_offers_a_substitution(ref_client, tournament, running, players):
    target = url("penalty_new", tournament, players[2].pk, "late")
    response = ref_client.post(target, {"session": "1", "minutes": "12"})
    page = response.content.decode()
    assert response.status_code == 200 and "replaced by a substitute" in page
    assert url("substitute", tournament, players[2].pk) in page
    assert not Penalty.objects.exists()


def test_the_obstruction_amount_is_proposed_and_checked(ref_client, tournament, running, players):
    target = url("penalty_new", tournament, players[0].pk, "obstruction") + "?session=1"
    assert 'value="8"' in ref_client.get(target).content.decode()  # EMA 5.5
    refused = ref_client.post(target, {"session": "1", "amount": "10"})
    assert "An obstruction costs 8 or 12 points" in refused.content.decode()
    ref_client.post(target, {"session": "1", "amount": "20", "serious": "on"})
    assert Penalty.objects.get().points == Decimal(-20)


def test_unknown_kind_is_404(ref_client, tournament, running, players):
    assert ref_client.get(url("penalty_new", tournament, players[0].pk, "tea")).status_code == 404


def test_substitute_and_disqualify_through_the_pages(
    ref_client, tournament, running, players, reserve
):
    target = url("substitute", tournament, players[1].pk) + "?session=1"
    assert "Rita Reserve" in ref_client.get(target).content.decode()
    response = ref_client.post(
        target, {"session": "1", "substitute": str(reserve.pk), "timing": "during"}
    )
    assert response.status_code == 302
    assert Seat.objects.get(session=running, wind=1, table__number=1).player == reserve
    assert Substitution.objects.get().timing == "during"
    response = ref_client.post(
        url("disqualify", tournament, players[3].pk), {"session": "1", "reason": "cheating"}
    )
    assert response.status_code == 302
    assert Disqualification.objects.get().player == players[3]


def test_withdraw_needs_a_reason_and_keeps_the_row(ref_client, tournament, running, players):
    ref_client.post(
        url("penalty_new", tournament, players[0].pk, "late"), {"session": "1", "minutes": "3"}
    )
    penalty = Penalty.objects.get()
    target = url("penalty_withdraw", tournament, penalty.pk)
    assert ref_client.post(target, {"reason": ""}).status_code == 200
    assert ref_client.post(target, {"reason": "wrong player"}).status_code == 302
    penalty.refresh_from_db()
    assert penalty.withdrawal_reason == "wrong player"
    log = ref_client.get(url("log", tournament)).content.decode()
    assert "wrong player" in log and "no (withdrawn)" in log


def test_the_log_filters_and_exports(ref_client, tournament, running, players, reserve):
    for player, minutes in ((players[0], 2), (players[5], 4)):
        ref_client.post(
            url("penalty_new", tournament, player.pk, "late"),
            {"session": "1", "minutes": str(minutes)},
        )
    ref_client.post(
        url("substitute", tournament, players[1].pk),
        {"session": "1", "substitute": str(reserve.pk), "timing": "start"},
    )
    by_table = table_body(ref_client.get(url("log", tournament), {"table": "2"}))
    assert "Last005" in by_table and "Last000" not in by_table
    by_player = ref_client.get(url("log", tournament), {"player": players[1].pk})
    assert "Rita Reserve for First001 Last001" in table_body(by_player)
    assert "Last005" not in table_body(by_player)
    export = ref_client.get(url("log", tournament), {"session": "1", "_export": "csv"})
    assert export.status_code == 200
    lines = list(csv.reader(io.StringIO(export.content.decode())))
    assert lines[0][:4] == ["When", "Who", "#", "Action"]
    assert sorted(row[3] for row in lines[1:]) == ["Penalty", "Penalty", "Substitution"]
    points = sorted(row[9] for row in lines[1:] if row[3] == "Penalty")
    assert points == ["-2.0", "-4.0"]  # points in a file: "." and one decimal


def test_a_referee_of_another_tournament_is_refused(
    client, tournament, draft_tournament, running, players, django_user_model
):
    from tournament.models import Staff

    other = django_user_model.objects.create_user("otto", password="x")
    Staff.objects.create(tournament=draft_tournament, user=other, role=Staff.Role.REFEREE)
    client.force_login(other)
    assert client.get(url("desk", tournament)).status_code == 403
    response = client.post(
        url("penalty_new", tournament, players[0].pk, "late"), {"session": "1", "minutes": "3"}
    )
    assert response.status_code == 403
    assert not Penalty.objects.exists()


def test_correct_a_penalty_through_its_page(ref_client, tournament, running, players):
    ref_client.post(
        url("penalty_new", tournament, players[0].pk, "late"), {"session": "1", "minutes": "7"}
    )
    old = Penalty.objects.get()
    target = url("penalty_correct", tournament, old.pk)
    assert 'value="7"' in ref_client.get(target).content.decode()
    missing_reason = ref_client.post(target, {"minutes": "5"})
    assert missing_reason.status_code == 200 and Penalty.objects.count() == 1
    assert ref_client.post(target, {"minutes": "5", "correction": "clock"}).status_code == 302
    new = Penalty.objects.get(corrects=old)
    assert new.points == Decimal(-5)
    # A withdrawn penalty cannot be corrected again.
    assert ref_client.get(target).status_code == 302


def test_lift_a_disqualification_through_its_page(ref_client, tournament, running, players):
    ref_client.post(
        url("disqualify", tournament, players[3].pk), {"session": "1", "reason": "cheating"}
    )
    record = Disqualification.objects.get()
    target = url("disqualification_withdraw", tournament, record.pk)
    assert ref_client.post(target, {"reason": "appeal upheld"}).status_code == 302
    record.refresh_from_db()
    assert not record.is_active and record.withdrawal_reason == "appeal upheld"
    page = ref_client.get(url("player", tournament, players[3].pk)).content.decode()
    assert "Lifted" in page and "appeal upheld" in page
