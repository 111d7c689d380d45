"""Device cards and one way to name hardware (issue 30).

A device's facts in hardware.yml (`specs:`: form, memory, bandwidth, dense throughput, power,
the vendor's page) are checked figure by figure, each problem at its line; a device page
opens with them. A server is a system: it holds devices, linked from its card, and the
overview files it among its vendor's systems. Every table names hardware one way: the node's
label (its short name, the vendor's name only where two vendors could be meant), linked to its
page; a paper's hardware cell shows its devices, not their architectures and vendors too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content.check import read_content
from generator.content.model import ContentError, Paper
from generator.content.vocabularies import load_hardware
from generator.derive.facts import derive_site
from support import LIVE_CONTENT, SEED_CONTENT, page_texts

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "site_templates"
SEED = read_content(SEED_CONTENT)

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "taxonomy"
# A GPU with its facts, a server holding sixteen of them, and a second vendor's device without facts.
HARDWARE = (FIXTURES / "server_holding_gpus.yml").read_text(encoding="utf-8")


def broken(old: str, new: str) -> list[str]:
    """The problems of HARDWARE with `old` (a whole line's value) replaced by `new`."""
    assert old in HARDWARE
    with pytest.raises(ContentError) as error:
        load_hardware(HARDWARE.replace(old, new, 1), "content/hardware.yml")
    return [str(p) for p in error.value.problems]


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


# ---------------------------------------------------------------------------- facts, checked


@pytest.mark.parametrize(("old", "new", "message"), [
    ("memory_bandwidth: 900 GB/s", "memory_bandwidth: 900 GBs",
     "'memory_bandwidth' of device 'v100' has the unit 'GBs' (expected a number and one of: GB/s, TB/s, "
     "e.g. memory_bandwidth: 2039 GB/s); did you mean 'GB/s'?"),
    ("fp16_dense: 125 TFLOPS", "fp16_dense: 125 TFLOPs",
     "'fp16_dense' of device 'v100' has the unit 'TFLOPs' (expected a number and one of: GFLOPS, TFLOPS, PFLOPS, "
     "e.g. fp16_dense: 312 TFLOPS); did you mean 'TFLOPS'?"),
    ("tdp: 300 W", "tdp: 300 Watts",
     "'tdp' of device 'v100' has the unit 'Watts' (expected a number and one of: W, kW, e.g. tdp: 400 W)"),
    ("memory: 32 GB HBM2", "memory: 32 GiB HBM2",
     "'memory' of device 'v100' has the unit 'GiB' (expected a size in MB, GB or TB and the memory type, "
     "e.g. memory: 80 GB HBM2e); did you mean 'GB'?"),
])
def test_a_figure_with_a_typo_d_unit_is_an_error_at_its_line(old, new, message):
    line = line_of(HARDWARE, old)
    assert f"content/hardware.yml:{line}: {message}" in broken(old, new)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("tdp: 300 W", "tdp: 300", "'tdp' of device 'v100' has no unit: 300 (int) (expected a number and one of: W, kW, "
                               "e.g. tdp: 400 W)"),
    ("fp16_dense: 125 TFLOPS", "fp16_dense: about 125 TFLOPS",
     "'fp16_dense' of device 'v100' is not a figure: 'about 125 TFLOPS' (str)"),
    ("fp16_dense: 125 TFLOPS", "fp16_dense: 1,250 TFLOPS", "'fp16_dense' of device 'v100' is not a figure"),
    ("memory_bandwidth: 900 GB/s", "memory_bandwidth: 0 GB/s", "'memory_bandwidth' of device 'v100' is zero"),
])
def test_a_figure_that_is_no_number_is_an_error_at_its_line(old, new, message):
    line = line_of(HARDWARE, old)
    assert any(p.startswith(f"content/hardware.yml:{line}: {message}") for p in broken(old, new))


def test_a_memory_type_is_one_the_file_knows():
    line = line_of(HARDWARE, "memory: 32 GB HBM2")
    assert any(p.startswith(f"content/hardware.yml:{line}: 'memory' of device 'v100' has the memory type 'HMB2' "
                            "(expected one of: HBM, HBM2, ")
               and p.endswith("did you mean 'HBM2'?") for p in broken("memory: 32 GB HBM2", "memory: 32 GB HMB2"))


def test_a_form_is_one_of_the_forms():
    line = line_of(HARDWARE, "form: gpu")
    assert (f"content/hardware.yml:{line}: 'form' of device 'v100' is 'GPUs' (str) (expected one of: gpu, "
            "accelerator-card, board, soc, chip, server); did you mean 'gpu'?" in broken("form: gpu", "form: GPUs"))


def test_figures_come_with_the_vendor_s_page_they_are_from():
    source = "              source: https://www.nvidia.com/en-us/data-center/v100/\n"
    problems = broken(source, "")
    # Said where the specs start.
    assert any(p.startswith(f"content/hardware.yml:{line_of(HARDWARE, 'form: gpu')}: the specs of device "
                            "'v100' give figures but no 'source'") for p in problems)
    problems = broken("source: https://www.nvidia.com/en-us/data-center/v100/", "source: nvidia.com/v100")
    assert any(p.startswith(f"content/hardware.yml:{line_of(HARDWARE, 'data-center/v100/')}: 'source' of device "
                            "'v100' is 'nvidia.com/v100' (str) (expected an http(s) URL") for p in problems)


