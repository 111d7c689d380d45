"""Sorting the results page by its Result column: values of several kinds and units
("502 PFLOPS", "156 TFLOPS", "155×", "99%") are grouped by kind, then unit, and only
compared within a group. The seed list's results span two pages, so sorting loads every row
from rows.json and shows the first page of them (test_browser_pagination.py pages through).
"""

from __future__ import annotations

import itertools
import json

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def rows(site_dir) -> list[list]:
    """Every result as the generator wrote it: [value, shown, kind, claim, device, paper, unit, start, end]."""
    return json.loads((site_dir / "results" / "rows.json").read_text(encoding="utf-8"))["rows"]


def expected_order(rows: list[list], descending: bool) -> list[tuple[str, str]]:
    """(shown, kind) of the rows as sorting by Result orders them: by kind, then unit (both as
    written), then value, rows without a value last in their group, ties in their first order."""
    def key(row):
        value, kind, unit = row[0], row[2], row[6]
        return kind, unit, value is None, 0 if value is None else (-value if descending else value)
    return [(row[1], row[2]) for row in sorted(rows, key=key)]


def shown_rows(page) -> list[tuple[str, str]]:
    """(Result, its kind) of each row of the table, in the order shown: the kind is the Result
    cell's data-kind, never shown as words."""
    cells = page.locator(".sortable-table tbody tr").evaluate_all(
        "rows => rows.map(row => [row.cells[0].textContent.trim(), row.cells[0].getAttribute('data-kind')])")
    return [tuple(pair) for pair in cells]


def test_sorting_by_result_groups_kinds_and_units_and_orders_values_within_them(page, base_url, rows):
    # The rows' own data, by what a row shows: its unit and value.
    facts = {(row[1], row[2]): (row[6], row[0]) for row in rows}
    units = {(kind, unit) for (_, kind), (unit, _) in facts.items()}
    # The list has what made sorting by value wrong: one kind in several units, one unit in several kinds.
    assert len({unit for kind, unit in units if kind == "throughput"}) > 1
    assert len({kind for kind, unit in units if unit == "×"}) > 1

    page.goto(base_url + "results/")
    heading = page.locator(".sortable-table th").first
    for press, descending in (("ascending", False), ("descending", True)):
        page.locator(".sortable-table th button", has_text="Result").click()
        expect(heading).to_have_attribute("aria-sort", press)
        expect(page.locator(".sort-status")).to_contain_text(f"All {len(rows)} rows sorted by Result")
        shown = shown_rows(page)
        assert 0 < len(shown) < len(rows)  # the first page of all the rows
        groups = [(kind, facts[(text, kind)][0]) for text, kind in shown]
        runs = [group for group, _ in itertools.groupby(groups)]
        # Each kind, and each unit of a kind, is one run of rows, in order of kind, then unit.
        assert len(runs) == len(set(runs)), runs
        assert runs == sorted(runs)
        # Within a run the values are in order, the direction pressed.
        for (kind, unit), run in itertools.groupby(shown, key=lambda row: (row[1], facts[row][0])):
            values = [facts[row][1] for row in run]
            numbers = [value for value in values if value is not None]
            assert values == numbers + [None] * (len(values) - len(numbers)), (kind, unit)
            assert numbers == sorted(numbers, reverse=descending), (kind, unit, numbers)
        assert shown == expected_order(rows, descending)[:len(shown)]


def test_sorting_by_device_puts_names_in_order_and_rows_without_one_last(page, base_url, rows):
    page.goto(base_url + "results/")
    page.locator(".sortable-table th button", has_text="Device").click()
    expect(page.locator(".sortable-table th").nth(2)).to_have_attribute("aria-sort", "ascending")
    names = page.locator(".sortable-table tbody tr td:nth-child(3)").evaluate_all(
        "cells => cells.map(cell => cell.textContent.trim())")
    named = [name for name in names if name]
    assert names == named + [""] * (len(names) - len(named))  # without a device: last
    # Alphabetically ("A100" is a name, not the number 100).
    assert [name[0].casefold() for name in named] == sorted(name[0].casefold() for name in named)
