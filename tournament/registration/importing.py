"""Players from a file (CSV or XLSX): reading it, and the checks that need the whole file.

Reading and checking are separate from writing: ``read_player_file`` turns the upload into
``PlayerRow``s (or refuses the file as a whole), ``check_rows`` feeds every row through the
organiser's registration form (``entry_forms.RegistrationEntryForm``, the checks every new
entry goes through, with the form's own messages) and then decides whether it is good, a
duplicate, or already registered; only then does
``services.registration.registration_import`` write anything. The organiser's form for a
single player goes through the same ``check_rows``, so a rule about duplicates has one home.

Line numbers are the ones a spreadsheet program shows: the header is line 1.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import zipfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext

from tournament.models import Player, Registration
from tournament.names import clean_name
from tournament.registration.entry_forms import RegistrationEntryForm
from tournament.registration.teams import team_key

MAX_ROWS = 2000  # far above a European championship; a bigger file is a wrong file
# Lines read, blank ones included: a sheet formatted down to row 1,048,576 is refused early.
MAX_LINES = 5000
MAX_COLUMNS = 50  # columns read from a sheet; the known columns are seven
MAX_CELL_CHARS = 1000  # a name is at most 100, a club 120: a longer cell is a wrong file
# An XLSX is a zip of XML files. Its members are checked before openpyxl opens anything:
# a 2 MB upload may unpack to gigabytes (one 2 GB cell took 3 GB of memory).
MAX_XLSX_MEMBERS = 200
MAX_XLSX_MEMBER_BYTES = 20 * 1024 * 1024  # a 2,000-player sheet is well under 1 MB of XML
MAX_XLSX_TOTAL_BYTES = 50 * 1024 * 1024
MAX_XLSX_RATIO = 100  # XML of a real sheet packs 5 to 20 times; a bomb thousands of times

# Accepted spellings of each column, compared after lower-casing and dropping " _-.".
COLUMNS: dict[str, tuple[str, ...]] = {
    "first_name": ("firstname", "first", "givenname", "forename", "vorname", "prenom"),
    "last_name": ("lastname", "last", "surname", "familyname", "name", "nachname", "nom"),
    "ema_number": ("emanumber", "ema", "emaid", "emano", "emanr", "emaplayerid", "id"),
    "country": ("country", "nationality", "nation", "countrycode", "land", "pays"),
    "club": ("club", "verein"),
    "email": ("email", "mail", "emailaddress"),
    "reserve": ("reserve", "substitute", "sub"),
    # The player's team in this tournament (made when new).
    "team": ("team", "teamname", "mannschaft", "equipe", "squadra"),
}
REQUIRED = ("first_name", "last_name", "country")
LABELS = {
    "first_name": "first name",
    "last_name": "last name",
    "ema_number": "EMA number",
    "country": "country",
    "club": "club",
    "email": "e-mail",
    "reserve": "reserve",
    "team": "team",
}


class ImportFileError(Exception):
    """The file as a whole cannot be read (wrong type, no header, missing columns)."""


@dataclass
class PlayerRow:
    line: int
    first_name: str = ""
    last_name: str = ""
    ema_number: str = ""
    country: str = ""  # ISO 3166-1 alpha-2 once checked
    club: str = ""
    email: str = ""
    reserve: bool = False
    raw_reserve: str = ""
    team: str = ""

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    def name_key(self) -> tuple[str, str, str]:
        return name_key(self.first_name, self.last_name, self.country)


@dataclass
class RowCheck:
    """The verdict on one row: errors block it, a skip means nothing to do, warnings pass."""

    row: PlayerRow
    errors: list[tuple[str, str]] = field(default_factory=list)  # (field or "", message)
    warnings: list[str] = field(default_factory=list)
    skip: str = ""  # why nothing is done (already registered)
    player: Player | None = None  # the existing person this row is, if any

    @property
    def ok(self) -> bool:
        return not self.errors and not self.skip

    def error(self, fieldname: str, message: str) -> None:
        self.errors.append((fieldname, message))

    def messages(self) -> list[str]:
        return [labelled(f, m) for f, m in self.errors]


def labelled(fieldname: str, message: str) -> str:
    """A row's message led by the label of its field, as the registration form names it."""
    field = RegistrationEntryForm.base_fields.get(fieldname)
    return (
        gettext("{label}: {message}").format(label=field.label, message=message)
        if field
        else message
    )


