"""The hand-by-hand sheet: the rules core replays it; errors come back at their hand."""

from __future__ import annotations

from decimal import Decimal

from django.urls import reverse

from scoring.models import ScoreSheet, TableResult

SEATS = "ESWN"


def url(session, table):
    base = reverse("scoring:sheet", args=[session.tournament.slug, session.number, table.number])
    return f"{base}?mode=hands"


def hands_post(lines, *, version=0, action="save", ended_by_time=False, extra_forms=2):
    """POST data of the hands formset; each line is a dict of HandForm fields."""
    total = len(lines) + extra_forms
    data = {
        "mode": "hands",
        "version": version,
        "action": action,
        "hands-TOTAL_FORMS": total,
        "hands-INITIAL_FORMS": 0,
        "hands-MIN_NUM_FORMS": 0,
        "hands-MAX_NUM_FORMS": 1000,
    }
    for i in range(4):
        data[f"substitute_{i}"] = ""
    if ended_by_time:
        data["ended_by_time"] = "on"
    for n, line in enumerate(lines):
        for key, value in line.items():
            data[f"hands-{n}-{key}"] = value
    return data


def ron(winner, loser, han, fu, **more):
    line = {"kind": "ron", "who": loser, f"han_{SEATS.index(winner)}": han}
    line[f"fu_{SEATS.index(winner)}"] = fu
    line.update(more)
    return line


# Eight hands, each won on the dealer's discard by the player after him: the game ends
# after South 4.  E1: South 3 han 30 fu = 3,900 from East (EMA 6 scoring table);
# the others 1 han 30 fu = 1,000.  Final: E 27,100, S 32,900, W 30,000, N 30,000.
GAME = [
    ron("S", "E", 3, 30),
    ron("W", "S", 1, 30),
    ron("N", "W", 1, 30),
    ron("E", "N", 1, 30),
    ron("S", "E", 1, 30),
    ron("W", "S", 1, 30),
    ron("N", "W", 1, 30),
    ron("E", "N", 1, 30),
]


def test_a_full_game_gives_final_points_uma_and_scores(client, referee, seated_session, table1):
    client.force_login(referee)
    response = client.post(url(seated_session, table1), hands_post(GAME))
    assert response.status_code == 302, response.context["form"].errors
    sheet = ScoreSheet.objects.get()
    assert sheet.mode == "hands"
    results = {r.wind: r for r in TableResult.objects.filter(sheet=sheet)}
    assert [results[w].points for w in range(4)] == [27100, 32900, 30000, 30000]
    # West and North tie for second: (5 - 5) / 2 = 0 each (EMA 3.6.1).
    assert [results[w].rank for w in range(4)] == [4, 1, 2, 2]
    assert [results[w].score for w in range(4)] == [
        Decimal("-17.9"),
        Decimal("17.9"),
        Decimal(0),
        Decimal(0),
    ]


def test_running_totals_round_and_counters_are_shown(client, referee, seated_session, table1):
    client.force_login(referee)
    game = [dict(GAME[0], riichi_1="on"), *GAME[1:]]
    response = client.post(url(seated_session, table1), hands_post(game, action="check"))
    assert response.status_code == 200
    rows = [r["line"] for r in response.context["hand_rows"] if r["line"]]
    assert [r["round"] for r in rows] == ["E1", "E2", "E3", "E4", "S1", "S2", "S3", "S4"]
    # Riichi by the winner: his stick comes back, so 3,900 net.
    assert rows[0]["totals"] == [26100, 33900, 30000, 30000]
    assert rows[-1]["totals"] == [27100, 32900, 30000, 30000]
    assert not ScoreSheet.objects.exists()  # a check saves nothing


def test_impossible_hand_is_explained_at_its_line_and_the_sheet_comes_back(
    client, referee, seated_session, table1
):
    client.force_login(referee)
    game = list(GAME)
    game[6] = ron("N", "W", 1, 20)  # 1 han 20 fu cannot win on a discard
    response = client.post(url(seated_session, table1), hands_post(game))
    assert response.status_code == 200
    formset = response.context["formset"]
    line_errors = " ".join(formset.forms[6].non_field_errors())
    assert line_errors.startswith("hand 7 (S3):")
    assert "20 fu" in line_errors
    assert not formset.forms[5].non_field_errors()
    page = response.content.decode()
    assert "hand 7 (S3)" in page
    assert 'name="hands-6-fu_3" value="20"' in page  # as it was entered
    assert not ScoreSheet.objects.exists()


def test_a_sheet_stopping_early_needs_the_time_limit(client, referee, seated_session, table1):
    client.force_login(referee)
    response = client.post(url(seated_session, table1), hands_post(GAME[:5]))
    errors = " ".join(response.context["form"].non_field_errors())
    assert "ended_by_time" in errors or "before the end" in errors
    response = client.post(url(seated_session, table1), hands_post(GAME[:5], ended_by_time=True))
    assert response.status_code == 302