def test_an_unknown_key_in_the_specs_is_an_error_at_its_line():
    line = line_of(HARDWARE, "tdp: 300 W")
    assert any(p.startswith(f"content/hardware.yml:{line}: unknown key 'power' in the specs of device 'v100' "
                            "(expected one of: form, variant, holds, memory,")
               for p in broken("tdp: 300 W", "power: 300 W"))


# ---------------------------------------------------------------------------- servers


def test_a_server_holds_devices_of_the_file():
    hardware = load_hardware(HARDWARE, "content/hardware.yml")
    assert hardware.nodes["dgx-2"].specs.holds == (("v100", 16),)
    assert hardware.is_system("dgx-2") and not hardware.is_system("v100")
    assert [n.id for n in hardware.held_by("v100")] == ["dgx-2"]


@pytest.mark.parametrize(("old", "new", "message"), [
    ("holds: [v100 x16]", "holds: [v1000 x16]",
     "'holds' of device 'dgx-2' names 'v1000', which is no device (expected a device id of this file); "
     "did you mean 'v100'?"),
    ("holds: [v100 x16]", "holds: [dgx-2]",
     "'holds' of device 'dgx-2' names the server 'dgx-2' (expected the devices inside it, not another server)"),
    ("holds: [v100 x16]", "holds: [V100 times 16]",
     "'holds' of device 'dgx-2' has 'V100 times 16' (expected a device id and how many, e.g. holds: [v100 x16])"),
    ("holds: [v100 x16]", "holds: []",
     "device 'dgx-2' is a server with no 'holds' (expected the devices it holds, e.g. holds: [v100 x16])"),
    ("form: gpu", "form: gpu\n              holds: [dgx-2]",
     "'holds' of device 'v100' lists the devices of a server (expected form: server with it, or no 'holds')"),
])
def test_what_a_server_holds_is_checked_at_its_line(old, new, message):
    changed = HARDWARE.replace(old, new, 1)
    line = line_of(changed, new.splitlines()[-1].strip())
    assert f"content/hardware.yml:{line}: {message}" in broken(old, new)


@pytest.fixture(scope="module")
def server_site():
    papers = [Paper(slug="on-dgx", title="Training on a DGX-2", abstract="We train on a DGX-2 with NVIDIA V100 GPUs."),
              Paper(slug="on-v100", title="A Kernel", abstract="We run it on a V100 and on Intel Gaudi-2."),
              Paper(slug="on-intel", title="Intel Inference", abstract="We study inference on Intel Gaudi-2.")]
    site = derive_site(papers, load_hardware(HARDWARE, "content/hardware.yml"), SEED.topics)
    return site, page_texts(site, TEMPLATES)


def card(page: str) -> str:
    found = re.search(r'<dl class="device-card"[^>]*>\n(.*?)\n</dl>', page, re.S)
    assert found, "no card"
    return found.group(1)


def test_a_device_page_opens_with_its_card(server_site):
    _, pages = server_site
    page = pages["hardware/v100.md"]
    assert page.index('<dl class="device-card"') < page.index('class="page-summary"') < page.index("## Papers")
    rows = re.findall(r"<div><dt>(.*?)</dt><dd>(.*?)</dd></div>", card(page))
    assert rows == [("Form", "GPU"), ("Released", "2017"), ("Figures for", "Tesla V100 SXM2 32GB"),
                    ("Memory", "32 GB HBM2"), ("Memory bandwidth", "900 GB/s"), ("FP16/BF16, dense", "125 TFLOPS"),
                    ("Max power (TDP)", "300 W"), ("Inside", '<a href="../dgx-2/">DGX-2</a>'),
                    ("Source", '<a href="https://www.nvidia.com/en-us/data-center/v100/">nvidia.com</a>')]
    assert "Dense: the vendor's peak throughput without sparsity." in page


def test_a_server_s_card_links_the_devices_it_holds(server_site):
    _, pages = server_site
    rows = dict(re.findall(r"<div><dt>(.*?)</dt><dd>(.*?)</dd></div>", card(pages["hardware/dgx-2.md"])))
    assert rows["Form"] == "Server" and rows["Holds"] == '16 × <a href="../v100/">V100</a>'


def test_a_device_without_facts_has_no_card(server_site):
    _, pages = server_site
    assert "device-card" not in pages["hardware/gaudi-2.md"]
    assert "device-card" not in pages["hardware/volta.md"]


def test_a_server_is_a_system_in_the_overview_not_a_device_of_its_architecture(server_site):
    _, pages = server_site
    overview = pages["hardware/index.md"]
    volta = overview.split('<li><a href="volta/">Volta</a>', 1)[1].split("</li>\n</ul>\n</li>", 1)[0]
    assert "dgx-2" not in volta and '<a href="v100/">V100</a>' in volta
    assert '<li>Systems\n<ul>\n<li><a href="dgx-2/">DGX-2</a> (1)</li>' in overview
    assert "Devices: " in pages["hardware/volta.md"] and "Systems: <a href=\"../dgx-2/\">DGX-2</a> (1)." in pages[
        "hardware/volta.md"]


