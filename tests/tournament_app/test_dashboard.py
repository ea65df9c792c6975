"""The organiser's dashboard: next steps that tell the truth, the EMA's requirements of a
rated event, "Final check" (a page that checks, session by session), and who may open it."""

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from referee.services import penalty_create
from results.board import dashboard as events_selectors
from tests.conftest import make_players
from tests.seating_app.conftest import generate, setup_event
from tests.tournament_app.conftest import make_player_user, register
from tests.tournament_app.test_event_day import _score
from tournament.models import Registration, Session, Staff, Table


def _warnings(tournament):
    return [w.text for w in events_selectors.dashboard(tournament, timezone.now())["warnings"]]


def _sessions(tournament, per_day: list[int]):
    number = 0
    for day, count in enumerate(per_day):
        for slot in range(count):
            number += 1
            start = dt.datetime.combine(
                tournament.start_date + dt.timedelta(days=day), dt.time(9 + 2 * slot)
            )
            Session.objects.create(
                tournament=tournament, number=number, planned_start=timezone.make_aware(start)
            )


def test_a_two_day_event_needs_seven_sessions(tournament):
    tournament.session_count = 6
    assert "A 2-day EMA-rated event needs at least 7 sessions; this one has 6." in _warnings(
        tournament
    )
    tournament.session_count = 7
    assert not any("needs at least" in w for w in _warnings(tournament))


def test_more_than_five_sessions_a_day_is_flagged(tournament):
    tournament.session_count = 8
    _sessions(tournament, [6, 2])
    (warning,) = [w for w in _warnings(tournament) if "five" in w]
    assert warning == "More than five sessions on Sat 02 May: the EMA allows at most five a day."


def test_one_referee_per_32_players(tournament, referee):
    make_players(tournament, 33)
    assert "33 players need at least 2 referee(s) (one per 32); the tournament has 1." in (
        _warnings(tournament)
    )
    Staff.objects.create(
        tournament=tournament,
        user=get_user_model().objects.create_user("second_ref"),
        role=Staff.Role.REFEREE,
    )
    assert not any("referee" in w for w in _warnings(tournament))


def test_substitutes_must_be_asked_whether_their_results_count(tournament):
    reserve = register(tournament, make_player_user(1)[1], is_reserve=True)
    assert any("not yet asked" in w and "Pat001 Player001" in w for w in _warnings(tournament))
    reserve.results_count = True
    reserve.save()
    assert not any("not yet asked" in w for w in _warnings(tournament))


def test_short_sessions_and_unrated_events(tournament):
    tournament.session_minutes = 75
    assert any("shorter than the 90 minutes" in w for w in _warnings(tournament))
    tournament.ema_rated = False
    assert _warnings(tournament) == []


