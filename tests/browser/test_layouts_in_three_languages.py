"""The layouts that broke at a real event, in English, German and Polish, at three sizes:
a phone (390x844), a laptop (1366x768) and a hall screen's 1920x1080
browser window not in full screen (its page is 1920x960: the tabs and the address bar take
the rest). The players have long German and Polish names, clubs and e-mail addresses.

On every page: nothing wider than the screen (the page's scroll width, and every cell, link
and control, tests/browser/layout.py). And what each page was seen to break:

- the session clock: every digit of the countdown inside its panel ("88:5" was cut).
- the final-points sheet on a phone: North's field, focused and typed into, is not under
  the sticky sum bar or the Save bar.
- "My table": numbers on one line ("-17.2" not "-17." over "2"), names broken between
  words only; the referee desk's search button on the screen.
- the organiser's players list: every row's buttons inside their cell and the screen;
  a player's schedule no wider than the phone (which then zoomed the page out).

The screenshots (one per language, size and page) go to $E2E_SCREENSHOTS or the test's
temporary folder (tests/browser/watch.py).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from scoring.models import ReportingSettings
from scoring.services import sheet_save
from tests.browser.conftest import login, new_context
from tests.browser.layout import offscreen
from tests.browser.watch import shots_dir
from tournament.clock import services as clock_services
from tournament.models import Player, Registration, Session, Staff, Table, Tournament

SLUG = "wroclaw-open"
T = f"/t/{SLUG}"
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "hall": {"viewport": {"width": 1920, "height": 960}, "screen": {"width": 1920, "height": 1080}},
}
LANGUAGES = ["en-gb", "de", "pl"]
# (first name, last name, club): long German and Polish names and clubs, accents and all.
PEOPLE = [
    ("Małgorzata", "Szczebrzeszyńska-Wąsowicz", "Stowarzyszenie Miłośników Mahjonga Wrocław"),
    (
        "Maximiliane-Charlotte",
        "Wolkenstein-Trostburg",
        "Mahjong-Freunde Rodenegg-Wolkenstein e. V.",
    ),
    ("Grzegorz", "Brzęczyszczykiewicz", "Klub Riichi „Czerwony Smok” Chrząszczyżewoszyce"),
    ("Hans-Jürgen", "Müller-Lüdenscheidt", "Riichi-Verein Oberschwäbische Jadeliebhaber"),
    ("Zdzisław", "Chrząszczyżewoszycki", "Gdańskie Towarzystwo Miłośników Gier Planszowych"),
    ("Ursula", "Großkopf-Überlingen", "Spielgemeinschaft Drachenzähne Großkopfhausen"),
    ("Władysław", "Żółtkiewicz-Grabowski", "Akademicki Związek Sportowy Mahjong Łódź"),
    ("Friederike", "Schwarzenbach-Hölderlin", "Verein der Freundinnen des Mahjong Tübingen"),
]
PLAYER_INDEX = 3  # Hans-Jürgen, North of table 1: his own table and schedule


@pytest.fixture
def hall(transactional_db):
    """Session 1 of two running for a minute and a half (the clock shows 88:30), two tables of
    long names; table 1's sheet entered, waiting for its players' answers; a reserve."""
    tournament = Tournament.objects.create(
        name="Wrocław Riichi Open – Großer Preis",
        slug=SLUG,
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        visibility=Tournament.Visibility.PUBLISHED,
        session_count=2,
    )
    ReportingSettings.objects.create(tournament=tournament, entry=ReportingSettings.Entry.PLAYERS)
    users = {}
    for name, role in (("olga", Staff.Role.ORGANISER), ("rene", Staff.Role.REFEREE)):
        users[name] = get_user_model().objects.create_user(name, password=f"pw-{name}")
        Staff.objects.create(tournament=tournament, user=users[name], role=role)
    players = []
    for i, (first, last, club) in enumerate(PEOPLE):
        email = f"{first}.{last}@{club.split()[0]}-mahjong-verein.example.de".lower()
        player = Player.objects.create(
            first_name=first,
            last_name=last,
            club=club,
            email=email,
            country="PL" if i % 2 == 0 else "DE",
        )
        Registration.objects.create(tournament=tournament, player=player, status="confirmed")
        players.append(player)
    reserve = Player.objects.create(
        first_name="Bartłomiej",
        last_name="Kołodziejczyk-Przybyszewski",
        club="Śląski Klub Mahjonga Riichi Katowice-Chorzów",
        email="bartlomiej.kolodziejczyk-przybyszewski@slaski-klub-mahjonga.example.pl",
        country="PL",
    )
    Registration.objects.create(
        tournament=tournament, player=reserve, status="confirmed", is_reserve=True
    )
    player_user = get_user_model().objects.create_user("hans", password="pw-hans")
    Player.objects.filter(pk=players[PLAYER_INDEX].pk).update(user=player_user)

    tables = [Table.objects.create(tournament=tournament, number=n) for n in (1, 2)]
    sessions = [Session.objects.create(tournament=tournament, number=n) for n in (1, 2)]
    for session in sessions:
        for i, player in enumerate(players):
            # Session 2 mixes the tables: the schedule lists other opponents.
            table, wind = divmod(i, 4) if session.number == 1 else (i % 2, i // 2)
            session.seats.create(table=tables[table], wind=wind, player=player)
    session = clock_services.session_clock_start(
        session=sessions[0], by=users["olga"], now=timezone.now() - dt.timedelta(seconds=90)
    )
    # Negative scores with a decimal (-17.2 and the like) for the numbers' cells.
    sheet_save(
        session=session,
        table=tables[0],
        mode="final",
        entry={"points": [48100, 27900, 22800, 21200], "riichi_left": 0},
        expected_version=0,
        user=users["rene"],
    )
    return tournament


# Every character of the countdown measured on its own, against the clock's panel.
DIGITS_OUTSIDE_JS = """
(selector) => {
  const digits = document.querySelector(selector);
  const panel = digits.closest(".clock, .projector-clock") || digits.parentElement;
  const box = panel.getBoundingClientRect();
  const text = digits.firstChild;
  const out = [];
  for (let i = 0; i < text.length; i++) {
    const range = document.createRange();
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const r = range.getBoundingClientRect();
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > window.innerWidth + 0.5) {
      const where = `${Math.round(r.left)}..${Math.round(r.right)}`;
      const panel = `${Math.round(box.left)}..${Math.round(box.right)}`;
      out.push(`"${text.data[i]}" at ${where}, its panel at ${panel}`);
    }
  }
  return out;
}
"""

# The lines a piece of text is laid out on: tops of its boxes, rounded.
LINES_JS = """
function lines(node, start, end) {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
}
"""

# Numbers split over two lines, and words (runs of letters and digits) broken inside.
BROKEN_JS = (
    """
(selector) => {
  """
    + LINES_JS
    + """
  const out = [];
  for (const cell of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const numeric = cell.classList.contains("num");
      const pattern = numeric ? /\\S+/g : /[\\p{L}\\p{N}.]+/gu;
      for (const match of node.data.matchAll(pattern)) {
        if (lines(node, match.index, match.index + match[0].length) > 1) {
          out.push(`${numeric ? "number" : "word"} "${match[0]}" broken`);
        }
      }
    }
  }
  return out;
}
"""
)

# Cells whose text runs past their own box into the next one (a long heading in a narrow
# column): on the screen, but unreadable.
SPILLING_JS = """
(selector) => Array.from(document.querySelectorAll(selector))
  .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
  .map((cell) => `"${cell.innerText.trim()}" spills out of its cell`)
"""

# Each button and link of the players' rows: inside its cell and inside the screen.
ACTIONS_OUTSIDE_JS = """
() => {
  const out = [];
  for (const el of document.querySelectorAll(".row-actions a, .row-actions button")) {
    const r = el.getBoundingClientRect();
    const cell = el.closest("td").getBoundingClientRect();
    if (r.right > Math.min(cell.right, window.innerWidth) + 0.5) {
      const name = el.innerText.trim();
      out.push(`"${name}" ends at ${Math.round(r.right)}, its cell at ${Math.round(cell.right)}`);
    }
  }
  return out;
}
"""


def _overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def _check_page(page, found: list[str], where: str) -> None:
    """Nothing wider than the screen: the page (a phone zooms out a page wider than
    itself, and innerWidth grows with it) and every cell, link and control."""
    width = page.viewport_size["width"]
    scroll = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    if scroll > width or inner > width:
        found.append(f"{where}: the page is {scroll}px wide, innerWidth {inner}, screen {width}")
    found.extend(f"{where}: {bad}" for bad in offscreen(page)[:4])


def _clock(page, found: list[str], where: str) -> None:
    # The projector's view first: the screenshot shows the page where "88:5" was cut.
    for url in (f"{T}/sessions/1/clock/?projector=1", f"{T}/sessions/1/clock/"):
        page.goto(url)
        # The running countdown, drawn by the page's script, before anything is measured:
        # 88:30 when the fixture ran; 87:xx (as wide) on a machine slow enough to take a minute.
        expect(page.locator("#clock-digits")).to_have_text(re.compile(r"^8[78]:\d\d$"))
        _check_page(page, found, f"{where} {url}")
        found.extend(
            f"{where} {url}: {bad}" for bad in page.evaluate(DIGITS_OUTSIDE_JS, "#clock-digits")
        )


def _sheet(page, found: list[str], where: str) -> None:
    page.goto(f"{T}/sessions/1/sheets/2/?mode=final")
    _check_page(page, found, where)
    for i, value in enumerate(["35600", "31200", "29900"]):
        page.fill(f"#id_points_{i}", value)
    # The referee goes on to North's field from the top of the page, as after a look at the
    # table's names; the browser scrolls it into view.
    page.evaluate("window.scrollTo(0, 0)")
    north = page.locator("#id_points_3")
    north.focus()
    page.keyboard.type("23300")
    expect(north).to_have_value("23300")
    # Measured once the browser has scrolled the focused field onto the screen.
    expect(north).to_be_in_viewport()
    field = north.bounding_box()
    height = page.viewport_size["height"]
    if field["y"] < 0 or field["y"] + field["height"] > height:
        found.append(f"{where}: North's field at {field['y']:.0f} is not on the screen")
    for bar in ("#final-sum", ".sheet-actions"):
        box = page.locator(bar).bounding_box()
        if box and _overlap(field, box):
            found.append(f"{where}: North's field is under {bar} ({field} / {box})")
    expect(page.locator("#final-sum")).to_be_visible()  # the sum of the four, adding up


def _my_table(page, found: list[str], where: str) -> None:
    page.goto(f"{T}/my-table/")
    expect(page.locator(".result-table td.num")).to_have_count(12)
    _check_page(page, found, where)
    found.extend(f"{where}: {bad}" for bad in page.evaluate(BROKEN_JS, ".result-table td"))
    found.extend(
        f"{where}: {bad}" for bad in page.evaluate(SPILLING_JS, ".result-table :is(th, td)")
    )


def _schedule(page, found: list[str], where: str) -> None:
    page.goto(f"{T}/seating/mine/")
    expect(page.locator("table.schedule")).to_be_visible()
    _check_page(page, found, where)
    found.extend(f"{where}: {bad}" for bad in page.evaluate(BROKEN_JS, "table.schedule td"))


def _desk(page, found: list[str], where: str) -> None:
    page.goto(f"{T}/referee/")
    expect(page.locator(".desk-search button")).to_be_visible()
    _check_page(page, found, where)
    button = page.locator(".desk-search button").bounding_box()
    if button["x"] + button["width"] > page.viewport_size["width"]:
        found.append(f"{where}: the search button ends at {button['x'] + button['width']:.0f}")


def _players(page, found: list[str], where: str) -> None:
    page.goto(f"{T}/players/")
    expect(page.locator(".row-actions")).to_have_count(len(PEOPLE) + 1)
    _check_page(page, found, where)
    found.extend(f"{where}: {bad}" for bad in page.evaluate(ACTIONS_OUTSIDE_JS))


PAGES = {
    "olga": [("clock", _clock), ("players", _players), ("desk", _desk), ("sheet", _sheet)],
    "hans": [("my-table", _my_table), ("schedule", _schedule)],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_staff_and_player_pages_fit_every_size_in_three_languages(
    browser, live_server, hall, tmp_path, language
):
    shots = shots_dir(tmp_path)
    found: list[str] = []
    for user, pages in PAGES.items():
        state = None
        for size, options in SIZES.items():
            context = new_context(browser, live_server.url, storage_state=state, **options)
            context.add_cookies(
                [{"name": "django_language", "value": language, "url": live_server.url}]
            )
            page = context.new_page()
            if state is None:
                login(page, user, f"pw-{user}")
                state = context.storage_state()
            for name, visit in pages:
                visit(page, found, f"[{language} {size} {name}]")
                expect(page.locator("html")).to_have_attribute("lang", language)
                # The whole page, but the sheet and the clock as the screen shows them.
                page.screenshot(
                    path=shots / f"{language}-{size}-{name}.png",
                    full_page=name not in ("sheet", "clock"),
                )
            context.close()
    assert not found, "\n".join(found)


# --- a very long surname, the stage columns, the projector, the stream ---------------------

LONG_SURNAME = "Wolfeschlegelsteinhausenbergerdorff-Vandenberghe"

# Words broken inside although they would fit their cell's width on one line: a word wider
# than the whole cell (a 35-letter surname in a phone's column) may break, no other.
NEEDLESSLY_BROKEN_JS = (
    """
