"""A paper file's text <-> its fields, each with the line it stands on.

A paper file is YAML front matter plus the abstract. `parse_paper_text` reads
one without touching the disk (store.py reads the files), reporting every
problem at its line: YAML that does not parse, keys that are not text, anchors
and aliases, nesting too deep to walk safely. `dump_paper_text` writes a new
file's text with python-frontmatter.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from typing import Any

import frontmatter
import yaml

from .front_matter import paper_from_front_matter
from .model import FIELDS, Paper, Problem, converts_to_text


@dataclass
class PaperFile:
    """A paper file as read: its fields, body, and where each field stands."""

    path: str
    slug: str
    meta: Any = None
    text: str = ""  # the file as read
    body: str = ""
    line_of: dict[str, int] = field(default_factory=dict)
    # list field -> the line of each of its items
    item_lines: dict[str, list[int]] = field(default_factory=dict)
    body_start: int = 1  # the line after the closing '---'
    body_line: int = 1  # the line the abstract's text starts on
    problems: list[Problem] = field(default_factory=list)

    def validate(self) -> tuple[Paper | None, list[Problem]]:
        """The Paper, or every problem of the file: reading problems first, then the schema's."""
        if any(p.severity == "error" for p in self.problems):
            return None, list(self.problems)
        paper, found = paper_from_front_matter(
            self.slug, self.meta, self.body, self.path, self.line_of, self.item_lines, self.body_line)
        return paper, [*self.problems, *found]


_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


class _TooDeep(Exception):
    """Front matter nested too deep to compose; args[0] is the 0-based line."""


def _compose(front: str) -> yaml.Node | None:
    """YAML nodes with their lines: libyaml when present (several times faster),
    the Python parser again on a problem so its messages stay the same."""
    if (line := too_deep_to_compose(front)) is not None:
        raise _TooDeep(line)
    if _FAST_LOADER is not None:
        try:
            return yaml.compose(front, Loader=_FAST_LOADER)
        except yaml.YAMLError:
            pass
    return yaml.compose(front, Loader=_LineLoader)


# Front matter and vocabularies need a few levels (a list of results, each a mapping); a
# hostile file may nest thousands, which overflows the stack of the code that walks them.
MAX_DEPTH = 20
ALIAS_PROBLEM = ("repeats a value with a YAML anchor and alias "
                 "(expected every value written out; anchors and aliases are not allowed)")
DEPTH_PROBLEM = f"nests lists or mappings more than {MAX_DEPTH} deep (expected a few levels: fields, lists, mappings)"


def structure_problem(node: yaml.Node | None) -> tuple[yaml.Node, str] | None:
    """(node, what is wrong) for the first node that a YAML alias repeats (an alias refers to
    its anchor's node again, so a 1 KB file of aliases to aliases stands for millions of values)
    or that lies deeper than MAX_DEPTH; None when there is neither. Walked without recursion."""
    seen: set[int] = set()
    stack = [(node, 1)] if node is not None else []
    while stack:
        current, depth = stack.pop()
        if id(current) in seen:
            return current, ALIAS_PROBLEM
        seen.add(id(current))
        if isinstance(current, yaml.MappingNode):
            children = [part for pair in current.value for part in pair]
        elif isinstance(current, yaml.SequenceNode):
            children = current.value
        else:
            continue
        if depth > MAX_DEPTH:
            return current, DEPTH_PROBLEM
        stack.extend((child, depth + 1) for child in reversed(children))
    return None


# Composing recurses once per level: the Python composer overflows Python's stack at some 300
# levels, libyaml's at some 30,000, and libyaml's scanner (since PyYAML 6.0.3's wheels) refuses
# more than 1,000 with a ScannerError of its own. Text that could nest that deep is first read
# as events, which keep no stack, and refused at the line where it passes MAX_DEPTH.
# Every level opens with one of these characters, so text with fewer of them is not scanned.
_OPENERS = "[{-?:"
_SCANNED_FROM = 250


