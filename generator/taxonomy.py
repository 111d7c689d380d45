"""The curated vocabularies: the hardware taxonomy and the topics.

`content/hardware.yml` is a tree of vendors, architectures and devices, each
with the spellings (aliases) that name it in text; `content/topics.yml` lists
topics with the phrases that signal them. This module checks both files,
reporting every problem at its line, and finds hardware and topics in the
title and abstract of a paper. It reads no files: callers pass the text.

Detection must stay cheap for thousands of abstracts. All hardware aliases
are compiled into one regular expression, built from a trie so that a word
costs a few character comparisons however many aliases there are, and a text
is scanned once. Topics take two scans: one for all plain phrases (a trie
again), one for the few phrases written as regexes.
"""

from __future__ import annotations

import bisect
import math
import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from typing import Any, NamedTuple

import yaml

from .model import ID, ContentError, Problem, closest
from .paper_file import DEPTH_PROBLEM, structure_problem, too_deep_to_compose

try:  # the standard library's regex parser and compiler, to check /regex/ phrases
    from re import _compiler as _re_compiler
    from re import _parser as _re_parser
except ImportError:  # Python 3.10
    import sre_compile as _re_compiler
    import sre_parse as _re_parser

DEVICE_KINDS = (
    "datacenter-gpu", "workstation-gpu", "consumer-gpu", "embedded", "cpu", "tpu", "npu",
    "wafer-scale", "fpga", "ipu", "lpu", "soc", "other",
)

# Keys each level of hardware.yml may hold, in the order they are documented.
VENDOR_KEYS = ("id", "name", "aliases", "description", "architectures")
ARCHITECTURE_KEYS = ("id", "name", "year", "aliases", "description", "devices")
DEVICE_KEYS = ("id", "name", "year", "kind", "aliases", "description")
HARDWARE_FILE_KEYS = ("vendors", "ignore")
TOPIC_KEYS = ("id", "name", "description", "match")
TOPICS_FILE_KEYS = ("topics",)

# level -> (its keys, the key listing its children, the children's level)
_LEVELS: dict[str, tuple[tuple[str, ...], str | None, str | None]] = {
    "vendor": (VENDOR_KEYS, "architectures", "architecture"),
    "architecture": (ARCHITECTURE_KEYS, "devices", "device"),
    "device": (DEVICE_KEYS, None, None),
}

MIN_YEAR, MAX_YEAR = 1970, 2100
MIN_ALIAS_CHARS = 2

# Names and phrases are whole words of letters and digits: `A100-80GB`,
# `(H100)` and `A100_80GB` all hold the word A100.
_WORD_CHAR = r"[^\W_]"
# Each pattern starts by consuming the character before a word, and callers
# search " " + text so the first word has one too. Starting with a character
# class (not a lookbehind) lets `re` skip the insides of words in C, which is
# most of the text; the names themselves sit in a lookahead so names that
# start inside other names are still seen.
_BEFORE_WORD = r"[\W_]"
# A count may be glued to a name: `8xA100`, and `4timesRTX 3090` where a page
# lost its × sign (`4×RTX 3090` needs nothing: × is not a letter).
_GLUED_COUNT = r"(?:\d+(?:x|times))?"
# Links are not prose: "github.com/AMD-AIG-AIMA/..." names no hardware. A link
# after the character before a word is consumed whole, so nothing inside it matches.
_LINK = r"(?:https?://|www\.)\S*"
# A plural `s` may follow a name: `A100s`, `T4s`.
_NAME_END = rf"(?=s?(?!{_WORD_CHAR}))"
_PHRASE_END = rf"(?!{_WORD_CHAR})"

# --------------------------------------------------------------------------
# Data


@dataclass(frozen=True)
class HardwareNode:
    id: str
    name: str
    kind: str  # 'vendor' | 'architecture' | 'device'
    parent: str | None  # architecture -> vendor id, device -> architecture id
    aliases: tuple[str, ...] = ()
    description: str | None = None
    year: int | None = None
    device_kind: str | None = None  # a device's `kind:` (datacenter-gpu, ...)


