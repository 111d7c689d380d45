"""The "Suggest a paper" workflow (.github/workflows/suggest-paper.yml), its steps run as GitHub
runs them, against a local stand-in of the arXiv and Hugging Face APIs: an issue's body gives an
id or URL; `add` writes the paper's file; a branch is pushed and a pull request opened with the
review summary; a paper already listed, or an issue naming none, gets a comment instead. The
issue's text reaches the commands only as a file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from support import SEED_CONTENT
from api_stand_in import SNAPKV

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = yaml.safe_load((ROOT / ".github" / "workflows" / "suggest-paper.yml").read_text(encoding="utf-8"))
ISSUE = "### arXiv id or URL\n\nhttps://arxiv.org/abs/2404.14469v2\n\n### Why it belongs on the list\n\n`rm -rf /` $(echo)\n"


def step(name: str) -> str:
    [found] = [s for s in WORKFLOW["jobs"]["add"]["steps"] if s.get("name") == name]
    assert "${{" not in found["run"]  # what comes from the event arrives in the environment
    return found["run"]


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=True).stdout


@pytest.fixture
def checkout(tmp_path) -> Path:
    """A clone of a repository holding the seed list without SnapKV, as actions/checkout leaves it."""
    origin = tmp_path / "origin.git"
    git(tmp_path, "init", "--bare", "-q", str(origin))
    work = tmp_path / "work"
    work.mkdir()
    shutil.copytree(SEED_CONTENT, work / "content")
    (work / "content" / "papers" / "snapkv.md").unlink()
    for path in (work / "content" / "paths").glob("*.md"):
        path.unlink()  # a reading path names SnapKV
    git(work, "init", "-q", "-b", "main")
    git(work, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "empty")
    git(work, "add", "content")
    git(work, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "the list")
    git(work, "remote", "add", "origin", str(origin))
    git(work, "push", "-q", "origin", "main")
    venv = work / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')  # the venv the tests run in
    (venv / "python").chmod(0o755)
    return work


def run(script: str, work: Path, apis, env: dict[str, str]) -> tuple[subprocess.CompletedProcess, dict[str, str]]:
    """`script` as GitHub runs a `run` step, with `gh` recording its arguments."""
    bin_dir = work.parent / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "gh").write_text(f'#!/bin/sh\necho "$@" >> "{work.parent}/gh.log"\n')
    (bin_dir / "gh").chmod(0o755)
    output = work.parent / "output"
    output.write_text("")
    runner_temp = work.parent / "runner-temp"
    runner_temp.mkdir(exist_ok=True)
    environment = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "GITHUB_OUTPUT": str(output),
                   "RUNNER_TEMP": str(runner_temp), "PYTHONPATH": str(ROOT), "READING_LIST_ARXIV_API": apis.arxiv_api,
                   "HF_ENDPOINT": apis.hf_endpoint, "GIT_AUTHOR_DATE": "2026-11-26T00:00:00", **env}
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=work,
                            capture_output=True, text=True, env=environment)
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines() if "=" in line)
    return result, outputs


def test_a_suggested_paper_is_added_and_a_pull_request_opened_with_the_summary(checkout, apis):
    added, outputs = run(step("Add the paper"), checkout, apis, {"BODY": ISSUE})
    assert added.returncode == 0 and outputs == {"status": "0"}, added.stdout + added.stderr
    assert (checkout / "content" / "papers" / "snapkv.md").is_file()
    opened, _ = run(step("Open a pull request, or say the paper is already listed"), checkout, apis, {"NUMBER": "7"})
    assert opened.returncode == 0, opened.stdout + opened.stderr
    assert "suggest-paper-7" in git(checkout.parent / "origin.git", "branch")
    gh = (checkout.parent / "gh.log").read_text()
    assert gh.startswith("pr create --head suggest-paper-7 --title Add the paper suggested in #7 --body-file body.md")
    body = (checkout / "body.md").read_text(encoding="utf-8")
    assert "[arXiv 2404.14469](<https://arxiv.org/abs/2404.14469>)" in body and body.rstrip().endswith("Closes #7")
    assert not (checkout.parent / "runner-temp" / "rm").exists()  # the issue's text was never run


def test_a_paper_already_listed_gets_a_comment_not_a_pull_request(checkout, apis):
    assert run(step("Add the paper"), checkout, apis, {"BODY": ISSUE})[0].returncode == 0
    git(checkout, "add", "content")
    git(checkout, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "snapkv")
    assert run(step("Add the paper"), checkout, apis, {"BODY": ISSUE})[1] == {"status": "0"}
    run(step("Open a pull request, or say the paper is already listed"), checkout, apis, {"NUMBER": "8"})
    assert (checkout.parent / "gh.log").read_text() == "issue comment 8 --body-file add.log\n"
    assert f"{SNAPKV}: already in the list as content/papers/snapkv.md" in (checkout / "add.log").read_text()


def test_an_issue_naming_no_paper_gets_a_comment_saying_what_was_expected(checkout, apis):
    _, outputs = run(step("Add the paper"), checkout, apis, {"BODY": "### arXiv id or URL\n\nthe SnapKV paper\n"})
    assert outputs == {"status": "2"}
    assert "names no arXiv id or URL (expected e.g. 2404.14469" in (checkout / "add.log").read_text()
    run(step("Say what went wrong"), checkout, apis, {"NUMBER": "9"})
    assert (checkout.parent / "gh.log").read_text() == "issue comment 9 --body-file add.log\n"