@dataclass
class ImportReport:
    checks: list[RowCheck]

    @property
    def good(self) -> list[RowCheck]:
        return [c for c in self.checks if c.ok]

    @property
    def bad(self) -> list[RowCheck]:
        return [c for c in self.checks if c.errors]

    @property
    def skipped(self) -> list[RowCheck]:
        return [c for c in self.checks if c.skip and not c.errors]

    @property
    def warned(self) -> list[RowCheck]:
        return [c for c in self.checks if c.warnings and not c.errors]

    @property
    def is_clean(self) -> bool:
        return not self.bad


def name_key(first: str, last: str, country: str) -> tuple[str, str, str]:
    """Same name and country: case, how an accent was typed (NFC), invisible characters and
    spacing do not matter."""
    return (clean_name(first).casefold(), clean_name(last).casefold(), country.upper())


def _norm_header(text: str) -> str:
    return "".join(ch for ch in str(text or "").lower() if ch not in " _-.:")


# --- reading a file ------------------------------------------------------------------


def read_player_file(filename: str, data: bytes) -> list[PlayerRow]:
    """The rows of a CSV or XLSX file, with their line numbers; raises ImportFileError."""
    return _rows(read_table_lines(filename, data))


def read_table_lines(filename: str, data: bytes) -> Iterable[tuple[int, list[str]]]:
    """The cells of each line of a CSV or XLSX file with its line number, within the same
    bounds as a player list (also read by the seating plan import); raises ImportFileError."""
    lower = filename.lower()
    if lower.endswith(".xlsx"):
        return _xlsx_lines(data)
    if lower.endswith((".csv", ".txt")):
        return _csv_lines(data)
    raise ImportFileError(
        gettext(
            "{filename} is neither a CSV nor an XLSX file (the name should end in .csv or .xlsx)."
        ).format(filename=filename)
    )


def _decode(data: bytes) -> str:
    """The text of a CSV: UTF-8 (with or without BOM), UTF-16 with its BOM, or Windows-1252."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        # Excel's "Unicode text": UTF-16 with a byte-order mark, tab-separated.
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise ImportFileError(
                gettext(
                    "The file starts as UTF-16 text but is broken at byte "
                    "{start}; save it again as CSV UTF-8."
                ).format(start=exc.start)
            ) from exc
    if b"\x00" in data[:4096]:
        # No text encoding but UTF-16 or UTF-32 puts NUL bytes between Latin letters.
        raise ImportFileError(
            gettext(
                "The file looks like UTF-16 text without a byte-order mark, which cannot be read "
                "safely; save it as CSV UTF-8 (or as Unicode text from Excel)."
            )
        )
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ImportFileError(gettext("The file is not text in UTF-8, UTF-16 or Windows-1252."))


def _csv_lines(data: bytes) -> Iterable[tuple[int, list[str]]]:
    text = _decode(data)
    first_line = text.split("\n", 1)[0]
    # Spreadsheets in much of Europe write semicolons; pick what the header uses most.
    delimiter = max(";,\t", key=first_line.count)
    # strict: a quote that never closes is an error, not one cell eating the rest of the file.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    start = 1
    try:
        for cells in reader:
            yield start, _checked_cells(start, cells)
            start = reader.line_num + 1
    except csv.Error as exc:
        if "unexpected end of data" in str(exc):
            raise ImportFileError(
                gettext(
                    'Line {start}: a quote (") opens a cell that is never closed; '
                    "close it or remove it."
                ).format(start=start)
            ) from exc
        raise ImportFileError(
            gettext("Line {start}: the CSV cannot be read ({exc}).").format(start=start, exc=exc)
        ) from exc


def _checked_cells(line: int, cells: list[str]) -> list[str]:
    if line > MAX_LINES:
        raise ImportFileError(
            gettext(
                "The file has more than {MAX_LINES} lines; a player list has at most {MAX_ROWS}."
            ).format(MAX_LINES=MAX_LINES, MAX_ROWS=MAX_ROWS)
        )
    for column, cell in enumerate(cells[:MAX_COLUMNS], start=1):
        if len(cell) > MAX_CELL_CHARS:
            raise ImportFileError(
                gettext(
                    "Line {line}, column {column}: a cell of {value} "
                    "characters; a cell may hold at most {MAX_CELL_CHARS}."
                ).format(line=line, column=column, value=len(cell), MAX_CELL_CHARS=MAX_CELL_CHARS)
            )
    return cells[:MAX_COLUMNS]


def check_xlsx_archive(data: bytes) -> None:
    """Refuse a workbook whose zip members would unpack to too much, before parsing it.

    The sizes are the ones the archive declares; :mod:`zipfile` stops at the declared size
    when it unpacks, so a member cannot unpack to more than it declares here.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise ImportFileError(
            gettext("The XLSX file cannot be opened: it is not a workbook.")
        ) from exc
    with archive:
        members = archive.infolist()
        if len(members) > MAX_XLSX_MEMBERS:
            raise ImportFileError(
                gettext(
                    "The XLSX file holds {value} parts; a workbook of "
                    "players holds far fewer than {MAX_XLSX_MEMBERS}."
                ).format(value=len(members), MAX_XLSX_MEMBERS=MAX_XLSX_MEMBERS)
            )
        total = 0
        for member in members:
            total += member.file_size
            if member.file_size > MAX_XLSX_MEMBER_BYTES or total > MAX_XLSX_TOTAL_BYTES:
                raise ImportFileError(
                    gettext(
                        "The XLSX file unpacks to more than {value} MB "
                        "({filename}); a list of players is far smaller. Save "
                        "only the players' sheet, or export it as CSV."
                    ).format(value=MAX_XLSX_MEMBER_BYTES // 2**20, filename=member.filename)
                )
            if member.file_size > 1024 * 1024 and (
                member.file_size > MAX_XLSX_RATIO * max(member.compress_size, 1)
            ):
                raise ImportFileError(
                    gettext(
                        "The XLSX file is packed {value} times ({filename}), as "
                        "no list of players is; it is refused."
                    ).format(
                        value=member.file_size // max(member.compress_size, 1),
                        filename=member.filename,
                    )
                )


def _xlsx_lines(data: bytes) -> Iterable[tuple[int, list[str]]]:
    from openpyxl import load_workbook

    check_xlsx_archive(data)
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a file that is not a workbook
        raise ImportFileError(
            gettext("The XLSX file cannot be opened ({exc}).").format(exc=exc)
        ) from exc
    sheet = workbook.worksheets[0]
    try:
        rows = sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS)
        for number, values in enumerate(rows, start=1):
            yield number, _checked_cells(number, [_cell_text(v) for v in values])
    finally:
        workbook.close()


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


