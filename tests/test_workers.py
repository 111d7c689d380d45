"""workers.fork_map: the same results as a plain loop, from forked processes when asked."""

from __future__ import annotations

import gc
import os
import threading

import pytest

from generator import workers


def test_results_come_back_in_item_order(forking):
    items = list(range(101))
    assert workers.fork_map(lambda n: n * n, items, jobs=2, min_items=1) == [n * n for n in items]


def test_large_lists_run_in_other_processes(forking):
    parent = os.getpid()
    pids = set(workers.fork_map(lambda _: os.getpid(), range(8), jobs=2, min_items=1))
    assert parent not in pids and 1 <= len(pids) <= 2


def test_small_lists_and_one_job_stay_in_this_process(forking):
    parent = os.getpid()
    assert set(workers.fork_map(lambda _: os.getpid(), range(8), jobs=2, min_items=9)) == {parent}
    assert set(workers.fork_map(lambda _: os.getpid(), range(8), jobs=1, min_items=1)) == {parent}


def test_a_process_with_other_threads_does_not_fork():
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert not workers.can_fork()
        assert set(workers.fork_map(lambda _: os.getpid(), range(8), jobs=2, min_items=1)) == {os.getpid()}
    finally:
        stop.set()
        thread.join()


def test_an_error_in_a_worker_reaches_the_caller(forking):
    def fail_on_five(n):
        if n == 5:
            raise ValueError("item 5 is bad")
        return n

    with pytest.raises(ValueError, match="item 5 is bad"):
        workers.fork_map(fail_on_five, range(10), jobs=2, min_items=1)


def test_fewer_collections_raises_the_threshold_and_restores_it_even_on_error():
    saved = gc.get_threshold()
    with pytest.raises(RuntimeError):
        with workers.fewer_collections():
            assert gc.get_threshold() == (workers.GENERATOR_GC_THRESHOLD, *saved[1:])
            raise RuntimeError("a content error")
    assert gc.get_threshold() == saved
