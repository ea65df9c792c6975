"""Creating and setting up a tournament from the pages; who may do it."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from tournament.models import Session, Staff, Table, Tournament

FORM = {
    "name": "Hamburg Riichi Open",
    "venue": "Bürgerhaus",
    "city": "Hamburg",
    "country": "DE",
    "start_date": "2026-09-12",
    "end_date": "2026-09-13",
    "ruleset": "ema2016",
    "ema_rated": "on",
    "session_count": "8",
    "session_minutes": "",
    "player_limit": "80",
    "registration_opens": "",
    "registration_closes": "",
    "visibility": "draft",
}


def test_creator_becomes_organiser_with_sessions_and_tables(client, creator):
    client.force_login(creator)
    response = client.post(reverse("tournament:new"), {**FORM, "ruleset": "aalto"})
    tournament = Tournament.objects.get(name="Hamburg Riichi Open")
    assert response.url == reverse("tournament:dashboard", args=[tournament.slug])
    assert tournament.slug == "hamburg-riichi-open"
    assert Staff.objects.get(tournament=tournament).user == creator
    assert tournament.session_minutes == 75  # from the Aalto preset
    assert tournament.rule_overrides == {}
    assert tournament.sessions.count() == 8
    assert tournament.tables.count() == 20  # a quarter of the player limit
    starts = [s.planned_start for s in tournament.sessions.all()]
    assert len({s.date() for s in starts}) == 2  # spread over both days
    assert client.get(response.url).status_code == 200


def test_overrides_are_stored_and_checked_by_the_rules_core(client, creator):
    client.force_login(creator)
    data = {**FORM, "uma": "20, 10, -10, -20", "session_minutes": "80", "signal_minutes": "10"}
    client.post(reverse("tournament:new"), data)
    tournament = Tournament.objects.get()
    assert tournament.rule_overrides == {
        "uma": [20, 10, -10, -20],
        "signal_minutes_before_end": 10,
        "session_minutes": 80,
    }
    assert tournament.rules().uma == (20, 10, -10, -20)
    assert tournament.rules().session_minutes == tournament.session_minutes == 80


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ({"uma": "15, 5, -5"}, "uma", "must be a list of 4 numbers"),
        ({"uma": "fifteen"}, "uma", "four numbers separated by commas"),
        ({"other_overrides": '{"uma_size": 3}'}, "other_overrides", "unknown ruleset parameter"),
        ({"other_overrides": "{oops"}, "other_overrides", "this is not JSON"),
        ({"end_date": "2026-09-11"}, "end_date", "cannot end before it starts"),
    ],
)
def test_bad_settings_come_back_filled_in_with_the_error_on_its_field(
    client, creator, extra, field, message
):
    client.force_login(creator)
    response = client.post(reverse("tournament:new"), {**FORM, **extra})
    assert response.status_code == 200
    form = response.context["form"]
    assert message in " ".join(form.errors[field])
    assert 'value="Hamburg Riichi Open"' in response.content.decode()
    assert not Tournament.objects.exists()


def test_anonymous_visitors_are_sent_to_log_in(client, db):
    response = client.get(reverse("tournament:new"))
    assert response.status_code == 302 and "/login/" in response.url


@pytest.mark.parametrize(
    "page", ["dashboard", "settings", "tables", "schedule", "staff", "checkin"]
)
def test_organiser_pages_are_forbidden_to_referees_and_strangers(
    client, tournament, referee, stranger, page
):
    url = reverse(f"tournament:{page}", args=[tournament.slug])
    for user in (referee, stranger):
        client.force_login(user)
        assert client.get(url).status_code == 403


def test_settings_change_the_number_of_sessions_and_their_length(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("tournament:settings", args=[tournament.slug])
    form = client.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and k in form.fields}
    data.update(
        start_date="2026-05-02",
        end_date="2026-05-03",
        session_count="6",
        session_minutes="100",
        ema_rated="on",
    )
    data.pop("registration_opens", None)
    response = client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    assert list(tournament.sessions.values_list("number", "minutes")) == [
        (n, 100) for n in range(1, 7)
    ]


def test_sessions_already_played_are_not_removed(tournament, seated_session):
    from tournament.errors import ServiceError
    from tournament.events.services import tournament_update

    seated_session.number = 2
    seated_session.save(update_fields=["number"])
    with pytest.raises(ServiceError, match=r"session 2: seats\. Keep 2 sessions or more\."):
        tournament_update(tournament=tournament, data={"session_count": 1})
    with pytest.raises(ServiceError, match=r"Number of sessions: from 1 to 30\."):
        tournament_update(tournament=tournament, data={"session_count": 0})


def test_tables_are_numbered_and_optionally_named(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("tournament:tables", args=[tournament.slug])
    client.post(url, {"count": "4", "names": "Stage\n\nWindow"})
    assert [str(t) for t in Table.objects.filter(tournament=tournament)] == [
        "Stage",
        "Table 2",
        "Window",
        "Table 4",
    ]
    response = client.post(url, {"count": "2", "names": "A\nB\nC"})
    assert "3 names for 2 tables" in response.content.decode()
    assert Table.objects.filter(tournament=tournament).count() == 4


def test_schedule_page_sets_start_and_length(client, tournament, organiser):
    Session.objects.create(tournament=tournament, number=1)
    client.force_login(organiser)
    url = reverse("tournament:schedule", args=[tournament.slug])
    response = client.post(
        url,
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-0-number": "1",
            "form-0-planned_start": "2026-05-02T10:30",
            "form-0-minutes": "95",
        },
    )
    assert response.status_code == 302
    session = tournament.sessions.get()
    assert session.minutes == 95
    local = timezone.localtime(session.planned_start)  # the venue's time zone
    assert (local.hour, local.minute) == (10, 30)


def test_staff_page_adds_referees_by_user_name_and_keeps_an_organiser(
    client, tournament, organiser
):
    get_user_model().objects.create_user("ria")
    client.force_login(organiser)
    url = reverse("tournament:staff", args=[tournament.slug])
    client.post(url, {"username": "Ria", "role": "referee", "may_run_clock": "on"})
    ria = Staff.objects.get(user__username="ria")
    assert ria.role == "referee" and ria.may_run_clock
    response = client.post(url, {"username": "nobody", "role": "referee"})
    assert "There is no user “nobody”" in response.content.decode()
    assert 'value="nobody"' in response.content.decode()
    me = Staff.objects.get(user=organiser)
    response = client.post(
        reverse("tournament:staff_remove", args=[tournament.slug, me.pk]), follow=True
    )
    assert "the only organiser" in response.content.decode()
    assert Staff.objects.filter(pk=me.pk).exists()
