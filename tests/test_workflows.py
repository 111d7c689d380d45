"""The GitHub workflow files are valid: actionlint when it is installed, else the vendored
GitHub workflow JSON schema (check-jsonschema, offline)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def test_workflows_pass_the_linter():
    assert {p.name for p in WORKFLOWS} == {"ci.yml", "pages.yml", "links.yml"}
    actionlint = shutil.which("actionlint") or shutil.which("actionlint", path=str(Path(sys.executable).parent))
    if actionlint:
        command = [actionlint, *map(str, WORKFLOWS)]
    else:
        checker = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent)) or "check-jsonschema"
        command = [checker, "--builtin-schema", "vendor.github-workflows", *map(str, WORKFLOWS)]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ci_runs_check_tests_strict_build_and_uploads_the_site():
    ci = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8"))
    assert "pull_request" in ci[True]  # YAML 1.1 reads the key `on` as True
    steps = [s.get("run", "") + s.get("uses", "") for s in ci["jobs"]["check-test-build"]["steps"]]
    text = "\n".join(steps)
    for needed in ("python -m generator check", "pytest", "mkdocs build --strict", "upload-artifact", "SOURCE_DATE_EPOCH"):
        assert needed in text, needed


def test_links_runs_weekly_and_keeps_one_issue_of_broken_links():
    links = yaml.safe_load((ROOT / ".github" / "workflows" / "links.yml").read_text(encoding="utf-8"))
    assert links[True]["schedule"][0]["cron"].endswith("* * 1") and "workflow_dispatch" in links[True]
    assert links["permissions"]["issues"] == "write"
    text = "\n".join(s.get("run", "") for s in links["jobs"]["links"]["steps"])
    for needed in ("python -m generator links", "gh issue list --label broken-links", "gh issue edit",
                   "gh issue create", "gh issue close"):
        assert needed in text, needed


def test_pre_commit_runs_ruff_and_the_check():
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {h["id"]: h for repo in config["repos"] for h in repo["hooks"]}
    assert "ruff" in hooks
    assert hooks["check-content"]["entry"] == "python -m generator check"
