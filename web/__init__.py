"""The site's plumbing, shared by every app and every request: nothing here knows the rules
of a tournament.

- ``idempotency``: a form is stored once however often it is sent (``FormTokenMiddleware``);
- ``locale``: the language of a request and the footer's language switch;
- ``cache``: the public pages' cache (the rows that invalidate it: tournament/page_versions.py);
- ``converters``: bounded ids in URLs; ``fields``: bounded form fields whose messages name them;
- ``spreadsheets``: the one escaping every CSV/XLSX cell passes through;
- ``jobs``: queueing a background task by name once the transaction commits;
- ``webapp``: the web app manifest, the service worker and the favicon;
- ``tables2_speed``: django-tables2's per-cell signature lookup, remembered.
"""