class Mention(NamedTuple):
    """Hardware `id` named by `text`, found at [start, end) of the text searched. A named
    tuple: a large list has tens of thousands, handed back from worker processes (made and
    unpickled several times faster than a frozen dataclass)."""

    id: str
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Topic:
    id: str
    name: str
    description: str
    patterns: tuple[str, ...]  # as written: phrases, or regexes between slashes


# --------------------------------------------------------------------------
# Matching rules shared by loading and detection


def ignores_case(alias: str) -> bool:
    """Whether an alias matches in any case.

    Only single-token product codes with a digit, four characters or more
    (`A100`, `Gaudi2`, `MI300X`): nobody writes `a100` meaning anything else.
    Words (`Ampere`, the unit `ampere`), short codes (`T4`, `H20`) and
    multi-word names (`Max 1550`, `max 1550 tokens`) match only as written.
    """
    return (
        len(alias) >= 4
        and not any(ch.isspace() for ch in alias)
        and any(ch.isdigit() for ch in alias)
        and any(ch.isalpha() for ch in alias)
    )


def spelling_key(text: str) -> str:
    """What two spellings of one name share: case and runs of spaces folded."""
    return " ".join(text.split()).casefold()


# A trie edge: (EXACT, char), (ANY_CASE, lowercase letter) or (SPACE, "").
EXACT, ANY_CASE, SPACE = "=", "~", " "
_PHRASE_ENDS = (EXACT, "")  # the key marking that a phrase ends at a trie node


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


def _trie_insert(trie: dict, tokens: list[tuple[str, str]]) -> None:
    for token in tokens:
        trie = trie.setdefault(token, {})
    trie[_PHRASE_ENDS] = {}


def _trie_merge(into: dict, other: dict) -> None:
    for token, child in other.items():
        _trie_merge(into.setdefault(token, {}), child)


def _split_case_overlaps(trie: dict) -> None:
    """Make sibling edges match disjoint characters, all the way down.

    `Gaudi` (exact) and `Gaudi2` (any case) start with edges `G` and `[gG]`.
    A regex tries siblings in turn and stops at the first that succeeds, so
    overlapping siblings could settle for `Gaudi` in "Gaudi2". Folding the
    any-case edge into exact `G` and `g` edges leaves one way to go at each
    character, and the longest alias wins.
    """
    for token in [t for t in trie if t[0] == ANY_CASE]:
        lower = token[1]
        variants = [(EXACT, lower), (EXACT, lower.upper())]
        if any(v in trie for v in variants):
            child = trie.pop(token)
            for variant in variants:
                _trie_merge(trie.setdefault(variant, {}), child)
    for token, child in trie.items():
        if token != _PHRASE_ENDS:
            _split_case_overlaps(child)


def _token_regex(token: tuple[str, str]) -> str:
    kind, ch = token
    if kind == SPACE:
        return r"\s+"
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


