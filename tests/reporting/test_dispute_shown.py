"""A dispute on the referee's pages: the sheet page shows the reason and who
disputed, the session's sheet list says "Disputed", and the referee's correction of a
disputed sheet needs a reason."""

from __future__ import annotations

from django.urls import reverse

from scoring.models import ScoreSheet, SheetVersion
from scoring.services import SheetError, sheet_save

from .test_player_reporting import POINTS, answer, enter, final_post, sheet1

REASON = "North had 32,000, not 22,000"


def _disputed(client, accounts, running):
    enter(client, accounts[0])
    answer(client, accounts[1])
    assert answer(client, accounts[2], kind="disputed", reason=REASON).status_code == 302


def test_the_sheet_page_shows_who_disputed_and_why(client, accounts, running, referee):
    _disputed(client, accounts, running)
    client.force_login(referee)
    page = client.get(reverse("scoring:sheet", args=["test-open", 1, 1])).content.decode()
    west = running.seats.get(table__number=1, wind=2).player
    assert 'id="sheet-disputes"' in page
    assert f"{west} disputed version 1" in page and REASON in page
    assert "Required: a player disputed this sheet." in page


def test_the_session_list_says_disputed(client, accounts, running, referee):
    _disputed(client, accounts, running)
    client.force_login(referee)
    page = client.get(reverse("scoring:session", args=["test-open", 1])).content.decode()
    row = page[page.index("Table 1") : page.index("Table 2")]
    assert ">Disputed<" in row and ">Entered<" not in row


def test_the_referee_s_correction_of_a_disputed_sheet_needs_a_reason(
    client, accounts, running, referee
):
    _disputed(client, accounts, running)
    client.force_login(referee)
    url = reverse("scoring:sheet", args=["test-open", 1, 1])
    corrected = [41000, 27000, 20000, 32000]
    response = client.post(url, final_post(corrected, version=1))
    assert response.status_code == 200
    assert "A player disputed this sheet: a correction needs the reason." in (
        response.content.decode()
    )
    assert sheet1(running).version == 1  # nothing stored
    # The service refuses it too (a page that forgot the form's check).
    sheet = sheet1(running)
    try:
        sheet_save(
            session=running,
            table=sheet.table,
            mode="final",
            entry={**sheet.entry, "points": corrected},
            expected_version=1,
            user=referee,
        )
    except SheetError as error:
        assert "disputed" in str(error)
    else:
        raise AssertionError("a disputed sheet was corrected without a reason")
    response = client.post(url, final_post(corrected, version=1, reason="North counted again"))
    assert response.status_code == 302
    sheet = sheet1(running)
    assert sheet.version == 2
    assert SheetVersion.objects.filter(sheet=sheet).latest("number").reason == (
        "North counted again"
    )
    # The new version is the table's to answer afresh: no longer shown as disputed.
    page = client.get(reverse("scoring:session", args=["test-open", 1])).content.decode()
    row = page[page.index("Table 1") : page.index("Table 2")]
    assert ">Disputed<" not in row


def test_a_player_re_entering_a_disputed_sheet_needs_no_reason(client, accounts, running):
    _disputed(client, accounts, running)
    assert (
        enter(client, accounts[3], points=[41000, 27000, 20000, 32000], version=1).status_code
        == 302
    )
    assert ScoreSheet.objects.get().version == 2
    assert POINTS  # the first entry's points, for the reader


def test_a_disputed_sheet_reads_as_one_state_and_the_message_is_a_sentence(
    client, accounts, running, referee
):
    enter(client, accounts[0])
    answer(client, accounts[1])
    client.force_login(accounts[2])
    response = client.post(
        reverse("reporting:answer", args=["test-open"]),
        {"version": 1, "kind": "disputed", "reason": REASON},
        follow=True,
    )
    assert "Sheet disputed. A referee is on the way." in response.content.decode()
    client.force_login(referee)
    page = client.get(reverse("scoring:sheet", args=["test-open", 1, 1])).content.decode()
    status = page[page.index('class="sheet-status"') :]
    status = " ".join(status[: status.index("</p>")].split())
    assert ">Entered, disputed</span> · version 1" in status
