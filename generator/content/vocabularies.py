"""Loading the curated vocabularies: the hardware taxonomy and the topics.

`content/hardware.yml` is a tree of vendors, architectures and devices, each
with the spellings (aliases) that name it in text; `content/topics.yml` lists
topics with the phrases that signal them. This module checks both files,
reporting every problem at its line, and builds from them the `Hardware` and
`Topics` of hardware.py and topics.py, which find them in text. It reads no files: callers
pass the text.

A topic phrase written as a /regex/ is refused, at its line, when RE2 cannot run it
(`topics.regex_problem`).
"""

from __future__ import annotations

from dataclasses import dataclass

import re2
import yaml

from .model import ID, closest
from .device_facts import HeldItem, check_holds, read_specs
from .hardware import Hardware, HardwareNode
from .phrases import name_key, spelling_key
from .topics import Topic, Topics, is_regex_phrase, regex_problem
from .yaml_nodes import NodeChecker, is_missing_or_empty, node_kind, raise_if_any, read_file, top_list

DEVICE_KINDS = (
    "datacenter-gpu", "workstation-gpu", "consumer-gpu", "embedded", "cpu", "tpu", "npu",
    "wafer-scale", "fpga", "ipu", "lpu", "soc", "other",
)

# Keys each level of hardware.yml may hold, in the order they are documented.
VENDOR_KEYS = ("id", "name", "aliases", "shared_aliases", "description", "architectures", "families")
ARCHITECTURE_KEYS = ("id", "name", "short_name", "year", "aliases", "shared_aliases", "description", "devices")
# `specs`: the device's facts (device_facts.py).
DEVICE_KEYS = ("id", "name", "short_name", "year", "kind", "aliases", "shared_aliases", "description", "specs")
# A family: devices of one vendor across architectures that readers look for by one name (Jetson).
FAMILY_KEYS = ("id", "name", "short_name", "aliases", "shared_aliases", "description", "members")
HARDWARE_FILE_KEYS = ("vendors", "ignore")
TOPIC_KEYS = ("id", "name", "description", "match")
TOPICS_FILE_KEYS = ("ignore", "topics")

# level -> (its keys, the key listing its children, the children's level)
_LEVELS: dict[str, tuple[tuple[str, ...], str | None, str | None]] = {
    "vendor": (VENDOR_KEYS, "architectures", "architecture"),
    "architecture": (ARCHITECTURE_KEYS, "devices", "device"),
    "device": (DEVICE_KEYS, None, None),
    "family": (FAMILY_KEYS, None, None),
}

MIN_ALIAS_CHARS = 2


@dataclass
class _HardwareReading:
    """What has been read of hardware.yml so far, to catch repeats across the whole file."""

    nodes: list[HardwareNode]
    id_lines: dict[str, int]
    alias_owners: dict[str, tuple[str, int]]  # name key -> (owner label, line)
    members: list[tuple[str, str, list[tuple[str, yaml.Node]]]]  # (family label, vendor id, its members)
    held: list[HeldItem]  # what servers hold, checked once every device is read


def load_hardware(text: str, path: str) -> Hardware:
    """Check hardware.yml and build the tree; raise ContentError listing every problem."""
    checker, root, top = read_file(text, path, HARDWARE_FILE_KEYS, "vendors")
    reading = _HardwareReading([], {}, {}, [], [])
    ignore: list[tuple[str, yaml.Node]] = []
    if top is not None:
        ignore = checker.text_list(top, "ignore", "the file", "ignore: [Pascal VOC, Turing test]")
        for phrase, node in ignore:
            reading.alias_owners.setdefault(name_key(phrase), ("'ignore'", node.start_mark.line + 1))
        for vendor in top_list(checker, root, top, "vendors", "vendors, each with id, name and architectures"):
            _read_hardware_node(checker, vendor, "vendor", None, reading)
        nodes = {node.id: node for node in reading.nodes}
        for label, vendor_id, members in reading.members:
            for member, item in members:
                device = nodes.get(member)
                architecture = nodes.get(device.parent) if device is not None and device.kind == "device" else None
                if architecture is None or architecture.parent != vendor_id:
                    checker.report(item, f"member '{member}' of {label} is not a device of its vendor "
                                         f"(expected a device id under '{vendor_id}'){closest(member, nodes)}")
        check_holds(checker, reading.held, {n.id: n.specs.form if n.specs else None
                                            for n in reading.nodes if n.kind == "device"})
    raise_if_any(checker)
    return Hardware(reading.nodes, [phrase for phrase, _ in ignore])


