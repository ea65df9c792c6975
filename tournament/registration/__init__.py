"""Registration: players' accounts and sign-up, the registration window and waiting list,
registering by hand and by import (CSV/XLSX), the player list, check-in and reserves.

- ``services``: every write, one transaction each; ``importing``: reading and checking a
  player file (pure of the database but for the people already known).
- ``selectors``: counts, the field to seat, check-in lists.
- ``forms``, ``filters``, ``tables``, ``views``, ``urls``: the pages.
"""