# Control characters have no place in a name or a club, and PostgreSQL refuses a NUL byte
# in text outright ("A string literal cannot contain NUL"), which failed the whole import
# with a 500: they are dropped from every cell before anything reads it.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _rows(lines: Iterable[tuple[int, list[str]]]) -> list[PlayerRow]:
    header: dict[str, int] | None = None
    rows: list[PlayerRow] = []
    for line, raw_cells in lines:
        cells = [_CONTROL.sub("", str(c)) for c in raw_cells]
        if not any(str(c).strip() for c in cells):
            continue  # blank lines are no rows
        if header is None:
            header = _header(cells, line)
            continue
        if len(rows) >= MAX_ROWS:
            raise ImportFileError(
                gettext("The file has more than {MAX_ROWS} players.").format(MAX_ROWS=MAX_ROWS)
            )

        values = {name: _cell(cells, index) for name, index in header.items()}
        rows.append(
            PlayerRow(
                line=line,
                # Names in their one stored spelling before anything compares them.
                first_name=clean_name(values.get("first_name", "")),
                last_name=clean_name(values.get("last_name", "")),
                ema_number=values.get("ema_number", ""),
                country=values.get("country", ""),
                club=clean_name(values.get("club", "")),
                email=values.get("email", ""),
                raw_reserve=values.get("reserve", ""),
                team=clean_name(values.get("team", "")),
            )
        )
    if header is None:
        raise ImportFileError(gettext("The file is empty."))
    if not rows:
        raise ImportFileError(gettext("The file has a header but no players."))
    return rows


def _cell(cells: list[str], index: int) -> str:
    return " ".join(str(cells[index]).split()) if index < len(cells) else ""


def _header(cells: list[str], line: int) -> dict[str, int]:
    found: dict[str, int] = {}
    for index, text in enumerate(cells):
        key = _norm_header(text)
        for name, spellings in COLUMNS.items():
            if name not in found and (key == _norm_header(name) or key in spellings):
                found[name] = index
                break
    missing = [LABELS[name] for name in REQUIRED if name not in found]
    if missing:
        # The columns by the English names a file's header uses (COLUMNS lists the others).
        raise ImportFileError(
            gettext(
                "Line {line}, the first with text, must name the columns; missing: {missing}. "
                "Known columns: first name, last name, EMA number, country, club, e-mail, "
                "reserve, team."
            ).format(line=line, missing=", ".join(missing))
        )
    return found


# --- checking rows -------------------------------------------------------------------