def test_draw_tenpai_and_chombo_lines(client, referee, seated_session, table1):
    client.force_login(referee)
    lines = [
        {"kind": "draw", "tenpai_0": "on"},  # East tenpai alone: +3,000, stays East
        {"kind": "chombo", "who": "N"},  # re-dealt: no hand, -20 after uma (EMA 3.4.6)
    ]
    response = client.post(
        url(seated_session, table1), hands_post(lines, action="check", ended_by_time=True)
    )
    assert response.status_code == 200, response.context["form"].errors
    rows = [r["line"] for r in response.context["hand_rows"] if r["line"]]
    assert rows[0]["totals"] == [33000, 29000, 29000, 29000]
    assert rows[1]["round"] == "E1" and rows[1]["honba"] == 1
    result = {r["seat"]: r for r in response.context["result_rows"]}
    assert result["N"]["penalty"] == -20


def test_double_ron_pays_both_and_the_sticks_go_to_the_first_in_turn(
    client, referee, seated_session, table1
):
    # EMA 3.3.1: several players may win on one discard, the discarder pays each; the riichi
    # stick on the table goes to the winner first in turn order after the discarder.
    client.force_login(referee)
    line = {"kind": "ron", "who": "E", "riichi_2": "on", "han_1": 1, "fu_1": 30, "han_3": 2}
    line["fu_3"] = 30
    response = client.post(
        url(seated_session, table1), hands_post([line], action="check", ended_by_time=True)
    )
    rows = [r["line"] for r in response.context["hand_rows"] if r["line"]]
    # South 1,000 + West's stick; North 2,000; East pays 3,000; West loses the stick.
    assert rows[0]["totals"] == [27000, 32000, 29000, 32000]


def test_double_ron_is_refused_under_wrc(client, referee, seated_session, table1):
    # WRC 5.7.6: only the player closest to the discarder wins ("head bump").
    tournament = seated_session.tournament
    tournament.ruleset = "wrc2015"
    tournament.save()
    client.force_login(referee)
    line = {"kind": "ron", "who": "E", "han_1": 1, "fu_1": 30, "han_3": 2, "fu_3": 30}
    response = client.post(url(seated_session, table1), hands_post([line], ended_by_time=True))
    errors = " ".join(response.context["formset"].forms[0].non_field_errors())
    assert errors.startswith("hand 1 (E1):") and "one winner" in errors


def test_ron_without_the_discarder_is_marked_at_the_field(client, referee, seated_session, table1):
    client.force_login(referee)
    lines = [{"kind": "ron", "han_1": 2, "fu_1": 30}]
    response = client.post(url(seated_session, table1), hands_post(lines, ended_by_time=True))
    assert "Choose who dealt in." in response.context["formset"].forms[0].errors["who"]


def test_stored_hands_come_back_into_the_form(client, referee, seated_session, table1):
    client.force_login(referee)
    client.post(url(seated_session, table1), hands_post(GAME))
    page = client.get(url(seated_session, table1))
    formset = page.context["formset"]
    assert formset.forms[0].initial["kind"] == "ron"
    assert formset.forms[0].initial["han_1"] == 3
    assert formset.forms[0].initial["who"] == "E"


def test_calculator_gives_han_and_fu(client, tournament):
    response = client.get(
        reverse("scoring:calculator", args=[tournament.slug]),
        {
            "tiles": "234m567p22s345678s",
            "win_tile": "8s",
            "riichi": "on",
            "seat_wind": "S",
            "round_wind": "E",
        },
    )
    answer = response.context["answer"]
    # Riichi, all simples and pinfu: 3 han 30 fu, 3,900 on a discard (EMA 6, non-dealer).
    assert (answer["han"], answer["fu"], answer["total"]) == (3, 30, 3900)
    assert "3 han 30 fu" in response.content.decode()


def test_calculator_explains_a_hand_that_is_not_complete(client, tournament):
    response = client.get(
        reverse("scoring:calculator", args=[tournament.slug]),
        {"tiles": "234m567p22s345679s", "win_tile": "9s", "seat_wind": "S", "round_wind": "E"},
    )
    assert response.context["answer"] is None
    assert "not a complete hand" in response.content.decode()


def test_clearing_a_stored_line_removes_that_hand(client, referee, seated_session, table1):
    client.force_login(referee)
    client.post(url(seated_session, table1), hands_post(GAME))
    data = hands_post([*GAME[:7], {"kind": ""}, GAME[7]], version=1)
    data["hands-INITIAL_FORMS"] = 8
    response = client.post(url(seated_session, table1), data)
    assert response.status_code == 302, response.context["form"].errors
    assert len(ScoreSheet.objects.get().entry["hands"]) == 8  # the cleared line is gone


def test_a_line_with_values_but_no_kind_is_not_guessed(client, referee, seated_session, table1):
    client.force_login(referee)
    lines = [*GAME[:7], {"han_3": 2, "fu_3": 30}]
    response = client.post(url(seated_session, table1), hands_post(lines))
    assert response.status_code == 200
    assert "Choose what happened" in " ".join(response.context["formset"].forms[7].errors["kind"])
    assert not ScoreSheet.objects.exists()


