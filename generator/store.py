"""All reading and writing of `content/` (and of generated files on disk).

Paper files are YAML front matter plus the abstract, read and written with
python-frontmatter. Every write is atomic (a temporary file in the same
folder, then a rename) and skipped when the bytes would not change, so a
re-run touches nothing and file watchers stay quiet.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import frontmatter
import yaml

from .model import ContentError, Paper, Problem, paper_from_front_matter
from .workers import fork_map

PAPERS_DIR = "papers"
SOURCES_DIR = "sources"
HARDWARE_FILE = "hardware.yml"
TOPICS_FILE = "topics.yml"
_HANDLER = frontmatter.YAMLHandler()
PAPER_SUFFIX = ".md"
# A paper file is front matter and an abstract of a few KB: a file far larger is refused
# before it is read, so no file can make `check` or the build read megabytes of YAML.
MAX_PAPER_BYTES = 256 * 1024


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


# libyaml composes by recursion in C, which overflows the stack at some 30,000 levels: text
# that could nest that deep is first read as events, which keep no stack, and refused there.
# Every level opens with one of these characters, so text with fewer of them is not scanned.
_OPENERS = "[{-?:"
_SCANNED_FROM = 5_000


def too_deep_to_compose(text: str) -> int | None:
    """The 0-based line at which `text` nests more than MAX_DEPTH levels, when it has so many
    openers that composing it could overflow the stack; None otherwise."""
    if sum(map(text.count, _OPENERS)) < _SCANNED_FROM:
        return None
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_FAST_LOADER or yaml.SafeLoader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return event.start_mark.line
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return None  # composing reports it
    return None


class _LineLoader(yaml.SafeLoader):
    """A SafeLoader that reports duplicate keys instead of keeping the last one silently."""


# Front matter laid out as `dump_paper_text` writes it is read line by line, without a
# YAML parser (composing and constructing nodes took four fifths of reading a file). Only a
# layout whose meaning is beyond doubt is read so: `field: value` lines, and `field:`
# lines followed by `- item` lines, each value a quoted or a plain scalar on its line.
# Anything else (comments, blank or indented lines, flow collections, anchors, escapes,
# a repeated field, characters YAML treats specially) goes to the YAML parser as before,
# which also reports every problem.
_FIELD_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_]{0,99}):(?: (.*))?")
_SINGLE_QUOTED = re.compile(r"'([^']*(?:''[^']*)*)'")
_DOUBLE_QUOTED = re.compile(r'"([^"\\]*)"')
# Characters outside these are line breaks to YAML (\r, \x85, \u2028, \u2029), tabs,
# control characters, byte order marks or surrogates: such front matter is parsed.
_NOT_PLAINLY_READ = re.compile(
    "[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")
# What a plain scalar may not start with (YAML's indicators, and blanks).
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@` ")
# The tags of plain scalars read here, constructed exactly as the SafeLoader constructs them.
_PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{name}" for name in ("str", "null", "bool", "int", "float", "timestamp"))
_STR_TAG = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()
_SCALARS = yaml.constructor.SafeConstructor()


class _NotPlain(Exception):
    """The front matter is not in the plain layout: the YAML parser reads it."""


def _plain_front_matter(lines: list[str],
                        first_line: int) -> tuple[dict[str, Any], dict[str, int], dict[str, list[int]]]:
    """(fields, line of each field, lines of each list's items) of front matter in the plain
    layout, `first_line` being the file's line of lines[0]; raises _NotPlain otherwise."""
    meta: dict[str, Any] = {}
    line_of: dict[str, int] = {}
    item_lines: dict[str, list[int]] = {}
    list_key = None  # the field of the last `field:` line: its items may follow
    for number, line in enumerate(lines, start=first_line):
        if list_key is not None and line.startswith("- "):
            if meta[list_key] is None:  # its first item: the field is a list, not null
                meta[list_key] = []
                item_lines[list_key] = []
            meta[list_key].append(_plain_scalar(line[2:]))
            item_lines[list_key].append(number)
            continue
        field_line = _FIELD_LINE.fullmatch(line)
        if field_line is None:
            raise _NotPlain
        key, text = field_line.groups()
        key = sys.intern(key)  # one string for a field in every file: less to hand back from a worker
        if key in line_of or _key_tag(key) != _STR_TAG:
            raise _NotPlain  # a repeated field is reported by the parser's path; `yes:` is no text
        line_of[key] = number
        list_key = key if text is None else None
        if text is None:
            meta[key] = None
        elif text == "[]":
            meta[key] = []
            item_lines[key] = []
        else:
            meta[key] = _plain_scalar(text)
    return meta, line_of, item_lines


def _plain_scalar(text: str) -> Any:
    """The value of a quoted or plain scalar written on one line, as the SafeLoader makes it."""
    first = text[:1]
    if first == "'":
        quoted = _SINGLE_QUOTED.fullmatch(text)
        if quoted is None:
            raise _NotPlain
        return quoted.group(1).replace("''", "'")
    if first == '"':
        quoted = _DOUBLE_QUOTED.fullmatch(text)
        if quoted is None:
            raise _NotPlain
        return quoted.group(1)
    if not first or first in _INDICATORS or text[-1] in " :" or ": " in text or " #" in text:
        raise _NotPlain
    return _plain_value(text)


@lru_cache(maxsize=4096)  # dates, counts and source names come back file after file
def _plain_value(text: str) -> Any:
    """A plain scalar's value: resolved and constructed by PyYAML's own functions. The
    values are immutable (text, numbers, dates, booleans, None), so files may share them."""
    tag = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))
    if tag == _STR_TAG:
        return text
    if tag not in _PLAIN_TAGS:
        raise _NotPlain
    try:
        return _SCALARS.yaml_constructors[tag](_SCALARS, yaml.ScalarNode(tag, text))
    except (ValueError, yaml.YAMLError):  # e.g. a date 2024-13-45: the parser's path reports it
        raise _NotPlain from None


