"""All reading and writing of `content/` (and of generated files on disk).

Paper files are read here and parsed by `paper_file`. Every write is atomic (a
temporary file in the same folder, then a rename) and skipped when the bytes
would not change, so a re-run touches nothing and file watchers stay quiet; a
new file is created whole and only under a free name; commands that write
paper files hold a lock on the content folder (`locked`).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property, lru_cache
from pathlib import Path

from filelock import FileLock, Timeout

from .model import ContentError, Problem
from .paper_file import PaperFile, parse_paper_text

PAPERS_DIR = "papers"
PATHS_DIR = "paths"  # reading paths (reading_paths.py)
SOURCES_DIR = "sources"
HARDWARE_FILE = "hardware.yml"
TOPICS_FILE = "topics.yml"
PAPER_SUFFIX = ".md"
# A paper file is front matter and an abstract of a few KB: a file far larger is refused
# before it is read, so no file can make `check` or the build read megabytes of YAML.
MAX_PAPER_BYTES = 256 * 1024


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


def remove_stale_temporaries(folder: Path, below: bool = True) -> list[Path]:
    """Remove the temporary files in `folder` (and, when `below`, in its folders) that a process
    no longer running left: regular files named as `_write_temporary` names them, no others."""
    removed = []
    found = (folder.rglob if below else folder.glob)(".*.tmp") if folder.is_dir() else []
    for path in sorted(found):
        match = _TEMPORARY.match(path.name)
        if match and path.is_file() and not path.is_symlink() and not _running(int(match.group(1))):
            try:
                path.unlink(missing_ok=True)
            except OSError:  # a read-only checkout: left, and never read as content
                continue
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


# A folder's lock file: `.cache/<folder name>.lock` beside the folder, not in it. In the
# content folder it would show in `git status` and wake `serve`'s watcher, and in generate's
# folder it would be published; `.cache/` beside content/ already holds the link checker's
# cache and is ignored by .gitignore (as is `build/`, where generate writes).
LOCKS_DIR = ".cache"


def lock_path(folder: Path) -> Path:
    """The file whose lock stands for `folder`'s (one file for every spelling of the folder)."""
    folder = Path(folder).resolve()
    return folder.parent / LOCKS_DIR / f"{folder.name}.lock"


@contextmanager
def locked(folder: Path, waiting: str) -> Iterator[None]:
    """Hold an exclusive lock on `folder`; print `waiting` and wait while another command holds it.

    filelock's FileLock is flock on Unix (the kernel drops it when its holder dies, so a killed
    import leaves no stale lock; SoftFileLock's file would) and msvcrt's lock on Windows. A lock
    that cannot be taken at all (a read-only project) ends the command with a message saying so.
    """
    lock = FileLock(lock_path(folder))
    try:
        try:
            lock.acquire(blocking=False)
        except Timeout:
            print(waiting, file=sys.stderr, flush=True)
            lock.acquire()
    except OSError as error:
        where = Path(lock.lock_file)
        raise SystemExit(f"{folder}: cannot be locked for writing ({where}: {error.strerror or error}; expected "
                         f"{where.parent} writable by this user: it holds the lock that keeps two writers apart); "
                         f"nothing was written") from None
    try:
        yield
    finally:
        lock.release()


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


def not_utf8(shown: str, data: bytes, error: UnicodeDecodeError) -> Problem:
    """The problem of a file whose bytes `data` do not decode: at the line of the first bad byte,
    naming it."""
    line = data.count(b"\n", 0, error.start) + 1
    return Problem(shown, line, f"not UTF-8 text at the byte 0x{data[error.start]:02X} "
                                f"({error.reason}; expected the file saved as UTF-8)")


