"""Players sign up, register themselves and withdraw."""

from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.tournament_app.conftest import make_player_user
from tournament.models import Player, Registration

SIGNUP = {
    "username": "zofia",
    "password1": "tiles-and-dice-42",
    "password2": "tiles-and-dice-42",
    "first_name": "Zofia",
    "last_name": "Nowak",
    "ema_number": "19000042",
    "country": "PL",
    "club": "Warszawa Riichi",
    "email": "zofia@example.org",
}


def test_sign_up_makes_an_account_and_its_player_and_logs_in(client, db):
    response = client.post(reverse("signup"), SIGNUP)
    assert response.status_code == 302
    player = Player.objects.get(ema_number="19000042")
    assert player.user.username == "zofia" and player.club == "Warszawa Riichi"
    assert response.wsgi_request.user.is_authenticated


def test_sign_up_never_claims_the_record_an_organiser_imported(client, db):
    """Name, country and EMA number are public; the account gets a new person
    (the linking is tests/tournament_app/test_identity.py)."""
    imported = Player.objects.create(
        first_name="Zofia", last_name="Nowak", ema_number="19000042", country="PL"
    )
    client.post(reverse("signup"), SIGNUP)
    imported.refresh_from_db()
    assert imported.user is None and imported.email == ""
    mine = Player.objects.get(user__username="zofia")
    assert mine.pk != imported.pk and mine.tournament_id is None  # his own profile


def test_sign_up_errors_keep_what_was_typed(client, db):
    make_player_user(1)  # EMA number 05900001 belongs to Pat001 Player001
    data = {**SIGNUP, "ema_number": "05900001"}
    response = client.post(reverse("signup"), data)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "05900001 already belongs to Pat001 Player001 (DE)." in errors["ema_number"]
    assert 'value="Warszawa Riichi"' in response.content.decode()
    response = client.post(reverse("signup"), {**SIGNUP, "ema_number": "1900004x"})
    assert "“1900004x” is not 8 digits." in response.context["form"].errors["ema_number"]
    assert not get_user_model().objects.filter(username="zofia").exists()


def test_registered_player_sees_status_and_can_withdraw(client, open_tournament):
    user, player = make_player_user(1)
    client.force_login(user)
    page = client.get(open_tournament.get_absolute_url()).content.decode()
    assert "Registration is open" in page
    response = client.post(reverse("tournament:register", args=[open_tournament.slug]))
    assert response.url == open_tournament.get_absolute_url()
    # The tournament's own entry, copied from his profile and linked to his account.
    registration = Registration.objects.get(player__user=user)
    assert registration.player.tournament == open_tournament and registration.player != player
    assert registration.status == Registration.Status.PENDING
    page = client.get(open_tournament.get_absolute_url()).content.decode()
    assert "You are registered" in page and "Awaiting confirmation" in page
    client.post(reverse("tournament:withdraw", args=[open_tournament.slug]))
    registration.refresh_from_db()
    assert registration.status == Registration.Status.WITHDRAWN


def test_an_account_without_a_player_record_gives_its_details_when_registering(
    client, open_tournament, stranger
):
    client.force_login(stranger)
    url = reverse("tournament:register", args=[open_tournament.slug])
    assert "tell us who you are" in client.get(url).content.decode()
    response = client.post(
        url, {"first_name": "Sam", "last_name": "Stranger", "ema_number": "", "country": "GB"}
    )
    assert response.status_code == 302
    assert Registration.objects.get(player__user=stranger).status == "pending"


def test_registration_is_refused_when_closed(client, tournament):
    user, _ = make_player_user(1)
    client.force_login(user)
    url = reverse("tournament:register", args=[tournament.slug])
    assert "Registration is not open" in client.get(url).content.decode()
    response = client.post(url, follow=True)
    assert "Registration for this tournament is not open." in response.content.decode()
    assert not Registration.objects.exists()


def test_drafts_cannot_be_registered_for(client, draft_tournament):
    user, _ = make_player_user(1)
    client.force_login(user)
    url = reverse("tournament:register", args=[draft_tournament.slug])
    assert client.post(url).status_code == 404


def test_home_page_lists_the_players_own_registrations(client, tournament, draft_tournament):
    user, player = make_player_user(1)
    Registration.objects.create(tournament=tournament, player=player, status="waiting")
    entry = Player.objects.create(
        tournament=draft_tournament, user=user, first_name="Pat", last_name="P", country="DE"
    )
    Registration.objects.create(tournament=draft_tournament, player=entry, status="confirmed")
    client.force_login(user)
    page = client.get(reverse("home")).content.decode()
    section = page[page.index("Your registrations") :]
    assert "Test Open" in section and "Waiting list" in section
    assert "Secret Cup" not in page  # a draft stays hidden, registered or not


def test_a_waiting_player_sees_their_place_in_the_queue(client, open_tournament):
    open_tournament.player_limit = 1
    open_tournament.save()
    users = [make_player_user(n)[0] for n in range(3)]
    for user in users:
        client.force_login(user)
        client.post(reverse("tournament:register", args=[open_tournament.slug]))
    page = client.get(open_tournament.get_absolute_url()).content.decode()
    assert "number 2 on the waiting list" in page


def test_tournament_page_queries_do_not_grow_with_players(client, open_tournament):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.conftest import make_players

    make_players(open_tournament, 60)
    user, player = make_player_user(1)
    Registration.objects.create(tournament=open_tournament, player=player, status="waiting")
    client.force_login(user)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(open_tournament.get_absolute_url()).status_code == 200
        return len(captured)

    with_60 = queries()
    for i in range(60):  # sixty more
        more = Player.objects.create(first_name="More", last_name=f"Player{i}", country="FR")
        Registration.objects.create(tournament=open_tournament, player=more, status="confirmed")
    assert queries() == with_60 <= 15
