"""The hardware a title and an abstract name, each at its place in its own text, read as a
reader would: not a vendor's name that only says who made some software ("NVIDIA TensorRT"),
not hardware only as a likeness ("a TPU-like accelerator"), not a spelling another vendor
shares unless the paper names that vendor; with the names a paper goes on to use for a device
it named in full (`short_names.py`, `described_again.py`, `model_numbers.py`,
`defined_names.py`) and without its own software's names (`software_names.py`)."""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention, name_key
from ..content.phrases import MARKS
from .defined_names import with_defined_names
from .described_again import described_again, hosts_again
from .hardware_words import PROCESSOR_CLASS
from .model_numbers import with_model_numbers
from .short_names import with_short_names
from .software_names import software_names, without_software

# Hardware named as a likeness: "TPUv6e-like", "H100-class" ("A100-based" is built on it).
_LIKENESS = re.compile(r"[\w.]*-(?:like|style|class|inspired)\b", re.I)
# A vendor's name joined to another name ("AMD-Hummingbird", a model; "Cambricon-LLM") or before a product that
# is no hardware ("NVIDIA TensorRT", "AMD ROCm", "Intel OpenVINO", "NVIDIA® TensorRT™"): who made it, not hardware.
_NAME_AFTER = re.compile(rf"-[A-Z]|(?:{MARKS.pattern})?\s(?!(?:{PROCESSOR_CLASS}|Tensor|Data|Cloud|Edge|Instinct|Gaudi|GeForce|Radeon)s?\b)"
                         r"(?=[A-Z][A-Za-z]*(?:[a-z][A-Z]|[A-Z]{2}[a-z]))[A-Za-z]+\b")


def vendor_of(hardware: Hardware, node_id: str) -> str:
    """The id of the vendor that makes the hardware `node_id`."""
    return hardware.path(node_id)[0].id


def with_vendor_context(hardware: Hardware, *texts: list[Mention]) -> list[list[Mention]]:
    """Each of `texts`' mentions (a title's, an abstract's) without those by a `shared_aliases`
    spelling (one another vendor uses for its own thing: Graphcore's and Intel's "IPU") unless
    the texts also name that vendor or its hardware by a spelling of its own."""
    def shared(m: Mention) -> bool:
        return name_key(m.text) in hardware.nodes[m.id].shared

    backed = {vendor_of(hardware, m.id) for mentions in texts for m in mentions if not shared(m)}
    return [[m for m in mentions if not shared(m) or vendor_of(hardware, m.id) in backed] for mentions in texts]


def names_not_hardware(text: str, mentions: list[Mention], hardware: Hardware) -> list[Mention]:
    """`mentions` without a vendor's name joined to another name ("AMD-Hummingbird") or naming
    a product of its own that is no hardware ("NVIDIA TensorRT"), and without hardware that is
    only a likeness ("TPUv6e-like hardware", "a TPU-like accelerator")."""
    starts = {m.start for m in mentions}
    return [m for m in mentions if not (hardware.nodes[m.id].kind == "vendor" and _NAME_AFTER.match(text, m.end)
                                        and not any(m.end < start <= m.end + 5 for start in starts))  # "Groq® GroqChip™"
            and not _LIKENESS.match(text, m.end)]


def one_name_each(hardware: Hardware, text: str) -> list[Mention]:
    """The hardware `text` names, two names of one device side by side read as one: "Grace Hopper
    GH200" (not a maker's name and its line's, which are read apart: "Intel Xeon Scalable")."""
    found: list[Mention] = []
    for m in hardware.detect(text):
        if found and found[-1].id == m.id and text[found[-1].end:m.start].isspace() and hardware.nodes[m.id].kind != "vendor":
            m = Mention(m.id, found[-1].start, m.end, text[found.pop().start:m.end])
        found.append(m)
    return found


def paper_mentions(hardware: Hardware, title: str, abstract: str) -> tuple[list[Mention], list[Mention]]:
    """The hardware a title and an abstract name, (title's, abstract's), each at its place in its
    own text, two names of one device side by side as one (`one_name_each`): without a vendor's name
    joined to another name, and without a spelling two vendors
    share unless the paper names its vendor too; with a device named again by the last word of its
    name ("... Jetson AGX Orin ... on Orin", `short_names.py`) or by the word that introduced it ("a
    discrete ... GTX 1650 GPU ... the discrete GPU", `described_again.py`); a GeForce card by its number
    alone ("a single 4090 GPU", `model_numbers.py`); without a name the paper defines as its own software
    (`software_names.py`)."""
    software = software_names((title, abstract))  # "We present L4, a runtime system": not NVIDIA's L4
    in_title, in_abstract = with_vendor_context(
        hardware, without_software(title, names_not_hardware(title, one_name_each(hardware, title), hardware), software),
        without_software(abstract, names_not_hardware(abstract, one_name_each(hardware, abstract), hardware), software))
    in_title = with_model_numbers(hardware, title, in_title)
    in_abstract = with_model_numbers(hardware, abstract, in_abstract)
    named = with_defined_names(hardware, abstract, with_short_names(hardware, in_title, abstract, in_abstract))
    return in_title, hosts_again(hardware, abstract, described_again(hardware, abstract, named))
