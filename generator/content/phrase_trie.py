"""Phrases found in text by one regular expression built from a trie: the machinery the
hardware names (`hardware.py`) and the topics' plain phrases (`topics.py`) share.

Each phrase is a sequence of trie edges (`name_tokens`, `char_tokens`): a character as
written, a letter in any case, a run of spaces, or a joint a hardware name may write with
a space, a hyphen or nothing (`RTX 4090`, `RTX-4090`, `RTX4090`). The trie becomes one
pattern (`trie_pattern`) so a word costs a few character comparisons however many phrases
there are, and a text is scanned once (`scanner`); where names overlap, the longest wins
(`longest_first`).
"""

from __future__ import annotations

import re
from itertools import pairwise

# Names and phrases are whole words of letters and digits: `A100-80GB`,
# `(H100)` and `A100_80GB` all hold the word A100.
WORD_CHAR = r"[^\W_]"
# Each pattern tries a name where a word starts: after a character that is no letter
# or digit (callers search " " + text, so the first word has one too). The names
# themselves sit in a lookahead so names that start inside other names are still seen.
_BEFORE_WORD = r"(?<![^\W_])"
# Links are not prose: "github.com/AMD-AIG-AIMA/..." names no hardware. A link where a
# word starts is consumed whole, so nothing inside it matches.
_LINK = r"(?:https?://|www\.)\S*"
LINK = re.compile(_LINK)
PHRASE_END = rf"(?!{WORD_CHAR})"



def ignores_case(alias: str) -> bool:
    """Whether a spelling with no space in it matches in any case.

    Only single-token product codes with a digit, four characters or more (`A100`,
    `Gaudi-2`, `MI300X`): nobody writes `a100` meaning anything else. Words (`Ampere`,
    the unit `ampere`), short codes (`T4`, `H20`) and names spelled with a space
    (`Max 1550`, not `max 1550 tokens`) match only as written.
    """
    return len(alias) >= 4 and not any(ch.isspace() for ch in alias) and any(ch.isdigit() for ch in alias) \
        and any(ch.isalpha() for ch in alias)


def spelling_key(text: str) -> str:
    """What two spellings of one phrase share: case and runs of spaces folded."""
    return " ".join(text.split()).casefold()


# A joint: a space or hyphen between two letters or digits of a hardware name. Text may fill
# it with spaces, a hyphen, or nothing between a letter and a digit: `RTX 4090` is `RTX-4090`
# and `RTX4090`. Words and numbers are not run together (`AdaLovelace`, `A10080GB`), and a
# name written without a joint is found as written (`A100`, not `A-100`; `T4`, not `T-4`).
JOINT = re.compile(r"(?<=[^\W_])(?:\s+|-)(?=[^\W_])")


def name_key(text: str) -> str:
    """What the spellings of a hardware name share: `RTX 4090`, `rtx-4090`, `RTX4090` are `rtx4090`."""
    return " ".join(JOINT.sub("", text).split()).casefold()


# A trie edge: (EXACT, char), (ANY_CASE, lowercase letter), (SPACE, "") or
# (JOIN, the ways text may fill a joint: s for spaces, h for a hyphen, g for nothing).
EXACT, ANY_CASE, SPACE, JOIN = "=", "~", " ", "+"
_PHRASE_ENDS = (EXACT, "")  # the key marking that a phrase ends at a trie node
_ONE_WAY = {"s": (SPACE, ""), "h": (EXACT, "-"), "g": None}  # a joint's ways as edges of their own


def char_tokens(phrase: str, any_case: bool) -> list[tuple[str, str]]:
    """One trie edge per character; a run of spaces is one edge matching any whitespace."""
    tokens: list[tuple[str, str]] = []
    for ch in phrase:
        if ch.isspace():
            if not tokens or tokens[-1][0] != SPACE:
                tokens.append((SPACE, ""))
        elif any_case and ch.lower() != ch.upper() and len(ch.lower()) == len(ch.upper()) == 1:
            tokens.append((ANY_CASE, ch.lower()))
        else:
            tokens.append((EXACT, ch))
    return tokens


def alias_spellings(alias: str) -> list[tuple[bool, list[str]]]:
    """(in any case?, each joint's ways) of an alias's spellings. With no space, a spelling
    is one token, in any case if a product code (`rtx-4090`, `MAX1550`); with a space it
    keeps its case. Split by the joint of the first space, no two overlap in the trie."""
    joints = len(JOINT.findall(alias))
    if not joints or not ignores_case(JOINT.sub("-", alias)):
        return [(ignores_case(alias), ["shg"] * joints)]
    return [(True, ["hg"] * joints)] + [(False, ["hg"] * k + ["s"] + ["shg"] * (joints - k - 1)) for k in range(joints)]


def name_tokens(name: str, any_case: bool, ways: list[str]) -> list[tuple[str, str]]:
    """`char_tokens` of a hardware name, with an edge for the ways of each joint."""
    tokens: list[tuple[str, str]] = []
    start = 0
    for joint, joint_ways in zip(JOINT.finditer(name), ways, strict=True):
        tokens += char_tokens(name[start:joint.start()], any_case)
        if name[joint.start() - 1].isdigit() == name[joint.end()].isdigit():
            joint_ways = joint_ways.replace("g", "")
        tokens.append(_ONE_WAY.get(joint_ways) or (JOIN, joint_ways))
        start = joint.end()
    return tokens + char_tokens(name[start:], any_case)


