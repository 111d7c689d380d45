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
folded (`JOINT`). Topics take two scans: one for all plain phrases (a trie again),
one for the few phrases written as regexes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from .device_facts import DeviceSpecs
from .phrase_trie import (JOINT, WORD_CHAR, alias_spellings, longest_first, make_siblings_disjoint, name_key,
                          name_tokens, scanner, trie_insert, trie_pattern)

# A count may be glued to a name: `8xA100`, and `4timesRTX 3090` where a page
# lost its × sign (`4×RTX 3090` needs nothing: × is not a letter).
_GLUED_COUNT = r"(?:\d+(?:x|times))?"
# A plural `s` may follow a name: `A100s`, `T4s`.
_NAME_END = rf"(?=s?(?!{WORD_CHAR}))"

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
    short_name: str | None = None  # the name in tables and lists, where it is not the name less the vendor's
    specs: DeviceSpecs | None = None  # a device's facts: form, memory, throughput, power, source


class Mention(NamedTuple):
    """Hardware `id` named by `text`, found at [start, end) of the text searched. A named
    tuple: a large list has tens of thousands (made several times faster than a frozen
    dataclass)."""

    id: str
    start: int
    end: int
    text: str


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

    def label(self, node_id: str) -> str:
        """The name every table and list shows for a node: its short name (its `short_name`,
        else its name less its vendor's, "A100"), with the vendor's name in front only where
        another vendor's node has that short name or that alias ("Acme X1", "Other X1")."""
        return self._labels[node_id]

    @cached_property
    def _labels(self) -> dict[str, str]:
        vendor_of = {i: self.path(i)[0] for i in self.nodes}
        short = {}
        for node in self.nodes.values():
            vendor = vendor_of[node.id]
            cut = node.name.removeprefix(vendor.name + " ") if node is not vendor else node.name
            short[node.id] = node.short_name or cut or node.name
        claims: dict[str, set[str]] = {}  # name key -> the vendors whose nodes go by it
        for node in self.nodes.values():
            for spelling in (short[node.id], *node.aliases):
                claims.setdefault(name_key(spelling), set()).add(vendor_of[node.id].id)
        return {i: f"{vendor_of[i].name} {name}" if len(claims[name_key(name)]) > 1 and vendor_of[i].id != i else name
                for i, name in short.items()}

    def most_specific(self, ids: Iterable[str]) -> list[str]:
        """The ids less those another of them lies under (its architecture, vendor or family):
        a paper naming NVIDIA and the A100 is on an A100."""
        ids = list(ids)
        below = set().union(*(self.lineage(i) - {i} for i in ids))
        return [i for i in ids if i not in below]

    def is_system(self, node_id: str) -> bool:
        """A server (a device of form `server`): a system holding devices, not a device of its own."""
        specs = self.nodes[node_id].specs
        return specs is not None and specs.form == "server"

    def held_by(self, node_id: str) -> list[HardwareNode]:
        """The servers that hold the device, in the file's order."""
        return [n for n in self.nodes.values() if n.specs and any(i == node_id for i, _ in n.specs.holds)]

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
            for start, end, node_id in longest_first(candidates)
            if node_id is not None  # an `ignore` phrase: it only hides the alias inside it
        )

    @cached_property
    def _matcher(self) -> tuple[re.Pattern[str], dict[str, str | None]]:
        """(one regex for all aliases and ignore phrases, name key -> node id or None)."""
        trie: dict = {}
        owner: dict[str, str | None] = {}
        for node in self.nodes.values():
            for alias in node.aliases:
                for any_case, ways in alias_spellings(alias):
                    trie_insert(trie, name_tokens(alias, any_case, ways))
                owner[name_key(alias)] = node.id
        for phrase in self.ignore:
            trie_insert(trie, name_tokens(phrase, True, ["shg"] * len(JOINT.findall(phrase))))
            owner.setdefault(name_key(phrase), None)
        if not owner:
            return re.compile(r"(?!)"), owner
        make_siblings_disjoint(trie)
        return re.compile(scanner(f"{_GLUED_COUNT}(?=({trie_pattern(trie, _NAME_END)}))")), owner
