"""A tournament's retention: the daily job removes its entries' e-mails once the days
after the event's end are over, and the dashboard tells the organiser before."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from results.privacy.tasks import purge_private_details
from tournament.models import LinkMail, Player, Registration, Tournament


def _entries(tournament, n: int) -> list[Player]:
    out = []
    for i in range(n):
        p = Player.objects.create(
            first_name=f"Kept{i}",
            last_name="Name",
            ema_number=f"0599200{i}",
            country="NL",
            email=f"kept{i}@private.example",
        )
        Registration.objects.create(tournament=tournament, player=p, status="confirmed")
        out.append(Player.objects.get(pk=p.pk))
    return out


def test_the_daily_job_removes_the_emails_after_the_retention_and_only_then(
    tournament, organiser, anna_account
):
    assert "tournament.privacy.purge_private_details" in {
        job["task"] for job in settings.CELERY_BEAT_SCHEDULE.values()
    }
    other = Tournament.objects.create(
        name="Other", slug="other", start_date=tournament.start_date, end_date=tournament.end_date
    )
    [kept] = _entries(other, 1)
    players = _entries(tournament, 2)
    LinkMail.objects.create(nonce="n" * 32, user=anna_account, player=players[0])
    # Ends 3 May 2026; kept 30 days: the e-mails go on 2 June.
    tournament.retention_days = 30
    tournament.save()
    other.retention_days = None
    other.save()

    client = Client()
    client.force_login(organiser)
    settings_page = client.get(reverse("tournament:settings", args=[tournament.slug]))
    assert 'name="retention_days" value="30"' in settings_page.content.decode()
    page = client.get(reverse("tournament:dashboard", args=[tournament.slug])).content.decode()
    assert "The players' e-mails are removed on 2 Jun 2026" in page
    assert f"/t/{tournament.slug}/players/?_export=csv" in page

    day_before = timezone.make_aware(dt.datetime(2026, 6, 1, 12, 0))
    from results.privacy.services import private_details_purge

    assert private_details_purge(now=day_before) == 0
    assert Player.objects.filter(tournament=tournament).exclude(email="").count() == 2

    assert purge_private_details.delay().get() == 1  # today is long after 2 June 2026
    assert set(Player.objects.filter(tournament=tournament).values_list("email", flat=True)) == {""}
    ids = [p.pk for p in players]
    assert not Player.history.filter(email__endswith="@private.example", id__in=ids).exists()
    assert not LinkMail.objects.filter(player__tournament=tournament).exists()
    # Names, countries and EMA numbers stay; the other tournament keeps its e-mails.
    assert sorted(
        Player.objects.filter(tournament=tournament).values_list("ema_number", flat=True)
    ) == ["05992000", "05992001"]
    assert Player.objects.get(pk=kept.pk).email == "kept0@private.example"
    # Once done, not again, and the dashboard no longer announces it.
    assert purge_private_details.delay().get() == 0
    page = client.get(reverse("tournament:dashboard", args=[tournament.slug])).content.decode()
    assert "e-mails are removed on" not in page


def test_the_retention_is_bounded_on_the_settings_form(tournament, organiser):
    from tournament.events.forms import TournamentForm

    for days, bad in (("3651", True), ("-1", True), ("abc", True), ("3650", False)):
        form = TournamentForm(data={"retention_days": days}, instance=tournament)
        form.is_valid()
        assert ("retention_days" in form.errors) is bad, days
