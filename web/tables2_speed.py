"""django-tables2 works out which arguments a cell's ``render_*``/``value_*`` method takes
with ``inspect.signature`` for every cell it renders: the 1,000 cells of a standings page
cost more than the rest of the page.  The answer depends only on the function, so it is
remembered here (``django_tables2.utils.signature`` is what ``call_with_appropriate``
calls); the library's behaviour is otherwise unchanged.  Installed from
``tournament.apps.TournamentConfig.ready``.
"""

from __future__ import annotations

from django_tables2 import utils

_original = getattr(utils.signature, "original", utils.signature)
_known: dict = {}
_MAX = 4096  # a bound on what a process remembers, should callables be made per request


def signature(fn):
    # A bound method is a new object at each access: key it by its function, whose
    # signature less ``self`` is the same for every instance.
    func = getattr(fn, "__func__", None)
    key = ("bound", func) if func is not None else fn
    try:
        return _known[key]
    except KeyError:
        if len(_known) >= _MAX:
            _known.clear()
        answer = _known[key] = _original(fn)
        return answer
    except TypeError:  # an unhashable callable
        return _original(fn)


signature.original = _original


def install() -> None:
    utils.signature = signature