def too_deep_to_compose(text: str, loader: type | None = None) -> int | None:
    """The 0-based line at which `text` nests more than MAX_DEPTH levels, when it has so many
    openers that composing it could overflow the stack; None otherwise. Read with `loader`
    (libyaml's when present); when that loader gives up first (libyaml's own nesting limit),
    the Python parser, which has none, reads it again."""
    if sum(map(text.count, _OPENERS)) < _SCANNED_FROM:
        return None
    loaders = [loader] if loader is not None else [_FAST_LOADER, yaml.SafeLoader]
    for each in dict.fromkeys(filter(None, loaders)):
        try:
            return deepest_line(text, each)
        except yaml.YAMLError:
            continue  # the next parser, or composing, reports it
    return None


def deepest_line(text: str, loader: type) -> int | None:
    """The 0-based line of the first list or mapping deeper than MAX_DEPTH, from `loader`'s
    events; None when there is none. Raises what the parser raises before that point."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                return event.start_mark.line
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return None


# Errors inside what opens on one line and may run on over many: YAML gives up where the text
# stops making sense, often lines later; the problem starts where the quote or bracket opens.
_OPENED = {
    "while parsing a flow sequence": ("the list opened by '[' on this line", "']' after its last item"),
    "while parsing a flow mapping": ("the mapping opened by '{' on this line", "'}' after its last entry"),
}
# A line that starts a field: inside a quoted value, it means that the quote was left open.
_FIELD_LINE = re.compile(r"\s*[A-Za-z_][\w-]*:(?:\s|$)")


_YAML_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def yaml_error_place(error: yaml.MarkedYAMLError, text: str, first_line: int = 1) -> tuple[int, str]:
    """(line, what is wrong) for a YAML error in `text`, whose first line is line `first_line`
    of its file: the line where the problem starts (where an unclosed quote, '[' or '{' opens,
    or a value runs on from an unclosed quote), not the line where YAML gave up, which may be
    far below."""
    mark = error.problem_mark or error.context_mark
    if mark is None:
        return first_line, error.problem or error.context or str(error)
    gave_up, problem, opened = mark.line, error.problem or error.context, error.context_mark
    lines = _YAML_LINE_BREAK.split(text)  # as YAML counts lines: "\r" and "\u2028" end one too
    if opened is not None and opened.line < gave_up:
        line = opened.line + first_line
        if error.context == "while scanning a quoted scalar":
            quote = lines[opened.line][opened.column:opened.column + 1] or '"'
            return line, (f"the quote {quote} opened on this line is never closed "
                          f"(expected a closing {quote} at the end of the value)")
        if error.context in _OPENED:
            what, expected = _OPENED[error.context]
            return line, f"{what} is still open on line {gave_up + first_line}, where YAML gives up (expected {expected})"
        if error.context == "while scanning a simple key":
            return line, "this line is no 'field: value' pair (expected a field name, ': ' and the value)"
    runaway = _runaway_quote(text, lines, gave_up)
    if runaway is not None:
        start, end, quote = runaway
        return start + first_line, (f"the quote {quote} opened on this line is closed only on line {end + first_line}, "
                                    f"taking in the lines between (expected a closing {quote} at the end of the value)")
    if problem == "mapping values are not allowed here" and 0 < gave_up < len(lines):
        before = next((line for line in reversed(lines[:gave_up]) if line.strip()), "")
        deeper = _indent(lines[gave_up]) - _indent(before)
        if deeper > 0:
            spaces = "one space" if deeper == 1 else f"{deeper} spaces"
            return gave_up + first_line, (f"line {gave_up + first_line} is indented {spaces} more than the line "
                                          f"before; YAML reads it as part of that line's value (expected it at "
                                          f"the same indent as the line before)")
    return gave_up + first_line, problem


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _runaway_quote(text: str, lines: list[str], gave_up: int) -> tuple[int, int, str] | None:
    """(first line, last line, quote) of the first quoted value before line `gave_up` (all
    0-based) that spans lines looking like fields: a quote left open, closed by a later one."""
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            start, end = token.start_mark.line, token.end_mark.line
            if start >= gave_up:
                break
            if (isinstance(token, yaml.ScalarToken) and token.style in ("'", '"') and end > start
                    and any(_FIELD_LINE.match(line) for line in lines[start + 1:end + 1])):
                return start, end, token.style
    except yaml.YAMLError:
        pass
    return None


class _TooLong(Exception):
    """A whole number with too many digits to convert; args[0] is its node."""


class _LineLoader(yaml.SafeLoader):
    """A SafeLoader that notes the keys a mapping repeats (which YAML would keep the last value
    of, silently) and refuses numbers too long to convert to text and back."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self.repeated: list[tuple[yaml.MappingNode, yaml.Node, int]] = []  # (mapping, key, 0-based first line)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        mapping = super().construct_mapping(node, deep=deep)
        if len(mapping) < len(node.value):  # a key came twice: only its last value was kept
            first: dict[Any, int] = {}
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=deep)
                if key in first:
                    self.repeated.append((node, key_node, first[key]))
                else:
                    first[key] = key_node.start_mark.line
        return mapping

    def construct_whole_number(self, node: yaml.ScalarNode) -> int:
        try:
            value = self.construct_yaml_int(node)
        except ValueError:  # Python's limit on converting decimal text: 4300 digits unless set
            value = None
        if value is None or not converts_to_text(value):  # 0x... converts from text, not to it
            raise _TooLong(node)
        return value