def _first_characters(trie: dict, also: str = "") -> str:
    """A lookahead of the characters a phrase of the trie (or `also`, a class's inside) can start
    with: most words of a text start with none of them, and are turned down before the trie is
    tried. Empty when a phrase may start with white space."""
    chars: set[str] = set()
    for kind, ch in trie:
        if kind == SPACE:
            return ""
        if (kind, ch) != _PHRASE_ENDS:
            chars.update((ch, ch.upper()) if kind == ANY_CASE else (ch,))
    return f"(?=[{also}{''.join(re.escape(ch) for ch in sorted(chars))}])"


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
        expanded: set[str] = set()
        for node_id in ids:
            expanded.add(node_id)
            expanded.update(node.id for node in self.ancestors(node_id))
        return expanded

    def prepare(self) -> None:
        """Compile the detection regex now (it takes a while), so that worker processes forked
        afterwards inherit it instead of each compiling its own."""
        self._matcher  # noqa: B018 - a cached property

    def detect(self, text: str) -> list[Mention]:
        """Every hardware name in `text`, in text order; where names overlap the longest wins.

        Remembered per text: validation and the site read the same titles and abstracts
        (in one process; worker processes each remember their own).
        """
        found = self._detected.get(text)
        if found is None:
            if len(self._detected) >= DETECTED_TEXTS:
                self._detected.clear()
            found = self._detected[text] = self._detect(text)
        return list(found)

    def remember(self, text: str, found: Iterable[Mention]) -> None:
        """Take `found` as what `detect(text)` finds: a worker process that detected it hands
        it back, and processes forked later inherit it instead of detecting it again."""
        if len(self._detected) >= DETECTED_TEXTS:
            self._detected.clear()
        self._detected[text] = tuple(found)

    def _detect(self, text: str) -> tuple[Mention, ...]:
        pattern, owner = self._matcher
        candidates = []
        for match in pattern.finditer(" " + text):
            if match.start(1) < 0:
                continue  # a link
            start, end = match.start(1) - 1, match.end(1) - 1  # -1: the space put in front
            candidates.append((start, end, owner[spelling_key(match.group(1))]))
        return tuple(
            Mention(node_id, start, end, text[start:end])
            for start, end, node_id in _longest_first(candidates)
            if node_id is not None  # an `ignore` phrase: it only hides the alias inside it
        )

    @cached_property
    def _matcher(self) -> tuple[re.Pattern[str], dict[str, str | None]]:
        """(one regex for all aliases and ignore phrases, spelling key -> node id or None)."""
        trie: dict = {}
        owner: dict[str, str | None] = {}
        for node in self.nodes.values():
            for alias in node.aliases:
                _trie_insert(trie, _char_tokens(alias, ignores_case(alias)))
                owner[spelling_key(alias)] = node.id
        for phrase in self.ignore:
            _trie_insert(trie, _char_tokens(phrase, any_case=True))
            owner.setdefault(spelling_key(phrase), None)
        if not owner:
            return re.compile(r"(?!)"), owner
        _split_case_overlaps(trie)
        starts = _first_characters(trie, also=r"\d")  # a glued count starts with a digit
        return re.compile(_scanner(f"{starts}{_GLUED_COUNT}(?=({_trie_pattern(trie, _NAME_END)}))")), owner


# --------------------------------------------------------------------------
# Topics


class Topics:
    """The topic vocabulary, and detection of topics in text."""

    def __init__(self, topics: Iterable[Topic]):
        self.topics: dict[str, Topic] = {topic.id: topic for topic in topics}

    def prepare(self) -> None:
        """Compile the detection regexes now, for worker processes forked afterwards."""
        self._matcher  # noqa: B018 - a cached property

    def detect(self, text: str) -> list[str]:
        """The ids of the topics whose phrases occur in `text`, in file order."""
        matcher = self._matcher
        found: set[str] = set()
        # Phrases ignore case, so they are matched in lowercase text, where
        # each character of the trie is one plain comparison.
        for match in matcher.phrases.finditer(" " + text.lower()):
            if match.start(1) >= 0:  # not a link
                found.update(matcher.phrase_topics[spelling_key(match.group(1))])
        if matcher.regexes is not None:
            for match in matcher.regexes.finditer(" " + text):
                spans = match.regs
                found.update(topic_id for topic_id, group in matcher.regex_groups if spans[group][0] != -1)
        return [topic_id for topic_id in self.topics if topic_id in found]

    @cached_property
    def _matcher(self) -> _TopicMatcher:
        return _topic_matcher(self.topics.values())


@dataclass(frozen=True)
class _TopicMatcher:
    phrases: re.Pattern[str]  # group 1: the longest phrase starting at a word
    phrase_topics: dict[str, frozenset[str]]  # spelling key -> topics of it and of the phrases it starts with
    regexes: re.Pattern[str] | None  # one optional group per /regex/ phrase
    regex_groups: tuple[tuple[str, int], ...]  # (topic id, group number)


def is_regex_phrase(phrase: str) -> bool:
    return len(phrase) > 2 and phrase.startswith("/") and phrase.endswith("/")


