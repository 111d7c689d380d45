"""The generated site written into a folder: `python -m generator generate --out DIR`.

The folder must be generate's own (new, empty, or marked by OWNER_MARKER) and apart
from the content; a page no longer made is removed from it, no other file is. Writes
are the store's: atomic, skipped when the bytes would not change, under a lock.
"""

from __future__ import annotations

from pathlib import Path

from ..content.store import locked, remove_stale_temporaries, write_atomic
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
