"""Reading composed YAML nodes of a vocabulary file (`hardware.yml`, `topics.yml`) with every
problem collected at its line: `NodeChecker` reads fields, lists, ids and years of a mapping
node; `read_file` composes a file, refusing YAML aliases and deep nesting before anything
walks it."""

from __future__ import annotations

from typing import Any

import yaml

from .model import ContentError, Problem, closest, converts_to_text
from .paper_file import DEPTH_PROBLEM, structure_problem, too_deep_to_compose

MIN_YEAR, MAX_YEAR = 1970, 2100

_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


class NodeChecker:
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
            value = self._constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError):  # ValueError: also a number too long to convert
            return node.value if isinstance(node, yaml.ScalarNode) else None
        return node.value if isinstance(value, int) and not converts_to_text(value) else value

    def fields(self, node: yaml.Node, allowed: tuple[str, ...], what: str) -> dict[str, yaml.Node] | None:
        """The keys of a mapping node -> value nodes; unknown and repeated keys are reported."""
        if not isinstance(node, yaml.MappingNode):
            article = "" if what.startswith("the ") else "each "
            self.report(node, f"{article}{what} must be a mapping of keys, got {node_kind(node)} "
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
            self.report(node, f"'{key}' of {label} must be non-empty text, got {shown_value(value)} (expected {example})")
            return None
        return value.strip()

    def year(self, fields: dict[str, yaml.Node], label: str) -> int | None:
        node = fields.get("year")
        if node is None:
            return None
        value = self.value(node)
        if isinstance(value, bool) or not isinstance(value, int) or not MIN_YEAR <= value <= MAX_YEAR:
            self.report(node, f"'year' of {label} must be a year, got {shown_value(value)} (expected e.g. year: 2020)")
            return None
        return value

    def text_list(self, fields: dict[str, yaml.Node], key: str, label: str,
                  example: str) -> list[tuple[str, yaml.Node]]:
        """[(item, its node)] of a list of texts; bad items are reported and left out."""
        node = fields.get(key)
        if node is None:
            return []
        if not isinstance(node, yaml.SequenceNode):
            self.report(node, f"'{key}' of {label} must be a list, got {node_kind(node)} (expected e.g. {example})")
            return []
        items = []
        for item in node.value:
            value = self.value(item) if isinstance(item, yaml.ScalarNode) else None
            if not isinstance(value, str) or not value.strip():
                if isinstance(item, yaml.MappingNode):
                    hint = "quote text holding ': ', which YAML reads as a key"
                else:
                    hint = "quote spellings YAML would read as numbers or booleans"
                shown = shown_value(value) if isinstance(item, yaml.ScalarNode) else node_kind(item)
                self.report(item, f"'{key}' of {label} must hold text only, got {shown} "
                                  f"(expected e.g. {example}; {hint})")
                continue
            items.append((value.strip(), item))
        return items


def is_missing_or_empty(fields: dict[str, yaml.Node], key: str) -> bool:
    node = fields.get(key)
    return node is None or (isinstance(node, yaml.SequenceNode) and not node.value)


def node_kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return f"'{node.value}'" if node.value else "nothing"


def shown_value(value: Any) -> str:
    return f"{value!r} ({type(value).__name__})"[:80]


def raise_if_any(checker: NodeChecker) -> None:
    if checker.problems:
        raise ContentError(sorted(checker.problems, key=lambda problem: problem.line))


def read_file(text: str, path: str, keys, list_name: str):
    """(checker, root node, top-level fields) of a vocabulary file; raises if it is empty or unreadable."""
    checker = NodeChecker(path)
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
        raise_if_any(checker)
    return checker, root, checker.fields(root, keys, "the file")


def top_list(checker: NodeChecker, root: yaml.Node, top: dict[str, yaml.Node], key: str, items: str) -> list[yaml.Node]:
    """The items of the file's top-level list `key` (`items` says what each holds); reports
    it missing or not a list, and then gives no items."""
    listed = top.get(key)
    if listed is None:
        checker.report(root, f"missing '{key}' (expected a list of {items})")
    elif not isinstance(listed, yaml.SequenceNode):
        checker.report(listed, f"'{key}' must be a list, got {node_kind(listed)} (expected items starting '- id: ...')")
    else:
        return listed.value
    return []
