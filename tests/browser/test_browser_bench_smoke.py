"""The reader benchmark runs end to end on the real list (its figures are not asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import CHROMIUM, missing

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser


def test_reader_benchmark_runs_on_the_real_list(tmp_path):
    if not Path(CHROMIUM).is_file():
        missing(f"Chromium not found at {CHROMIUM}")
    figures = tmp_path / "figures.json"
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "browser_bench.py"), "--sizes", "52",
                             "--json", str(figures)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-4000:]
    assert result.stdout.startswith("| papers | search: first result")
    [row] = json.loads(figures.read_text(encoding="utf-8"))
    assert row["n"] == 52 and set(row["search"]) >= {"SnapKV", "H100", "KV cache", "quantization", "Hopper"}
    assert all(visit["search_bytes"] > 0 for visit in row["search"].values())
    assert row["filter"]["bytes"] > 0 and row["largest_html"] > 0