def test_checking_a_confirmed_sheet_needs_no_reason_but_saving_does(
    client, referee, seated_session, table1
):
    client.force_login(referee)
    client.post(url(seated_session, table1), hands_post(GAME))
    sheet = ScoreSheet.objects.get()
    client.post(reverse("scoring:confirm", args=["test-open", 1, 1]), {"version": sheet.version})
    data = hands_post(GAME, version=sheet.version + 1, action="check")
    data["hands-INITIAL_FORMS"] = len(GAME)  # as the page's management form says
    response = client.post(url(seated_session, table1), data)
    assert response.status_code == 200 and response.context["checked"]
    data["action"] = "save"
    response = client.post(url(seated_session, table1), data)
    assert "reason" in response.context["form"].errors


def test_noten_riichi_at_a_draw_is_flagged_with_a_link_to_record_the_chombo(
    client, referee, seated_session, table1
):
    # E1: South and West declare riichi; at the exhaustive draw only South is tenpai.
    # EMA 3.4.6: West made a chombo unless his hand was declared dead after the riichi,
    # which the sheet cannot tell: the sheet is saved as written and West is flagged.
    draw = {"kind": "draw", "riichi_1": "on", "riichi_2": "on", "tenpai_1": "on"}
    client.force_login(referee)
    response = client.post(url(seated_session, table1), hands_post([draw], ended_by_time=True))
    assert response.status_code == 302, response.context["form"].errors
    sheet = ScoreSheet.objects.get()
    assert sheet.result["noten_riichi"] == [{"hand": 1, "round": "E1", "seat": "W"}]
    page = client.get(url(seated_session, table1))
    west = seated_session.seats.get(table=table1, wind=2).player
    flag = page.context["noten_riichi"]
    assert [(f.hand, f.round, f.seat.player) for f in flag] == [(1, "E1", west)]
    record = reverse(
        "referee:penalty_new", args=[seated_session.tournament.slug, west.pk, "chombo"]
    )
    assert f"{record}?session={seated_session.number}" in page.content.decode()


def test_a_tenpai_riichi_declarer_at_a_draw_is_not_flagged(client, referee, seated_session, table1):
    draw = {"kind": "draw", "riichi_1": "on", "tenpai_1": "on"}
    client.force_login(referee)
    client.post(url(seated_session, table1), hands_post([draw], ended_by_time=True))
    assert ScoreSheet.objects.get().result["noten_riichi"] == []
    assert client.get(url(seated_session, table1)).context["noten_riichi"] == []


def test_a_sheet_error_is_said_once_in_the_form_s_words(client, referee, seated_session, table1):
    """The error is shown once, not twice, and never with the core's field name
    ``ended_by_time``."""
    from django.utils.html import escape

    client.force_login(referee)
    game = list(GAME)
    game[6] = ron("N", "W", 1, 20)
    response = client.post(url(seated_session, table1), hands_post(game))
    line_error = response.context["formset"].forms[6].non_field_errors()[0]
    page = response.content.decode()
    assert page.count(escape(line_error)) == 1
    assert "Hand 7 is refused: see the marked line." in page

    response = client.post(url(seated_session, table1), hands_post(GAME[:5]))
    page = response.content.decode()
    assert "ended_by_time" not in " ".join(response.context["form"].non_field_errors())
    assert "tick “The time limit ended the game”" in " ".join(
        response.context["form"].non_field_errors()
    )


def test_saving_an_unchanged_sheet_adds_no_version(client, referee, seated_session, table1):
    from scoring.models import SheetVersion

    client.force_login(referee)
    client.post(url(seated_session, table1), hands_post(GAME))
    sheet = ScoreSheet.objects.get()
    again = hands_post(GAME, version=sheet.version)
    again["hands-INITIAL_FORMS"] = len(GAME)  # as the page's form sends the stored lines
    response = client.post(url(seated_session, table1), again)
    assert response.status_code == 302
    assert SheetVersion.objects.filter(sheet=sheet).count() == 1
    sheet.refresh_from_db()
    assert sheet.version == 1


def test_the_calculator_opens_blank_and_offers_its_answer_to_the_sheet(client, tournament):
    """No "This field is required" on opening; han and fu for the sheet."""
    calc = reverse("scoring:calculator", args=[tournament.slug])
    page = client.get(calc, {"embed": "1"}).content.decode()
    assert "This field is required" not in page
    response = client.get(
        calc,
        {
            "embed": "1",
            "tiles": "234m567p22s345678s",
            "win_tile": "8s",
            "riichi": "on",
            "seat_wind": "S",
            "round_wind": "E",
        },
    )
    page = response.content.decode()
    # Served disabled: calculator.js enables it once it can hand the value over.
    assert 'id="calc-use" disabled data-han="3" data-fu="30"' in page
    assert "js/calculator.js" in page