def test_text_in_a_card_is_escaped_once(tmp_path):
    hardware = load_hardware(HARDWARE.replace("variant: Tesla V100 SXM2 32GB", "variant: '<b>SXM2</b> & PCIe'"),
                             "content/hardware.yml")
    site = derive_site([Paper(slug="p", title="T", abstract="We run it on a V100.")], hardware, SEED.topics)
    rows = card(page_texts(site, TEMPLATES)["hardware/v100.md"])
    assert "<dd>&lt;b&gt;SXM2&lt;/b&gt; &amp; PCIe</dd>" in rows


# ---------------------------------------------------------------------------- one way to name hardware


def test_a_paper_s_hardware_cell_shows_its_devices_as_links(server_site):
    site, pages = server_site
    # The paper names NVIDIA, the V100, Intel and the Gaudi 2: the cell shows the two devices.
    assert set(site.facts["on-v100"].hardware) >= {"v100", "intel", "gaudi-2"}
    row = next(r for r in pages["papers/index.md"].split("<tr>") if 'href="on-v100/"' in r)
    cell = re.search(r'<td data-label="Hardware">(.*?)</td>', row).group(1)
    assert cell == '<a href="../hardware/v100/">V100</a>, <a href="../hardware/gaudi-2/">Gaudi 2</a>'
    # On a vendor's page, its own devices; the same label, the same link.
    row = next(r for r in pages["hardware/intel.md"].split("<tr>") if "papers/on-v100/" in r)
    assert '<td data-label="Hardware"><a href="../gaudi-2/">Gaudi 2</a></td>' in row


def test_every_hardware_cell_of_the_seed_list_is_links_by_label():
    site = derive_site(SEED.papers, SEED.hardware, SEED.topics)
    pages = page_texts(site, TEMPLATES)
    labels = {site.hardware.label(i) for i in site.hardware.nodes}
    cells = [cell for text in pages.values() for cell in re.findall(
        r'<td data-label="(?:Hardware|Device)">(.*?)</td>', text)]
    assert cells
    for cell in filter(None, cells):
        names = re.findall(r'<a href="[^"]*">([^<]*)</a>', cell)
        assert re.sub(r'<a href="[^"]*">[^<]*</a>', "", cell).strip(", ") == "", cell  # nothing but links
        assert set(names) <= labels, cell
    # "NVIDIA, NVIDIA A100, Intel, Gaudi, Intel Gaudi 2" is now its two devices.
    row = next(r for r in pages["papers/index.md"].split("<tr>") if "Gaudi" in r and "a100/" in r)
    assert re.search(r'<td data-label="Hardware">(.*?)</td>', row).group(1) == (
        '<a href="../hardware/a100/">A100</a>, <a href="../hardware/gaudi-2/">Gaudi 2</a>')


# Two vendors, each with a device whose short name is X1.
VENDORS_ALIKE = (FIXTURES / "two_vendors_alike.yml").read_text(encoding="utf-8")


def test_a_label_names_the_vendor_only_where_two_vendors_could_be_meant():
    hardware = load_hardware(VENDORS_ALIKE, "content/hardware.yml")
    assert hardware.label("acme-x1") == "Acme X1" and hardware.label("other-x1") == "Other X1"
    assert hardware.label("acme-z9") == "Z9" and hardware.label("acme") == "Acme"
    seed = SEED.hardware
    assert [seed.label(i) for i in ("a100", "v100", "rtx-4090", "max-1550", "jetson")] == [
        "A100", "V100", "RTX 4090", "Max 1550", "Jetson"]


def test_the_overview_has_no_empty_section_and_each_node_once():
    site = derive_site(SEED.papers, SEED.hardware, SEED.topics)
    overview = page_texts(site, TEMPLATES)["hardware/index.md"]
    sections = re.split(r"^## ", overview, flags=re.M)[1:]
    assert sections
    for section in sections:
        body = section.split("\n", 1)[1].strip()
        assert body and "<ul>\n</ul>" not in body, section
    links = re.findall(r'<a href="([^"]*)">', overview)
    assert len(links) == len(set(links)), sorted(link for link in links if links.count(link) > 1)
    assert links.count("jetson-agx-orin/") == 1
    arm = next(s for s in sections if s.startswith("[Arm]"))
    assert "names Arm, but none of its architectures or devices." in arm


def test_every_device_page_of_the_list_opens_with_a_card_whose_figures_have_a_source():
    content = read_content(LIVE_CONTENT)
    site = derive_site(content.papers, content.hardware, content.topics)
    devices = [n for n in content.hardware.nodes.values() if n.kind == "device" and site.node_papers.get(n.id)]
    assert devices
    for node in devices:
        assert node.specs is not None and node.specs.form, f"{node.id}: no specs with its form"
        assert not node.specs.figures or node.specs.source, node.id