def _topic_matcher(topics: Iterable[Topic]) -> _TopicMatcher:
    trie: dict = {}
    topics_of: dict[str, set[str]] = {}
    regexes: list[tuple[str, str]] = []  # (topic id, regex body)
    for topic in topics:
        for phrase in topic.patterns:
            if is_regex_phrase(phrase):
                regexes.append((topic.id, phrase[1:-1]))
            else:
                _trie_insert(trie, _char_tokens(phrase.lower(), any_case=False))
                topics_of.setdefault(spelling_key(phrase), set()).add(topic.id)
    phrases = (re.compile(_scanner(f"{_first_characters(trie)}(?=({_trie_pattern(trie, _PHRASE_END)}))"))
               if trie else re.compile(r"(?!)"))
    if not regexes:
        return _TopicMatcher(phrases, _with_shorter_phrases(topics_of), None, ())
    # A word where any regex matches, then each regex's own optional lookahead,
    # so that one regex matching there never hides another.
    bodies = [f"(?i:{body}){_PHRASE_END}" for _, body in regexes]
    each = "".join(f"(?:(?=(?P<r{i}>{body}))|)" for i, body in enumerate(bodies))
    pattern = re.compile(_scanner(f"(?=(?:{'|'.join(bodies)})){each}"))
    groups = tuple((topic_id, pattern.groupindex[f"r{i}"]) for i, (topic_id, _) in enumerate(regexes))
    return _TopicMatcher(phrases, _with_shorter_phrases(topics_of), pattern, groups)


def _with_shorter_phrases(topics_of: dict[str, set[str]]) -> dict[str, frozenset[str]]:
    """Each phrase's topics plus those of the phrases it starts with, ending at a word boundary.

    The trie reports the longest phrase at a word; "sparse attention" also
    contains the phrase "sparse", whose topic must not be lost.
    """
    merged = {}
    for key, owners in topics_of.items():
        topics = set(owners)
        for end in range(1, len(key)):
            if not key[end].isalnum() and key[:end] in topics_of:
                topics |= topics_of[key[:end]]
        merged[key] = frozenset(topics)
    return merged


# --------------------------------------------------------------------------
# Evidence

# Words that end in a full stop without ending the sentence: "vs. FP16", "(e.g. R1, o1)".
_ABBREVIATIONS = frozenset({
    "e.g", "eg", "i.e", "ie", "al", "vs", "cf", "viz", "w.r.t", "wrt", "a.k.a", "approx", "resp",
    "fig", "figs", "eq", "eqs", "sec", "tab", "ref", "refs", "no", "nos", "vol", "pp", "ca",
    "dr", "mr", "mrs", "ms", "prof", "st", "u.s", "u.k", "e.u", "incl", "ver",
})
# The places a sentence may end: a run of stops (and closing quotes or brackets) followed
# by white space, or a line break. A pattern that starts by consuming a character from a
# fixed set lets `re` skip to the next stop or line break in C; one starting with a
# lookahead (or with `\s`) would try a match at every character. The lookbehinds say which
# kind of break the first character started. `stop_end` (empty) marks where the stop's
# quotes end; a line break starts at the white space before it, found in Python as breaks
# are rare.
_CLOSERS = "\"'”’)]"
_SENTENCE_BREAK = re.compile(rf"[.!?\n](?:(?<=[.!?])[.!?]*[{re.escape(_CLOSERS)}]*(?P<stop_end>)\s+|(?<=\n)\s*)")


