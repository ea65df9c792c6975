"""The running totals the guided hand-by-hand entry asks for after each hand (JSON)."""

from django.urls import reverse

from scoring.models import ScoreSheet


def _post(client, data: dict):
    url = reverse("scoring:check", args=["test-open", 1, 1])
    base = {
        "hands-TOTAL_FORMS": "2",
        "hands-INITIAL_FORMS": "0",
        "hands-MIN_NUM_FORMS": "0",
        "hands-MAX_NUM_FORMS": "1000",
    }
    return client.post(url, {**base, **data})


def test_totals_and_the_next_round_after_a_double_ron(client, referee, seated_session):
    client.force_login(referee)
    # East deals in to South (3 han 30 fu: 3,900) and West (2 han 40 fu: 2,600), EMA 3.3.1.
    answer = _post(
        client,
        {
            "hands-0-kind": "ron",
            "hands-0-who": "E",
            "hands-0-han_1": "3",
            "hands-0-fu_1": "30",
            "hands-0-han_2": "2",
            "hands-0-fu_2": "40",
        },
    ).json()
    assert answer["ok"] is True
    assert answer["start"] == [30000] * 4
    assert answer["hands"][0]["round_name"] == "East 1"
    assert answer["hands"][0]["delta"] == [-6500, 3900, 2600, 0]
    assert answer["totals"] == [23500, 33900, 32600, 30000]
    # The dealer lost: South deals the next hand, East 2.
    assert answer["next"]["round"] == "E2" and answer["next"]["round_name"] == "East 2"
    assert answer["game_over"] is False
    assert not ScoreSheet.objects.exists()  # a check stores nothing


def test_a_hand_missing_its_discarder_is_named(client, referee, seated_session):
    client.force_login(referee)
    answer = _post(client, {"hands-0-kind": "ron", "hands-0-han_1": "3", "hands-0-fu_1": "30"})
    assert answer.json() == {
        "ok": False,
        "error": "From / by: Choose who dealt in.",
        "error_hand": 0,
    }


def test_a_rule_the_core_refuses_is_explained_with_its_hand(client, referee, seated_session):
    client.force_login(referee)
    answer = _post(
        client,
        {"hands-0-kind": "ron", "hands-0-who": "E", "hands-0-han_1": "1", "hands-0-fu_1": "20"},
    ).json()
    assert answer["ok"] is False and answer["error_hand"] == 0
    assert answer["error"].startswith("hand 1 (E1):") and "20 fu" in answer["error"]


def test_only_the_events_staff_may_ask(client, stranger, seated_session):
    client.force_login(stranger)
    assert _post(client, {}).status_code in (403, 404)


def test_the_next_hand_starts_with_its_counter_and_the_sticks(client, referee, seated_session):
    # E1 ends in an exhaustive draw with South's riichi; East (the dealer) and South are
    # tenpai.  A counter goes on after an exhaustive draw (EMA 3.4.2), the dealer tenpai
    # keeps the deal (EMA 3.4.11) and the riichi stick stays on the table (EMA 3.4.4): the
    # next hand is East 1, 1 counter, 1 stick.
    client.force_login(referee)
    answer = _post(
        client,
        {
            "hands-0-kind": "draw",
            "hands-0-riichi_1": "on",
            "hands-0-tenpai_0": "on",
            "hands-0-tenpai_1": "on",
        },
    ).json()
    assert answer["ok"] is True, answer
    assert answer["next"]["round"] == "E1"
    assert (answer["next"]["honba"], answer["next"]["riichi_on_table"]) == (1, 1)
