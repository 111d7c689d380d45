"""One function over many items on every core: what derives each paper's own facts at
10,000 papers, where reading the abstracts is a third of the generator's time and each
paper is read without the others.

The items are dealt in turn to the process itself and to processes forked from it, so what
every call shares (the vocabularies, compiled once) is inherited rather than sent; only the
forked processes' answers cross back, and they are put back in the items' order, so the
output is what one process gives. A process that runs other threads (a server, a test
runner's) is never forked, nor one on another system than Linux: the work is done in the
process itself, as it is for a few items, where starting a process would cost more than it saves.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import sys
import threading
import traceback
from collections.abc import Callable, Sequence
from typing import Any

# Below this many items the work stays in the process (forking and sending the answers back
# cost about as much as reading ~50 abstracts).
MIN_ITEMS = 400


def worker_count(items: int, workers: int | None = None) -> int:
    """How many processes `map_in_workers` uses for `items` items: `workers` if given, else the
    cores this process may run on, when there are enough items and no other thread runs."""
    if workers is not None:
        return max(1, workers)
    # Linux only: macOS forks badly once system frameworks are loaded (numpy's Accelerate among them).
    if items < MIN_ITEMS or threading.active_count() > 1 or not sys.platform.startswith("linux"):
        return 1
    return max(1, len(os.sched_getaffinity(0)))


def map_in_workers(function: Callable[..., Any], items: Sequence[Any], shared: tuple = (),
                   workers: int | None = None) -> list[Any]:
    """`[function(item, *shared) for item in items]`, in as many processes as `worker_count`
    says (this one among them). The answers must pickle; an error in a forked process is
    raised here as a RuntimeError with its traceback."""
    count = min(worker_count(len(items), workers), max(1, len(items)))
    if count == 1:
        return [function(item, *shared) for item in items]
    context = multiprocessing.get_context("fork")
    forked = []
    # The forked processes' cycle collector leaves alone what they inherit: walking it would
    # copy every page of this process's memory into each of them.
    gc.freeze()
    try:
        for share in range(1, count):
            receive, send = context.Pipe(duplex=False)
            process = context.Process(target=_answer, args=(function, items[share::count], shared, send), daemon=True)
            process.start()
            send.close()
            forked.append((process, receive))
        shares = [[function(item, *shared) for item in items[0::count]]]
        for process, receive in forked:
            try:
                answer = receive.recv()
            except EOFError:
                process.join()
                answer = ("error", f"a worker process ended with exit code {process.exitcode}")
            process.join()
            if isinstance(answer, tuple):
                raise RuntimeError(answer[1])
            shares.append(answer)
    finally:
        gc.unfreeze()
        for process, _ in forked:
            if process.is_alive():
                process.terminate()
                process.join()
    # Item i went to share i % count, as its (i // count)th item.
    return [shares[i % count][i // count] for i in range(len(items))]


def _answer(function: Callable[..., Any], items: Sequence[Any], shared: tuple, send: Any) -> None:
    """In a forked process: the answers for `items`, as a list, else ("error", the traceback)."""
    try:
        answers = [function(item, *shared) for item in items]
    except BaseException:  # noqa: BLE001 - the parent raises it
        answers = ("error", traceback.format_exc())
    send.send(answers)
    send.close()
