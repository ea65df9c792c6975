"""The marker of the core's sentences for the translators.

The core is pure Python and never translates: it writes its English sentence templates and
leaves wording to the edge (``scoring/wording.py``), which looks ``violation.template`` up
in the catalogues.  ``N_`` only marks a sentence where it is written, so that the project's
``makemessages`` (``--keyword=N_``, web/management/commands/makemessages.py) collects it;
at run time it hands the string back unchanged.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """``message`` itself: a sentence marked for the catalogues, translated at the edge."""
    return message
