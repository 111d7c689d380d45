"""The site's search index: Pagefind, run over the built HTML.

Pagefind reads the pages' articles (`data-pagefind-body`, set by
site_templates/overrides/main.html) and writes a chunked index to `pagefind/`
in the site: a query fetches only the few fragments that hold its words and
the results it shows, so search stays light however long the list grows.
The binary comes with the `pagefind[bin]` package; nothing is downloaded.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

INDEX_DIR = "pagefind"
# Inside the article but no words of the page: heading anchors (¶) and the edit button.
NOT_INDEXED = (".headerlink", ".md-content__button")
# The pages Pagefind reads: every page but a listing's continuation pages (`<listing>/page/<n>/`),
# which are kept out of the index anyway (they have no data-pagefind-body), so that it does not
# parse them. A page is in a folder whose name holds a letter, or whose parent is no `page`
# folder (a paper whose slug is a number, `papers/1984/`, is read).
READ = ("{404.html,index.html,**/[!0-9]*/index.html,**/[0-9]*[!0-9]*/index.html,"
        "**/{[!p]*,p[!a]*,pa[!g]*,pag[!e]*,page?*,p,pa,pag}/[0-9]*/index.html}")


class SearchIndexError(Exception):
    """Pagefind failed; the message holds what it said."""


def build_search_index(site_dir: Path | str) -> None:
    """Index the built site in `site_dir` into `site_dir/pagefind/`."""
    try:
        run = subprocess.run(_command(site_dir), capture_output=True, text=True, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SearchIndexError(f"Pagefind could not run: {error}") from None
    _check(run.returncode, run.stdout, run.stderr)


def _command(site_dir: Path | str) -> list[str]:
    return [sys.executable, "-m", "pagefind", "--site", str(site_dir), "--output-subdir", INDEX_DIR, "--silent",
            "--exclude-selectors", ",".join(NOT_INDEXED), "--glob", READ]


def _check(returncode: int, stdout: str, stderr: str) -> None:
    if returncode != 0:
        said = (stderr or stdout).strip()[-2000:]
        raise SearchIndexError(f"Pagefind failed (exit {returncode}): {said or 'no message'} "
                               f"(expected `pip install 'pagefind[bin]'`, which `make serve` does)")


# Where processes can be paused (not on Windows): the index waits while a preview builds.
CAN_PAUSE = hasattr(signal, "SIGSTOP") and hasattr(os, "killpg")


class BackgroundIndex:
    """The index made again in a thread after each preview build (`mkdocs serve` serves the
    pages first; search catches up), at the lowest CPU priority. A build that ends while the
    index is being made asks for one more run, which follows that one; while a build runs, the
    index being made is paused (`pause`, `resume`), so that the two do not share the CPUs.
    Pagefind's errors go to `report`."""

    def __init__(self, report: Callable[[str], None]) -> None:
        self.report = report
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()
        self.wanted = False
        self.process: subprocess.Popen | None = None
        self.paused = False

    def request(self, site_dir: Path | str) -> None:
        """Index `site_dir` soon, in the background."""
        with self.lock:
            self.wanted = True
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run_while_wanted, args=(site_dir,), daemon=True)
                self.thread.start()

    def pause(self) -> None:
        """Stop the index being made, if one is, until `resume`."""
        self._signal(True)

    def resume(self) -> None:
        self._signal(False)

    def join(self) -> None:
        """Wait for the runs asked for."""
        self.resume()
        if self.thread is not None:
            self.thread.join()

    def _signal(self, pause: bool) -> None:
        with self.lock:
            running = self.process is not None and self.process.poll() is None
            if not CAN_PAUSE or not running or self.paused == pause:
                return
            try:  # Pagefind's Python launcher and the binary it starts: their process group
                os.killpg(self.process.pid, signal.SIGSTOP if pause else signal.SIGCONT)
                self.paused = pause
            except ProcessLookupError:  # it has just ended
                self.paused = False

    def _run_while_wanted(self, site_dir: Path | str) -> None:
        while True:
            with self.lock:
                if not self.wanted:
                    return
                self.wanted = False
            try:
                self._run(site_dir)
            except SearchIndexError as error:
                self.report(str(error))

    def _run(self, site_dir: Path | str) -> None:
        command = _command(site_dir)
        if shutil.which("nice"):
            command = ["nice", "-n", "19", *command]
        try:
            with self.lock:
                process = self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                                          text=True, start_new_session=CAN_PAUSE)
            stdout, stderr = process.communicate()
        except OSError as error:
            raise SearchIndexError(f"Pagefind could not run: {error}") from None
        finally:
            with self.lock:
                self.process, self.paused = None, False
        _check(process.returncode, stdout, stderr)
