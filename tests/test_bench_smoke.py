"""The scale benchmark runs end to end at its smallest size (its figures are not asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_benchmark_runs_at_50_papers(tmp_path):
    figures = tmp_path / "figures.json"
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench.py"), "--sizes", "50", "--no-alone", "--preview-repeats", "1",
         "--json", str(figures), "--keep", str(tmp_path / "work")],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    header, rule, row = result.stdout.strip().splitlines()
    assert header.startswith("| papers |") and "search index per paper" in header
    assert row.startswith("| 50 |") and row.count("|") == header.count("|")
    [measured] = json.loads(figures.read_text(encoding="utf-8"))
    # Every synthetic paper passed validation and got its page; each stage was timed.
    assert measured["papers"] == 50
    assert set(measured["cpu"]) == {"load_validate", "derive", "pages", "exports",
                                    "generator"}
    assert measured["search_bytes"] > 0 and measured["build"]["cpu"] > 0
    assert measured["pages"] > 50 and 0 < measured["log_lines"] < 60
    shares = measured["shares"]
    assert shares["total"] > 0 and all(shares[k] >= 0 for k in ("generator", "markdown", "templates", "search"))
    assert 0 < measured["preview"]["note"] < shares["total"] and 0 < measured["preview"]["abstract"]
