"""Per-paper work spread over the machine's cores when a list is large.

Reading, checking and rendering one paper depends on the others only for
reading, so a large list is cut into ranges that processes forked from this
one work through: each worker has the function and the items in memory from
its parent (nothing is pickled on the way in), and the results come back in
order, the same as one process would give. A range's results come back
through an anonymous temporary file, not through the pool's pipe:
the pages of a large list are over 100 MB, which the pipe carries several
times slower (its reader takes 64 KB a call, each into a new buffer).

Small lists, machines with one core, and processes running other threads
(`mkdocs serve` has its server's, and forking beside them can leave a lock
held in the child) stay in one process.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

Item = TypeVar("Item")
Out = TypeVar("Out")

# A map over the papers forks from this many items. Below it, what the workers cost (the
# pages of the parent's heap they copy, their results carried back) is about what the second
# core saves: at 2,000 papers the paper pages took 0.29 s of wall time either way, for twice
# the CPU; at 5,000, 0.79 s in one process against 0.55 s in two.
PARALLEL_ITEMS = 3000
# The round of a few long tasks side by side (related papers, mentions, listing pages,
# exports) pays from fewer papers: each task hands back one result (at 2,000 papers the
# round takes 0.7 to 0.9 s of wall time, against 1.4 s in one process).
SIDE_BY_SIDE_PAPERS = 1000
# Ranges per worker: a few, so that no worker waits long for the last one to finish.
RANGES_PER_WORKER = 4


@dataclass(frozen=True)
class _Task:
    """The map under way, set just before the fork: workers find it in their copy of memory."""

    function: Callable[[Any], Any]
    items: Sequence[Any]
    ranges: list[tuple[int, int]]
    result_files: list[int]  # a file descriptor per range, inherited by the workers


_TASK: _Task | None = None


# Allocations between two collections of the youngest generation while the generator
# runs (CPython's default is 700). Building a site allocates millions of objects that
# live to its end; at the default, the collector walks that whole heap again and again
# (about 2.6 s of CPU at 10,000 papers, 0.8 s at this threshold). mypy raises it too.
GENERATOR_GC_THRESHOLD = 10_000


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the cycle collector less often inside the block; the thresholds come back after."""
    saved = gc.get_threshold()
    gc.set_threshold(GENERATOR_GC_THRESHOLD, *saved[1:])
    try:
        yield
    finally:
        gc.set_threshold(*saved)


def default_jobs() -> int:
    """The CPUs this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def can_fork() -> bool:
    """Forking is safe here: no other thread may hold a lock, and this is no worker itself
    (a pool's workers may not have workers of their own)."""
    return ("fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
            and not multiprocessing.current_process().daemon)


def _run_range(index: int) -> int:
    """Work through range `index` and leave its results, pickled, in its file; their size."""
    assert _TASK is not None, "a worker runs in a process forked by fork_map"
    start, end = _TASK.ranges[index]
    data = memoryview(pickle.dumps([_TASK.function(item) for item in _TASK.items[start:end]],
                                   protocol=pickle.HIGHEST_PROTOCOL))
    written = 0
    while written < len(data):
        written += os.pwrite(_TASK.result_files[index], data[written:], written)
    return written


def _read_results(file: Any, size: int) -> list[Any]:
    """A range's results, from its file, which is closed (and so freed) once read."""
    with file:
        file.seek(0)
        data = file.read(size)
    if len(data) != size:
        raise RuntimeError(f"a worker's results were cut short ({len(data)} of {size} bytes)")
    return pickle.loads(data)


def fork_map(function: Callable[[Item], Out], items: Sequence[Item], jobs: int | None = None,
             min_items: int | None = None, ranges_per_worker: int = RANGES_PER_WORKER) -> list[Out]:
    """`[function(item) for item in items]`, in `jobs` forked processes when there are at least
    `min_items` items (default: PARALLEL_ITEMS).

    `function` runs in the workers as it would here, but what it changes in
    memory stays in the worker: it must return all it has to say. Items that
    take very different times want more `ranges_per_worker`, so that the
    workers share the long ones out as they go.
    """
    jobs = default_jobs() if jobs is None else jobs
    min_items = PARALLEL_ITEMS if min_items is None else min_items
    if jobs <= 1 or len(items) < max(min_items, 2) or not can_fork():
        return [function(item) for item in items]
    global _TASK
    step = -(-len(items) // (jobs * ranges_per_worker))
    ranges = [(start, min(start + step, len(items))) for start in range(0, len(items), step)]
    with ExitStack() as stack:
        # In the system's temporary folder (TMPDIR), unlinked from the start: nothing is left
        # behind, whatever happens. Results are read within seconds of being written, so they
        # stay in the page cache; /dev/shm would be no faster, and is often small in containers.
        files = [stack.enter_context(tempfile.TemporaryFile()) for _ in ranges]
        _TASK = _Task(function, items, ranges, [file.fileno() for file in files])
        # Objects the workers inherit go to the collector's permanent generation: a
        # full collection in a worker would otherwise visit (and so copy) every page
        # of the parent's heap.
        gc.freeze()
        try:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                # One range at a time: a worker that finishes early takes the next. Each
                # range's results are read as soon as it is done, while the rest go on.
                sizes = pool.imap(_run_range, range(len(ranges)), chunksize=1)
                return [out for file, size in zip(files, sizes) for out in _read_results(file, size)]
        finally:
            gc.unfreeze()
            _TASK = None


def _call(task: Callable[[], Out]) -> Out:
    return task()


def side_by_side(tasks: Sequence[Callable[[], Any]], parallel: bool = True, jobs: int | None = None) -> list[Any]:
    """`[task() for task in tasks]`, each task in a forked worker as one comes free (when
    `parallel`). Workers take the tasks in the order given: longest first keeps them even."""
    if not parallel:
        return [task() for task in tasks]
    # One range per task: a worker that finishes early takes the next task.
    return fork_map(_call, tasks, jobs, min_items=2, ranges_per_worker=len(tasks))
