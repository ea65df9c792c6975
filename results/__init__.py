"""The results: the standings, the championship stages and the pages that read everyone.

The top of the house: it reads the tournament's ground (people, events, sessions, seating),
the score sheets (``scoring``) and the referee desk's decisions (``referee``); nothing below
imports it.

- ``standings``: the ranking after any session, a player's results, the exports.
- ``stages``: the cut after the preliminaries, the stages that follow, the stream page.
- ``board``: the organiser's dashboard, the final check, a session's live board.
- ``privacy``: a person's own data (the notice, download, deletion, the retention).
- ``backup``: a whole tournament in one file and back.
- ``models``: the stages' rows (``Stage``, ``StageEntry``) and the stream's live hands.
"""
