"""Finding the hardware vocabulary in text.

`content/hardware.yml` is a tree of vendors, architectures and devices (and
families of devices across architectures: Jetson), each with the spellings
(aliases) that name it in text; vocabularies.py loads it into the `Hardware`
defined here, which finds them in a paper's title and abstract. It reads no
files: callers pass the text.

Detection must stay cheap for thousands of abstracts. Every way text may write
an alias or an ignore phrase (its joints filled with a space, a hyphen or
nothing: `JOINT`) is a key of a dict, in lowercase where the alias matches in
any case; a text is cut into words once, and a word that starts no name costs
one set lookup however many aliases there are (phrases.py, which topics.py
uses too).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from .device_facts import DeviceSpecs
from .phrases import (GLUED_MARK, JOINT, MARKS, TOKEN, WORD_STARTS, fold, ignores_case, joint_spellings, longest_at,
                      longest_first, name_key, phrase_words, prefixes_of, spaced_once)

# A count may be glued to a name: `8xA100`, `8XH100`, and `4timesRTX 3090` where a page
# lost its × sign (`4×RTX 3090` needs nothing: × is not a letter).
_GLUED_COUNT = re.compile(r"\d+(?:[xX]|times)")
# What joins the items of a list of names: "TPU v5p and v4", "RTX 3090, 4090", "A100/H100".
_LIST_JOINT = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&)\s+|\s*/\s*")
# Where such a name ends a list item: the list goes on or ends, or a noun for hardware follows ("RTX 3090 and 4090
# GPUs"); not a count or a size of something else ("Gaudi 2 and 3 replicas", "a Raspberry Pi 5 and 4 worker threads",
# "on Loihi 2 and 1 W").
_ITEM_ENDS = re.compile(r"\s*(?:[,.](?!\d)|[;:)/]|$|\s(?:and|or|respectively|&|than|in|on|at|for|with|to|by|from|under|"
                        r"over|across|using|is|are|was|were)\b)|\s+(?:GPU|TPU|NPU|CPU|chip|card|board|device|"
                        r"accelerator|processor|architecture|generation|platform|SoC|module|kit|system|node|server|pod|"
                        r"slice|phone|smartphone|FPGA|MCU|microcontroller)s?\b", re.I)


def _ends_name(text: str, end: int) -> bool:
    """Whether a name may end at `end`: before no letter or digit, or before a plural `s` (`A100s`, `T4s`)."""
    after = text[end:end + 2]
    return not after[:1].isalnum() or (after[0] == "s" and not after[1:].isalnum())


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

    def _detect(self, written: str) -> tuple[Mention, ...]:
        words, names = self._matcher
        # A trademark in letters reads as a space too (`GLUED_MARK`).
        text = GLUED_MARK.sub("  ", written) if "TM" in written else written
        folded = fold(text)
        candidates = []
        for word in phrase_words(words.finditer(folded), text, names.prefixes, numbers=True):
            found = None
            # A count glued to a name is not part of it: `8x` of `8xA100`.
            if (count := _GLUED_COUNT.match(text, word.start())) and (first := TOKEN.match(folded, count.end())):
                start, found = count.end(), names.longest_at(text, folded, count.end(), first.end())
            if found is None and word.group() in names.prefixes:
                start, found = word.start(), names.longest_at(text, folded, word.start(), word.end())
            if found is not None:
                candidates.append((start, *found))
        found = [Mention(node_id, start, end, written[start:end])
                 for start, end, node_id in longest_first(candidates, self._one_name)
                 if node_id is not None]  # an `ignore` phrase: it only hides the alias inside it
        return tuple(self._with_elided(text, found))

    def _one_name(self, a: str, b: str) -> str | None:
        """What two names that overlap name as one: the same node, or the device of a line that the line's
        name runs into ("Cloud TPU" and "TPU v6e": "Cloud TPU v6e", the TPU v6e); else None."""
        if a == b or b in self.lineage(a):
            return a
        return b if a in self.lineage(b) else None

    def _with_elided(self, text: str, found: list[Mention]) -> list[Mention]:
        """`found` with the names a list writes without the words it shares with the name before:
        "TPU v5p and v4" (TPU v4), "RTX 3090 and 4090", "Jetson Orin Nano and NX", "TPU v2, v3 and v4"."""
        starts = [m.start for m in found]
        out: list[Mention] = []
        for mention in found:
            out.append(last := mention)
            if not _LIST_JOINT.match(text, mention.end):
                continue  # the usual name: no list goes on from it
            prefixes = self._shared_words(mention)
            while prefixes and (joint := _LIST_JOINT.match(text, last.end)):
                elided = self._elided_at(text, joint.end(), prefixes, last)
                # (Not where a name of its own starts: "TPU v5p and v5e".)
                if elided is None or any(elided.start <= start < elided.end for start in starts):
                    break
                out.append(last := elided)
        return sorted(out, key=lambda m: m.start) if len(out) > len(found) else found

    def _shared_words(self, mention: Mention) -> list[str]:
        """The words a name shares with its siblings, which a list may leave out after it: the
        name as written less its last word or two ("RTX" of "RTX 3090 Ti"), else what an alias
        writes before the name as written ("TPU" of "TPU v5p", for "v5p")."""
        words = mention.text.split()
        prefixes = [" ".join(words[:-cut]) for cut in (1, 2) if len(words) > cut]
        if not prefixes:
            key = name_key(mention.text)
            prefixes = [alias[:len(alias) - len(alias.split()[-1])].strip() for alias in self.nodes[mention.id].aliases
                        if len(alias.split()) == 2 and name_key(alias.split()[-1]) == key]
        return prefixes

    def _elided_at(self, text: str, at: int, prefixes: list[str], before: Mention) -> Mention | None:
        """The name that one of `prefixes` and the words at `at` of `text` make, if it is another
        node's and ends a list item: "v4" after "TPU v5p and". A bare number has about as many digits
        as the one it follows ("RTX 3090 and 4090", "Kirin 990 and 9000"; not "Xeon Gold 6248 and 6")."""
        rest = text[at:at + 40]
        if not rest[:1].isalnum():
            return None
        for prefix in prefixes:
            written = f"{prefix} {rest}"
            first = TOKEN.match(written)
            hit = self._matcher[1].longest_at(written, fold(written), 0, first.end())
            if hit is not None and hit[1] not in (None, before.id) and hit[0] > len(prefix) + 1:
                end = at + hit[0] - len(prefix) - 1
                named = text[at:end]
                figures = len(before.text.split()[-1])  # of the number it follows
                if not _ITEM_ENDS.match(text, end) or (named.isdecimal() and (abs(len(named) - figures) > 1
                                                                             or len(named) == 1 < figures)):
                    return None
                return Mention(hit[1], at, end, named)
        return None

    @cached_property
    def _matcher(self) -> tuple[re.Pattern[str], _Names]:
        """(the tokens where words start, every spelling of the aliases and ignore phrases)."""
        owner: dict[str, str | None] = {}  # name key -> node id; None: an ignore phrase's
        for node in self.nodes.values():
            for alias in node.aliases:
                owner[name_key(alias)] = node.id
        for phrase in self.ignore:
            owner.setdefault(name_key(phrase), None)
        names = _Names({}, {}, set())
        for node in self.nodes.values():
            for alias in node.aliases:
                code = ignores_case(JOINT.sub("-", alias))  # its spellings with no space match in any case
                for spelling in joint_spellings(alias):
                    names.add(spelling, owner[name_key(alias)], any_case=code and " " not in spelling)
        for phrase in self.ignore:
            for spelling in joint_spellings(phrase):
                names.add(spelling, owner[name_key(phrase)], any_case=True)
        return WORD_STARTS, names


class _Names(NamedTuple):
    """Every spelling of the hardware names and ignore phrases, by its key."""

    any_case: dict[str, str | None]  # folded spelling (`rtx4090`) -> node id; None: an ignore phrase
    as_written: dict[str, str | None]  # spelling (`RTX 4090`) -> node id
    prefixes: set[str]  # folded, what spellings and their plurals start with, token by token

    def add(self, spelling: str, node_id: str | None, any_case: bool) -> None:
        if any_case:
            self.any_case[fold(spelling)] = node_id
        else:
            self.as_written[spelling] = node_id
        self.prefixes.update(prefixes_of(fold(spelling), plural=True))

    def longest_at(self, text: str, folded: str, start: int, end: int) -> tuple[int, str | None] | None:
        """(end, node id) of the longest name at `start` of `text` (`folded`: `fold(text)`),
        its first token ending at `end`."""
        def lookup(key: str, end: int) -> tuple[int, str | None] | None:
            for key, end in ((key, end), (key[:-1], end - 1)):  # the name, or a plural's: `A100s`
                node_id = self.any_case.get(key, _NO_NAME)
                if node_id is _NO_NAME:
                    node_id = self.as_written.get(spaced_once(MARKS.sub(" ", text[start:end])), _NO_NAME)
                if node_id is not _NO_NAME and _ends_name(text, end):
                    return end, node_id
            return None

        return longest_at(folded, start, end, self.prefixes, lookup)


_NO_NAME = object()
