"""Finding the hardware vocabulary in text (topic_matching.py finds the topics with the same tries).

`content/hardware.yml` is a tree of vendors, architectures and devices (and
families of devices across architectures: Jetson), each with the spellings
(aliases) that name it in text; `content/topics.yml` lists topics with the
phrases that signal them. vocabularies.py loads both into the `Hardware` and
`Topics` defined here, which find them in a paper's title and abstract. It
reads no files: callers pass the text.

Detection must stay cheap for thousands of abstracts. All hardware aliases
are compiled into one regular expression, built from a trie so that a word
costs a few character comparisons however many aliases there are, and a text
is scanned once; an alias stands for its spellings with spaces, hyphens and case
folded (`_JOINT`). Topics take two scans: one for all plain phrases (a trie again),
one for the few phrases written as regexes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from typing import NamedTuple

# Names and phrases are whole words of letters and digits: `A100-80GB`,
# `(H100)` and `A100_80GB` all hold the word A100.
_WORD_CHAR = r"[^\W_]"
# Each pattern tries a name where a word starts: after a character that is no letter
# or digit (callers search " " + text, so the first word has one too). The names
# themselves sit in a lookahead so names that start inside other names are still seen.
_BEFORE_WORD = r"(?<![^\W_])"
# A count may be glued to a name: `8xA100`, and `4timesRTX 3090` where a page
# lost its × sign (`4×RTX 3090` needs nothing: × is not a letter).
_GLUED_COUNT = r"(?:\d+(?:x|times))?"
# Links are not prose: "github.com/AMD-AIG-AIMA/..." names no hardware. A link where a
# word starts is consumed whole, so nothing inside it matches.
_LINK = r"(?:https?://|www\.)\S*"
# A plural `s` may follow a name: `A100s`, `T4s`.
_NAME_END = rf"(?=s?(?!{_WORD_CHAR}))"
PHRASE_END = rf"(?!{_WORD_CHAR})"

# -------------------------------------------------------------------------- Data

@dataclass(frozen=True)
class HardwareNode:
    id: str
    name: str
    kind: str  # 'vendor' | 'architecture' | 'device' | 'family'
    parent: str | None  # architecture, family -> vendor id, device -> architecture id
    aliases: tuple[str, ...] = ()
    description: str | None = None
    year: int | None = None
    device_kind: str | None = None  # a device's `kind:` (datacenter-gpu, ...)
    shared: frozenset[str] = frozenset()  # name keys of the aliases another vendor uses too
    members: tuple[str, ...] = ()  # a family's devices, which are also on its page


class Mention(NamedTuple):
    """Hardware `id` named by `text`, found at [start, end) of the text searched. A named
    tuple: a large list has tens of thousands (made several times faster than a frozen
    dataclass)."""

    id: str
    start: int
    end: int
    text: str


# --------------------------------------------------------------------------
# Matching rules shared by loading and detection


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
_JOINT = re.compile(r"(?<=[^\W_])(?:\s+|-)(?=[^\W_])")


def name_key(text: str) -> str:
    """What the spellings of a hardware name share: `RTX 4090`, `rtx-4090`, `RTX4090` are `rtx4090`."""
    return " ".join(_JOINT.sub("", text).split()).casefold()


# A trie edge: (EXACT, char), (ANY_CASE, lowercase letter), (SPACE, "") or
# (JOIN, the ways text may fill a joint: s for spaces, h for a hyphen, g for nothing).
EXACT, ANY_CASE, SPACE, JOIN = "=", "~", " ", "+"
_PHRASE_ENDS = (EXACT, "")  # the key marking that a phrase ends at a trie node
_ONE_WAY = {"s": (SPACE, ""), "h": (EXACT, "-"), "g": None}  # a joint's ways as edges of their own


def _char_tokens(phrase: str, any_case: bool) -> list[tuple[str, str]]:
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


def _alias_spellings(alias: str) -> list[tuple[bool, list[str]]]:
    """(in any case?, each joint's ways) of an alias's spellings. With no space, a spelling
    is one token, in any case if a product code (`rtx-4090`, `MAX1550`); with a space it
    keeps its case. Split by the joint of the first space, no two overlap in the trie."""
    joints = len(_JOINT.findall(alias))
    if not joints or not ignores_case(_JOINT.sub("-", alias)):
        return [(ignores_case(alias), ["shg"] * joints)]
    return [(True, ["hg"] * joints)] + [(False, ["hg"] * k + ["s"] + ["shg"] * (joints - k - 1)) for k in range(joints)]


def _name_tokens(name: str, any_case: bool, ways: list[str]) -> list[tuple[str, str]]:
    """`_char_tokens` of a hardware name, with an edge for the ways of each joint."""
    tokens: list[tuple[str, str]] = []
    start = 0
    for joint, joint_ways in zip(_JOINT.finditer(name), ways, strict=True):
        tokens += _char_tokens(name[start:joint.start()], any_case)
        if name[joint.start() - 1].isdigit() == name[joint.end()].isdigit():
            joint_ways = joint_ways.replace("g", "")
        tokens.append(_ONE_WAY.get(joint_ways) or (JOIN, joint_ways))
        start = joint.end()
    return tokens + _char_tokens(name[start:], any_case)


def _trie_insert(trie: dict, tokens: list[tuple[str, str]]) -> None:
    for token in tokens:
        trie = trie.setdefault(token, {})
    trie[_PHRASE_ENDS] = {}


def _trie_merge(into: dict, other: dict) -> None:
    for token, child in other.items():
        _trie_merge(into.setdefault(token, {}), child)


def _make_siblings_disjoint(trie: dict) -> None:
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
            _make_siblings_disjoint(child)


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


def _trie_pattern(trie: dict, at_end: str) -> str:
    """A regex matching every phrase of the trie, preferring the longest at a start.

    Longer continuations are tried before a phrase may end, so `A100-80GB` is
    preferred over `A100`; `at_end` is the check made where a phrase ends.
    """
    return _trie_pattern_and_depth(trie, at_end)[0]


def _trie_pattern_and_depth(trie: dict, at_end: str) -> tuple[str, int]:
    """`_trie_pattern` and the length of the trie's longest phrase, worked out together so
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


def _scanner(body: str) -> str:
    """A pattern trying `body` at each word of a text searched as " " + text; links are skipped."""
    return f"{_BEFORE_WORD}(?:{_LINK}|{body})"


def _longest_first(candidates: list[tuple[int, int, str | None]]) -> list[tuple[int, int, str | None]]:
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
DETECTED_TEXTS = 1 << 16


class Hardware:
    """The hardware tree, and detection of its nodes in text."""

    def __init__(self, nodes: Iterable[HardwareNode], ignore: Iterable[str] = ()):
        self.nodes: dict[str, HardwareNode] = {node.id: node for node in nodes}
        self.ignore: tuple[str, ...] = tuple(ignore)
        self._children: dict[str, list[HardwareNode]] = {}
        self._position = {node_id: i for i, node_id in enumerate(self.nodes)}
        self._detected: dict[str, tuple[Mention, ...]] = {}
        for node in self.nodes.values():
            if node.parent is not None:
                self._children.setdefault(node.parent, []).append(node)
            self._children.setdefault(node.id, []).extend(self.nodes[i] for i in node.members)

    def in_order(self, ids: Iterable[str]) -> list[str]:
        """Node ids in the file's order, so every listing of hardware reads the same way."""
        return sorted(ids, key=self._position.__getitem__)

    def vendors(self) -> list[HardwareNode]:
        return [node for node in self.nodes.values() if node.kind == "vendor"]

    def children(self, node_id: str) -> list[HardwareNode]:
        if node_id not in self.nodes:
            raise KeyError(node_id)
        return list(self._children.get(node_id, []))

    def ancestors(self, node_id: str) -> list[HardwareNode]:
        """Nearest first: a device's architecture, then its vendor."""
        found = []
        parent = self.nodes[node_id].parent
        while parent is not None:
            node = self.nodes[parent]
            found.append(node)
            parent = node.parent
        return found

    def path(self, node_id: str) -> list[HardwareNode]:
        """From the vendor down to the node itself."""
        return [*reversed(self.ancestors(node_id)), self.nodes[node_id]]

    def expand(self, ids: Iterable[str]) -> set[str]:
        """The ids with all their ancestors: a paper on an A100 is also on Ampere and NVIDIA pages."""
        return set().union(*map(self.lineage, ids))

    def lineage(self, node_id: str) -> frozenset[str]:
        """The node's id and its ancestors' (asked for each paper and result of each hardware page)."""
        return self._lineages[node_id]

    @cached_property
    def _lineages(self) -> dict[str, frozenset[str]]:
        families = {i: [n.id for n in self.nodes.values() if i in n.members] for i in self.nodes}
        return {node_id: frozenset([node_id, *(node.id for node in self.ancestors(node_id)), *families[node_id]])
                for node_id in self.nodes}

    def detect(self, text: str) -> list[Mention]:
        """Every hardware name in `text`, in text order; where names overlap the longest wins.

        Remembered per text: validation (`check.unknown_devices`) and the site search the
        same titles and abstracts.
        """
        found = self._detected.get(text)
        if found is None:
            if len(self._detected) >= DETECTED_TEXTS:
                self._detected.clear()
            found = self._detected[text] = self._detect(text)
        return list(found)

    def _detect(self, text: str) -> tuple[Mention, ...]:
        pattern, owner = self._matcher
        candidates = []
        for match in pattern.finditer(" " + text):
            if match.start(1) < 0:
                continue  # a link
            start, end = match.start(1) - 1, match.end(1) - 1  # -1: the space put in front
            candidates.append((start, end, owner[name_key(match.group(1))]))
        return tuple(
            Mention(node_id, start, end, text[start:end])
            for start, end, node_id in _longest_first(candidates)
            if node_id is not None  # an `ignore` phrase: it only hides the alias inside it
        )

    @cached_property
    def _matcher(self) -> tuple[re.Pattern[str], dict[str, str | None]]:
        """(one regex for all aliases and ignore phrases, name key -> node id or None)."""
        trie: dict = {}
        owner: dict[str, str | None] = {}
        for node in self.nodes.values():
            for alias in node.aliases:
                for any_case, ways in _alias_spellings(alias):
                    _trie_insert(trie, _name_tokens(alias, any_case, ways))
                owner[name_key(alias)] = node.id
        for phrase in self.ignore:
            _trie_insert(trie, _name_tokens(phrase, True, ["shg"] * len(_JOINT.findall(phrase))))
            owner.setdefault(name_key(phrase), None)
        if not owner:
            return re.compile(r"(?!)"), owner
        _make_siblings_disjoint(trie)
        return re.compile(_scanner(f"{_GLUED_COUNT}(?=({_trie_pattern(trie, _NAME_END)}))")), owner
