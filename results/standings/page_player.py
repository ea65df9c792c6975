"""The player a public player's page is about, from his extract when it holds him.

After a confirmed sheet the audience reads hundreds of different players' pages; each
unchanged one is a lookup of its digest and of the page kept under it, and reading the
player's own row was then one of the two queries left to it. His fields are read with
everyone's once per results version (``page_digests.player_fields``) and kept in his
extract, so the page builds him from those instead. A player without an extract (no seat,
result or row yet) or of another tournament is read as before, and is not found as before.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from results.standings.page_digests import PLAYER_FIELDS
from results.standings.player_reads import player_extract
from tournament.models import Player


def page_player(tournament, player_id: int) -> Player:
    extract = player_extract(tournament, player_id)
    fields = extract.player_fields if extract is not None else None
    if fields is None:
        return get_object_or_404(Player, pk=player_id, tournament=tournament)
    # As a query would have loaded him: every field, saved (not "adding"), this database.
    return Player.from_db(Player.objects.db, PLAYER_FIELDS, fields)