def trie_insert(trie: dict, tokens: list[tuple[str, str]]) -> None:
    for token in tokens:
        trie = trie.setdefault(token, {})
    trie[_PHRASE_ENDS] = {}


def _trie_merge(into: dict, other: dict) -> None:
    for token, child in other.items():
        _trie_merge(into.setdefault(token, {}), child)


def make_siblings_disjoint(trie: dict) -> None:
    """Make sibling edges match disjoint characters, all the way down.

    `Gaudi` (exact) and `Gaudi2` (any case) start with edges `G` and `[gG]`.
    A regex tries siblings in turn and stops at the first that succeeds, so
    overlapping siblings could settle for `Gaudi` in "Gaudi2". Folding the
    any-case edge into exact `G` and `g` edges leaves one way to go at each character,
    and the longest alias wins. So is a joint overlapping a sibling (`Gaudi 2`, `Gaudi2
    NPU`), into an edge per way: its child merged into the node for nothing.
    """
    while any(_split(trie, token) for token in list(trie)):
        pass
    for token, child in trie.items():
        if token != _PHRASE_ENDS:
            make_siblings_disjoint(child)


def _split(trie: dict, token: tuple[str, str]) -> bool:
    """Take the edge apart if it overlaps a sibling; whether it did."""
    kind, ch = token
    if kind == ANY_CASE and ((EXACT, ch) in trie or (EXACT, ch.upper()) in trie):
        parts = [(EXACT, ch), (EXACT, ch.upper())]
    elif kind == JOIN and any(_first_chars(token, trie[token]) & _first_chars(other, trie[other])
                              for other in trie if other not in (token, _PHRASE_ENDS)):
        parts = [_ONE_WAY[way] for way in ch]
    else:
        return False
    child = trie.pop(token)
    for part in parts:
        _trie_merge(trie if part is None else trie.setdefault(part, {}), child)
    return True


def _first_chars(token: tuple[str, str], child: dict) -> set[str]:
    """The characters an edge may start with, " " for any whitespace ("" for a phrase's end)."""
    kind, ch = token
    if kind != JOIN:
        return {" " if kind == SPACE else ch} | ({ch.upper()} if kind == ANY_CASE else set())
    glued = child.items() if "g" in ch else ()  # a phrase's end, (EXACT, ""), starts with ""
    return {" " if way == "s" else "-" for way in ch if way != "g"}.union(*(_first_chars(*edge) for edge in glued))


def _token_regex(token: tuple[str, str]) -> str:
    kind, ch = token
    if kind == SPACE:
        return r"\s+"
    if kind == JOIN:
        ways = "|".join(r"\s+" if way == "s" else "-" for way in ch if way != "g")
        return (ways if ways == "-" else f"(?:{ways})") + "?" * ("g" in ch)
    if kind == ANY_CASE:
        return f"[{re.escape(ch)}{re.escape(ch.upper())}]"
    return re.escape(ch)


def trie_pattern(trie: dict, at_end: str) -> str:
    """A regex matching every phrase of the trie, preferring the longest at a start.

    Longer continuations are tried before a phrase may end, so `A100-80GB` is
    preferred over `A100`; `at_end` is the check made where a phrase ends.
    """
    return _trie_pattern_and_depth(trie, at_end)[0]


def _trie_pattern_and_depth(trie: dict, at_end: str) -> tuple[str, int]:
    """`trie_pattern` and the length of the trie's longest phrase, worked out together so
    that each node is visited once. Deeper children are tried first."""
    children = []
    for token, child in trie.items():
        if token != _PHRASE_ENDS:
            pattern, depth = _trie_pattern_and_depth(child, at_end)
            children.append((-depth, token, _token_regex(token) + pattern))
    children.sort(key=lambda child: child[:2])
    branches = [pattern for _, _, pattern in children]
    if _PHRASE_ENDS in trie:
        branches.append(at_end)
    depth = 1 - children[0][0] if children else 0
    return (branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"), depth


def scanner(body: str) -> str:
    """A pattern trying `body` at each word of a text searched as " " + text; links are skipped."""
    return f"{_BEFORE_WORD}(?:{_LINK}|{body})"


def longest_first(candidates: list[tuple[int, int, str | None]]) -> list[tuple[int, int, str | None]]:
    """Non-overlapping candidates, longer spans winning over shorter ones they overlap, in text order."""
    if all(a[1] <= b[0] for a, b in pairwise(candidates)):
        return candidates  # in text order already, and nothing overlaps: the usual case
    chosen: list[tuple[int, int, str | None]] = []
    for cand in sorted(candidates, key=lambda c: (c[0] - c[1], c[0])):
        if all(cand[1] <= start or cand[0] >= end for start, end, _ in chosen):
            chosen.append(cand)
    return sorted(chosen)


# --------------------------------------------------------------------------
# Hardware


# How many texts' hardware mentions a Hardware remembers: two per paper of a large list.