def _ends_sentence(text: str, stop_start: int, stop_end: int, break_end: int) -> bool:
    """Whether the stop at [stop_start, stop_end), white space up to `break_end`, ends a sentence."""
    if text.find("\n", stop_end, break_end) >= 0:
        return True
    if text[break_end:break_end + 1].islower():  # "4k res. at 60FPS", "e.g. the"
        return False
    if text[stop_start:stop_end].rstrip(_CLOSERS) != ".":  # "?", "!", an ellipsis, "etc.."
        return True
    word_start = max(text.rfind(" ", 0, stop_start), text.rfind("(", 0, stop_start)) + 1
    word = text[word_start:stop_start]
    if word.casefold() in _ABBREVIATIONS:
        return False
    return not (len(word) == 1 and word.isupper())  # an initial: "J. Smith"


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) of each sentence of `text`, in order, covering it from 0 to len(text).

    Full stops inside numbers ("1.3 petaFLOPs") and after abbreviations ("e.g.",
    "et al.", "vs.") do not end a sentence; a line break always does. A span
    ends after its stop and starts after the white space that follows it.
    """
    spans, start = [], 0
    for match in _SENTENCE_BREAK.finditer(text):
        stop_end = match.start("stop_end")
        if stop_end < 0:  # a line break, which may have white space before it
            end = max(start, len(text[:match.start()].rstrip()))
        elif _ends_sentence(text, match.start(), stop_end, match.end()):
            end = stop_end
        else:
            continue
        spans.append((start, end))
        start = match.end()
    spans.append((start, len(text)))
    return spans


def evidence_sentence(text: str, start: int, end: int, spans: list[tuple[int, int]] | None = None) -> str:
    """The sentence of `text` holding the span [start, end), to show why a paper is on a page.

    `spans` are `sentence_spans(text)`, for a caller that asks about many spans of one text.
    """
    spans = sentence_spans(text) if spans is None else spans
    first = max(bisect.bisect_right(spans, (start, math.inf)) - 1, 0)
    last = first
    while spans[last][1] < end and last + 1 < len(spans):  # a name across a sentence break
        last += 1
    return text[spans[first][0]:spans[last][1]].strip()


# --------------------------------------------------------------------------
# Loading and validation


_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


class _Checker:
    """Reads composed YAML nodes, collecting every problem with its line."""

    def __init__(self, path: str):
        self.path = path
        self.problems: list[Problem] = []
        self._constructor = yaml.constructor.SafeConstructor()

    def report(self, where: yaml.Node | int, message: str) -> None:
        line = where if isinstance(where, int) else where.start_mark.line + 1
        self.problems.append(Problem(self.path, line, message))

    def compose(self, text: str) -> yaml.Node | None:
        # libyaml composes the same nodes, with the same lines, several times faster;
        # on a problem the Python parser runs again, so messages stay the same.
        if _FAST_LOADER is not None:
            try:
                return yaml.compose(text, Loader=_FAST_LOADER)
            except yaml.YAMLError:
                pass
        try:
            return yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.MarkedYAMLError as error:
            mark = error.problem_mark or error.context_mark
            self.report(mark.line + 1 if mark else 1,
                        f"not valid YAML: {error.problem or error.context} "
                        "(expected well-formed YAML: 'key: value' lines, '- ' list items, consistent indentation)")
        except yaml.YAMLError as error:
            self.report(1, f"not valid YAML: {error} (expected well-formed YAML)")
        except RecursionError:  # the Python parser, past some 300 levels
            self.report(1, f"the file {DEPTH_PROBLEM}")
        return None

    def value(self, node: yaml.Node) -> Any:
        """The Python value of a node; its text when YAML cannot build one (`2020-13-45`, `!!python/...`)."""
        try:
            return self._constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError):
            return node.value if isinstance(node, yaml.ScalarNode) else None

    def fields(self, node: yaml.Node, allowed: tuple[str, ...], what: str) -> dict[str, yaml.Node] | None:
        """The keys of a mapping node -> value nodes; unknown and repeated keys are reported."""
        if not isinstance(node, yaml.MappingNode):
            article = "" if what.startswith("the ") else "each "
            self.report(node, f"{article}{what} must be a mapping of keys, got {_node_kind(node)} "
                              f"(expected keys such as {', '.join(allowed[:2])})")
            return None
        found: dict[str, yaml.Node] = {}
        repeated = []
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key in found:
                repeated.append(key_node)
            elif key is not None:
                found[key] = value_node
        label = self.label(what, found)
        for key_node in repeated:
            self.report(key_node, f"key '{key_node.value}' appears twice in {label} (expected each key once)")
        for key_node, _ in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key not in allowed:
                self.report(key_node, f"unknown key '{key}' in {label} "
                                      f"(expected one of: {', '.join(allowed)}){closest(str(key), allowed)}")
        return found

    def label(self, what: str, fields: dict[str, yaml.Node]) -> str:
        """`device 'a100'` once the id is known, so messages say which entry is wrong."""
        node = fields.get("id")
        if isinstance(node, yaml.ScalarNode) and node.value:
            return f"{what} '{node.value}'"
        return what

    def text(self, fields: dict[str, yaml.Node], key: str, label: str, *, required: bool, example: str,
             where: yaml.Node) -> str | None:
        node = fields.get(key)
        if node is None:
            if required:
                self.report(where, f"{label} has no '{key}' (expected {example})")
            return None
        value = self.value(node)
        if not isinstance(value, str) or not value.strip():
            self.report(node, f"'{key}' of {label} must be non-empty text, got {_shown(value)} (expected {example})")
            return None
        return value.strip()

    def year(self, fields: dict[str, yaml.Node], label: str) -> int | None:
        node = fields.get("year")
        if node is None:
            return None
        value = self.value(node)
        if isinstance(value, bool) or not isinstance(value, int) or not MIN_YEAR <= value <= MAX_YEAR:
            self.report(node, f"'year' of {label} must be a year, got {_shown(value)} (expected e.g. year: 2020)")
            return None
        return value

    def text_list(self, fields: dict[str, yaml.Node], key: str, label: str,
                  example: str) -> list[tuple[str, yaml.Node]]:
        """[(item, its node)] of a list of texts; bad items are reported and left out."""
        node = fields.get(key)
        if node is None:
            return []
        if not isinstance(node, yaml.SequenceNode):
            self.report(node, f"'{key}' of {label} must be a list, got {_node_kind(node)} (expected e.g. {example})")
            return []
        items = []
        for item in node.value:
            value = self.value(item) if isinstance(item, yaml.ScalarNode) else None
            if not isinstance(value, str) or not value.strip():
                if isinstance(item, yaml.MappingNode):
                    hint = "quote text holding ': ', which YAML reads as a key"
                else:
                    hint = "quote spellings YAML would read as numbers or booleans"
                shown = _shown(value) if isinstance(item, yaml.ScalarNode) else _node_kind(item)
                self.report(item, f"'{key}' of {label} must hold text only, got {shown} "
                                  f"(expected e.g. {example}; {hint})")
                continue
            items.append((value.strip(), item))
        return items


def _is_missing_or_empty(fields: dict[str, yaml.Node], key: str) -> bool:
    node = fields.get(key)
    return node is None or (isinstance(node, yaml.SequenceNode) and not node.value)


def _node_kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return f"'{node.value}'" if node.value else "nothing"


def _shown(value: Any) -> str:
    return f"{value!r} ({type(value).__name__})"[:80]


def _raise_if_any(checker: _Checker) -> None:
    if checker.problems:
        raise ContentError(sorted(checker.problems, key=lambda problem: problem.line))


@dataclass
class _HardwareReading:
    """What has been read of hardware.yml so far, to catch repeats across the whole file."""

    nodes: list[HardwareNode]
    id_lines: dict[str, int]
    alias_owners: dict[str, tuple[str, int]]  # spelling key -> (owner label, line)


def _read_file(text: str, path: str, keys, list_name: str):
    """(checker, root node, top-level fields) of a vocabulary file; raises if it is empty or unreadable."""
    checker = _Checker(path)
    # YAML aliases and deep nesting are refused before anything walks the nodes (see paper_file.py).
    deep_line = too_deep_to_compose(text)
    root = checker.compose(text) if deep_line is None else None
    wrong = (deep_line + 1, DEPTH_PROBLEM) if deep_line is not None else structure_problem(root)
    if wrong is not None:
        checker.report(wrong[0], f"the file {wrong[1]}")
        root = None
    if root is None:
        if not checker.problems:
            checker.report(1, f"the file is empty (expected a '{list_name}:' list)")
        _raise_if_any(checker)
    return checker, root, checker.fields(root, keys, "the file")


def _top_list(checker: _Checker, root: yaml.Node, top: dict[str, yaml.Node], key: str, items: str) -> list[yaml.Node]:
    """The items of the file's top-level list `key` (`items` says what each holds); reports
    it missing or not a list, and then gives no items."""
    listed = top.get(key)
    if listed is None:
        checker.report(root, f"missing '{key}' (expected a list of {items})")
    elif not isinstance(listed, yaml.SequenceNode):
        checker.report(listed, f"'{key}' must be a list, got {_node_kind(listed)} (expected items starting '- id: ...')")
    else:
        return listed.value
    return []


def load_hardware(text: str, path: str) -> Hardware:
    """Check hardware.yml and build the tree; raise ContentError listing every problem."""
    checker, root, top = _read_file(text, path, HARDWARE_FILE_KEYS, "vendors")
    reading = _HardwareReading([], {}, {})
    ignore: list[tuple[str, yaml.Node]] = []
    if top is not None:
        ignore = checker.text_list(top, "ignore", "the file", "ignore: [Pascal VOC, Turing test]")
        for phrase, node in ignore:
            reading.alias_owners.setdefault(spelling_key(phrase), ("'ignore'", node.start_mark.line + 1))
        for vendor in _top_list(checker, root, top, "vendors", "vendors, each with id, name and architectures"):
            _read_hardware_node(checker, vendor, "vendor", None, reading)
    _raise_if_any(checker)
    return Hardware(reading.nodes, [phrase for phrase, _ in ignore])


def _read_hardware_node(checker: _Checker, node: yaml.Node, level: str, parent: str | None,
                        reading: _HardwareReading) -> None:
    keys, children_key, children_level = _LEVELS[level]
    fields = checker.fields(node, keys, level)
    if fields is None:
        return
    label = checker.label(level, fields)
    node_id = _read_id(checker, fields, node, level, reading)
    name = checker.text(fields, "name", label, required=True, where=node,
                        example="the name shown on its page, e.g. name: NVIDIA A100")
    description = checker.text(fields, "description", label, required=False, where=node, example="a sentence")
    year = checker.year(fields, label) if "year" in keys else None
    aliases = _read_aliases(checker, fields, label, reading)
    device_kind = None
    if level == "device":
        device_kind = _read_device_kind(checker, fields, label, node)
        if _is_missing_or_empty(fields, "aliases"):
            checker.report(fields.get("aliases", node), f"{label} has no 'aliases', so detection never finds it "
                                 "(expected the spellings that name it, e.g. aliases: [A100, A100-80GB])")
    if node_id is not None and name is not None:
        reading.nodes.append(HardwareNode(node_id, name, level, parent, tuple(aliases), description, year,
                                          device_kind))
    if children_key is None or children_key not in fields:
        return
    children = fields[children_key]
    if not isinstance(children, yaml.SequenceNode):
        checker.report(children, f"'{children_key}' of {label} must be a list, got {_node_kind(children)} "
                                 f"(expected items starting '- id: ...')")
        return
    for child in children.value:
        _read_hardware_node(checker, child, children_level, node_id, reading)


def _read_id(checker: _Checker, fields: dict[str, yaml.Node], node: yaml.Node, level: str,
             reading: _HardwareReading) -> str | None:
    id_node = fields.get("id")
    if id_node is None:
        checker.report(node, f"{level} without an 'id' (expected a lowercase slug such as 'a100')")
        return None
    value = checker.value(id_node)
    if not isinstance(value, str) or not ID.match(value):
        checker.report(id_node, f"id {value!r} is not a lowercase slug "
                                f"(expected lowercase letters and digits joined by single hyphens, e.g. 'rtx-4090')")
        return None
    line = id_node.start_mark.line + 1
    if value in reading.id_lines:
        checker.report(id_node, f"duplicate id '{value}', first used at line {reading.id_lines[value]} "
                                f"(expected each id once in the whole file)")
        return None
    reading.id_lines[value] = line
    return value


def _read_aliases(checker: _Checker, fields: dict[str, yaml.Node], label: str,
                  reading: _HardwareReading) -> list[str]:
    aliases: list[str] = []
    for alias, item in checker.text_list(fields, "aliases", label, "aliases: [A100, A100-80GB]"):
        key = spelling_key(alias)
        line = item.start_mark.line + 1
        if len(alias) < MIN_ALIAS_CHARS:
            checker.report(item, f"alias '{alias}' of {label} is too short "
                                 f"(expected at least {MIN_ALIAS_CHARS} characters)")
        elif alias in aliases:
            checker.report(item, f"alias '{alias}' is listed twice for {label} (expected each spelling once)")
        elif key in reading.alias_owners and reading.alias_owners[key][0] != label:
            owner, owner_line = reading.alias_owners[key]
            checker.report(item, f"alias '{alias}' of {label} is already used by {owner} at line {owner_line} "
                                 f"(expected each spelling to name one node; case is ignored in this check)")
        else:
            reading.alias_owners.setdefault(key, (label, line))
            aliases.append(alias)
    return aliases


def _read_device_kind(checker: _Checker, fields: dict[str, yaml.Node], label: str, node: yaml.Node) -> str | None:
    kind_node = fields.get("kind")
    expected = f"one of: {', '.join(DEVICE_KINDS)}"
    if kind_node is None:
        checker.report(node, f"{label} has no 'kind' (expected {expected})")
        return None
    value = checker.value(kind_node)
    if value not in DEVICE_KINDS:
        checker.report(kind_node, f"'kind' of {label} is {value!r} (expected {expected}){closest(str(value), DEVICE_KINDS)}")
        return None
    return value


def load_topics(text: str, path: str) -> Topics:
    """Check topics.yml and build the vocabulary; raise ContentError listing every problem."""
    checker, root, top = _read_file(text, path, TOPICS_FILE_KEYS, "topics")
    topics: list[Topic] = []
    if top is not None:
        id_lines: dict[str, int] = {}
        for node in _top_list(checker, root, top, "topics", "topics, each with id, name, description and match"):
            topic = _read_topic(checker, node, id_lines)
            if topic is not None:
                topics.append(topic)
    _raise_if_any(checker)
    return Topics(topics)


def _read_topic(checker: _Checker, node: yaml.Node, id_lines: dict[str, int]) -> Topic | None:
    fields = checker.fields(node, TOPIC_KEYS, "topic")
    if fields is None:
        return None
    label = checker.label("topic", fields)
    topic_id = None
    id_node = fields.get("id")
    if id_node is None:
        checker.report(node, "topic without an 'id' (expected a lowercase slug such as 'kv-cache')")
    else:
        value = checker.value(id_node)
        if not isinstance(value, str) or not ID.match(value):
            checker.report(id_node, f"id {value!r} is not a lowercase slug "
                                    "(expected lowercase letters and digits joined by single hyphens, e.g. 'kv-cache')")
        elif value in id_lines:
            checker.report(id_node, f"duplicate id '{value}', first used at line {id_lines[value]} "
                                    "(expected each id once in the whole file)")
        else:
            id_lines[value] = id_node.start_mark.line + 1
            topic_id = value
    name = checker.text(fields, "name", label, required=True, where=node,
                        example="the name shown on its page, e.g. name: KV cache")
    description = checker.text(fields, "description", label, required=True, where=node,
                               example="one or two sentences for the topic page")
    patterns = _read_patterns(checker, fields, label)
    if _is_missing_or_empty(fields, "match"):
        checker.report(fields.get("match", node),
                       f"{label} has no 'match' phrases (expected the phrases that signal it, e.g. match: [KV cache])")
    if None in (topic_id, name, description) or not patterns:
        return None
    return Topic(topic_id, name, description, tuple(patterns))


def _read_patterns(checker: _Checker, fields: dict[str, yaml.Node], label: str) -> list[str]:
    patterns: list[str] = []
    seen: set[str] = set()
    for phrase, item in checker.text_list(fields, "match", label, "match: [KV cache, /KV[- ]caches?/]"):
        if is_regex_phrase(phrase):
            why = _regex_problem(phrase[1:-1])
            if why:
                checker.report(item, f"match pattern {phrase} of {label} {why}")
                continue
        key = phrase if is_regex_phrase(phrase) else spelling_key(phrase)
        if key in seen:
            checker.report(item, f"match phrase '{phrase}' is listed twice for {label} (expected each phrase once)")
            continue
        seen.add(key)
        patterns.append(phrase)
    return patterns


def _regex_problem(body: str) -> str | None:
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
        re.compile(f"(?i:{body}){_PHRASE_END}")  # as it is combined with the others
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
