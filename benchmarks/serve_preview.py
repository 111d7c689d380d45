"""How long a saved paper file takes to show in `mkdocs serve --dirty` (make serve).

    python benchmarks/serve_preview.py PROJECT_DIR [REPEATS]   # prints JSON

Starts the server on the project, waits for its first build and for the search
index made after it in the background (as long again), then makes two
kinds of edit to one paper file and, for each, times from the moment the file
is written to the moment the served page shows the change (polling it every
50 ms, as the browser's livereload would fetch it): a front-matter edit (a
curator's note) and an abstract edit (one word). Each edit also changes what
the paper's listings and exports show; the page is what the curator looks at.
Each kind is timed `REPEATS` times (3), alternating, and the median is given (one
edit's time varies by a few tenths of a second; where the system cannot report a
save, MkDocs looks for changed files every half second); `note_max` and
`abstract_max` are the slowest.
"""

from __future__ import annotations

import json
import os
import statistics
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.read().decode("utf-8")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def wait_for(url: str, text: str, timeout: float, process: subprocess.Popen) -> float:
    """Seconds until the page at `url` holds `text`."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if process.poll() is not None:
            raise RuntimeError(f"mkdocs serve exited ({process.returncode})")
        page = fetch(url)
        if page is not None and text in page:
            return time.perf_counter() - start
        time.sleep(0.05)
    raise RuntimeError(f"{url} did not show {text!r} within {timeout} s")


def main(project: str, repeats: int = 3) -> dict:
    project_dir = Path(project)
    papers = sorted((project_dir / "content" / "papers").glob("*.md"))
    paper = papers[len(papers) // 2]
    port = free_port()
    url = f"http://127.0.0.1:{port}/papers/{paper.stem}/"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    with open(project_dir / "serve.log", "w", encoding="utf-8") as log:
        process = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--dirty", "--dev-addr", f"127.0.0.1:{port}"],
                                   cwd=project_dir, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            first = wait_for(url, "<h1>", 1800, process)
            original = paper.read_text(encoding="utf-8")
            # The first build's search index is made in the background (at the lowest CPU
            # priority): the edits are timed once it is done, as a curator's would mostly be.
            time.sleep(max(1.0, first))
            notes, abstracts = [], []
            try:
                for n in range(repeats):
                    # A note, then a word of the abstract, each new (the page shows each change).
                    marker = f"Preview marker {n}."
                    paper.write_text(original.replace("\n---\n", f"\nnote: {marker}\n---\n", 1), encoding="utf-8")
                    notes.append(wait_for(url, marker, 600, process))
                    time.sleep(PAUSE)
                    edited = paper.read_text(encoding="utf-8")
                    body_at = edited.index("\n---\n") + 5
                    paper.write_text(edited[:body_at] + f"Previewmarkerword{n} " + edited[body_at:], encoding="utf-8")
                    abstracts.append(wait_for(url, f"Previewmarkerword{n}", 600, process))
                    time.sleep(PAUSE)
            finally:
                paper.write_text(original, encoding="utf-8")
        finally:
            process.terminate()
            process.wait(timeout=60)
    return {"first_build": first, "note": statistics.median(notes), "abstract": statistics.median(abstracts),
            "note_max": max(notes), "abstract_max": max(abstracts)}


# The seconds between two edits (the preview's cycle collector runs two seconds after a build
# is served, as it would between a curator's saves).
PAUSE = 3.0


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], *map(int, sys.argv[2:3]))))