class Store:
    """The project's content folder."""

    def __init__(self, content_dir: Path | str):
        self.content = Path(content_dir)

    @property
    def papers_dir(self) -> Path:
        return self.content / PAPERS_DIR

    @property
    def paths_dir(self) -> Path:
        return self.content / PATHS_DIR

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
        return self.paper_entries()[0]

    def paper_entries(self) -> tuple[list[Path], list[Problem]]:
        """(`paper_paths`, `stray_paper_entries`) from one look at the folder."""
        entries = self._paper_entries()
        return [path for path, problem in entries if problem is None], [p for _, p in entries if p is not None]

    def stray_paper_entries(self) -> list[Problem]:
        """What else papers_dir holds, hidden files aside: symbolic links (never followed, so no
        file from elsewhere is published), folders, and files with another extension."""
        return [problem for _, problem in self._paper_entries() if problem is not None]

    def _paper_entries(self) -> list[tuple[Path, Problem | None]]:
        return self._entries(self.papers_dir, self._papers_dir_shown, "paper files named <slug>")

    def reading_path_entries(self) -> tuple[list[Path], list[Problem]]:
        """The reading-path files (the regular `<name>.md` files of paths_dir, by name), and what
        else the folder holds, as `paper_entries` tells them; none when there is no such folder."""
        shown = self.relative(self.paths_dir)
        entries = self._entries(self.paths_dir, f"{shown}/", "reading-path files named <name>")
        return [path for path, problem in entries if problem is None], [p for _, p in entries if p is not None]

    def _entries(self, folder: Path, shown: str | None, files: str) -> list[tuple[Path, Problem | None]]:
        """(path, None) for each regular `.md` file of `folder`, (path, why it is no such file) for
        each other entry; `shown`: the folder as problems name it, `files` what it should hold."""
        if not folder.is_dir():
            return []
        where = f"{shown or folder.as_posix() + '/'}"
        expected = f"expected {files}{PAPER_SUFFIX} directly in {where}"
        entries = []
        with os.scandir(folder) as listing:
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
                    problem = f"not a {files.split()[0]} file: its name does not end in '{PAPER_SUFFIX}' ({expected})"
                entries.append((Path(entry.path), problem and Problem(where + entry.name, 1, problem)))
        return entries

    def read_paper_file(self, path: Path) -> PaperFile:
        shown = self.relative(path)
        try:
            data = read_regular_file(path, MAX_PAPER_BYTES)
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            return PaperFile(shown, path.stem, problems=[not_utf8(shown, data, error)])
        except _NotReadable as error:
            return PaperFile(shown, path.stem, problems=[Problem(shown, 1, str(error))])
        return parse_paper_text(text, shown, path.stem)

    def stamp(self, path: Path) -> tuple[int, ...]:
        """What changes when a file is written or replaced: its inode, size and times."""
        info = os.lstat(path)
        return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)

    def read_paper_files(self) -> list[PaperFile]:
        """Every paper file, parsed, in path order."""
        return [self.read_paper_file(path) for path in self.paper_paths()]

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
        with locked(self.content, f"{self.content}: waiting for another import to finish (an import, add or new "
                                  f"is writing it; this one goes on when that one ends)"):
            self._remove_temporaries()
            yield

    def remove_leftovers(self) -> list[Path]:
        """Remove the temporary files that a killed import, add or new left (`check` does), unless
        a command that writes holds the content folder now; the files removed."""
        if not self.content.is_dir():
            return []  # no content folder: nothing was left
        lock = FileLock(lock_path(self.content))
        try:
            lock.acquire(blocking=False)
        except OSError:  # held (Timeout): what is there may be being written; the next run removes it
            return []  # or no lock file can be made (a read-only checkout): nothing can be removed either
        try:
            return self._remove_temporaries()
        finally:
            lock.release()

    def _remove_temporaries(self) -> list[Path]:
        # Only where write_atomic and create_exclusive write, not in folders below.
        return [path for folder in (self.papers_dir, self.content / SOURCES_DIR)
                for path in remove_stale_temporaries(folder, below=False)]

    def read_data(self, name: str) -> tuple[str, str]:
        """(text, shown path) of a curated data file such as hardware.yml."""
        path = self.content / name
        shown = self.relative(path)
        if not path.is_file():
            raise ContentError([Problem(shown, 1, f"missing (expected the curated {name} of the content folder)")])
        data = path.read_bytes()
        try:
            return data.decode("utf-8"), shown
        except UnicodeDecodeError as error:
            raise ContentError([not_utf8(shown, data, error)]) from None

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