(selector) => {
  """
    + LINES_JS
    + """
  const canvas = document.createElement("canvas").getContext("2d");
  const out = [];
  for (const cell of document.querySelectorAll(selector)) {
    const style = getComputedStyle(cell);
    const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      canvas.font = getComputedStyle(node.parentElement).font;
      for (const match of node.data.matchAll(/[\\p{L}\\p{N}.,]+/gu)) {
        const broken = lines(node, match.index, match.index + match[0].length) > 1;
        if (broken && canvas.measureText(match[0]).width <= room) {
          out.push(`"${match[0]}" broken in a cell of ${Math.round(room)}px`);
        }
      }
    }
  }
  return out;
}
"""
)


@pytest.fixture
def staged(hall):
    """The hall's session 1 confirmed at both tables, a "Semi-finals" stage of session 2
    cut (so the standings have the stage columns), and a player with a surname longer than
    a phone's column."""
    from results.stages.services import stage_cut, stage_save, stage_session_seat
    from scoring.models import ScoreSheet
    from scoring.services import sheet_confirm
    from tournament.seating.jobs import seating_publish

    Player.objects.filter(last_name=PEOPLE[0][1]).update(last_name=LONG_SURNAME)
    session = Session.objects.get(tournament=hall, number=1)
    table2 = Table.objects.get(tournament=hall, number=2)
    sheet_save(
        session=session,
        table=table2,
        mode="final",
        entry={"points": [38400, 31600, 27300, 22700], "riichi_left": 0},
        expected_version=0,
        user=None,
    )
    for sheet in ScoreSheet.objects.filter(session=session):
        sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)
    Session.objects.filter(pk=session.pk).update(state=Session.State.FINISHED)
    semi = stage_save(
        tournament=hall,
        data={
            "name": "Semi-finals",
            "sessions": 1,
            "advancing": 4,
            "seating": "standing",
            "carry": "whole",
            "carry_fraction": "0.5",
            "tie_break": "placements",
        },
    )
    semi = stage_cut(stage=semi, user=None, now=timezone.now())
    stage_session_seat(stage=semi, number=2, now=timezone.now())
    # A stage's seating is a draft until the organiser publishes it; the stream shows it then.
    seating_publish(session=Session.objects.get(tournament=hall, number=2), user=None)
    return hall