@lru_cache(maxsize=1024)
def _key_tag(key: str) -> str:
    """The tag YAML gives a plain mapping key (the same few keys come back in every file)."""
    return _RESOLVER.resolve(yaml.ScalarNode, key, (True, False))


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
    if _NOT_PLAINLY_READ.search(front) is None:
        try:
            result.meta, result.line_of, result.item_lines = _plain_front_matter(lines[1:end], offset + 1)
            return result
        except _NotPlain:
            pass
    try:
        node = _compose(front)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + offset + 1 if mark else 1
        if not any(p.line == line and "tab" in p.message for p in result.problems):  # said already
            result.problems.append(Problem(path, line, f"front matter is not valid YAML: {error.problem or error.context}"))
        return result
    except yaml.reader.ReaderError as error:  # a character YAML refuses anywhere: it carries no line
        line = front.count("\n", 0, error.position) + offset + 1
        result.problems.append(Problem(path, line, f"front matter holds the control character U+{error.character:04X}, "
                                                   f"which YAML does not allow (expected printable text)"))
        return result
    except (_TooDeep, RecursionError) as error:  # RecursionError: the Python parser, past some 300 levels
        line = error.args[0] + offset + 1 if isinstance(error, _TooDeep) else offset + 1
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


def write_atomic(path: Path, content: str | bytes) -> bool:
    """Write `content` unless the file already holds it; never leave a half-written file."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    if path.exists() and path.read_bytes() == data:
        return False
    temporary = _write_temporary(path, data)
    try:
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return True


def create_exclusive(path: Path, content: str) -> bool:
    """Create `path` holding `content` whole, unless a file of that name exists (False then):
    the complete file is linked into place, which fails when the name is taken."""
    temporary = _write_temporary(path, content.encode("utf-8"))
    try:
        os.link(temporary, path)
    except FileExistsError:
        return False
    finally:
        temporary.unlink(missing_ok=True)
    return True


# `.<name>.<random>.<pid>.tmp`: the process that writes a temporary file is in its name, so
# a later run removes the ones a killed process left, and never one still being written.
_TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.(\d+)\.tmp\Z")


def _write_temporary(path: Path, data: bytes) -> Path:
    """`data` in a new temporary file beside `path`, flushed to disk, with the mode the file
    has (or a new file would get from the umask; mkstemp's own is 0600)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=f".{os.getpid()}.tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            os.fchmod(out.fileno(), mode)
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        os.unlink(name)
        raise
    return Path(name)


@lru_cache(maxsize=1)
def _umask() -> int:
    mask = os.umask(0o022)  # reading the umask means setting it: put straight back
    os.umask(mask)
    return mask


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove the temporary files in `folder` (and below) that a process no longer running left."""
    removed = []
    for path in sorted(folder.rglob(".*.tmp")) if folder.is_dir() else []:
        match = _TEMPORARY.match(path.name)
        if match and path.is_file() and not path.is_symlink() and not _running(int(match.group(1))):
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


@contextmanager
def locked(folder: Path, waiting: str) -> Iterator[None]:
    """Hold an exclusive lock on `folder` (the folder itself, so no lock file is left behind);
    print `waiting` and wait while another command holds it."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            print(waiting, file=sys.stderr, flush=True)
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing releases the lock


class _NotReadable(Exception):
    """A paper file that is not read: its message says why and what was expected."""


def read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, opened without following a link."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:  # ELOOP: it became a symbolic link since the folder was listed
        raise _NotReadable(f"cannot be read ({error.strerror}; expected a regular file)") from None
    with os.fdopen(handle, "rb") as file:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise _NotReadable("not a regular file (expected a paper file)")
        if status.st_size > limit:
            raise _NotReadable(f"the file is {status.st_size // 1024} KB (expected at most {limit // 1024} KB: "
                               f"front matter and an abstract)")
        data = file.read(limit + 1)
        if len(data) > limit:  # it grew since
            raise _NotReadable(f"the file is over {limit // 1024} KB (expected at most that: front matter and an abstract)")
        return data


class Store:
    """The project's content folder."""

    def __init__(self, content_dir: Path | str):
        self.content = Path(content_dir)

    @property
    def papers_dir(self) -> Path:
        return self.content / PAPERS_DIR

    def relative(self, path: Path) -> str:
        """A path as errors show it: relative to the project (content's parent) when possible."""
        # The folder compared as text: equal exactly when the paths are, and cheaper than Paths.
        if (self._papers_dir_shown is not None and os.path.dirname(path) == self._papers_dir_text
                and not path.is_symlink()):
            # The common case, a file of papers_dir: the folder is resolved once, not every file.
            return self._papers_dir_shown + path.name
        try:
            return path.resolve().relative_to(self._project_root).as_posix()
        except ValueError:
            return path.as_posix()

    @cached_property
    def _papers_dir_text(self) -> str:
        return str(self.papers_dir)

    @cached_property
    def _papers_dir_shown(self) -> str | None:
        """papers_dir resolved, relative to the project, as a prefix of a file name
        ('content/papers/'); None when it lies outside the project."""
        try:
            folder = self.papers_dir.resolve().relative_to(self._project_root)
        except ValueError:
            return None
        return f"{folder.as_posix()}/" if folder.parts else ""

    @cached_property
    def _project_root(self) -> Path:
        return self.content.resolve().parent

    def paper_paths(self) -> list[Path]:
        """The paper files: the regular `<slug>.md` files of papers_dir, by name."""
        return [path for path, problem in self._paper_entries() if problem is None]

    def stray_paper_entries(self) -> list[Problem]:
        """What else papers_dir holds, hidden files aside: symbolic links (never followed, so no
        file from elsewhere is published), folders, and files with another extension."""
        return [problem for _, problem in self._paper_entries() if problem is not None]

    def _paper_entries(self) -> list[tuple[Path, Problem | None]]:
        if not self.papers_dir.is_dir():
            return []
        where = f"{self._papers_dir_shown or self.papers_dir.as_posix() + '/'}"
        expected = f"expected paper files named <slug>{PAPER_SUFFIX} directly in {where}"
        entries = []
        with os.scandir(self.papers_dir) as listing:
            # By name: all are in one folder, and Path's own ordering is several times slower.
            for entry in sorted(listing, key=lambda e: e.name):
                if entry.name.startswith("."):
                    continue  # .gitkeep, an editor's swap file, a temporary file being written
                problem = None
                if entry.is_symlink():
                    problem = f"a symbolic link, which is not followed ({expected}, not links)"
                elif entry.is_dir(follow_symlinks=False):
                    problem = f"a folder ({expected})"
                elif not entry.is_file(follow_symlinks=False):
                    problem = f"not a regular file ({expected})"
                elif not entry.name.endswith(PAPER_SUFFIX):
                    problem = f"not a paper file: its name does not end in '{PAPER_SUFFIX}' ({expected})"
                entries.append((Path(entry.path), problem and Problem(where + entry.name, 1, problem)))
        return entries

    def read_paper_file(self, path: Path) -> PaperFile:
        shown = self.relative(path)
        try:
            text = read_regular_file(path, MAX_PAPER_BYTES).decode("utf-8")
        except UnicodeDecodeError as error:
            return PaperFile(shown, path.stem, problems=[Problem(shown, 1, f"not UTF-8 text ({error.reason})")])
        except _NotReadable as error:
            return PaperFile(shown, path.stem, problems=[Problem(shown, 1, str(error))])
        return parse_paper_text(text, shown, path.stem)

    def read_paper_files(self) -> list[PaperFile]:
        """Every paper file, parsed, in path order (a large list read by worker processes)."""
        return fork_map(self.read_paper_file, self.paper_paths())

    def load_papers(self) -> tuple[list[Paper], list[Problem]]:
        """Every paper that is valid, and every problem of those that are not."""
        papers: list[Paper] = []
        problems: list[Problem] = []
        for file in self.read_paper_files():
            paper, found = file.validate()
            problems.extend(found)
            if paper is not None:
                papers.append(paper)
        return papers, problems

    def create_paper(self, slug: str, text: str) -> bool:
        """Write a new paper file; False, writing nothing, when `slug` is taken."""
        return create_exclusive(self.papers_dir / f"{slug}{PAPER_SUFFIX}", text)

    def replace_paper(self, slug: str, was: str, text: str) -> bool:
        """Replace a paper file that still reads `was`; False, writing nothing, when it has changed
        since (a curator saved it meanwhile: their edit is kept)."""
        path = self.papers_dir / f"{slug}{PAPER_SUFFIX}"
        try:
            if read_regular_file(path, MAX_PAPER_BYTES).decode("utf-8") != was:
                return False
        except (_NotReadable, UnicodeDecodeError):
            return False
        return write_atomic(path, text)

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Hold the content folder for a command that writes paper files (import, add, new), so
        that two at once never choose one slug or fill one file from stale text; temporary
        files a killed command left are removed first."""
        self.content.mkdir(parents=True, exist_ok=True)
        with locked(self.content, f"{self.content}: waiting for another import to finish"):
            for folder in (self.papers_dir, self.content / SOURCES_DIR):
                remove_stale_temporaries(folder)
            yield

    def read_data(self, name: str) -> tuple[str, str]:
        """(text, shown path) of a curated data file such as hardware.yml."""
        path = self.content / name
        shown = self.relative(path)
        if not path.is_file():
            raise ContentError([Problem(shown, 1, f"missing (expected the curated {name} of the content folder)")])
        try:
            return path.read_text(encoding="utf-8"), shown
        except UnicodeDecodeError as error:
            line = path.read_bytes().count(b"\n", 0, error.start) + 1
            raise ContentError([Problem(shown, line, f"not UTF-8 text ({error.reason}; expected UTF-8)")]) from None

    def source_name(self, name: str, data: bytes, pending: dict[str, bytes] | None = None) -> str:
        """The name a dump is (or will be) kept under in content/sources/: its own, or with a
        digest of its bytes when a different dump already holds that name (on disk or `pending`)."""
        folder = self.content / SOURCES_DIR
        stem, suffix = os.path.splitext(os.path.basename(name) or "pasted.txt")
        candidate = folder / f"{stem}{suffix or '.txt'}"
        held = (pending or {}).get(candidate.name)
        if held is None and candidate.exists():
            held = candidate.read_bytes()
        if held is not None and held != data:
            digest = hashlib.sha256(data).hexdigest()[:12]
            candidate = folder / f"{stem}-{digest}{suffix or '.txt'}"
        return candidate.name

    def save_source(self, name: str, data: bytes) -> str:
        """Keep a dump under content/sources/; the name it is kept under (same bytes, same name)."""
        kept = self.source_name(name, data)
        write_atomic(self.content / SOURCES_DIR / kept, data)
        return kept



# The file that marks a folder as generate's own, listing every file generate wrote there.
OWNER_MARKER = ".generated-by-reading-list"


class NotOurFolder(Exception):
    """`generate --out` was given a folder it may not write into; the message says why."""


def write_tree(root: Path, pages: dict[str, str], content: Path) -> int:
    """Write `{relative path: text}` under root; files that would not change are not touched.

    Returns how many files were written. `root` must be generate's own: new, empty, or marked
    by OWNER_MARKER, and apart from `content`. Files that generate wrote there before and the
    pages no longer include are removed, so a deleted paper leaves no page; no other file is.
    """
    root, content = Path(root), Path(content)
    if root.resolve() == content.resolve() or root.resolve() in content.resolve().parents:
        raise NotOurFolder(f"{root}: holds the content folder {content} (expected a folder of its own "
                           f"for the generated pages, e.g. build/pages)")
    if content.resolve() in root.resolve().parents:
        raise NotOurFolder(f"{root}: is inside the content folder {content} (expected a folder outside "
                           f"it, e.g. build/pages)")
    marker = root / OWNER_MARKER
    if root.is_dir() and not marker.is_file() and any(root.iterdir()):
        raise NotOurFolder(f"{root}: holds files that generate did not write (expected a new or empty "
                           f"folder, or one that generate wrote before, marked by {OWNER_MARKER})")
    root.mkdir(parents=True, exist_ok=True)
    with locked(root, f"{root}: waiting for another generate to finish"):
        remove_stale_temporaries(root)
        before = set(marker.read_text(encoding="utf-8").splitlines()) if marker.is_file() else set()
        # Listed before being written, so that a run cut short leaves no file unaccounted for.
        write_atomic(marker, "".join(f"{uri}\n" for uri in sorted(before | pages.keys())))
        written = sum(write_atomic(root / uri, text) for uri, text in pages.items())
        for stale in sorted(before - pages.keys()):
            path = root / stale
            if ".." not in Path(stale).parts and (path.is_file() or path.is_symlink()):
                path.unlink()
        write_atomic(marker, "".join(f"{uri}\n" for uri in sorted(pages)))
    return written
