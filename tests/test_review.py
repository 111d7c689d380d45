"""`python -m generator diff BASE`: the pull-request summary, in Markdown, of what the working
tree's content changes against a git revision. Each test makes a small git repository: the
small fixture list committed and tagged `base`, then papers added, changed and removed."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest

from generator.review import run_diff
from generator.review_markdown import code, md
from support import SMALL, git, small_list_repo


FLASHINFER = """---
title: 'FlashInfer: Efficient Attention for LLM Serving'
arxiv: '2501.01005'
added: 2026-11-22
---
FlashInfer keeps KV caches in block-sparse form. It achieves a 2.5× speedup over vLLM on an A100 GPU,
and also runs on a Gaudi 9 accelerator.
"""
# The same title as snapkv.md, dated before it: the summary still reports it, the file the change adds.
SNAPKV_AGAIN = """---
title: 'SnapKV: LLM knows what you are looking for before generation'
added: 2020-01-01
---
A second copy.
"""


@pytest.fixture
def repo(tmp_path) -> Path:
    """A repository whose `base` tag holds the small list; its working tree is changed by each test."""
    return small_list_repo(tmp_path / "repo")


def diff(repo: Path, base: str = "base", **kwargs) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_diff(base, repo / "content", out=out, err=err, **kwargs)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def changed(tmp_path_factory) -> Path:
    """One paper added, one duplicate added, one changed (V100 -> MI300X), one removed."""
    repo = small_list_repo(tmp_path_factory.mktemp("changed") / "repo")
    papers = repo / "content" / "papers"
    (papers / "flashinfer.md").write_text(FLASHINFER, encoding="utf-8")
    (papers / "snapkv-again.md").write_text(SNAPKV_AGAIN, encoding="utf-8")
    zero = papers / "zero-infinity.md"
    zero.write_text(zero.read_text(encoding="utf-8").replace("NVIDIA V100", "AMD MI300X"), encoding="utf-8")
    (papers / "adding-nvme-ssds-to-enable.md").unlink()
    path = repo / "content" / "paths" / "beyond-gpu-memory.md"  # its reading path drops it too
    path.write_text(path.read_text(encoding="utf-8").split("### adding-nvme-ssds-to-enable")[0], encoding="utf-8")
    return repo


def section(text: str, title: str) -> list[str]:
    """The lines under `### title`, up to the next heading."""
    lines = text.splitlines()
    start = lines.index(f"### {title}") + 2
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("#")), len(lines))
    return [line for line in lines[start:end] if line]


@pytest.fixture(scope="module")
def summary(changed) -> str:
    code, text, err = diff(changed)
    assert (code, err) == (0, "")
    return text


def test_the_summary_names_the_papers_added_changed_and_removed(changed, summary):
    text = summary
    commit = git(changed, "rev-parse", "base").strip()
    assert text.splitlines()[:3] == [f"## Reading list: changes against `base` (`{commit[:12]}`)", "",
                                     "2 papers added, 1 changed, 1 removed."]
    added = section(text, "Added")
    assert added[0] == ("- [`flashinfer`](<content/papers/flashinfer.md>) "
                        "FlashInfer: Efficient Attention for LLM Serving")
    assert [line for line in added if line.startswith("- ")] == [
        "- [`flashinfer`](<content/papers/flashinfer.md>) FlashInfer: Efficient Attention for LLM Serving",
        "- [`snapkv-again`](<content/papers/snapkv-again.md>) SnapKV: LLM knows what you are looking for before generation",
    ]
    assert section(text, "Removed") == [
        "- `adding-nvme-ssds-to-enable` Adding NVMe SSDs to Enable and Accelerate 100B Model Fine-tuning on a Single GPU"]
    assert section(text, "Changed")[0] == ("- [`zero-infinity`](<content/papers/zero-infinity.md>) "
                                           "ZeRO-Infinity: Breaking the GPU Memory Wall for Extreme Scale Deep Learning")


def test_a_new_paper_shows_its_hardware_topics_and_results(summary):
    added = section(summary, "Added")
    assert added[1:5] == [
        "  - [arXiv 2501.01005](<https://arxiv.org/abs/2501.01005>) · added 2026-11-22",
        "  - measured on: NVIDIA A100 (`a100`)",
        "  - topics: KV cache",
        "  - results: “It achieves a 2.5× speedup over vLLM on an A100 GPU” on NVIDIA A100",
    ]


def test_a_changed_paper_shows_what_it_was_where_its_facts_changed(summary):
    assert section(summary, "Changed")[1:] == [
        "  - [arXiv 2104.07857](<https://arxiv.org/abs/2104.07857>) · added 2026-11-21",
        "  - measured on: AMD (`amd`), AMD Instinct MI300X (`mi300x`) (was: NVIDIA (`nvidia`))",
        "  - topics: Offloading",
        "  - results: “It sustains over 25 petaflops on 512 AMD MI300X GPUs” on AMD Instinct MI300X "
        "(was: “It sustains over 25 petaflops on 512 NVIDIA V100 GPUs”)",
    ]


def test_the_listing_pages_that_change_say_who_comes_and_who_goes(summary):
    assert section(summary, "Listing pages that change") == [
        "- `hardware/a100/`: +1 paper (`flashinfer`)",
        "- `hardware/ada-lovelace/`: −1 paper (`adding-nvme-ssds-to-enable`)",
        "- `hardware/amd/`: +1 paper (`zero-infinity`), −1 paper (`adding-nvme-ssds-to-enable`)",
        "- `hardware/ampere/`: +1 paper (`flashinfer`)",
        "- `hardware/cdna3/`: +1 paper (`zero-infinity`), −1 paper (`adding-nvme-ssds-to-enable`)",
        "- `hardware/mi300x/`: +1 paper (`zero-infinity`), −1 paper (`adding-nvme-ssds-to-enable`)",
        "- `hardware/nvidia/`: +1 paper (`flashinfer`), −2 papers (`adding-nvme-ssds-to-enable`, `zero-infinity`)",
        "- `hardware/rtx-4090/`: −1 paper (`adding-nvme-ssds-to-enable`)",
        "- `topics/kv-cache/`: +1 paper (`flashinfer`)",
        "- `topics/offloading/`: −1 paper (`adding-nvme-ssds-to-enable`)",
    ]


def test_only_device_like_names_new_against_base_are_listed(summary):
    # zero-infinity.md named the V100 at base: an old name, gone now, is not listed either way.
    assert section(summary, "New device-like names no alias knows") == [
        "- `Gaudi 9`: content/papers/flashinfer.md:7"]


def test_a_duplicate_is_reported_on_the_file_the_change_adds_even_if_dated_earlier(summary):
    assert section(summary, "Suspected duplicates") == [
        "- content/papers/snapkv-again.md:2: the same title as content/papers/snapkv.md:2, which was on the list "
        "before this file (expected each paper in one file; merge the two)"]
    # A duplicate is no error that keeps a file from being checked: both copies are derived.
    assert "### Not checked: fix these first" not in summary


def test_the_summary_is_the_same_every_time(changed, summary):
    assert diff(changed)[1] == summary


def test_files_link_under_the_link_base(changed):
    text = diff(changed, link_base="https://github.com/o/r/blob/abc123/")[1]
    assert "- [`flashinfer`](<https://github.com/o/r/blob/abc123/content/papers/flashinfer.md>) " in text


def test_no_change_says_so_and_lists_nothing(repo):
    code, text, _ = diff(repo)
    assert code == 0
    assert text.splitlines()[2:] == ["0 papers added, 0 changed, 0 removed."]


def test_a_changed_vocabulary_is_named_and_the_pages_it_moves_papers_on_listed(repo):
    topics = repo / "content" / "topics.yml"
    topics.write_text(topics.read_text(encoding="utf-8").replace("'KV caches']", "'KV caches', 'GPU memory']"),
                      encoding="utf-8")
    text = diff(repo)[1]
    assert "`content/topics.yml` changed: every paper's hardware or topics may have moved" in text
    assert section(text, "Listing pages that change") == ["- `topics/kv-cache/`: +1 paper (`zero-infinity`)"]


NOT_CHECKED = "  - not checked: the file has errors (see “Not checked: fix these first”)"


def test_a_broken_new_file_is_listed_with_its_errors(repo):
    (repo / "content" / "papers" / "broken.md").write_text('---\ntitle: "Unclosed\nadded: 2026-11-22\n---\nText.\n',
                                                           encoding="utf-8")
    text = diff(repo)[1]
    assert section(text, "Not checked: fix these first") == [
        "- content/papers/broken.md:2: front matter is not valid YAML: the quote \" opened on this line "
        "is never closed (expected a closing \" at the end of the value)"]
    assert section(text, "Added") == ["- [`broken`](<content/papers/broken.md>) *(not read: see the errors)*",
                                      NOT_CHECKED]


def test_an_unknown_hardware_id_in_a_new_paper_is_not_checked_further(repo):
    """`read_content` reads the paper and reports the id; the site is derived without the paper
    (deriving it would fail on the id), and the summary is written."""
    (repo / "content" / "papers" / "new-device.md").write_text(
        "---\ntitle: 'A Paper on a New Device'\nhardware: [no-such-device]\nadded: 2026-11-22\n---\nOn an A100.\n",
        encoding="utf-8")
    code, text, err = diff(repo)
    assert (code, err) == (0, "")
    assert section(text, "Not checked: fix these first") == [
        "- content/papers/new-device.md:3: 'hardware' names 'no-such-device', which content/hardware.yml does not "
        "define (expected an id defined there)"]
    assert section(text, "Added") == ["- [`new-device`](<content/papers/new-device.md>) A Paper on a New Device",
                                      "  - added 2026-11-22", NOT_CHECKED]
    assert "### Listing pages that change" not in text


def test_a_changed_paper_with_an_unknown_id_leaves_its_listing_pages_alone(repo):
    """Where the paper would be is not known: it is not counted as gone from its pages."""
    path = repo / "content" / "papers" / "snapkv.md"
    path.write_text(path.read_text(encoding="utf-8").replace("\nadded:", "\ntopics: [no-such-topic]\nadded:"),
                    encoding="utf-8")
    text = diff(repo)[1]
    [error] = section(text, "Not checked: fix these first")
    assert error.startswith("- content/papers/snapkv.md:") and "'topics' names 'no-such-topic'" in error
    assert section(text, "Changed")[2:] == [NOT_CHECKED]  # after its arXiv link, authors and dates
    assert "### Listing pages that change" not in text


def test_a_broken_vocabulary_shows_its_errors_and_compares_no_pages(repo):
    """Every paper would seem gone from every page: the pages and device names are not compared."""
    hardware = repo / "content" / "hardware.yml"
    hardware.write_text(hardware.read_text(encoding="utf-8") + "hardware: [\n", encoding="utf-8")
    code, text, err = diff(repo)
    assert (code, err) == (0, "")
    assert text.splitlines()[2:5] == [
        "0 papers added, 0 changed, 0 removed.", "`content/hardware.yml` changed.",
        "A vocabulary has errors, so the listing pages and device-like names are not compared "
        "(see “Not checked: fix these first”)."]
    [error] = section(text, "Not checked: fix these first")
    assert error.startswith("- content/hardware.yml:") and ": not valid YAML" in error
    assert "### Listing pages that change" not in text and "### New device-like names" not in text


def test_a_vocabulary_broken_at_base_is_named_with_its_errors(repo):
    hardware = repo / "content" / "hardware.yml"
    good = hardware.read_text(encoding="utf-8")
    hardware.write_text(good + "hardware: [\n", encoding="utf-8")
    git(repo, "commit", "-q", "-am", "a broken vocabulary")
    git(repo, "tag", "broken")
    hardware.write_text(good, encoding="utf-8")
    text = diff(repo, "broken")[1]
    [error] = section(text, "Not checked: fix these first")
    assert error.startswith("- at `broken`: content/hardware.yml:") and "not valid YAML" in error
    assert "### Listing pages that change" not in text and "### New device-like names" not in text


HOSTILE = ('<img src=x onerror=alert(1)> [click](javascript:alert(1)) ![i](x) *b* _i_ `c` | ~~s~~ &amp; $x$ '
           'see www.evil.example/login https://evil.example/x ftp://evil.example a.b@evil.example '
           'mailto:a@evil.example xmpp:a@evil.example')
COMMENT = re.compile(r"<!--.*?-->")  # the empty comment md() puts before an email address's @


def test_a_hostile_title_is_shown_as_text(repo):
    cmarkgfm = pytest.importorskip("cmarkgfm", reason="GitHub's Markdown renderer, to render the summary as GitHub does")
    import yaml

    front = yaml.safe_dump({"title": HOSTILE}, allow_unicode=True, width=10_000)
    (repo / "content" / "papers" / "hostile.md").write_text(f"---\n{front}added: 2026-11-22\n---\nText.\n",
                                                            encoding="utf-8")
    text = diff(repo)[1]
    # As GitHub renders it: GFM with its autolinks, raw HTML passed on (its sanitizer drops comments).
    for options in (0, cmarkgfm.Options.CMARK_OPT_UNSAFE):
        html = cmarkgfm.github_flavored_markdown_to_html(text, options)
        item = next(line for line in html.splitlines() if "hostile" in line)
        # One link, the file's; everything of the title is text, its characters as written.
        assert item.count("<a ") == 1 and 'href="content/papers/hostile.md"' in item
        for tag in ("<img", "<em", "<strong", "<del", "<code>c", "<table"):
            assert tag not in item
        assert ("&lt;img src=x onerror=alert(1)&gt; [click](javascript:alert(1)) ![i](x) *b* _i_ `c` | ~~s~~ "
                "&amp;amp; $x$ see www.evil.example/login https://evil.example/x ftp://evil.example "
                "a.b@evil.example mailto:a@evil.example xmpp:a@evil.example") in COMMENT.sub("", item)


@pytest.mark.parametrize("text", ["<b>", "[a](b)", "a|b", "`x`", "**", "\\", "&lt;", "$1$"])
def test_md_and_code_keep_every_character_literal(text):
    cmarkgfm = pytest.importorskip("cmarkgfm", reason="GitHub's Markdown renderer")
    import html

    assert html.unescape(cmarkgfm.github_flavored_markdown_to_html(f"x {md(text)}")) == f"<p>x {text}</p>\n"
    assert html.unescape(cmarkgfm.github_flavored_markdown_to_html(f"x {code(text)}")) == f"<p>x <code>{text}</code></p>\n"


@pytest.mark.parametrize("text", ["www.evil.example/login", "https://evil.example/x", "HTTP://EVIL.EXAMPLE",
                                  "ftp://evil.example", "a.b-c_d+e@evil.example", "mailto:a@evil.example",
                                  "xmpp:a@evil.example/r", "(www.evil.example)", "*www.evil.example*"])
def test_md_makes_no_autolink_of_url_looking_text(text):
    cmarkgfm = pytest.importorskip("cmarkgfm", reason="GitHub's Markdown renderer")
    import html

    for options in (0, cmarkgfm.Options.CMARK_OPT_UNSAFE):
        shown = cmarkgfm.github_flavored_markdown_to_html(f"x {md(text)} y", options)
        assert "<a " not in shown
        assert html.unescape(COMMENT.sub("", shown)) == f"<p>x {text} y</p>\n"


def test_md_escapes_only_what_could_link():
    assert md("FlashInfer: 2.5× on an A100, e.g. 8 @ 1 GHz") == "FlashInfer: 2.5× on an A100, e.g. 8 @ 1 GHz"


@pytest.mark.parametrize("base", ["no-such-branch", "--output=/tmp/x", "", "base~5"])
def test_a_base_that_is_no_revision_is_a_clear_error(repo, base):
    code, out, err = diff(repo, base)
    assert (code, out) == (2, "")
    assert err.startswith(f"diff: '{base}' is not a git revision") and "(expected a branch, tag or commit" in err
    assert "Traceback" not in err and len(err.splitlines()) == 1


def test_content_outside_a_repository_is_a_clear_error(tmp_path):
    shutil.copytree(SMALL, tmp_path / "content")
    out, err = io.StringIO(), io.StringIO()
    assert run_diff("main", tmp_path / "content", out=out, err=err) == 2
    assert err.getvalue() == f"diff: {tmp_path / 'content'} is not in a git repository (expected the content folder of a clone)\n"


def test_the_diff_command_prints_the_summary_or_a_one_line_error(changed, capsys):
    """Needs `diff` wired into cli.py (`review.run_diff`)."""
    from generator import cli

    content = str(changed / "content")
    assert cli.main(["--content", content, "diff", "base"]) == 0
    assert capsys.readouterr().out == diff(changed)[1]
    assert cli.main(["--content", content, "diff", "origin/nowhere"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("diff: 'origin/nowhere' is not a git revision of ")


def test_ci_appends_the_summary_to_the_job_summary_of_a_pull_request():
    import yaml

    ci = yaml.safe_load((Path(__file__).resolve().parent.parent / ".github" / "workflows" / "ci.yml").read_text())
    steps = ci["jobs"]["check-test-build"]["steps"]
    [step] = [s for s in steps if "generator diff" in s.get("run", "")]
    [fetch] = [s for s in steps if s.get("id") == "base"]
    # Against the pull request's base commit, fetched, not against the base branch's tip.
    base = "${{ github.event.pull_request.base.sha }}"
    assert fetch["env"]["BASE_SHA"] == step["env"]["BASE_SHA"] == base
    assert fetch["if"] == "github.event_name == 'pull_request'"
    assert fetch["run"] == 'git fetch --no-tags --depth=1 origin "$BASE_SHA"'
    assert 'python -m generator diff "$BASE_SHA"' in step["run"] and '>> "$GITHUB_STEP_SUMMARY"' in step["run"]
    # Branch names and shas reach the scripts through the environment, never pasted into them.
    assert not any("${{" in s.get("run", "") for s in steps)


def test_ci_summary_runs_after_the_check_even_when_it_fails_and_cannot_fail_the_job():
    import yaml

    ci = yaml.safe_load((Path(__file__).resolve().parent.parent / ".github" / "workflows" / "ci.yml").read_text())
    steps = ci["jobs"]["check-test-build"]["steps"]
    names = [s.get("name") for s in steps]
    check, summary = names.index("Check content"), names.index("Summarize the pull request (job summary)")
    assert names.index("Fetch the pull request's base commit") < check < summary
    step = steps[summary]
    assert step["continue-on-error"] is True
    assert step["if"] == ("${{ !cancelled() && github.event_name == 'pull_request' "
                          "&& steps.base.outcome == 'success' }}")


# A pull request that adds a device and a topic to the vocabularies and a paper measured on the
# device: the reviewer reads who wrote it and where, what the site derives, and what to look at.
NEW_DEVICE_PAPER = """---
title: 'Serving *Fast* on the H200'
arxiv: '2502.01234'
authors: [Ann Lee, Bo Chen, Cy Diaz, Di Wu, Ed Fox, Fa Gu, Gi Ho]
venue: MLSys 2025
published: 2025-02-03
topics: [offloading]
added: 2026-11-22
---
We evaluate serving on an NVIDIA H200. It achieves 1.9x higher throughput than vLLM, and its KV cache
quantization saves 30% memory overall. Across an A100 and an H200, batching cuts latency by 25%.
"""


def test_a_new_paper_stands_alone_and_the_vocabulary_nodes_it_needs_are_named(repo):
    content = repo / "content"
    hardware = content / "hardware.yml"
    hardware.write_text(hardware.read_text(encoding="utf-8").replace(
        "      - id: ada-lovelace",
        "      - id: hopper\n        name: Hopper\n        aliases: [Hopper]\n        devices:\n"
        "          - id: h200\n            name: NVIDIA H200\n            kind: datacenter-gpu\n"
        "            aliases: [H200]\n      - id: ada-lovelace", 1), encoding="utf-8")
    topics = content / "topics.yml"
    topics.write_text(topics.read_text(encoding="utf-8") + "  - id: serving\n    name: LLM serving\n"
                      "    description: Serving models to many users.\n    match: ['serving']\n", encoding="utf-8")
    (content / "papers" / "serving-h200.md").write_text(NEW_DEVICE_PAPER, encoding="utf-8")
    code, text, err = diff(repo)
    assert (code, err) == (0, ""), text
    entry = section(text, "Added")
    assert entry[0] == r"- [`serving-h200`](<content/papers/serving-h200.md>) Serving \*Fast\* on the H200"
    assert entry[1] == ("  - [arXiv 2502.01234](<https://arxiv.org/abs/2502.01234>) · Ann Lee, Bo Chen, Cy Diaz, "
                        "Di Wu, Ed Fox, Fa Gu and 1 more · MLSys 2025 · published 2025-02-03 · added 2026-11-22")
    assert any(line.startswith("  - measured on: ") and "NVIDIA H200 (`h200`)" in line for line in entry), entry
    # (The latency across two devices, and the memory a method saves, which it saves on any device.)
    assert any(line.startswith("  - ⚠ 2 results credited to no device") for line in entry), entry
    assert any(line.startswith("  - ⚠ topics detected that the file does not list: KV cache, LLM serving")
               for line in entry), entry
    assert section(text, "Hardware and topics added to the vocabularies") == [
        "- hardware NVIDIA H200 (`h200`), device under Hopper: page `hardware/h200/` with 1 paper",
        "- hardware Hopper (`hopper`), architecture under NVIDIA: page `hardware/hopper/` with 1 paper",
        "- topic LLM serving (`serving`): page `topics/serving/` with 1 paper",
    ]