# The numbers in each language: web/numbers.py on the server, static/js/numbers.js in the
# page; table points grouped (Polish with a no-break space), points with one decimal.
NUMBERS = {
    "en-gb": {"start": "30,000", "decimal": "."},
    "de": {"start": "30.000", "decimal": ","},
    "pl": {"start": "30\xa0000", "decimal": ","},
}
ONE_DECIMAL = {"en-gb": re.compile(r"^-?\d+\.\d$"), "de": re.compile(r"^-?\d+,\d$")}
ONE_DECIMAL["pl"] = ONE_DECIMAL["de"]


def _stage_columns(page, found: list[str], where: str, language: str, size: str) -> None:
    """The stage total is a column of its own on every screen, the phone's too, with every
    ranked player's figure in the page's language; the stage's name beside it on a wider
    screen (a phone's name cell would wrap "Semi-finals")."""
    headings = page.eval_on_selector_all(
        "table.standings thead th", "(ths) => ths.map((th) => th.textContent.trim())"
    )
    stage_total = {"en-gb": "Stage total", "de": "Summe der Stufe", "pl": "Suma etapu"}[language]
    if stage_total not in headings:
        found.append(f"{where} standings: no '{stage_total}' column in {headings}")
        return
    column = headings.index(stage_total) + 1
    expect(page.locator(f"table.standings thead th:nth-child({column})")).to_be_visible()
    cells = page.locator(f"table.standings tbody tr td:nth-child({column})")
    expect(cells.first).to_be_visible()
    figures = [t.strip() for t in cells.all_inner_texts()]
    # The four semi-finalists have a stage total; the others are out of the stage ("—").
    shown = [f for f in figures if f != "—"]
    if len(shown) != 4 or not all(ONE_DECIMAL[language].match(f) for f in shown):
        found.append(f"{where} standings: stage totals {figures}")
    if size != "phone":
        expect(page.locator("table.standings tbody")).to_contain_text("Semi-finals")
    # Every column on the screen: the table's box does not scroll (at 1366 px the last
    # column, the penalties, was cut off inside it).
    hidden = page.evaluate(
        "() => { const box = document.querySelector('table.standings').parentElement;"
        " return box.scrollWidth - box.clientWidth; }"
    )
    if hidden > 1:
        found.append(f"{where} standings: {hidden}px of the table scrolled out of its box")