def _read_hardware_node(checker: NodeChecker, node: yaml.Node, level: str, parent: str | None,
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
    short_name = checker.text(fields, "short_name", label, required=False, where=node,
                              example="the name tables show, e.g. short_name: V100") if "short_name" in keys else None
    year = checker.year(fields, label) if "year" in keys else None
    aliases = _read_aliases(checker, fields, label, reading)
    # Spellings another vendor uses for its own thing: found only beside this vendor's names.
    shared = _read_aliases(checker, fields, label, reading, "shared_aliases")
    device_kind = specs = None
    if level == "device":
        device_kind = _read_device_kind(checker, fields, label, node)
        specs = read_specs(checker, fields, label, reading.held)
        if is_missing_or_empty(fields, "aliases"):
            checker.report(fields.get("aliases", node), f"{label} has no 'aliases', so detection never finds it "
                                 "(expected the spellings that name it, e.g. aliases: [A100, A100-80GB])")
    members = checker.text_list(fields, "members", label, "members: [jetson-tx2, jetson-agx-orin]")
    if level == "family":
        reading.members.append((label, parent, members))
    if node_id is not None and name is not None:
        reading.nodes.append(HardwareNode(node_id, name, level, parent, (*aliases, *shared), description, year,
                                          device_kind, frozenset(map(name_key, shared)), tuple(m for m, _ in members),
                                          short_name, specs))
    if children_key is not None and children_key in fields:
        _read_list(checker, fields, children_key, label, children_level, node_id, reading)
    if level == "vendor" and "families" in fields:
        _read_list(checker, fields, "families", label, "family", node_id, reading)


def _read_list(checker: NodeChecker, fields: dict[str, yaml.Node], key: str, label: str, level: str,
               node_id: str | None, reading: _HardwareReading) -> None:
    children = fields[key]
    if not isinstance(children, yaml.SequenceNode):
        checker.report(children, f"'{key}' of {label} must be a list, got {node_kind(children)} "
                                 f"(expected items starting '- id: ...')")
        return
    for child in children.value:
        _read_hardware_node(checker, child, level, node_id, reading)


def _read_id(checker: NodeChecker, fields: dict[str, yaml.Node], node: yaml.Node, level: str,
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


def _read_aliases(checker: NodeChecker, fields: dict[str, yaml.Node], label: str,
                  reading: _HardwareReading, key_name: str = "aliases") -> list[str]:
    aliases: list[str] = []
    for alias, item in checker.text_list(fields, key_name, label, f"{key_name}: [A100, A100-80GB]"):
        key = name_key(alias)  # `RTX 4090` and `rtx-4090` are one name: detection finds its node by this key
        line = item.start_mark.line + 1
        if len(alias) < MIN_ALIAS_CHARS:
            checker.report(item, f"alias '{alias}' of {label} is too short "
                                 f"(expected at least {MIN_ALIAS_CHARS} characters)")
        elif alias in aliases:
            checker.report(item, f"alias '{alias}' is listed twice for {label} (expected each spelling once)")
        elif key in reading.alias_owners and reading.alias_owners[key][0] != label:
            owner, owner_line = reading.alias_owners[key]
            checker.report(item, f"alias '{alias}' of {label} is already used by {owner} at line {owner_line} "
                                 "(expected each spelling to name one node; "
                                 "case, spaces and hyphens are ignored in this check)")
        else:
            reading.alias_owners.setdefault(key, (label, line))
            aliases.append(alias)
    return aliases


def _read_device_kind(checker: NodeChecker, fields: dict[str, yaml.Node], label: str, node: yaml.Node) -> str | None:
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
    checker, root, top = read_file(text, path, TOPICS_FILE_KEYS, "topics")
    topics: list[Topic] = []
    ignore: list[tuple[str, yaml.Node]] = []
    if top is not None:
        ignore = checker.text_list(top, "ignore", "the file", "ignore: [serving as, graph convolutional]")
        id_lines: dict[str, int] = {}
        for node in top_list(checker, root, top, "topics", "topics, each with id, name, description and match"):
            topic = _read_topic(checker, node, id_lines)
            if topic is not None:
                topics.append(topic)
    vocabulary = Topics(topics, [phrase for phrase, _ in ignore])
    if not checker.problems:
        try:
            vocabulary.detect("")  # builds the matcher: all regexes in one RE2 set
        except re2.error:
            checker.report(root, "the /regex/ phrases together are more than RE2 can compile into one set "
                                 "(expected fewer or simpler regexes: list variants as plain phrases)")
    raise_if_any(checker)
    return vocabulary


def _read_topic(checker: NodeChecker, node: yaml.Node, id_lines: dict[str, int]) -> Topic | None:
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
    if is_missing_or_empty(fields, "match"):
        checker.report(fields.get("match", node),
                       f"{label} has no 'match' phrases (expected the phrases that signal it, e.g. match: [KV cache])")
    if None in (topic_id, name, description) or not patterns:
        return None
    return Topic(topic_id, name, description, tuple(patterns))


def _read_patterns(checker: NodeChecker, fields: dict[str, yaml.Node], label: str) -> list[str]:
    patterns: list[str] = []
    seen: set[str] = set()
    for phrase, item in checker.text_list(fields, "match", label, "match: [KV cache, /KV[- ]caches?/]"):
        if is_regex_phrase(phrase):
            why = regex_problem(phrase[1:-1])
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
