"""A paper read from its front matter: every field checked against the schema (`model.FIELDS`),
every problem of a file collected with the field it is in, so a contributor sees all of them
at once; then the `Paper` built from what passed."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from .arxiv_ids import id_problem
from .model import (ABSTRACT_PLACEHOLDER, BAD_CHARACTER, FIELDS, ID, LINE_BREAK, MULTILINE_FIELDS,
                   RESULT_DIRECTIONS, RESULT_KEYS, RESULT_KINDS, SLUG, closest, Paper, Problem)


def is_http_url(value: Any) -> bool:
    return isinstance(value, str) and re.match(r"^https?://[^\s/$.?#][^\s]*\Z", value, re.I) is not None


URL_SCHEME = re.compile(r"^\s*([a-z][a-z0-9+.-]*):", re.I)


def _url_problem(name: str, value: Any) -> str:
    scheme = URL_SCHEME.match(value).group(1).lower() if isinstance(value, str) and URL_SCHEME.match(value) else None
    if scheme in ("javascript", "data", "vbscript", "file"):
        return f"'{name}' is a {scheme}: URL, which is refused (expected an http(s) URL)"
    return f"'{name}' is not an http(s) URL: {_shown(value)} (expected e.g. https://github.com/org/repo)"


def _check_value(name: str, kind: str, value: Any) -> list[tuple[int | None, str]]:
    """Why `value` does not fit `kind`: (list index or None, message) for each problem."""
    if kind == "text":
        if not isinstance(value, str) or not value.strip():
            return [(None, f"'{name}' is empty or not text: {_shown(value)} (expected {FIELDS[name].help})")]
    elif kind == "arxiv":
        if isinstance(value, float):
            return [(None,
                     f"'arxiv' is the number {value!r}, which loses digits (expected the id as "
                     f"quoted text, e.g. arxiv: '2101.00010')")]
        why = id_problem(value)
        if why is not None:
            return [(None, f"'arxiv' is not an arXiv id: {_shown(value)}{'; ' + why if why else ''} "
                           f"(expected quoted text such as '2404.14469')")]
    elif kind == "count":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return [(None, f"'{name}' is not a whole number: {_shown(value)} (expected a whole number of 0 or more)")]
    elif kind == "date":
        if isinstance(value, dt.datetime) or not isinstance(value, dt.date):
            return [(None, f"'{name}' is not a date: {_shown(value)} (expected a date written YYYY-MM-DD)")]
    elif kind == "url":
        if not is_http_url(value):
            return [(None, _url_problem(name, value))]
    elif kind == "results":
        if not isinstance(value, list):
            return [(None, f"'results' is not a list: {_shown(value)} (expected a list of "
                           f"{{value, unit, kind}} mappings, or [] for none)")]
        return [(index, why) for index, item in enumerate(value) for why in _result_problems(item)]
    elif kind in ("text_list", "url_list", "id_list"):
        if not isinstance(value, list):
            return [(None, f"'{name}' is not a list: {_shown(value)} (expected a list, one item per '- ' line)")]
        found: list[tuple[int | None, str]] = []
        for index, item in enumerate(value):
            if kind == "url_list" and not is_http_url(item):
                found.append((index, _url_problem(name, item)))
            if kind == "id_list" and not (isinstance(item, str) and ID.match(item)):
                found.append((index, f"'{name}' holds {_shown(item)}, not an id (expected lowercase ids like 'a100')"))
            if kind == "text_list" and not (isinstance(item, str) and item.strip()):
                found.append((index, f"'{name}' holds {_shown(item)}, not text (expected non-empty text items)"))
            elif name == "authors" and " - " in item:
                found.append((index, f"'authors' holds {item!r}, two names joined by ' - ': a list item is indented "
                                     f"deeper than its neighbours, and YAML reads it as part of the item above "
                                     f"(expected each '- ' at the same indent, one name per item)"))
        return found
    return []


def _result_problems(item: Any) -> list[str]:
    if not isinstance(item, dict):
        return [f"'results' holds {_shown(item)}, not a mapping (expected value, unit, kind and "
                f"optionally baseline and device)"]
    found = []
    for key in item:
        if key not in RESULT_KEYS:
            found.append(f"a result has the unknown key '{key}'{closest(str(key), RESULT_KEYS)} "
                         f"(expected {', '.join(RESULT_KEYS)})")
    value = item.get("value")
    if isinstance(value, bool) or not (isinstance(value, (int, float)) or (isinstance(value, str) and value.strip())):
        found.append(f"a result's 'value' is {_shown(value)} (expected a number such as 3.6, or text such as '1.2–2.4')")
    if not isinstance(item.get("unit"), str):
        found.append(f"a result's 'unit' is {_shown(item.get('unit'))} (expected text such as '×', '%' or 'TFLOPS')")
    if item.get("kind") not in RESULT_KINDS:
        found.append(f"a result's 'kind' is {_shown(item.get('kind'))}{closest(str(item.get('kind')), RESULT_KINDS)} "
                     f"(expected one of {', '.join(RESULT_KINDS)})")
    baseline = item.get("baseline")
    if baseline is not None and not (isinstance(baseline, str) and baseline.strip()):
        found.append(f"a result's 'baseline' is {_shown(baseline)} (expected text such as 'cuBLAS')")
    direction = item.get("direction")
    if direction is not None and direction not in RESULT_DIRECTIONS:
        found.append(f"a result's 'direction' is {_shown(direction)} (expected 'higher' or 'lower')")
    for key in ("device", "baseline_device"):
        if (device := item.get(key)) is not None and not (isinstance(device, str) and ID.match(device)):
            found.append(f"a result's '{key}' is {_shown(device)} (expected a hardware id such as 'a100')")
    claim = item.get("claim")
    if claim is not None and not (isinstance(claim, str) and str(value) in claim):
        found.append(f"a result's 'claim' is {_shown(claim)}, which does not hold its value '{value}' "
                     f"(expected the paper's words for the result, the value written as in 'value')")
    return found


def _character_problems(name: str, value: Any) -> list[tuple[int | None, str]]:
    """(list index or None, message) for each text in a field's value, its items and a result's
    values included, that holds a character no text may hold, or a line break outside the note."""
    found: list[tuple[int | None, str]] = []

    def visit(item: Any, index: int | None) -> None:
        if isinstance(item, str):
            bad = BAD_CHARACTER.search(item)
            if bad is None and name not in MULTILINE_FIELDS:
                bad = LINE_BREAK.search(item)
            if bad is not None:
                found.append((index, f"'{name}' holds {character_name(bad.group())} "
                                     f"(expected printable text{' on one line' if name not in MULTILINE_FIELDS else ''})"))
        elif isinstance(item, list):
            for position, part in enumerate(item):
                visit(part, position if index is None else index)
        elif isinstance(item, dict):
            for part in item.values():
                visit(part, index)

    visit(value, None)
    return found[:1] if not isinstance(value, list) else found


def character_name(character: str) -> str:
    """'the control character U+0007', 'a lone surrogate U+D800', ... for a BAD_CHARACTER or LINE_BREAK."""
    code = ord(character)
    if LINE_BREAK.match(character):
        what = "a line break"
    elif 0xD800 <= code <= 0xDFFF:
        what = "a lone surrogate (half of a character)"
    elif code >= 0xFDD0:
        what = "the noncharacter"
    else:
        what = "the control character"
    return f"{what} U+{code:04X}"


def _shown(value: Any) -> str:
    text = repr(value)
    kind = type(value).__name__
    return f"{text[:60]} ({kind})"


def paper_from_front_matter(
    slug: str, meta: Any, body: str, path: str, line_of: dict[str, int] | None = None,
    item_lines: dict[str, list[int]] | None = None, body_line: int = 1,
) -> tuple[Paper | None, list[Problem]]:
    """Check one file's front matter and body; build the Paper when nothing is wrong.

    `line_of` maps a top-level key to its 1-based line in the file, and
    `item_lines` a list field to the lines of its items, so each problem
    points at the line to fix; `body_line` is the line the abstract starts on.
    """
    line_of = line_of or {}
    item_lines = item_lines or {}
    problems: list[Problem] = []

    def report(key: str | None, message: str, index: int | None = None) -> None:
        line = line_of.get(key, 1) if key else 1
        if index is not None and index < len(item_lines.get(key, [])):
            line = item_lines[key][index]
        problems.append(Problem(path, line, message))

    if not isinstance(meta, dict):
        # Line 2: the front matter's first line, below the opening '---'.
        problems.append(Problem(path, 2, f"the front matter is a {type(meta).__name__}, not a mapping "
                                         f"(expected 'field: value' lines)"))
        return None, problems
    if not SLUG.match(slug):
        report(None, f"file name '{slug}.md' is not a slug (expected lowercase words joined by '-', "
                     f"e.g. '{_slugged(slug)}.md')")
    for key in meta:
        if not isinstance(key, str):
            report(None, f"a field name is {_shown(key)}, not text (expected 'field: value' lines)")
        elif key not in FIELDS:
            report(key, f"unknown field '{key}'{closest(str(key), FIELDS)} (expected one of the fields in CONTRIBUTING.md)")
    for key, value in meta.items():
        if key in FIELDS and value is not None:
            # Characters are looked at in values of the right form: an id's form says it all.
            for index, why in _check_value(key, FIELDS[key].kind, value) or _character_problems(key, value):
                report(key, why, index)
    if "title" not in meta or meta.get("title") is None:
        report("title" if "title" in meta else None, "missing 'title' (expected the paper's title)")
    abstract = body.strip()
    if not abstract:
        problems.append(Problem(path, body_line, "the abstract is empty (expected the abstract as the text after the front matter)"))
    elif abstract.startswith(ABSTRACT_PLACEHOLDER[:5]):
        problems.append(Problem(path, body_line, "the abstract is still the placeholder (expected the paper's abstract)"))
    elif (bad := BAD_CHARACTER.search(abstract)) is not None:
        problems.append(Problem(path, body_line + abstract.count("\n", 0, bad.start()),
                                f"the abstract holds {character_name(bad.group())} "
                                f"(expected printable text)"))
    if problems:
        return None, problems
    values = {k: v for k, v in meta.items() if v is not None}
    for key in ("authors", "links", "hardware", "not_hardware", "topics", "not_topics", "sources"):
        values[key] = list(values.get(key, []))
    return Paper(slug=slug, abstract=abstract, path=path, **values), problems


def _slugged(name: str) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", name.lower())) or "paper-title"