_LineLoader.add_constructor("tag:yaml.org,2002:int", _LineLoader.construct_whole_number)


_STR_TAG = "tag:yaml.org,2002:str"


def parse_paper_text(text: str, path: str, slug: str) -> PaperFile:
    """Split and parse one paper file; problems carry the file's own line numbers."""
    result = PaperFile(path=path, slug=slug, text=text)
    if text.startswith("\ufeff"):
        result.problems.append(Problem(path, 1, "the file starts with a UTF-8 BOM (expected plain UTF-8)"))
        text = text[1:]
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        result.problems.append(Problem(path, 1, "no front matter (expected the file to start with a '---' line)"))
        return result
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if end is None:
        result.problems.append(Problem(path, 1, "front matter is not closed (expected a second '---' line)"))
        return result
    front = "\n".join(lines[1:end])
    result.body = "\n".join(lines[end + 1:])
    result.body_start = result.body_line = end + 2
    # Where the abstract's text starts, past blank lines, so an empty one points at its place.
    for number, line in enumerate(lines[end + 1:], start=end + 2):
        if line.strip():
            result.body_line = number
            break
    offset = 1  # the opening '---' line
    if "\t" in front:
        for number, line in enumerate(lines[1:end], start=offset + 1):
            if "\t" in line[: len(line) - len(line.lstrip())]:
                result.problems.append(Problem(path, number, "a tab indents this line (expected spaces; YAML forbids tabs)"))
    try:
        node = _compose(front)
    except yaml.MarkedYAMLError as error:
        line, message = yaml_error_place(error, front, offset + 1)
        if not any(p.line == line and "tab" in p.message for p in result.problems):  # said already
            result.problems.append(Problem(path, line, f"front matter is not valid YAML: {message}"))
        return result
    except yaml.reader.ReaderError as error:  # a character YAML refuses anywhere: it carries no line
        line = front.count("\n", 0, error.position) + offset + 1
        result.problems.append(Problem(path, line, f"front matter holds the control character U+{error.character:04X}, "
                                                   f"which YAML does not allow (expected printable text)"))
        return result
    except (_TooDeep, RecursionError) as error:  # RecursionError: the Python composer, past some 300 levels
        deep = error.args[0] if isinstance(error, _TooDeep) else too_deep_to_compose(front, yaml.SafeLoader)
        line = (deep or 0) + offset + 1
        result.problems.append(Problem(path, line, f"front matter {DEPTH_PROBLEM}"))
        return result
    if node is None:
        result.meta = {}
        return result
    if (wrong := structure_problem(node)) is not None:
        result.problems.append(Problem(path, wrong[0].start_mark.line + offset + 1, f"front matter {wrong[1]}"))
        return result
    if isinstance(node, yaml.MappingNode):
        not_text = [key_node for key_node, _ in node.value
                    if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != _STR_TAG]
        for key_node in not_text:
            shown = repr(key_node.value) if isinstance(key_node, yaml.ScalarNode) else _NODE_KINDS[type(key_node)]
            result.problems.append(Problem(path, key_node.start_mark.line + offset + 1,
                                           f"a field name is {shown}, which YAML reads as no text "
                                           f"(expected a name such as 'title', then ': ' and the value)"))
        if not_text:
            return result
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key, line = key_node.value, key_node.start_mark.line + offset + 1
            if key in seen:
                result.problems.append(Problem(path, line, f"duplicate field '{key}' (first set on line {seen[key]}; expected each field once)"))
            else:
                seen[key] = line
                if isinstance(value_node, yaml.SequenceNode):
                    result.item_lines[key] = [item.start_mark.line + offset + 1 for item in value_node.value]
        result.line_of = seen
    constructor = _LineLoader("")
    try:
        # Values come from the nodes already composed: one parse per file.
        result.meta = constructor.construct_document(node)
        for mapping, key_node, first in constructor.repeated:
            if mapping is not node:  # a field repeated at the top level is reported above
                result.problems.append(Problem(
                    path, key_node.start_mark.line + offset + 1,
                    f"duplicate field '{key_node.value}' in {node_place(node, mapping)} "
                    f"(first set on line {first + offset + 1}; expected each field once)"))
    except _TooLong as error:
        result.problems.append(_too_long(path, node, error.args[0], offset))
    except yaml.YAMLError as error:  # composes but does not construct, e.g. a date like 2024-13-45
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = mark.line + offset + 1 if mark else 1
        result.problems.append(Problem(path, line, f"front matter is not valid YAML: {getattr(error, 'problem', None) or error}"))
    except ValueError as error:  # PyYAML's date constructor: 'month must be in 1..12'
        result.problems.extend(_bad_dates(node, path, offset) or [Problem(path, offset + 1, f"front matter is not valid YAML: {error}")])
    finally:
        constructor.dispose()  # the loader refers to itself: freed now, not by a cycle collection
    return result


