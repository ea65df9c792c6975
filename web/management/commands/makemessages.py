"""``makemessages`` that also collects the rules core's sentences (its violations' words).

The core (``scoring/rules/``) imports no Django, so it cannot mark its sentences with
``gettext_noop``; it marks them with its own no-op ``N_`` (``scoring/rules/i18n.py``).
This command is Django's with ``--keyword=N_`` added, so that ``make messages`` and the
catalogue test in ``tests/i18n`` find every sentence where the core writes it.  Apps
listed in INSTALLED_APPS take precedence over Django's own commands of the same name.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
