"""Whether a topic's /regex/ phrase is safe to run on every word of every abstract.

A topic phrase may be a regular expression, written by a contributor. Before
it is used, `regex_problem` checks that it compiles, combines with the other
phrases, and cannot take exponential time to fail (`_ways_to_match`): a
regex that could hang the build is refused with the reason.
"""

from __future__ import annotations

import re
import string

from .phrase_trie import PHRASE_END

try:  # the standard library's regex parser and compiler, to check /regex/ phrases
    from re import _compiler as _re_compiler
    from re import _parser as _re_parser
except ImportError:  # Python 3.10
    import sre_compile as _re_compiler
    import sre_parse as _re_parser

def regex_problem(body: str) -> str | None:
    """Why a /regex/ phrase cannot be used, or None."""
    if len(body) > MAX_REGEX_CHARS:
        return (f"is {len(body)} characters long (expected at most {MAX_REGEX_CHARS}; "
                "list the variants as phrases instead)")
    try:
        compiled = re.compile(body, re.IGNORECASE)
    except re.error as error:
        return f"is not a valid regular expression: {error} (expected a Python regex, e.g. /KV[- ]caches?/)"
    try:
        ways = _ways_to_match(_re_parser.parse(body, re.IGNORECASE))
    except ValueError as error:
        return str(error)
    if ways > MAX_REGEX_WAYS:
        return (f"can match at a word in about {ways:,} ways, all tried before it fails there "
                f"(expected at most {MAX_REGEX_WAYS:,}: fewer optional parts and alternatives, and repeats "
                "that stay within words or spaces, e.g. \\w+ or \\s+ rather than .*)")
    if compiled.groups:
        return "has a capturing group (expected (?:...) groups, so all patterns can be combined into one)"
    if compiled.match(""):
        return "matches empty text (expected a pattern that needs at least one character)"
    try:
        re.compile(f"(?i:{body}){PHRASE_END}")  # as it is combined with the others
    except re.error as error:
        return f"cannot be combined with the other patterns: {error} (expected no global flags such as (?i))"
    return None


# Limits on a /regex/ phrase, so that none can hang the build (see `_ways_to_match`).
MAX_REGEX_CHARS = 200
MAX_REGEX_WAYS = 2000
# The lengths an unbounded repeat (`*`, `+`, `{m,}`) is counted as taking: about a word's
# when what it repeats cannot match both spaces and letters, a whole text's when it can.
# So a regex holds at most three repeats within words (/W\d+A\d+(?:KV\d+)?/), or one that
# runs across words: adjacent ones over the same characters multiply (/.*.*x/ took 300 ms
# an abstract, /.*.*.*x/ hung).
_WORD_RUN, _TEXT_RUN = 10, 1000
_LETTERS = string.ascii_letters + string.digits
_REPEATS = {getattr(_re_parser, op) for op in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
            if hasattr(_re_parser, op)}


def _ways_to_match(items) -> int:
    """How many ways a parsed regex can match at one place; raises ValueError saying why the
    regex could take exponential time to fail.

    Where a regex fails, a backtracking matcher like `re` has tried every way it could match
    there, so counting the ways (alternatives add, parts in sequence multiply, a repeat
    multiplies by the lengths it can take) bounds the time, and the count is kept small. A
    repeat of a part that itself matches in several ways, `(a+)+` or `(a|aa)*`, has exponentially
    many ways in the text's length, and a backreference depends on the text, so both are refused.
    """
    total = 1
    for op, av in items:
        if op in _REPEATS:
            low, high, part = av
            inner = _ways_to_match(part)
            if high <= 1:  # x? or x{1}: skipped or matched once
                total *= (low == 0) + inner
                continue
            if inner > 1:
                raise ValueError("repeats a part that can itself match in more than one way, as (a+)+ and "
                                 "(a|aa)* do, which takes exponential time to fail (expected a repeat of one "
                                 "character or of fixed text, e.g. [\\w-]+ or (?:, \\w)*)")
            if high == _re_parser.MAXREPEAT:  # counted as long as it can run in prose
                step = _re_compiler.compile(part)  # what repeats, tried on runs of spaces and of letters
                crosses_words = step.match(" " * 8) and any(step.match(ch * 8) for ch in _LETTERS)
                total *= _TEXT_RUN if crosses_words else _WORD_RUN
            else:
                total *= high - low + 1
        elif op == _re_parser.BRANCH:
            total *= sum(_ways_to_match(branch) for branch in av[1])
        elif op in (_re_parser.GROUPREF, _re_parser.GROUPREF_EXISTS):
            raise ValueError("refers back to a group (expected no backreferences or conditional groups, "
                             "which can take exponential time to fail)")
        else:  # a group or a lookaround: the ways of what it holds
            for part in av if isinstance(av, tuple) else (av,):
                if isinstance(part, _re_parser.SubPattern):
                    total *= _ways_to_match(part)
    return total
