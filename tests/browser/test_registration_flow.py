"""Registration in a real browser: an organiser sets up an event and imports players, a
player signs up and registers, the organiser confirms and checks everyone in."""

from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.conftest import login, new_context
from tests.conftest import grant_tournament_creation
from tournament.models import Registration, Tournament

GOOD = [f"Given{i},Family{i},05{100000 + i:06d},DE,Club {i % 3}," for i in range(10)]
CSV = "\n".join(
    [
        "First name,Last name,EMA number,Country,Club,Reserve",
        *GOOD,
        "Resa,Reserve,,BE,,yes",
        ",Nameless,,DE,,",
        "Bad,Number,05-1,DE,,",
    ]
).encode()


def test_organiser_and_player_register_an_event_from_the_pages(page, browser, transactional_db):
    grant_tournament_creation(get_user_model().objects.create_user("olga", password="olga-pass-1"))
    login(page, "olga", "olga-pass-1")

    # Create the tournament from the home page.
    page.click("text=New tournament")
    page.fill("#id_name", "Browser Open")
    page.fill("#id_start_date", "2026-08-14")
    page.fill("#id_end_date", "2026-08-14")
    page.fill("#id_session_count", "4")
    page.fill("#id_player_limit", "16")
    page.select_option("#id_visibility", "published")
    page.click("text=Create the tournament")
    page.wait_for_url("**/t/browser-open/dashboard/")
    expect(page.locator(".messages")).to_contain_text("Browser Open is created")

    # Import: the two bad rows are explained with their lines, nothing is imported yet.
    page.click(".manage-links >> text=Import")
    page.set_input_files(
        "#id_file", files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": CSV}]
    )
    page.click("text=Check and import")
    bad_rows = page.locator("table.bad-rows tbody tr")
    expect(bad_rows).to_have_count(2)
    expect(bad_rows.nth(0).locator(":scope > *").first).to_have_text("13")
    expect(bad_rows.nth(0)).to_contain_text("First name: This field is required.")
    expect(bad_rows.nth(1)).to_contain_text("“05-1” is not 8 digits.")
    expect(page.locator("body")).to_contain_text("Nothing was imported")
    page.click("text=Import only the 11 good rows")
    expect(page.get_by_text("Imported 10 confirmed player(s), 1 reserve(s)")).to_be_visible()

    # Open registration from the dashboard.
    page.click(".manage-links >> text=Dashboard")
    page.click("text=Open registration now")
    expect(page.locator(".messages")).to_contain_text("Registration is open.")

    # A player signs up and registers in their own browser.
    player = new_context(browser, page.url.split("/t/")[0]).new_page()
    player.goto("/t/browser-open/")
    player.click(".registration-box >> text=Register")  # to log in or sign up first
    player.click("main >> text=Sign up")
    player.fill("#id_username", "pia")
    player.fill("#id_password1", "mahjong-pia-2026")
    player.fill("#id_password2", "mahjong-pia-2026")
    player.fill("#id_first_name", "Pia")
    player.fill("#id_last_name", "Player")
    player.fill("#id_ema_number", "05999999")
    player.select_option("#id_country", "DE")
    player.fill("#id_email", "pia@example.org")
    player.click("text=Create my account")
    player.wait_for_url("**/t/browser-open/register/")
    player.click("button:has-text('Register')")
    player.wait_for_url("**/t/browser-open/")
    expect(player.locator(".registration-box")).to_contain_text("Awaiting confirmation")
    player.context.close()

    # The organiser confirms, checks everyone in and fills the last table from the reserves.
    page.reload()
    page.click("text=Confirm all 1")
    expect(page.locator(".messages")).to_contain_text("1 registration(s) confirmed.")
    page.click(".manage-links >> text=Check-in")
    page.wait_for_load_state("load")  # checkin.js (deferred) wires "all shown"
    page.check("#checkin-all")
    page.click("text=Check in ticked")
    expect(page.locator(".messages")).to_contain_text("12 checked in.")
    expect(page.locator("body")).to_contain_text(
        "11 players are checked in: 1 reserve(s) must fill in"
    )
    page.click("text=Fill from the reserves")
    expect(page.locator(".field-status")).to_contain_text("Ready to seat: 12 players at 3 tables")

    page.click(".manage-links >> text=Dashboard")
    expect(page.locator("td .badge:has-text('ready to seat')")).to_have_count(4)
    tournament = Tournament.objects.get(slug="browser-open")
    assert tournament.registrations.filter(checked_in=True).count() == 12
    assert Registration.objects.get(player__last_name="Reserve").fills_in


def test_check_in_on_a_phone_finds_players_by_name(phone, transactional_db):
    from tests.conftest import make_players
    from tournament.models import Staff

    tournament = Tournament.objects.create(
        name="Phone Cup",
        slug="phone-cup",
        start_date="2026-05-02",
        end_date="2026-05-02",
        visibility=Tournament.Visibility.PUBLISHED,
    )
    make_players(tournament, 12)
    user = get_user_model().objects.create_user("desk", password="desk-pass-1")
    Staff.objects.create(tournament=tournament, user=user, role=Staff.Role.ORGANISER)
    login(phone, "desk", "desk-pass-1")
    phone.goto("/t/phone-cup/check-in/")
    phone.wait_for_load_state("load")  # checkin.js (deferred) wires the search
    phone.fill("#checkin-search", "last007")
    visible = phone.locator("#checkin-table tbody tr:visible")
    expect(visible).to_have_count(1)
    phone.check("#checkin-all")  # ticks only the row that is shown
    phone.click("text=Check in ticked")
    expect(phone.locator(".messages")).to_contain_text("1 checked in.")
    assert list(
        tournament.registrations.filter(checked_in=True).values_list("player__last_name", flat=True)
    ) == ["Last007"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 400
