"""`make serve` and `make build` print nothing a user cannot act on: the Makefile silences
Material's end-of-life notice and MkDocs 2.0's notice with the switches Material documents."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from support import ROOT, SMALL, mkdocs_config

NOTICES = ("end of life", "Zensical", "MkDocs 2", "ProperDocs", "NO_MKDOCS_2_WARNING")


def makefile_exports() -> dict[str, str]:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return dict(re.findall(r"^export (\w+) := (\S+)$", makefile, re.MULTILINE))


def test_the_makefile_exports_the_documented_switches():
    assert makefile_exports() == {"NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}


def test_a_build_with_the_makefile_environment_prints_no_notice_and_no_warning(tmp_path):
    mkdocs = shutil.which("mkdocs", path=str(Path(sys.executable).parent))
    assert mkdocs, "mkdocs is installed beside the tests' Python"
    env = {key: value for key, value in os.environ.items() if "MKDOCS_2" not in key}
    result = subprocess.run([mkdocs, "build", "--strict", "-f", str(mkdocs_config(tmp_path, SMALL)),
                             "--site-dir", str(tmp_path / "site")],
                            cwd=ROOT, capture_output=True, text=True, env={**env, **makefile_exports()})
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert not [notice for notice in NOTICES if notice in output], output
    assert "WARNING" not in output, output