def _stream_numbers(page, found: list[str], where: str, language: str) -> None:
    """The stream's script redraws the seats and the stage standings (every 2 s): its
    numbers, not only the server's first drawing, follow the page's language."""
    page.evaluate("window.firstSeat = document.querySelector('#stream-seats li')")
    page.wait_for_function(
        "() => document.querySelector('#stream-seats li') !== window.firstSeat", timeout=10_000
    )
    points = page.locator("#stream-seats .stream-points")
    expect(points).to_have_text([NUMBERS[language]["start"]] * 4)
    totals = page.locator("#stream-standings tr td:nth-child(3)")
    expect(totals).to_have_count(4)
    for total in totals.all_inner_texts():
        if not ONE_DECIMAL[language].match(total.strip()):
            found.append(f"{where} stream: stage total {total!r}")
    # The script's rule is the server's: the same text for the same number.
    drawn = page.evaluate(
        "[numbers.points('153.75'), numbers.points('-6.25'), numbers.tablePoints(-3900)]"
    )
    decimal = NUMBERS[language]["decimal"]
    group = NUMBERS[language]["start"][2]
    expected = [f"153{decimal}8", f"-6{decimal}3", f"-3{group}900"]
    if drawn != expected:
        found.append(f"{where} stream: numbers.js wrote {drawn}, the server {expected}")


def _public_pages(
    page, found: list[str], where: str, size: str, shot, language: str = "en-gb"
) -> list[str]:
    long_player = Player.objects.get(last_name=LONG_SURNAME)
    visited = []
    pages = [
        ("standings", f"{T}/standings/"),
        ("player", f"{T}/players/{long_player.pk}/"),
        ("stream", f"{T}/stream/"),
    ]
    if size != "phone":  # the projector is the hall's screen
        pages.append(("projector", f"{T}/standings/projector/"))
    for name, url in pages:
        page.goto(url)
        if name == "projector":
            page.wait_for_selector("#projector-rows tbody tr")
            # The hall reads its totals in its language too.
            expect(page.locator("#projector-rows tbody tr").first).to_contain_text(
                NUMBERS[language]["decimal"]
            )
        if name == "stream":
            page.wait_for_selector("#stream-seats .stream-name")
            _stream_numbers(page, found, f"{where}", language)
        if name == "standings":
            _stage_columns(page, found, where, language, size)
        _check_page(page, found, f"{where} {name}")
        cells = {
            "standings": "table.standings :is(th, td)",
            "player": "table :is(th, td)",
            "projector": "#projector-rows :is(th, td.num)",  # names: an ellipsis by design
            "stream": "#stream-standings :is(th, td)",
        }[name]
        # Nothing broken inside a word that fits its cell: not a number, not a heading
        # ("Semi-finals", "Suma etapu"), not a name ("Małgorzata" letter by letter).
        broken = page.evaluate(NEEDLESSLY_BROKEN_JS, cells)
        found.extend(f"{where} {name}: {bad}" for bad in broken[:4])
        found.extend(f"{where} {name}: {bad}" for bad in page.evaluate(SPILLING_JS, cells)[:4])
        page.screenshot(path=shot(name), full_page=True)
        visited.append(name)
    return visited


@pytest.mark.parametrize("language", LANGUAGES)
def test_public_pages_fit_a_long_surname_at_every_size_in_three_languages(
    browser, live_server, staged, tmp_path, language
):
    shots = shots_dir(tmp_path)
    found: list[str] = []
    for size, options in SIZES.items():
        context = browser.new_context(base_url=live_server.url, **options)
        context.add_cookies(
            [{"name": "django_language", "value": language, "url": live_server.url}]
        )
        page = context.new_page()
        page.set_default_timeout(10_000)
        visited = _public_pages(
            page,
            found,
            f"[{language} {size}]",
            size,
            lambda name, size=size: shots / f"{language}-{size}-{name}-36.png",
            language,
        )
        assert len(visited) == (3 if size == "phone" else 4)
        context.close()
    assert not found, "\n".join(found)