_NODE_KINDS = {yaml.MappingNode: "a mapping", yaml.SequenceNode: "a list"}


def node_place(root: yaml.Node, target: yaml.Node) -> str:
    """How a message names `target`, a node below the mapping `root`: "'upvotes'", "item 1 of
    'results'", "'value' of item 1 of 'results'"; "a field name of ..." for a key."""
    stack: list[tuple[yaml.Node, tuple[str, ...]]] = [(root, ())]
    while stack:  # without recursion: nesting is at most MAX_DEPTH here, and aliases are refused
        current, steps = stack.pop()
        if current is target:
            return " of ".join(reversed(steps)) or "the front matter"
        if isinstance(current, yaml.MappingNode):
            for key, value in current.value:
                name = f"'{key.value}'" if isinstance(key, yaml.ScalarNode) else "a field"
                stack += [(key, (*steps, "a field name")), (value, (*steps, name))]
        elif isinstance(current, yaml.SequenceNode):
            stack += [(item, (*steps, f"item {number}")) for number, item in enumerate(current.value, 1)]
    return "the front matter"


def _too_long(path: str, root: yaml.Node, number: yaml.ScalarNode, offset: int) -> Problem:
    """The problem of a whole number too long to convert, at its line."""
    place = node_place(root, number)
    digits = sum(character.isdigit() for character in number.value)
    limit = sys.get_int_max_str_digits()
    decimal = re.fullmatch(r"[-+]?[0-9_]+", number.value) is not None
    size = f"of {digits} digits" if decimal else f"of more than {limit} digits"
    field = FIELDS.get(place.strip("'"))
    expected = (f"a whole number of at most {limit} digits" if field is not None and field.kind == "count"
                else f"a number of at most {limit} digits, or text in quotes")
    return Problem(path, number.start_mark.line + offset + 1,
                   f"{place} is a number {size}, too long to convert (expected {expected})")


def _bad_dates(node: yaml.Node, path: str, offset: int) -> list[Problem]:
    """The fields whose value looks like a date but is none (2024-13-45), each at its line."""
    problems = []
    if not isinstance(node, yaml.MappingNode):
        return problems
    for key_node, value_node in node.value:
        if isinstance(value_node, yaml.ScalarNode) and value_node.tag == "tag:yaml.org,2002:timestamp":
            try:
                yaml.SafeLoader("").construct_yaml_timestamp(value_node)
            except ValueError as error:
                problems.append(Problem(path, value_node.start_mark.line + offset + 1,
                                        f"'{key_node.value}' is not a date: '{value_node.value}', {error} "
                                        f"(expected a real date written YYYY-MM-DD)"))
    return problems


def dump_paper_text(meta: dict[str, Any], body: str) -> str:
    """The file text for a paper: fields in the given order, long lines kept whole."""
    post = frontmatter.Post(body.strip() + "\n", **meta)
    return frontmatter.dumps(post, sort_keys=False, width=10_000) + "\n"
