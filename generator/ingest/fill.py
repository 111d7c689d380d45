"""Fill fields into a paper file's text, keeping every line the curator wrote.

An import adds what a paper file lacks (an arXiv id, authors, a new source),
never rewriting the file: comments, commented-out fields, the order, the
quoting and unknown fields stay as they are. Each change is a few lines
inserted where YAML's own marks say a field ends:

- a missing field goes after the last field before it in the schema's order
  (or before the first field), written as `dump_paper_text` writes fields;
- a field set to nothing (`arxiv:` or `arxiv: null`) gets its value in place;
- new items of a list (`sources:`) go after its last item, in its own style
  (`- item` lines at its indentation, or `[a, b]`).

The result is read back: unless it holds exactly the fields asked for, the
file is not changed (None), and the caller says what to add by hand.

Why not ruamel.yaml's round-trip mode (issue 29; tried with ruamel.yaml 0.19.1,
`preserve_quotes`, `width=10_000`, `indent(mapping=2, sequence=2, offset=0)` as
`dump_paper_text` writes lists): it re-emits the whole front matter, so lines the
curator wrote are rewritten even where nothing is added.

- Filling: 2 of the 4 fill tests of tests/test_nothing_lost.py fail (those of
  tests/test_import.py and tests/test_add.py pass: their files are imported ones).
  `  -  first-dump.txt   # where it came from` becomes
  `- first-dump.txt      # where it came from`, and `    - a.txt` becomes `- a.txt`:
  the sequence indent is one setting for a whole file, so a file whose lists
  differ (authors as imported, sources indented by hand) cannot keep both (an
  indent chosen per file keeps the one-style files of those tests). A
  comment line belongs to the field above it, so new fields go below it:
  `# the venue as published:` no longer stands above `venue:`.
- Loaded and dumped with no change, 11 of 17 curator layouts are rewritten:
  `venue: null` and `arxiv: ~` become `venue:` and `arxiv:`; `title:   X` and `title : X`
  become `title: X`; `[ a100, h100 ]` becomes `[a100, h100]`; a title broken
  over two lines (plain or quoted) is joined; trailing spaces go; block lists
  and `results` mappings are re-indented. Comment columns, blank lines, long
  lines, `1.50`, tags and folded scalars are kept.
- Of the repository's 144 paper files, 137 round-trip byte for byte (the 7
  others are tests/fixtures/broken: 5 do not load, 2 are rewritten); they are
  laid out as `dump_paper_text` writes them. ruamel keeps what this project
  writes, not what a curator writes by hand, which is what this module is for.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..content.model import FIELDS
from ..content.paper_file import parse_paper_text


def filled_text(text: str, old: dict[str, Any], new: dict[str, Any]) -> str | None:
    """`text` (a paper file whose front matter reads as `old`) changed to read as `new`, which
    only adds fields or list items to `old`; None when that cannot be done by adding lines."""
    lines = text.split("\n")
    closing = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if lines[0].rstrip() != "---" or closing is None:
        return None
    front = "\n".join(lines[1:closing]) + "\n"
    try:
        node = yaml.compose(front, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    if not isinstance(node, yaml.MappingNode):
        return None
    nodes = {key.value: value for key, value in node.value}
    # (start, end, text): `front[start:end]` becomes the text; applied from the last to the first.
    edits: list[tuple[int, int, str]] = []
    for key, value in new.items():  # in the schema's order, which edits at one place keep
        if key in old and old[key] == value:
            continue
        if old.get(key) is None and key in nodes:  # `key:`, `key: null` or `key: ~`
            start, end = nodes[key].start_mark.index, nodes[key].end_mark.index
            edits.append((start, end, (" " if start == end else "") + _flow(value)))
        elif key not in old:
            at = _insert_at(front, node, key)
            edits.append((at, at, _block(key, value)))
        elif isinstance(old[key], list) and isinstance(value, list) and value[:len(old[key])] == old[key]:
            edit = _appended(front, nodes[key], value[len(old[key]):])
            if edit is None:
                return None
            edits.append(edit)
        else:
            return None  # a change, not an addition: never made here
    for _, (start, end, insert) in sorted(enumerate(edits), key=lambda e: (e[1][0], e[0]), reverse=True):
        front = front[:start] + insert + front[end:]
    result = "\n".join([lines[0], front.removesuffix("\n"), *lines[closing:]])
    reread = parse_paper_text(result, "", "")
    if reread.problems or reread.meta != new:
        return None
    return result


def _line_end(front: str, mark: yaml.Mark) -> int:
    """Where the line a node ends on ends, past its line break: a mark at a line's start
    (a block list ends at the next field) stands for the line before."""
    if mark.column == 0:
        return mark.index
    newline = front.find("\n", mark.index)
    return len(front) if newline < 0 else newline + 1


def _insert_at(front: str, node: yaml.MappingNode, key: str) -> int:
    order = list(FIELDS)
    rank = order.index(key) if key in order else len(order)
    before = [(k, v) for k, v in node.value if k.value in order and order.index(k.value) < rank]
    if before:
        return _line_end(front, before[-1][1].end_mark)
    first = node.value[0][0] if node.value else None
    return first.start_mark.index - first.start_mark.column if first is not None else 0


def _block(key: str, value: Any) -> str:
    """`key: value` lines as `dump_paper_text` writes a field."""
    return yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, width=10_000)


def _flow(value: Any) -> str:
    """A value on one line: `[a, b]` for a list."""
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000).removesuffix(
        "\n...\n").strip()


def _appended(front: str, node: yaml.Node, items: list[Any]) -> tuple[int, int, str] | None:
    if isinstance(node, yaml.SequenceNode) and node.flow_style:
        closing = front.rfind("]", 0, node.end_mark.index)
        separator = ", " if node.value else ""
        return closing, closing, separator + ", ".join(_flow(item) for item in items)
    if isinstance(node, yaml.SequenceNode) and node.value:
        last = node.value[-1]
        line_start = front.rfind("\n", 0, last.start_mark.index) + 1
        dash = front[line_start:last.start_mark.index]
        if dash.strip() != "-":
            return None  # items laid out in a way not copied here
        at = _line_end(front, last.end_mark)
        return at, at, "".join(f"{dash}{_flow(item)}\n" for item in items)
    return None
