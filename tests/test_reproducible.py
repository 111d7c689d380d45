"""Reproducible builds: the same content built twice gives byte-identical sites.

SOURCE_DATE_EPOCH fixes the only date MkDocs writes (the sitemap's and its gzip
header's); the two builds differ in hash seed, so nothing may depend on set order.
Nothing is excluded from the comparison.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from support import SEED_CONTENT, mkdocs_build, mkdocs_config


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.slow
def test_two_builds_are_byte_identical(tmp_path):
    config = mkdocs_config(tmp_path, SEED_CONTENT)
    sites = []
    for seed in ("1", "2"):
        site = tmp_path / f"site-{seed}"
        result = mkdocs_build(config, site, SOURCE_DATE_EPOCH="1736899200", PYTHONHASHSEED=seed)
        assert result.returncode == 0, result.stderr[-4000:]
        sites.append(tree(site))
    first, second = sites
    assert len(first) > 100
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []
