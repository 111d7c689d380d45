"""Headline results read from an abstract: "3.6× speedup over cuBLAS on an A100".

`extract_results` reads the abstract's sentences in turn (`sentence_results.py` finds each
sentence's results) and credits a result its sentence leaves without a device from the text
around it: an opening "On the A100, ..." that frames the sentences after it, "It" or "The chip"
referring back to the hardware the sentence before was about, the last sentence that named
hardware, and the one device the paper was measured on. It is plain regular expressions: it
misses some results and reads some wrongly, which is why curators can list a paper's results
in its front matter (`results:`), replacing the extracted ones.
"""

from __future__ import annotations

import re

from .claims import Claim
from ..content.model import Paper
from ..content.hardware import Hardware, Mention
from .candidates import parse_number
from .carried_devices import (earlier_list_count, frame_of, listed_devices, paper_device, refers_back, refined_device,
                              subject_device)
from .hardware_lists import most_specific
from .result_devices import outside_examples
from .unknown_hardware import ELSEWHERE, credit, names_other_hardware, only_settings
from .baseline_hardware import AGAINST_NAMED, against_on
from .connectives import LINKING_PHRASE
from .hardware_words import HARDWARE_NOUN, PROCESSOR_CLASS
from .measured import measured_in_abstract, measured_in_sentence, vendors_of
from .paper_mentions import paper_mentions
from .own_silicon import about_own_silicon, own_silicon
from .result import Result
from .result_owners import designs_own, footprint, models_own, on_other_class
from .sentence_results import resolved, sentence_results
from .sentences import sentence_spans
from .software_names import opens_with_own

def extract_results(paper: Paper, hardware: Hardware | None = None,
                    mentions: tuple[list[Mention], list[Mention]] | None = None,
                    abstract_spans: list[tuple[int, int]] | None = None,
                    measured_on: list[str] | None = None) -> list[Result]:
    """The headline results of `paper`'s abstract, in text order.

    `mentions` are `paper_mentions.paper_mentions(hardware, paper.title, paper.abstract)`,
    `abstract_spans` `sentence_spans(paper.abstract)` and `measured_on` the ids the paper was
    measured on (`measured.measured_in_abstract` and the title's), when the caller has them.
    A result whose sentence names no hardware is credited to the paper's one device, when
    the paper names exactly one ("We evaluate on an A100. ... it is 2x faster").
    """
    found: list[Result] = []
    if hardware is not None and mentions is None:
        mentions = paper_mentions(hardware, paper.title, paper.abstract)
    title_mentions, abstract_mentions = mentions or ((), ())
    text = paper.abstract
    spans = sentence_spans(text) if abstract_spans is None else abstract_spans
    sentences = [(start, text[start:end]) for start, end in spans if text[start:end].strip()]
    paper_vendors = vendors_of(hardware, title_mentions)
    if hardware is not None and measured_on is None:
        measured_on = [m.id for m in [*title_mentions, *measured_in_abstract(
            text, list(abstract_mentions), spans, hardware, paper.title, list(title_mentions))]]
    # Chips of no id the paper presents as its own: a result they are the subject of ran there.
    own_chips = own_silicon(hardware, (paper.title, text), [*title_mentions, *abstract_mentions])
    platform: list[str] = []  # where sentences that state no result say the paper was measured
    # Such a sentence, or the title, names a second platform of no id: "and multi-GPU clusters",
    # "Scaling Deep Learning on GPU and Knights Landing clusters".
    several = bool(title_mentions) and _names_unnamed_platform(paper.title, list(title_mentions))
    designs = _DESIGNS.search(text) is not None  # a paper that designs hardware of its own
    frame: str | None = None  # the device an opening "On X, ..." set
    subject: str | None = None  # the device the sentence before was about ("The H100 achieves ...")
    # Each sentence's results, whether it names hardware, the ids it names (but its baselines'), the
    # device carried to it from the last sentence that named hardware, whether it is unmeasured
    # (a simulation, the field's past), the hardware that is itself one of its baselines, and its text and mentions.
    placed: list[tuple[list[Result], bool, set[str], str | None, bool, set[str], tuple[str, list[Mention]]]] = []
    before: set[str] = set()  # the devices of the sentence before's results
    carried: str | None = None  # the one device the last sentence that named hardware ran on
    hardware_list: list[str] = []  # the devices of the last sentence that named several, in order
    singles: list[str] = []  # the devices of the sentences that named one, in order
    for offset, written in sentences:
        mentions = [
            Mention(m.id, m.start - offset, m.end - offset, m.text)
            for m in abstract_mentions if offset <= m.start and m.end <= offset + len(written)
        ]
        opening = frame_of(hardware, written, mentions) if mentions else None
        # ("On Volta GPUs, ..." in a paper measured on the V100: the V100, here and in the sentences it frames.)
        opening = refined_device(hardware, opening, measured_on or [], written, mentions) or opening
        if opening is None and carried and _BACK_FRAME.match(written):
            opening = carried  # "On this device, ...": the one the last sentence that named hardware ran on
        results = sentence_results(written, mentions, hardware, paper_vendors, measured_on or [], opening, designs)
        if opening and hardware is not None:
            results = against_on(hardware, written, mentions, results, opening)
        # Hardware a result is only compared against ("2.1x higher than on the A100") does not
        # say where the sentence's results were measured, nor does its vendor ("the Graphcore IPU").
        compared = {i for r in results if r.baseline_device and hardware is not None
                    for i in hardware.lineage(r.baseline_device)}
        # (Nor, where every result has a baseline, the hardware named in the comparisons: "68.80× and 8.90×
        # speedup over Intel Xeon 4210R CPU and NVIDIA RTX 3090 GPU, respectively".)
        if results and all(r.baseline for r in results):
            compared |= {m.id for m in mentions if AGAINST_NAMED.search(written, max(0, m.start - 60), m.start)}
        names_hardware = any(m.id not in compared for m in mentions) or names_other_hardware(written, mentions)
        # What a simulation or a projection says ("In a simulated future system, X is 3x faster", "It
        # would be 3x faster with FP4") takes no device from the sentences before it.
        # Nor does what the field has done, which a sentence opens by placing in time ("Currently, 4-bit
        # quantization has achieved ..., reducing the memory footprint by 75%").
        # (Not in a closing clause on what the results imply: ", underscoring the potential for future systems".)
        implies = _IMPLICATION.search(written)
        hypothetical = list(_HYPOTHETICAL.finditer(written))
        workloads = [w.span("what") for w in _SIMULATION_WORKLOAD.finditer(written)] if hypothetical else []
        unmeasured = any(not _SIMULATION_RUN.match(written, h.start()) and not (implies and h.start() > implies.start())
                         and not any(a <= h.start() < b for a, b in workloads)
                         for h in hypothetical) or _FIELD_TIME.match(written) is not None
        if names_hardware:
            frame = opening
            subject = subject_device(hardware, written, mentions)
        elif subject and refers_back(written) and not unmeasured:  # "The H100 achieves ... . It also delivers ..."
            results = _placed(results, subject, hardware)
        else:
            subject = None
        if not names_hardware and len(before) == 1 and _THIS_RESULT.match(written) and not unmeasured:
            # "... 29.08 tokens/s on a single RTX 4090. This outperforms llama.cpp by up to 11.69x"
            results = _placed(results, next(iter(before)), hardware)
        # (Or "the two platforms" after two sentences that named one each: "On the Ascend 910B, ... On AWS Trainium, ...".)
        if not mentions and (count := earlier_list_count(written, hardware_list)) and len(listed := hardware_list if len(
                hardware_list) == count else singles[-count:] if earlier_list_count(written, []) == count else []) == count \
                and _in_lists_of(unplaced := [at for at, r in enumerate(results) if r.device is None and not models_own(r)],
                                 results, count):
            # "We evaluate on NVIDIA V100 and A100 GPUs. ... 1.29x-3.24x and 1.10x-3.03x on the two GPUs, respectively."
            # "We deploy on an STM32F746 and an STM32F411. ... latencies of 31 ms and 115 ms, and energy of 7.9 mJ and
            # 29.1 mJ per inference, respectively": each list of as many numbers, in turn.
            results = list(results)
            for place, at in enumerate(unplaced):
                results[at] = results[at]._replace(device=listed[place % count])
        before = {r.device for r in results if r.device}
        stated: list[Mention] = []  # where a sentence that states no result says the paper ran
        budget = _BUDGET.match(written)  # "For example, with a single A100, ...": an example's, this sentence's only
        if not results and mentions and not _CONTRAST.search(written) and not (designs and _STUDIED.search(written)) \
                and (_OWN_SETTING.search(written) or opens_with_own(written, paper.title, text)):
            # Not a maker's name before a product the vocabulary does not know ("implemented on a
            # Xilinx XC7Z045 FPGA"): the paper ran there, on none of ours.
            stated = [m for m in outside_examples(written, measured_in_sentence(written, mentions, (), hardware,
                                                                                paper_vendors))
                      if hardware is None or credit(hardware, written, m, mentions) != ELSEWHERE]
            platform += [m.id for m in stated]
            # "We use both Intel KNL clusters and multi-GPU clusters as our target platforms": a second
            # platform the vocabulary has no name for; the paper is about no one device.
            several = several or (bool(stated) and _names_unnamed_platform(written, mentions))
        elif opening and not _CONTRAST.search(written) and not budget:
            # "When training a 530B model on 2240 NVIDIA A100 GPUs, we achieve ...": an opening
            # that sets where the paper's results were measured (not a budget an example is held
            # to: "For example, with a single A100 80GB GPU, MeZO can train a 30B model").
            platform.append(opening)
        if names_hardware and len(listed := listed_devices(hardware, [m for m in mentions if m.id not in compared])) > 1:
            hardware_list = listed
        singles += listed if names_hardware and len(listed) == 1 and listed[0] not in singles[-1:] else []
        if names_hardware:
            # The one device the last sentence that named hardware measured on: what the
            # sentences after it that name none go on to say was measured there ("... 3 million
            # tokens on a single L40s. Our framework achieves an 18.95x speedup ...").
            ran = set(before) if results else {m.id for m in most_specific(hardware, stated)}
            # (Not an example's budget, "For example, with a single A100 80GB GPU, ...", nor others' work, "Previous works ...".)
            # (Nor a sentence whose results ran on more than it: "... on an A100 and 17% ... on different GPUs".)
            carried = ran.pop() if len(ran) == 1 and ELSEWHERE not in ran and not budget and not _EXAMPLE.match(written) \
                and not _SEVERAL_PLATFORMS.search(written) \
                and not any(r.baseline_device and r.baseline_device != r.device for r in results) else None
        if frame and not (unmeasured and not names_hardware):
            results = _placed(results, frame, hardware)
        # An example's budget frames its own sentence only, as does an opening whose sentence's results ran elsewhere
        # too: "On an RTX 3090, it reaches 690 tokens/s, and on an RTX 4060 Ti it reaches 310 tokens/s."
        if names_hardware and (budget or {r.device for r in results if r.device} - {frame, None, ELSEWHERE}):
            frame = None
        # The hardware that is itself a result's baseline ("over the Edge TPU"; not "than NVIDIA's H100 cuBLAS").
        against = {r.baseline_device for r in results if r.baseline_device and r.baseline and hardware is not None
                   and _is_hardware_itself(hardware, r.baseline)}
        placed.append((results, names_hardware, {m.id for m in mentions if m.id not in compared}, carried, unmeasured,
                       against, (written, mentions)))
    # A result whose sentence names no hardware is the paper's, in a paper about one device.
    only_device = None if several else paper_device(hardware, measured_on or [], [m.id for m in title_mentions],
                                                    platform, [m.id for m in abstract_mentions])
    named_before = False  # whether the sentence before named hardware
    for results, names_hardware, named, carried, unmeasured, against, (written, mentions) in placed:
        # A sentence that names no hardware, or only the paper's own device ("Each TPU v4
        # includes SparseCores that accelerate ... by 5x-7x" in a paper about the TPU v4).
        own = only_device is not None and hardware is not None and named <= hardware.lineage(only_device)
        # The device carried from the sentence before, where it is the paper's own or one of it
        # ("an M2 Ultra" in a paper on Apple silicon), else the paper's.
        nearest = carried if carried and not names_hardware and (
            only_device is None or (hardware is not None and only_device in hardware.lineage(carried))) else only_device
        # Never the hardware the sentence compares against: "Mensa improves ... by 3.0x over the
        # Edge TPU" in a paper that characterized the Edge TPU.
        # A sentence that names only what ran ("On CIFAR-10, ...") or the paper's device by its class
        # ("on 2 GPUs"): the paper's device, not the one carried from the sentence before.
        settled = names_hardware and not named and only_device is not None and hardware is not None \
            and (carried is None or only_device in hardware.lineage(carried)) \
            and only_settings(hardware, written, mentions, only_device)
        if nearest and not _is_one_of(hardware, nearest, against) and (not names_hardware or (named and own) or settled) \
                and not unmeasured and not _SEVERAL_PLATFORMS.search(written):
            # (Not a cut of a memory footprint, which a method makes on any device, nor a footprint in a
            # paper not about a device its title names: only its own sentence says where one was measured,
            # or the sentence before it, where this one goes on about it: "X speeds up decoding by 2.1x on
            # an A100. It also reduces memory by 40%".)
            goes_on = named_before and refers_back(written)
            results = [r if footprint(r) and not goes_on and (
                r.direction is not None or nearest == only_device and not title_mentions) else moved
                for r, moved in zip(results, _placed(results, nearest, hardware))]
        # A model's accuracy, error, size or operation count is the model's, wherever it runs.
        # (ELSEWHERE, hardware the vocabulary does not know, is no device of ours.)
        # No device of ours: hardware the vocabulary does not know (ELSEWHERE), a model's own measure,
        # a chip the paper presents and the vocabulary lacks.
        found += [resolved(r._replace(device=None) if r.device == ELSEWHERE or models_own(r) or (
            not names_hardware and designs_own(r)) or (
            own_chips and r.claim is not None and about_own_silicon(r.claim.parts[0], own_chips)
            and not measured_in_sentence(r.claim.text, hardware.detect(r.claim.text), hardware=hardware)) else r)
            for r in results]
        named_before = names_hardware
    # A vendor's, a line's or a family's name in a result's sentence for the one device below it the abstract names:
    # "compared to Jetson's 0.7-1.1 token/J" after "the edge GPU NVIDIA Jetson Orin NX" (`refined_device`).
    for at, r in enumerate(found if hardware is not None and len(abstract_mentions) > 1 else ()):
        own = hardware.detect(r.sentence or "") if r.device in hardware.nodes and hardware.nodes[r.device].kind != "device" else []
        if any(m.id == r.device for m in own) and (refined := refined_device(
                hardware, r.device, [m.id for m in abstract_mentions], r.sentence, own)):
            found[at] = r._replace(device=refined)
    return found


def _in_lists_of(places: list[int], results: list[Result], count: int) -> bool:
    """Whether the results at `places` are lists of `count` numbers each, each list of one unit."""
    return bool(places) and len(places) % count == 0 and all(
        # (one unit, whatever it is per: "7.9 mJ and 29.1 mJ per inference")
        len({(results[at].unit or "").split("/")[0] for at in places[first:first + count]}) == 1
        for first in range(0, len(places), count))


# What a sentence says of several devices is no one device's: "across all tested platforms", "on various GPUs".
_SEVERAL_PLATFORMS = re.compile(r"\b(?:across|on|over|for)\s+(?:(?:all|multiple|several|various|different|diverse|many)\s+"
                                r"(?:[\w-]+\s+){0,2}?(?:platforms|GPUs|devices|hardware|architectures|accelerators|"
                                r"GPU generations|chips|boards)|(?:both|all\s+(?:two|three|four|five))\s+(?:the\s+)?"
                                r"(?:platforms|devices|architectures|boards|systems))\b", re.I)
# An opening that refers back to the device named before: "On this device, ...", "On the same board, ...".
_BACK_FRAME = re.compile(rf"\W*(?:on|with)\s+(?:this|that|the same|such an?)\s+(?:[\w-]+\s+)?"
                         rf"(?:{HARDWARE_NOUN}|platform|hardware|system|SoC)s?\s*,", re.I)


# A class of hardware: "GPU", "multi-GPU", "FPGAs".
_CLASS = re.compile(rf"\b(?:multi-)?{PROCESSOR_CLASS}s?\b")


def _names_unnamed_platform(text: str, mentions: list[Mention]) -> bool:
    """Whether `text` joins to the hardware it names (`mentions`) by "and" or "or" a class of
    hardware that is none of it: "Intel KNL clusters and multi-GPU clusters", "on GPU and Knights
    Landing clusters" (not "NVIDIA V100 and A100 GPUs", where the class is the names')."""
    for found in _CLASS.finditer(text):
        if any(m.start - 1 <= found.start() <= m.end + 1 or found.end() + 1 >= m.start > found.start() for m in mentions):
            continue  # the class of a name right beside it: "A100 GPUs", "GPU RTX 4090"
        for m in mentions:
            between = text[found.end():m.start] if found.end() <= m.start else text[m.end:found.start()]
            if len(between) <= 40 and re.search(r"\s(?:and|or)\s", between) and not re.search(r"[,;]", between):
                return True
    return False
# An example, or what others' work does: what it ran on carries to no sentence after it.
_EXAMPLE = re.compile(r"\W*(?:for (?:example|instance)|e\.g\.)\b|\W*(?:(?:the|many|most)\s+)?(?:recent|prior|previous|existing|"
                      r"related|earlier)\s+(?:[\w-]+\s+){0,2}?(?:work|works|approaches|systems|methods|studies|solutions)\b", re.I)
_BUDGET = re.compile(rf"^\W*(?:{LINKING_PHRASE},\s*)?(?:with|using)\s+(?:only\s+)?(?:a|one|an)\s+(?:single\s+)?", re.I)
# A sentence that goes on from the results before it: "This outperforms ...", "These results ...".
_THIS_RESULT = re.compile(r"\W*(?:this|these|which|that)\b(?!\s+(?:paper|work|study|article|survey|approach|method|"
                          r"technique|design|framework|system)\b)", re.I)
# A paper that designs hardware of its own ("we design a GCN accelerator") ran its results there,
# not on the hardware it first studied the workload on ("we first characterize ... on Intel Xeon CPU").
# (Its name may come first: "we present PointAcc, a novel point cloud accelerator".)
_DESIGNS = re.compile(r"\b(?:we|this (?:paper|work))\s+(?:\w+\s+){0,2}?(?:design|propose|present|introduce|build|"
                      r"develop)\w*\s+(?:[\w-]+,?\s+){0,6}?(?:accelerators?|chips?|processors?|ASICs?)\b", re.I)
_STUDIED = re.compile(r"\b(?:characteri[sz]|profil|analy[sz]|investigat|examin|observ)\w*", re.I)
# A sentence that sets the paper against other hardware or work says nothing of where it ran:
# "Unlike prior work on the A100, we target edge devices."
_CONTRAST = re.compile(r"\b(?:unlike|prior|previous|existing|conventional|traditional|instead of|rather than)\b", re.I)
# A sentence about the paper's own work or experiments, which may say where they ran ("All experiments
# run on a single H100", "We implement X on ...", "It scales to 128K tokens on dual A5000 GPUs"), not background ("Training on H100 clusters is
# expensive", "Modern GPUs such as the H100 offer massive compute").
_OWN_SETTING = re.compile(r"^\W*it\b|\b(?:we|our|us|this (?:paper|work|study)|experiments?|evaluat\w*|benchmark\w*|measur\w*|"
                          r"implement\w*|deploy\w*|tested|testbed|results?|prototyp\w*|ported|leverag\w*|exploit\w*|validat\w*|verifi\w*)\b", re.I)
_FIELD_TIME = re.compile(r"\W*(?:currently|recently|traditionally|historically|to date|so far|in recent years|"
                         r"(?:existing|prior|previous|conventional|state-of-the-art)\s+(?:work|works|approaches|methods|systems|"
                         r"solutions|accelerators|techniques)"
                         # "State-of-the-art ImageNet training speed with ResNet-50 is ...": the field's best
                         r"|(?:the\s+)?(?:state-of-the-art|best\s+(?:known|published|reported))\s+(?:[\w-]+\s+){0,6}?(?:is|are|was|were)\b)\b",
                         re.I)
_HYPOTHETICAL = re.compile(r"\b(?:simulat\w*|projects|projected|projection|unmeasured|future|would|might|plausibl[ey]|"
                          r"potentially|hypothetical\w*)\b", re.I)
_IMPLICATION = re.compile(r",\s+(?:underscoring|highlighting|suggesting|indicating|paving|opening|pointing|showcasing)\b", re.I)
# (Not a simulation that is the workload run on hardware: "In a 9-billion-cell simulation on 64 GPUs, ...".)
# Nor a simulation that is the workload, named by its science: "for astrophysical simulations", "MD simulations".
_SIMULATION_WORKLOAD = re.compile(r"\b(?:astrophysical|cosmological|N-body|molecular[- ]dynamics|MD|climate|weather|fluid|CFD|"
                                  r"particle|plasma|lattice|seismic|combustion|turbulence|stencil)\s+"
                                  r"(?P<what>simulations?)\b", re.I)
_SIMULATION_RUN = re.compile(r"simulations?\s+(?:(?:runs?|ran)\s+)?(?:on|using|across)\s+(?:up\s+to\s+)?"
                             r"(?:\d[\d,]*|two|four|eight|sixteen)\s+(?:[\w-]+\s+)?(?:GPU|NPU|TPU|node|chip|card|accelerator)s?\b", re.I)
# What else a baseline that is hardware itself holds: articles, a class, "'s".
_ARTICLE_OR_CLASS = re.compile(rf"\b(?:the|an?|{HARDWARE_NOUN})\b|['’]s\b", re.I)


def _is_hardware_itself(hardware: Hardware, baseline: str) -> bool:
    """Whether a baseline's words name only hardware ("the Edge TPU", "NVIDIA's H100 GPU"), not
    something run on it ("NVIDIA's H100 cuBLAS")."""
    for mention in reversed(hardware.detect(baseline)):
        baseline = baseline[:mention.start] + " " + baseline[mention.end:]
    return re.fullmatch(r"\W*", _ARTICLE_OR_CLASS.sub(" ", baseline)) is not None


def _is_one_of(hardware: Hardware | None, node_id: str | None, ids: set[str | None]) -> bool:
    """Whether `node_id` is one of `ids` and names one kind of hardware, not a maker or a family of
    several ("than NVIDIA's cuDNN" names a maker; "than the previous version of Jetson devices"
    compares within the Jetson family)."""
    return node_id is not None and node_id in ids and hardware is not None \
        and hardware.nodes[node_id].kind not in ("vendor", "family")


def _placed(results: list[Result], device: str, hardware: Hardware | None = None) -> list[Result]:
    """`results` with `device` for those that have none, are not a model's own and are not placed
    on a class of processor `device` is not of."""
    return [r if r.device is not None or models_own(r) or (hardware is not None and on_other_class(hardware, r, device))
            else r._replace(device=device) for r in results]


def curated_results(paper: Paper) -> list[Result]:
    """The results a curator listed in front matter (`results:`), each with the claim the
    curator wrote, its number in bold where the claim holds the value as written."""
    out = []
    for item in paper.results or []:
        value = item["value"]
        number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else parse_number(str(value))
        claim = None
        if item.get("claim"):
            words = str(item["claim"])
            at = words.find(str(value))
            claim = Claim(words, (at, at + len(str(value))) if at >= 0 else (0, 0))
        out.append(Result(float(number) if number is not None else None, str(value), str(item.get("unit", "")),
                          item["kind"], item.get("baseline"), item.get("device"), None, item.get("direction"),
                          claim, item.get("baseline_device")))
    return out


def paper_results(paper: Paper, hardware: Hardware | None,
                  mentions: tuple[list[Mention], list[Mention]] | None = None,
                  abstract_spans: list[tuple[int, int]] | None = None,
                  measured_on: list[str] | None = None) -> list[Result]:
    """A curator's results when the paper lists any (even `results: []`), else the extracted ones."""
    if paper.results is not None:
        return curated_results(paper)
    return extract_results(paper, hardware, mentions, abstract_spans, measured_on)
