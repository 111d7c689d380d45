"""The GitHub workflow files are valid: actionlint when it is installed, else the vendored
GitHub workflow JSON schema (check-jsonschema, offline)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def test_workflows_pass_the_linter():
    assert {p.name for p in WORKFLOWS} == {"ci.yml", "pages.yml", "links.yml", "upgrade.yml", "suggest-paper.yml"}
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


def test_every_workflow_installs_the_lock_on_the_python_the_tests_ran_on():
    for path in WORKFLOWS:
        workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
        for job in workflow["jobs"].values():
            steps = job.get("steps", [])
            pythons = [s["with"]["python-version"] for s in steps if s.get("uses", "").startswith("actions/setup-python")]
            assert pythons in ([], ["3.11"]), path.name
            runs = "\n".join(s.get("run", "") for s in steps)
            assert "pip install" not in runs, f"{path.name} installs around the lock"
            if pythons:
                assert "make .venv/.installed" in runs or "make upgrade" in runs, path.name


def test_upgrade_runs_weekly_tests_the_newest_versions_and_opens_one_pull_request_or_issue():
    upgrade = yaml.safe_load((ROOT / ".github" / "workflows" / "upgrade.yml").read_text(encoding="utf-8"))
    assert upgrade[True]["schedule"][0]["cron"].split()[-1] in "0123456" and "workflow_dispatch" in upgrade[True]
    assert upgrade["permissions"] == {"contents": "write", "pull-requests": "write", "issues": "write"}
    text = "\n".join(s.get("run", "") for s in upgrade["jobs"]["upgrade"]["steps"])
    for needed in ("make upgrade", "python -m generator check", "pytest", "mkdocs build --strict",
                   "gh pr list --head dependency-upgrade", "gh pr create", "gh issue list --label dependency-breakage",
                   "gh issue edit", "gh issue create"):
        assert needed in text, needed


def test_pre_commit_runs_ruff_and_the_check():
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {h["id"]: h for repo in config["repos"] for h in repo["hooks"]}
    assert "ruff" in hooks
    assert hooks["check-content"]["entry"] == "python -m generator check"


# --- links.yml's scripts, run with `python` and `gh` stubbed ------------------------------------

SKIPPED = "content/papers/broken.md:2: warning: links not checked: the file has errors (run `python -m generator check`)"


def links_step(name: str) -> str:
    links = yaml.safe_load((ROOT / ".github" / "workflows" / "links.yml").read_text(encoding="utf-8"))
    [step] = [s for s in links["jobs"]["links"]["steps"] if s.get("name") == name]
    assert "${{" not in step["run"]
    return step["run"]


def run_step(script: str, folder: Path, stubs: dict[str, str]) -> subprocess.CompletedProcess:
    """`script` as GitHub runs a step's `run` (bash -eo pipefail), in `folder`, with each
    command of `stubs` replaced by a shell script."""
    bin_dir = folder / "bin"
    bin_dir.mkdir(exist_ok=True)
    for command, body in stubs.items():
        (bin_dir / command).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / command).chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "GITHUB_OUTPUT": str(folder / "out"),
           "RUN_URL": "https://github.com/o/r/actions/runs/1"}
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=folder,
                          capture_output=True, text=True, env=env)


def link_status(tmp_path: Path, stderr: str, code: int) -> tuple[int, str]:
    (tmp_path / "stderr.txt").write_text(stderr)
    (tmp_path / "out").unlink(missing_ok=True)
    run = run_step(links_step("Check links"), tmp_path, {"python": f'cat "{tmp_path}/stderr.txt" >&2; exit {code}'})
    out = tmp_path / "out"
    return run.returncode, out.read_text() if out.exists() else ""


def test_links_files_not_checked_keep_the_issue_open(tmp_path):
    """`links` exits 0 when no checked link is broken, though a file with errors was skipped:
    its links are not known to be good, so the issue is updated, not closed."""
    assert link_status(tmp_path, SKIPPED + "\n", 0) == (0, "status=1\n")


def test_links_the_skipped_line_the_workflow_counts_is_the_one_the_command_prints(tmp_path):
    from generator.content.links import gather_links

    (tmp_path / "papers").mkdir()
    (tmp_path / "papers" / "broken.md").write_text('---\ntitle: "Unclosed\n---\nText.\n', encoding="utf-8")
    [skipped] = gather_links(tmp_path)[1]
    assert str(skipped) == SKIPPED.replace("content/", f"{tmp_path.name}/")
    assert "grep -q ': warning: links not checked: ' broken.txt" in links_step("Check links")


def test_links_all_checked_and_good_closes_the_issue_broken_opens_it_and_a_failure_fails(tmp_path):
    assert link_status(tmp_path, "", 0) == (0, "status=0\n")
    assert link_status(tmp_path, "content/papers/a.md:9: https://x.example/: 404 Not Found\n", 1) == (0, "status=1\n")
    assert link_status(tmp_path, "lychee is not installed\n", 2) == (2, "")


def issue_body(tmp_path: Path, broken: str) -> str:
    (tmp_path / "broken.txt").write_text(broken, encoding="utf-8")
    run = run_step(links_step("Open or update the broken-links issue"), tmp_path,
                   {"gh": f'echo "$@" >> "{tmp_path}/gh.log"'})
    assert run.returncode == 0, run.stderr
    assert "issue create --title Broken links --label broken-links --body-file body.md" in (tmp_path / "gh.log").read_text()
    return (tmp_path / "body.md").read_text(encoding="utf-8")


def test_links_the_issue_body_is_cut_by_whole_lines_and_its_fence_closes(tmp_path):
    cmarkgfm = pytest.importorskip("cmarkgfm", reason="GitHub's Markdown renderer")
    lines = [f"content/papers/p{i}.md:9: https://x.example/{'a' * (i % 200)}: 404 Not Found" for i in range(2000)]
    body = issue_body(tmp_path, "\n".join(lines))  # and no newline after the last line
    assert len(body) < 65536  # what an issue holds
    shown = body.split("```\n")[1].splitlines()
    assert shown == lines[:len(shown)] and 0 < len(shown) < len(lines)
    assert f"And {len(lines) - len(shown)} more lines: see the run's log." in body
    html = cmarkgfm.github_flavored_markdown_to_html(body)
    assert html.count("<pre>") == 1 and "<p>Fix each at its line" in html


def test_links_a_short_list_without_a_last_newline_still_closes_its_fence(tmp_path):
    cmarkgfm = pytest.importorskip("cmarkgfm", reason="GitHub's Markdown renderer")
    body = issue_body(tmp_path, f"{SKIPPED}\ncontent/papers/a.md:9: https://x.example/```: 404 Not Found")
    assert "more lines" not in body
    html = cmarkgfm.github_flavored_markdown_to_html(body)
    assert html.count("<pre>") == 1 and "<p>Fix each at its line" in html and "https://x.example/```" in html


def test_the_issue_forms_pass_github_s_schema():
    forms = sorted((ROOT / ".github" / "ISSUE_TEMPLATE").glob("*.yml"))
    assert [p.name for p in forms] == ["suggest-paper.yml"]
    checker = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent)) or "check-jsonschema"
    result = subprocess.run([checker, "--builtin-schema", "vendor.github-issue-forms", *map(str, forms)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    form = yaml.safe_load(forms[0].read_text(encoding="utf-8"))
    suggest = yaml.safe_load((ROOT / ".github" / "workflows" / "suggest-paper.yml").read_text(encoding="utf-8"))
    assert form["labels"] == ["suggest-paper"] and "'suggest-paper'" in suggest["jobs"]["add"]["if"]
