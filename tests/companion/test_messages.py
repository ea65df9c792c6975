"""Each happening's message, as its person reads it (by e-mail here: the push path is the
same text, tests/companion/test_push.py)."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from companion import reminders, services
from companion.kinds import Channel, Kind
from companion.models import Outbox
from companion.receivers import on_seating_published
from referee.services import penalty_create
from results.models import Stage
from scoring.models import ReportingSettings
from scoring.reporting.services import player_sheet_save, sheet_respond
from scoring.services import sheet_save
from tournament import happenings
from tournament.clock import services as clock
from tournament.models import Player, Session, Staff, Table

from ..conftest import enter_final, make_players

pytestmark = pytest.mark.django_db(transaction=True)


def every_mail_on(user):
    services.save_preferences(
        user=user, switches={f"{kind}.{Channel.EMAIL}": True for kind in Kind.values}, language=""
    )


def bodies() -> list[str]:
    return [m.body for m in mail.outbox]


def test_the_signal_and_time_up_for_his_table(session5, anna, organiser):
    every_mail_on(anna)
    now = timezone.now()
    # EMA 5.9: the signal when 15 minutes remain of 90, i.e. at 75 minutes.
    clock.session_clock_start(session=session5, by=organiser, now=now)
    assert mail.outbox == []
    signal_at = now + dt.timedelta(minutes=75, seconds=3)
    assert clock.session_signal_fire(session_id=session5.pk, now=signal_at)
    assert bodies() == ["Session 5: the signal, 15 minutes left (table 7, East)."]
    clock.session_clock_end(
        session=Session.objects.get(pk=session5.pk), by=organiser, now=signal_at
    )
    assert bodies()[1] == "Session 5: time is up (table 7, East)."


def test_starts_in_ten_minutes_once(session5, anna, tournament):
    every_mail_on(anna)
    now = timezone.now()
    later = Session.objects.create(tournament=tournament, number=6)
    Session.objects.filter(pk=later.pk).update(planned_start=now + dt.timedelta(minutes=12))
    Session.objects.filter(pk=session5.pk).update(planned_start=now + dt.timedelta(minutes=9))
    # The sweep runs every minute: the player is told once.
    assert reminders.announce_sessions_soon(now=now) == 1
    assert reminders.announce_sessions_soon(now=now + dt.timedelta(seconds=60)) == 1
    assert bodies() == ["Session 5 starts in 10 minutes: table 7, East."]


def test_a_sheet_settled_and_then_corrected(session5, anna, referee):
    every_mail_on(anna)
    Session.objects.filter(pk=session5.pk).update(state=Session.State.RUNNING)
    table = Table.objects.get(number=7)
    sheet = enter_final(session5, table, [41000, 27000, 30000, 22000], user=referee)
    # Table 7 is the session's only table: its sheet settled completes the session, whose
    # results are told too (EMA 2016: 41000 first, +15 uma -> +26).
    assert sorted(bodies()) == [
        "Session 5, table 7: the score sheet is settled.",
        "Session 5: +26.0; total +26.0, rank 1 of 4.",
    ]
    sheet_save(
        session=session5,
        table=table,
        mode="final",
        entry={**sheet.entry, "points": [40000, 28000, 30000, 22000]},
        expected_version=sheet.version,
        user=referee,
        reason="East and South swapped 1000",
    )
    assert bodies()[2] == "Session 5, table 7: the score sheet was corrected."


def test_a_penalty_about_him_and_nobody_else(session5, anna, referee, tournament):
    every_mail_on(anna)
    players = {s.player.first_name: s.player for s in session5.seats.select_related("player")}
    Session.objects.filter(pk=session5.pk).update(state=Session.State.RUNNING)
    penalty_create(
        tournament=tournament, player=players["Bert"], session=session5, kind="chombo", user=referee
    )
    assert mail.outbox == []  # Bert has no account; Anna is not told about him
    penalty_create(
        tournament=tournament, player=players["Anna"], session=session5, kind="chombo", user=referee
    )
    # EMA 2016: a chombo costs 20 tournament points.
    assert bodies() == ["Test Open: the referee desk recorded about you: Chombo, -20.0 points."]


def test_results_and_rank_after_the_session(finished_session_2, player):
    player.email = "petra@example.org"
    player.save()
    with transaction.atomic():
        happenings.announce(
            happenings.session_results_published,
            sender=Session,
            session=finished_session_2.session(2),
        )
    # conftest FINAL_POINTS: p0 26 in session 1, 0 in session 2; p2 leads with 5 + 35 = 40.
    [email] = mail.outbox
    assert email.to == ["petra@example.org"]
    assert email.body == "Session 2: +0.0; total +26.0, rank 2 of 8."


def test_the_cut(session5, anna, tournament):
    stage = Stage.objects.create(
        tournament=tournament, order=1, name="Semi-final", sessions=2, advancing=8
    )
    anna_entry = SimpleNamespace(player=Player.objects.get(user=anna))
    with transaction.atomic():
        happenings.announce(
            happenings.stage_decided, sender=Stage, stage=stage, entries=[anna_entry], phase="cut"
        )
    assert bodies() == ["You made the cut: you play in Semi-final."]


def test_a_call_reaches_the_referees_of_that_table_range(session5, tournament):
    users = get_user_model().objects
    near = users.create_user("near", email="near@example.org")
    far = users.create_user("far", email="far@example.org")
    Staff.objects.create(
        tournament=tournament, user=near, role="referee", first_table=6, last_table=10
    )
    Staff.objects.create(
        tournament=tournament, user=far, role="referee", first_table=1, last_table=5
    )
    every_mail_on(near)
    every_mail_on(far)
    call = SimpleNamespace(pk=41, table=Table.objects.get(number=7))
    with transaction.atomic():
        happenings.announce(happenings.referee_call, sender=None, call=call, state="open")
        happenings.announce(happenings.referee_call, sender=None, call=call, state="taken")
    [email] = mail.outbox
    assert email.to == ["near@example.org"]
    assert email.subject == "Table 7 calls a referee"
    assert Outbox.objects.count() == 1


def test_a_sheet_entered_by_one_player_waits_for_the_three_others_then_disputed(
    session5, anna, tournament
):
    ReportingSettings.objects.create(
        tournament=tournament, entry=ReportingSettings.Entry.PLAYERS, confirm_minutes=15
    )
    Session.objects.filter(pk=session5.pk).update(state=Session.State.RUNNING)
    users = get_user_model().objects
    bert_user = users.create_user("bert", email="bert@example.org")
    Player.objects.filter(first_name="Bert").update(user=bert_user)
    every_mail_on(anna)
    every_mail_on(bert_user)
    table = Table.objects.get(number=7)
    # Bert enters the sheet: that is his answer; Anna is asked for hers.
    sheet = player_sheet_save(
        session=session5,
        table=table,
        player=Player.objects.get(first_name="Bert"),
        user=bert_user,
        mode="final",
        entry={
            "points": [41000, 27000, 30000, 22000],
            "riichi_left": 0,
            "chombo": [0, 0, 0, 0],
            "substitutes": ["", "", "", ""],
        },
        expected_version=0,
    )
    assert [(m.to, m.body) for m in mail.outbox] == [
        (["anna@example.org"], "Session 5, table 7: the score sheet waits for your confirmation.")
    ]
    sheet_respond(
        sheet=sheet,
        version=sheet.version,
        player=Player.objects.get(first_name="Anna"),
        user=anna,
        kind="disputed",
        reason="I won 42000",
    )
    disputed = "Session 5, table 7: the score sheet is disputed; the referee will look at it."
    assert sorted((m.to[0], m.body) for m in mail.outbox[1:]) == [
        ("anna@example.org", disputed),
        ("bert@example.org", disputed),
    ]


def test_publishing_a_bigger_seating_reads_no_more(tournament, vapid):
    """The receiver reads who is told in a fixed number of queries: 8 players or 16."""

    def seated(number: int, players: list[Player]) -> Session:
        session = Session.objects.create(tournament=tournament, number=number)
        users = get_user_model().objects
        for i, player in enumerate(players):
            table, _ = Table.objects.get_or_create(tournament=tournament, number=i // 4 + 1)
            session.seats.create(table=table, wind=i % 4, player=player)
            user = users.create_user(f"u{number}-{i}", email=f"u{number}-{i}@example.org")
            Player.objects.filter(pk=player.pk).update(user=user)
            services.subscribe(
                endpoint=f"https://push.example.org/{number}/{i}",
                p256dh="p",
                auth="a",
                user=user,
                language="",
            )
        return session

    everyone = make_players(tournament, 24)
    small, big = seated(1, everyone[:8]), seated(2, everyone[8:])
    # Counted inside a transaction: the sending, after the commit, is not the receiver's.
    with transaction.atomic(), CaptureQueriesContext(connection) as small_count:
        on_seating_published(sender=Session, session=small)
    with transaction.atomic(), CaptureQueriesContext(connection) as big_count:
        on_seating_published(sender=Session, session=big)
    assert len(big_count) == len(small_count) <= 12
    # 16 phones and 16 e-mails stored for the bigger one.
    assert Outbox.objects.filter(key__startswith=f"seat:{big.pk}:").count() == 32
