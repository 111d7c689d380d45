"""A long list's papers are read, and a full build's pages rendered, in processes forked from the
build's (generator/derive/workers.py): what they give is what one process gives, in the same order,
and a short list or a process that runs other threads is never forked."""

from __future__ import annotations

import threading

import pytest

from generator.content.check import read_content
from generator.derive import workers
from generator.derive.facts import derive_site
from support import SEED_CONTENT

CONTENT = read_content(SEED_CONTENT)


def derived(count: int):
    return derive_site(CONTENT.papers, CONTENT.hardware, CONTENT.topics, warnings=CONTENT.warnings,
                       reading_paths=CONTENT.reading_paths, workers=count)


def test_facts_read_in_two_workers_are_the_facts_read_in_one_process():
    one, two = derived(1), derived(2)
    assert [p.slug for p in two.papers] == [p.slug for p in one.papers]
    assert two.facts == one.facts
    assert two.node_papers == one.node_papers and two.topic_papers == one.topic_papers


def test_the_facts_keep_the_paper_objects_they_were_asked_of():
    site = derived(2)
    by_slug = {p.slug: p for p in CONTENT.papers}
    assert all(site.facts[slug].paper is by_slug[slug] for slug in by_slug)


def test_answers_come_back_in_the_order_of_the_items():
    assert workers.map_in_workers(divmod, list(range(200)), (7,), workers=2) == [divmod(i, 7) for i in range(200)]


def _fails_on_seven(item: int) -> int:
    if item == 7:
        raise ValueError("seven")
    return item


def test_an_error_in_a_forked_process_is_raised_with_its_traceback():
    with pytest.raises(RuntimeError, match="ValueError: seven"):
        workers.map_in_workers(_fails_on_seven, list(range(20)), workers=2)


def test_a_short_list_stays_in_the_process():
    assert workers.worker_count(workers.MIN_ITEMS - 1) == 1


def test_a_process_running_other_threads_is_not_forked():
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert workers.worker_count(10 * workers.MIN_ITEMS) == 1
    finally:
        stop.set()
        other.join()


def test_pages_rendered_in_two_processes_are_the_pages_rendered_in_one(monkeypatch):
    from generator.site.render import render_pages
    from support import ROOT, load_site

    site = load_site(SEED_CONTENT)
    monkeypatch.setattr(workers, "worker_count", lambda items, count=None: 1)
    one = render_pages(site, ROOT / "site_templates")
    monkeypatch.setattr(workers, "worker_count", lambda items, count=None: 2)
    two = render_pages(load_site(SEED_CONTENT), ROOT / "site_templates")
    assert list(two) == list(one)
    assert two == one
