"""Hostile values for every field of every form: huge, negative, NaN, infinity,
markup, control characters, NUL bytes, 100,000 characters, deep JSON nesting."""

from __future__ import annotations

from hypothesis import strategies as st

LONG = "x" * 100_000
DEEP_JSON = "[" * 50_000 + "]" * 50_000
DEEP_OBJECT = '{"a":' * 5_000 + "1" + "}" * 5_000

FIXED = [
    str(10**30),
    str(-(10**30)),
    str(2**63),
    str(10**9),
    "-1",
    "NaN",
    "nan",
    "Infinity",
    "-Infinity",
    "inf",
    "1e309",
    "1e-400",
    "0x10",
    "１２",  # full-width digits
    "٣",  # an Arabic-Indic digit: a digit to str.isdigit, not to int() everywhere
    '<script>alert("x")</script>',
    "\x00",
    "a\x00b",
    "\x1b[31m\r\n\t\x7f",
    "\u202e\ufeff",
    "",
    " ",
    "[]",
    "{}",
    "null",
    "true",
    LONG,
    DEEP_JSON,
    DEEP_OBJECT,
]

hostile = st.one_of(
    st.sampled_from(FIXED),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40),
)

# What the view test posts to every field of every form view: a fixed sample, so that the
# test stays fast enough to run with the others.
VIEW_VALUES = [
    str(10**30),
    "-1",
    "NaN",
    "Infinity",
    "abc",
    "\x00",
    '<script>alert("x")</script>',
    LONG,
    DEEP_JSON[:20_000] + DEEP_JSON[-20_000:],
]