def test_dashboard_shows_the_next_step_and_the_warnings(client, tournament, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournament:dashboard", args=[tournament.slug])).content.decode()
    assert "What to do next" in page
    assert "Short of the EMA's requirements for a rated event" in page
    # Tables are missing, so that is the step to do first.
    assert page.index("step-next") < page.index("Set up tables and the schedule")


def test_dashboard_says_when_session_one_is_ready_to_seat(client, tournament, organiser):
    make_players(tournament, 8)
    tournament.registrations.update(checked_in=True)
    Table.objects.bulk_create(Table(tournament=tournament, number=n) for n in (1, 2))
    Session.objects.create(tournament=tournament, number=1)
    client.force_login(organiser)
    page = client.get(reverse("tournament:dashboard", args=[tournament.slug])).content.decode()
    assert "ready to seat" in page
    assert "8 players at 2 tables" in page


def test_dashboard_queries_do_not_grow_with_players(
    client, tournament, organiser, django_assert_max_num_queries
):
    make_players(tournament, 40)
    for n in range(3):
        register(tournament, make_player_user(n)[1], is_reserve=True, checked_in=True)
    Registration.objects.update(checked_in=True)
    client.force_login(organiser)
    with django_assert_max_num_queries(25):
        assert (
            client.get(reverse("tournament:dashboard", args=[tournament.slug])).status_code == 200
        )


def test_too_many_sessions_for_the_days_is_flagged_before_the_schedule_exists(tournament):
    tournament.session_count = 11  # two days, no session planned yet
    assert any("11 sessions in 2 day(s)" in w for w in _warnings(tournament))


def test_publish_and_back_to_draft_from_the_dashboard(client, draft_tournament):
    organiser = get_user_model().objects.create_user("dora")
    Staff.objects.create(tournament=draft_tournament, user=organiser, role=Staff.Role.ORGANISER)
    client.force_login(organiser)
    url = reverse("tournament:publish", args=[draft_tournament.slug])
    client.post(url)
    draft_tournament.refresh_from_db()
    assert draft_tournament.is_published
    client.post(url, {"published": "0"})
    draft_tournament.refresh_from_db()
    assert not draft_tournament.is_published


def test_confirmed_players_without_a_valid_ema_number_are_listed_with_a_link_to_fix(
    client, tournament, organiser
):
    good, blank, short = make_players(tournament, 3)
    blank.ema_number = ""
    blank.save()
    short.ema_number = "0500003"
    short.save()
    client.force_login(organiser)
    page = client.get(reverse("tournament:dashboard", args=[tournament.slug])).content.decode()
    assert "2 confirmed player(s) without a valid EMA number" in page
    for player in (blank, short):
        registration = Registration.objects.get(player=player)
        edit = reverse("tournament:player_edit", args=[tournament.slug, registration.pk])
        assert f'href="{edit}?next=' in page
    assert f"Correct {short} (0500003)" in page
    assert str(good) not in page
    # Every other warning links to the page that fixes it: here, too few referees.
    assert f'href="{reverse("tournament:staff", args=[tournament.slug])}">Add a referee' in page


def test_seven_digits_that_start_with_zero_are_not_a_lost_leading_zero(tournament):
    from tournament.registration.entry_forms import lost_leading_zero
    from tournament.registration.importing import check_rows, read_player_file
    from tournament.registration.selectors import known_people

    assert lost_leading_zero("1000123") and not lost_leading_zero("0500003")
    rows = read_player_file("p.csv", b"first name,last name,ema,country\nLea,Fischer,0500003,DE\n")
    (check,) = check_rows(rows, known_people(rows, tournament=tournament)).checks
    assert not check.ok and check.row.ema_number == "0500003"


def test_the_dashboard_says_its_states_in_the_readers_language(client, tournament, organiser):
    """No English left beside German or Polish words: "published", "Anmeldung closed"."""
    from django.urls import reverse

    client.force_login(organiser)
    url = reverse("tournament:dashboard", args=[tournament.slug])
    lead = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    lead = lead[lead.index('class="lead"') :]
    lead = " ".join(lead[: lead.index("</p>")].split())
    assert "veröffentlicht" in lead and "· Anmeldung geschlossen" in lead
    assert "published" not in lead and "closed" not in lead
    lead = client.get(url, HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    lead = " ".join(lead[lead.index('class="lead"') :].split("</p>")[0].split())
    assert "opublikowany" in lead and "· zapisy zamknięte" in lead


def test_a_logged_out_organiser_is_sent_to_log_in_not_shown_a_bare_403(client, tournament):
    url = reverse("tournament:dashboard", args=[tournament.slug])
    response = client.get(url)
    assert response.status_code == 302
    assert response.url == f"{reverse('login')}?next={url}"


def test_a_logged_in_stranger_gets_a_page_of_the_site_with_the_reason(client, tournament, stranger):
    client.force_login(stranger)
    response = client.get(reverse("tournament:dashboard", args=[tournament.slug]))
    assert response.status_code == 403
    page = response.content.decode()
    assert "Only the tournament&#x27;s organisers may do this." in page
    assert 'class="topbar"' in page  # the site's layout, not Django's bare page


def _step(tournament, title):
    steps = events_selectors.dashboard(tournament, timezone.now())["steps"]
    return next(s for s in steps if s.title == title)


@pytest.fixture
def seated(tournament):
    tournament.ema_rated = False
    tournament.save(update_fields=["ema_rated"])
    setup_event(tournament, players=16, tables=4, sessions=2)
    generate(tournament)
    return tournament


def test_seat_session_one_done_says_seated_not_not_ready(seated):
    # A player leaves after the seating: the field is no longer ready, the seating is made.
    registration = seated.registrations.first()
    registration.checked_in = False
    registration.save(update_fields=["checked_in"])
    step = _step(seated, "Seat session 1")
    assert step.done
    assert "Not ready" not in step.detail
    assert step.detail == "Seated: 16 players at 4 tables."


def test_open_registration_is_ticked_only_once_it_was_opened(tournament):
    setup_event(tournament, players=8, tables=2, sessions=2)
    tournament.registration_opens = None
    tournament.save(update_fields=["registration_opens"])
    step = _step(tournament, "Open registration")
    assert not step.done and step.needless
    assert step.detail == "Not opened: the players were registered by hand or imported."
    next_step = events_selectors.dashboard(tournament, timezone.now())["next_step"]
    assert next_step.title != "Open registration"
    tournament.registration_opens = timezone.now() - dt.timedelta(days=1)
    tournament.save(update_fields=["registration_opens"])
    assert _step(tournament, "Open registration").done


def test_final_check_is_a_page_that_checks_each_session(client, seated, organiser, referee):
    for session in seated.sessions.all():
        session.state = Session.State.FINISHED
        session.save(update_fields=["state"])
    one = seated.sessions.get(number=1)
    _score(one)
    player = one.seats.first().player
    penalty_create(tournament=seated, player=player, session=one, kind="chombo", user=referee)
    step = _step(seated, "Final check")
    assert step.url == reverse("tournament:final_check", args=[seated.slug])
    client.force_login(organiser)
    response = client.get(step.url)
    assert response.status_code == 200
    checks = response.context["sessions"]
    assert [c.session.number for c in checks] == [1, 2]
    assert (checks[0].counts["confirmed"], checks[0].penalties, checks[0].ready) == (4, 1, True)
    assert (checks[1].counts["missing"], checks[1].ready) == (4, False)
    page = response.content.decode()
    assert "4 score sheet(s) not confirmed." in page
    assert "✓ ready for the EMA file" in page and "not ready" in page


def test_final_check_is_for_organisers(client, seated, referee):
    client.force_login(referee)
    response = client.get(reverse("tournament:final_check", args=[seated.slug]))
    assert response.status_code in (403, 404)