@dataclass
class KnownPeople:
    """What the database already holds about the people in some rows (see selectors)."""

    by_ema: dict[str, Player]
    by_name: dict[tuple[str, str, str], list[Player]]
    registrations: dict[int, Registration]  # player id -> registration in this tournament
    # Teams: the tournament's team size (0: no teams) and the members each team
    # has now, by name compared without case (teams.team_key).
    team_size: int = 0
    team_members: dict[str, int] = field(default_factory=dict)


def entry_checks(row: PlayerRow, check: RowCheck) -> None:
    """The row through the organiser's registration form (``RegistrationEntryForm``): its
    messages, or the row in the form's spelling (EMA number with its zero, ISO country)."""
    form = RegistrationEntryForm(
        data={
            "first_name": row.first_name,
            "last_name": row.last_name,
            "ema_number": row.ema_number,
            "country": row.country,
            "club": row.club,
            "email": row.email,
            "reserve": row.raw_reserve,
            "team": row.team,
        }
    )
    if not form.is_valid():
        for name, messages in form.errors.items():
            for message in messages:
                check.error("" if name == NON_FIELD_ERRORS else name, message)
        return
    data = form.cleaned_data
    for name in ("first_name", "last_name", "ema_number", "country", "club", "email", "team"):
        setattr(row, name, data[name])
    row.reserve = data["reserve"]
    check.warnings += form.warnings


def check_rows(rows: list[PlayerRow], known: KnownPeople) -> ImportReport:
    """Every row's verdict. ``known`` must cover the rows (selectors.known_people)."""
    checks: list[RowCheck] = []
    first_ema: dict[str, int] = {}
    first_name: dict[tuple[str, str, str], int] = {}
    in_file: Counter = Counter()  # rows joining each team so far
    for row in rows:
        check = RowCheck(row=row)
        checks.append(check)
        entry_checks(row, check)
        if check.errors:
            continue
        key = row.name_key()
        if row.ema_number in first_ema:
            check.error(
                "ema_number",
                f"{row.ema_number} is also on line {first_ema[row.ema_number]} of the file.",
            )
        elif key in first_name:
            check.error(
                "", f"{row.name} ({row.country}) is also on line {first_name[key]} of the file."
            )
        if check.errors:
            continue
        if row.ema_number:
            first_ema[row.ema_number] = row.line
        first_name[key] = row.line
        _match_person(check, known)
        _check_team(check, known, in_file)
    return ImportReport(checks=checks)


def _check_team(check: RowCheck, known: KnownPeople, in_file: Counter) -> None:
    """The row's team: teams on, and room in the team
    (its members now, plus the rows above it in the file that join it)."""

    row = check.row
    if not row.team:
        return
    if check.skip:
        check.warnings.append(
            gettext(
                "%(team)s: the team of someone already registered is changed on the teams page."
            )
            % {"team": row.team}
        )
        return
    if not known.team_size:
        check.error("team", gettext("teams are off: set a team size on the teams page first."))
        return
    key = team_key(row.team)
    in_file[key] += 1
    members = known.team_members.get(key, 0) + in_file[key]
    if members > known.team_size:
        in_file[key] -= 1
        check.error(
            "team",
            gettext("%(team)s would have more than %(size)d players (%(now)d already in it).")
            % {"team": row.team, "size": known.team_size, "now": known.team_members.get(key, 0)},
        )


def _match_person(check: RowCheck, known: KnownPeople) -> None:
    """Find the person a good row is: by EMA number, else by name and country."""
    row = check.row
    key = row.name_key()
    namesakes = known.by_name.get(key, [])
    player = known.by_ema.get(row.ema_number) if row.ema_number else None
    if player is not None:
        if name_key(player.first_name, player.last_name, "") != name_key(
            row.first_name, row.last_name, ""
        ):
            check.error(
                "ema_number",
                f"{row.ema_number} already belongs to {player} ({player.country.code}).",
            )
            return
    elif row.ema_number:
        without_number = [p for p in namesakes if not p.ema_number]
        if without_number:
            player = without_number[0]  # the same person, now with an EMA number
        else:
            for other in namesakes:
                if other.pk in known.registrations:
                    check.error(
                        "ema_number",
                        f"{other} ({other.country.code}) is registered with EMA number "
                        f"{other.ema_number}, not {row.ema_number}.",
                    )
                    return
            if namesakes:
                check.warnings.append(
                    f"Another {namesakes[0]} ({row.country}) exists with EMA number "
                    f"{namesakes[0].ema_number}: a separate person is created."
                )
    elif namesakes:
        player = namesakes[0]
    check.player = player
    if player is not None and player.pk in known.registrations:
        registration = known.registrations[player.pk]
        check.skip = f"{player} is already registered ({registration.get_status_display()})."
