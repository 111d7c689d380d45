"""Hardware a paper was measured on, designed for or dissected, told apart from hardware its
abstract only mentions (what another system supports, what a baseline ran on).

A sentence says where something was measured: a name right after "on", "using",
"with", "within", "across" or "leveraging" ("on two RTX 4090 GPUs"), after "designed for",
"optimized for", "targeting", "offloading ... to", or what the paper's system uses or is
built of ("It integrates 384 Ascend 910C NPUs"); a name that goes on from one ("on NVIDIA
H100", "on the A100 and the H100", "Blackwell (B200)"); the subject of the verb that gives a
number ("the H100 achieves ..."); or any name in a sentence where the paper says it studies
hardware ("we dissect", "we benchmark", "we evaluate") unless it is compared against. A
name right after "than", "over", "compared to", "versus" or "against" is a baseline's, as is
one where earlier work ran ("the previous work on many-core CPUs and V100"), where another
did a share of this ("62% of what the same recipe achieves on an RTX 4090"), and one that
describes another name ("an STM32L4 microcontroller based on an Arm Cortex-M4"). A name in
the title is the paper's subject. results.py uses the same cues for the device of each result.
"""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention
from .comparisons import BASELINE_BEFORE, COMPARED_WITH, OUTPERFORMS, SHARED_MEASURE
from .hardware_words import HARDWARE_NOUN, PROCESSOR_CLASS
from .paper_mentions import vendor_of

# Words that say what kind of part hardware is, between its article and its name: a compound
# ("low-power", "off-the-shelf", "consumer-grade", "resource-constrained") or one of these; not
# its generation ("optimized for last-generation NVIDIA Ampere" is another's, "current NVIDIA
# GPUs" a class).
_DESCRIBED = (r"(?:(?-i:(?![a-z-]*generation)[a-z]+(?:-[a-z]+)+)|low\s+power|high\s+performance|commodity|commercial|"
              r"consumer|embedded|edge|mobile|cheap|affordable|inexpensive|popular|powerful|flagship|standard|typical|"
              r"common|widely\s+used|desktop|laptop|server|datacenter|workstation|tiny|small|production|cloud)")
# Where something was measured: a device right after "on", "using", "with" or "across" (or "for" right after a figure:
# "..., 243x for an NVIDIA H100 GPU") (and an article or a count: "on a single", "with 8"), after "designed for" and the like,
# or after a noun that lists the hardware ("on two GPUs, P100 and P4000").
_MEASURED_ON = re.compile(
    # ("in a single GTX 1080Ti GPU" after a result: "runs at over 71 FPS in a single ...", not "methods that fit in a single",
    # nor "by 37.7% in L4", a level a paper names; or where results came from: "Experimental results from a Raspberry Pi")
    r"(?:(?:\b(?:on|using|employing|leveraging|utili[sz]ing|capp(?:ing|ed)|with|within|(?<=\d[xX×%]\s)for(?=\s+(?:an?|the)\s)|"
    r"(?:(?<=results\s)|(?<=measurements\s)|(?<=experiments\s)|(?<=data\s))from|"
    r"(?:(?<=\d[\w/%×.]\s)|(?<=\d\s[\w/%×.]{2}\s)|(?<=\d\s[\w/%×.]{3}\s))in(?=\s+(?:a|an|one|the)\s|\s+(?-i:[A-Z][\w-]*)\s)|across|atop|our|per|scal(?:e|es|ed|ing)\s+(?:up\s+)?(?:(?!to\b)[\w-]+\s+){0,4}?to|"
    # where work is moved to: "Offloading the detector to an Intel Neural Compute Stick 2"
    r"offload(?:s|ed|ing)?\s+(?:(?!to\b)[\w-]+\s+){0,4}?(?:on)?to|"
    # where a design is built: "implemented in a Xilinx Zynq UltraScale+ FPGA", "deployed in NVIDIA AGX Orin"
    r"(?:implement|deploy|instantiat|prototyp|synthesi[sz]|realiz)(?:ed|ing)\s+in|an?\s+instance\s+of\s+(?:[\w-]+\s+){1,4}?in)|"
    # what the paper's own system uses ("Our system uses 64 A100 GPUs"), not a baseline ("which uses 8 A100s")
    # or is built of ("It integrates 384 Ascend 910C NPUs", "Our cluster comprises 64 H100 GPUs")
    r"\b(?:we|it|our(?:\s+[\w-]+){1,2})\s+(?:use|uses|used|employ|employs|employed|integrat(?:e|es|ed)|compris(?:e|es|ed)|"
    r"consists\s+of|contain(?:s|ed)?|hous(?:e|es|ed)|is\s+equipped\s+with)|\b(?:designed|tailored|optimi[sz]ed|built|specialized|tuned)\s+for|"
    r"\b(?:kernels?|implementations?|library|libraries|backends?|compilers?)\s+for|\btargeting|\b(?:we|this (?:paper|work))\s+target(?:s|ed)?)\s+"
    r"(?:(?:an?|the|one|two|three|four|eight|sixteen|single|dual|quad|multiple|several|modern|recent|latest|newest|new|same|just|only)\s+|\d[\d,]*\s*[x×]\s*"
    # a count joined to the name: "on a four-A100 system", "On 16-H800 GPU testbed"
    r"|(?:two|dual|four|quad|eight|sixteen|\d+)-"
    # what kind of part it is: "on the low-power Jetson Nano", "on a commodity RTX 3090", "on an off-the-shelf Raspberry Pi 4"
    rf"|{_DESCRIBED}\s+"
    # a short aside on it: "on a power-constrained (7W) Jetson Orin Nano"
    r"|\([^()\s]{1,10}\)\s+"
    # a bound on the count ("on up to 2048 TPU v3 cores", "across as many as 1,024 GPUs", "on more than 1,000 H100 GPUs"),
    # a generation ("on 5th Gen Intel Xeon")
    r"|(?:up\s+to|as\s+many\s+as|over|more\s+than|at\s+least|nearly|almost|about|around|approximately|roughly)\s+(?=\d)"
    r"|\d+(?:st|nd|rd|th)[\s-]+gen(?:eration)?\s+"
    # counts of two settings ("on 1024 and 3072 MI250X GPUs"), a count of nodes ("across multi-node H200 clusters")
    r"|\d[\d,]*\s+(?:and|or|to)\s+(?=\d)|multi-(?:node|GPU|chip|card|device)\s+"
    # what holds it: "on a cluster of 8 NVIDIA RTX 4090 GPUs", "on a server with two H100s"
    r"|(?:cluster|node|server|machine|pod|workstation)s?\s+(?:of|with)\s+"
    r"|\d[\d,]*\s+|\d[\d,]*-(?:chip|GPU|TPU|node|core|card|device)s?\s+"
    r"|(?-i:(?:[A-Z][\w-]*\s+){0,2}[A-Z0-9][\w-]*)['’]s\s+|[DHEI]GX[\s-]+|\d+\s*[GT]B\s+|\d+\s*nm\s+"
    r"|(?:single|dual|quad|two|four|eight|\d+)-sockets?\s+)*"  # a maker's: "on NVIDIA's A100", "on Google's TPU v4"; "a DGX H100"
    # a system's name, and its phase: "on Frontier AMD GPUs", "on a Cori Phase-II Xeon-Phi node" (not two words: "on the
    # Xilinx Virtex UltraScale+ VU19P" names a product the vocabulary does not know); a computer's: "a MacBook Pro M4 Pro"
    r"(?:(?-i:[A-Z][a-z]{2,}|MacBook(?:\s+(?:Pro|Air))?|Mac\s+(?:Studio|mini|Pro))\s+(?:(?-i:[A-Z][a-z]+-[IVX\d]+)\s+)?)?"
    # "on two GPUs, P100 and P4000", "across GPU architectures, namely Hopper", "using GPUs (NVIDIA A100)"
    r"|\b(?:on|using|with|across)\s+(?:[\w-]+\s+){0,5}(?:GPUs?|devices?|platforms?|accelerators?|architectures?|"
    r"hardware|chips?|ones)\s*(?:\(\s*|[,:]\s*(?:namely\s+|including\s+|i\.e\.,?\s+)?|(?<=\s)(?:such\s+as|like)\s+(?:(?:the|an?)\s+)?)"
    r"|\b(?:real|actual|physical)\s+hardware\s*\(\s*"
    # "on a consumer GPU RTX 4090": the kind of hardware, then its name
    r"|\b(?:on|using|with)\s+(?:(?:an?|the|one|two|four|eight|single|\d+)\s+)*(?:[a-z-]+\s+){0,2}"
    r"(?:GPUs?|cards?|accelerators?|chips?|boards?)\s+)$", re.I)
# The hardware whose features the paper's system builds on: "leveraging the high bandwidth of modern hardware like
# the NVIDIA GH200", "Exploiting the bandwidth offered by the modern hardware, such as the NVIDIA Grace Hopper".
# Or "leveraging Multimem instruction support available on NVIDIA Hopper GPUs", "implemented with optimized Hopper
# architecture features".
_BUILDS_ON_FEATURES = re.compile(r"(?:\b(?:leverag(?:e|es|ed|ing)|exploit(?:s|ed|ing)?|tak(?:e|es|ing)\s+advantage\s+of)\s+"
                                 r"[^.;:()]{0,100}?\b(?:like|such\s+as|of|available\s+on|offered\s+by|provided\s+by)"
                                 r"|\b(?:implemented|built|written)\s+(?:with|using)(?:\s+[\w-]+){0,2}?)"
                                 r"\s+(?:the\s+|an?\s+)?(?-i:[A-Z][\w-]*\s+)?$", re.I)
# A sentence about other work ("recent work proposes ... on NVIDIA hardware") that says nothing
# of the paper's own ("we", "our"): what it names is only mentioned.
_OTHER_WORK = re.compile(r"\b(?:recent|prior|previous|existing|related|earlier)\s+(?:work|works|approaches|systems|"
                         r"methods|studies|solutions)\b", re.I)
_OWN_WORK = re.compile(r"\b(?:we|our|us)\b", re.I)
# Other work only compared with says nothing of whose the sentence is ("comparable performance to existing methods").
_AGAINST_OTHER_WORK = re.compile(r"\b(?:than|to|over|against|versus|vs\.?|outperform\w*|surpass\w*|exceed\w*|beyond)\s+"
                                 r"(?:(?:the|all|many|most|several|other|[\w-]+-of-the-art|strong|competitive|leading)\s+)*$", re.I)
# "supported on NVIDIA and AMD GPUs": what runs there, not where the paper measured.
# ("supported by the newest Ampere Tensor Cores" is a feature of that hardware: no cue either way.)
# Hardware a result makes possible to use, not where it was measured: "enabling deployment on Raspberry Pi".
_ENABLES_ON = re.compile(r"\b(?:enabl\w*|allow\w*|permit\w*|facilitat\w*|suitable\s+for|feasible\s+for)\s+(?:[\w-]+\s+){0,2}?"
                         r"(?:deployment|deploying|use|usage|running|execution)\s+(?:on|to)\s+(?:[\w-]+\s+){0,2}$", re.I)
_SUPPORTED = re.compile(r"\b(?:support(?:s|ed|ing)?\b(?!\s+by\b)|available\b|compatible\b)", re.I)
# The subject of the verb that gives a number ("the H100 achieves 740 TFLOPS"); not after a comma
# that opens a clause with a subject of its own ("On GPUs such as the A40, our kernels deliver").
# (Or "H100 GPUs deliver", "TPUs achieve": a result's verb; "Ampere GPUs run 2:4 sparse matmul twice as fast"
# says what the hardware does, not that the paper measured it.)
_SUBJECT_OF = re.compile(r"^(?:\s*\([^()]{0,30}\))?(?:\s*,\s*(?!(?:our|we|it|they|this|these|its|their|the|an?)\b)|\s*)(?:(?i:" + HARDWARE_NOUN + r")\s+(?=(?:to|can|could)\s))?"
                         r"(?:['’]s\s+(?:[\w-]+\s+){0,2}?(?:link|interconnect|memory|cache|unit|engine|core|cores|NPU|GPU|CPU)\s+)?"  # "GH200's NVLink-C2C link sustains"
                         r"(?:[a-z][\w-]*\s+){0,2}(?:,[^,]{0,40},\s*)?"
                         r"(?:achieves?|delivers?|reach(?:es)?|attains?|obtains?|provides?|sustains?|runs?|hits?|"
                         r"offers?|gets?|shows?|is|are|outperforms?|beats?|surpass(?:es)?|exceeds?|improves?|"
                         r"speeds? up|reduces?|cuts?|yields?|completes?|trains?|processes?|multipl(?:y|ies)|serves?|generates?|handles?|fits?|"
                         r"draws?|consumes?|dissipates?|decodes?|switch(?:es)?|fine-tunes?|finishes?)\b"
                         r"|^\s*(?:GPUs|TPUs|NPUs)\s+(?:achieve|deliver|reach|attain|sustain|outperform)\b")
_SUBJECT_LIST = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:the\s+)?")
# An item of a list whose verb is left out: ", the M2 Ultra at 76 tokens/s" after "the RTX 4090 decodes at
# 127 tokens/s" (not "while the A100 at 7nm reaches", nor "for the RTX 3090 at 350 W": a setting of its own).
_LIST_ITEM_BEFORE = re.compile(r"(?:,\s*(?:and\s+)?|,?\s+followed\s+by\s+|\s+and\s+)(?:the\s+|an?\s+)?$")
_AT_NUMBER = re.compile(r"\s*at\s+(?:about\s+|around\s+|up to\s+)?\d")
# Time counted on hardware: "2.788M H800 GPU hours", "4,000 A100-hours".
_COUNT_BEFORE = re.compile(r"\d[\d.,]*\s*[KMB]?\s+$")
_TIME_ON = re.compile(rf"(?:\s*(?:{HARDWARE_NOUN}|nodes?))?[\s-]+(?:hours?|hrs?|days)\b", re.I)
# A fraction of what the hardware can do: "61% of the H100 peak", "of the A100's theoretical peak", "of the L40S's memory bandwidth".
_OF = re.compile(r"\bof\s+(?:the\s+|an?\s+|its\s+)?$", re.I)
_PEAK = re.compile(r"(?:'s|’s)?\s+(?:[\w-]+\s+){0,2}(?:peak|bandwidth)\b", re.I)
# Or after what it can do: "85% of the theoretical peak FLOPS of the H100".
_PEAK_OF = re.compile(r"\b(?:peak|theoretical|roofline)\b(?:\s+[\w/-]+){0,3}\s+of\s+(?:the\s+|an?\s+)?$", re.I)
# (Or from a maker's name to its server's: "on Nvidia DGX-H100 GPUs"; or from a maker to the maker it
# bought: "on AMD-Xilinx VCK190".)
# (Or which one it is, in parentheses: "on datacenter-class Blackwell (B200)", "the Ada generation (RTX 4090)".)
_GOES_ON = re.compile(r"^\s*(?:\([^()]{0,20}\)\s*)?(?:(?:,|/|-|and|or|as well as|GPUs?(?!s)|s|['’]s|\(|[®™]|"
                      r"(?:generation|architecture|family|series)\s*(?=\())\s*)*(?:the\s+|an?\s+|\d+\s*[x×]\s*)?"
                      r"(?:[DHEI]GX[\s-]+)?$",
                      re.I)
# A line's name between a maker's and a model's: the "Zynq" of "AMD Zynq ZCU102".
# Or a product code the vocabulary does not know, then the name it does in parentheses: the "SM8750" of
# "the Qualcomm SM8750 (Snapdragon 8 Elite)".
_LINE_NAME = re.compile(r"\s+[A-Z][\w+-]*\s+|\s+[A-Z][\w-]*\d[\w-]*\s*\(\s*")
# A device named as the measure's own word, between a figure (or a factor's comparative) and what it measures:
# "1.7-11.8 ms T4 TensorRT latency", "at 3.2 ms A100 latency", "more than 10x higher H100 throughput".
_FIGURE_BEFORE = re.compile(r"\d\s*(?:ms|s|μs|µs|FPS|fps|tokens/s|TFLOPS|images/s|(?:[x×%]|times|percent)\s+"
                            r"(?:higher|lower|faster|better|greater|more|less))\s+$")
_IN_AFTER_FIGURE = re.compile(r"\d\s?[\w/%×.]{1,3}\s+in\s+$")  # "above 85% in |NVIDIA AGX Orin": a maker's, then a product
_MEASURE_AFTER = re.compile(r"(?:\s+(?:[A-Z][\w.-]*|FP\d+|INT\d+)){0,2}\s+(?:latency|throughput|inference time|runtime|speed)\b", re.I)
# A device named as what measurements were taken on: "Preliminary Apple M2 Metal measurements ... show".
_MEASURED_BY = re.compile(r"(?:\s+[A-Z][\w.-]*){0,2}\s+(?:measurements?|benchmarks?|experiments?|profiling|evaluations?)\b"
                          r"(?!\s+(?:of|for|by|from|in)\b)")
# Hardware a simulator or a model stands for: "a proprietary simulator (8-16 B200 GPUs)", "modeled H100s",
# "a simulated 8-GPU B200 system"; not hardware a simulation ran on ("CFD simulations on A100 GPUs").
_SIMULATED = re.compile(r"\b(?:(?:simulated|emulated|modell?ed)\s+(?:[\w-]+\s+)?|(?:simulat|emulat)\w*\s*\(\s*(?:[\w-]+\s+)?)$",
                        re.I)
# A name slashed with a class of hardware is a class too: the TPU of "on CPU/GPU/TPU" is no device.
_CLASS_BEFORE = re.compile(rf"\b{PROCESSOR_CLASS}s?\s*/\s*$")
_CLASS_AFTER = re.compile(rf"\s*/\s*{PROCESSOR_CLASS}s?\b")
# So is a plural name listed with classes: the TPUs of "custom accelerators, i.e., GPUs, TPUs, and IPUs".
_PLURAL_CLASS = re.compile(rf"{PROCESSOR_CLASS}s")
_CLASS_LISTED_BEFORE = re.compile(rf"\b{PROCESSOR_CLASS}s(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)$")
_CLASS_LISTED_AFTER = re.compile(rf"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+){PROCESSOR_CLASS}s\b")
# A name a comparison's list goes on to after the baseline's (`comparisons.BASELINE_BEFORE`) is a baseline's too.
# (Joined by "and" or "or" alone: "Compared with the A100, the H100 shows ...", "than an A100, and the
# TPU v5p trains ..." go on to a subject of their own.)
# (Where the list ends: not a new subject, "than the Jetson TX2 and the ZCU102 prototype consumes ...".)
_LIST_ITEM_ENDS = re.compile(rf"(?:\s+(?:{HARDWARE_NOUN}|cores?|GPUs?|platforms?))?\s*(?:[,;.)]|$|\s+(?:respectively|and|or|in|on|at|for|by|with|when|while)\b)", re.I)
_NAME_GOES_ON = re.compile(r"[®™]?\s")
_COMPARED_LIST_GAP = re.compile(rf"(?:\s+{HARDWARE_NOUN})?\s+(?:and|or)\s+(?:(?:the|an?)\s+)?", re.I)
# Where earlier work ran: "compared to the previous work on many-core CPUs and V100".
_EARLIER_WORK_ON = re.compile(r"\b(?:previous|prior|existing|earlier|state-of-the-art)\s+(?:[\w-]+\s+){0,2}?"
                              r"(?:works?|implementations?|solutions?|methods?|approaches|designs?)\s+(?:on|using|for)\s+"
                              # the hardware's words only, a list of them at most (not "... on pruning and runs at 30 FPS on a")
                              r"(?:(?:the|an?)\s+)?(?:[\w-]+\s+){0,3}(?:(?:and|or|,)\s+(?:(?:the|an?)\s+)?(?:[\w-]+\s+){0,3})?$", re.I)
# Where a baseline compared with ran, said in a verb of its own, in a sentence that states no figure: "We compared ...
# with a sequential baseline running on an Intel Xeon CPU" (not "a baseline running on the same A100", nor "than the
# baseline on an A100", which may be where both ran; nor the baseline's own figure, "A baseline running on the Jetson
# Nano takes 210 ms", "the cuBLAS baseline running on an H100 reaches 610 TFLOPS while ours reaches 720").
_BASELINE_RAN_ON = re.compile(rf"\b(?:{COMPARED_WITH}|compar(?:e|es|ed|ing))\s[^;:]{{0,120}}?\bbaselines?\s+"
                              r"(?:running|executed|executing|implemented|deployed)\s+(?:on|using)\s+(?!the\s+same\b)"
                              r"(?:(?:the|an?|\d+)\s+)?(?:[\w-]+\s+){0,2}?$", re.I)
# An opening that sets another's work apart, with a clause about it: "Unlike GPT-3, which was trained on more
# than 1,000 V100 GPUs, X ...": what it names is the other's.
_CONTRASTED = re.compile(r"^\W*(?:unlike|in\s+contrast\s+(?:to|with)|contrary\s+to|as\s+opposed\s+to)\b(?:[^,]|,(?=\d))*"
                         r"(?:,\s+(?:which|who|that|where)\b(?:[^,]|,(?=\d))*)?,\s", re.I)
_SAME_HARDWARE = re.compile(r"\b(?:the\s+same|identical|as\s+well|on\s+which|this\s+(?:device|GPU|board|platform|chip|hardware|"
                            r"machine|system|processor|CPU))\b", re.I)
# A move from one device to another: what it gains is the second's, the first is where it started ("Upgrading
# from A100 to H100 GPUs yields a 2.2x speedup", "migrating the service from the V100 to the A100").
_MOVED = r"\b(?:upgrad|mov|migrat|switch|port|transition)\w*\s+(?:[\w-]+\s+){0,3}?from\s+"
_MOVED_FROM = re.compile(_MOVED + r"(?:(?:the|an?)\s+)?$", re.I)
_MOVED_TO = re.compile(_MOVED + r"[^,;]{1,40}?\s+to\s+(?:(?:the|an?)\s+)?$", re.I)
# A share of what another did, where it did it: "62% of what the same recipe achieves on an RTX 4090".
_SHARE_OF = re.compile(r"%\s+of\s+what\b[^,;]*$")
# Or of another's measure, named as the other's: "Our kernel on an RTX 4090 sustains 85% of the throughput of the FP16
# kernel on an A100", "it reaches 71% of the throughput obtained on 8 H800 GPUs" (not "92% of cuBLAS performance on an
# H100", where both ran).
_SHARE_OF_ANOTHER = re.compile(rf"%\s+of\s+(?:(?:the\s+)?(?:[\w-]+\s+){{0,2}}{SHARED_MEASURE}|that|those|what)\s+"
                               r"(?:of|obtained|achieved|measured|reached|delivered|attained)\b[^,;]*$", re.I)
# What a result multiplies or matches is another's: "the B200 more than doubles the FP8 training throughput of the H100".
_MULTIPLIES_OF = re.compile(r"\b(?:doubl|tripl|quadrupl|halv|match|rival)\w*\s+the\s+(?:[\w-]+\s+){0,4}?of\s+(?:the\s+|an?\s+)?$",
                            re.I)
# Words that say what a thing named before is built on: "a microcontroller based on an Arm Cortex-M4".
# (Right after the name it describes, with a noun or two between: "STM32L4 microcontroller based on an".)
_DESCRIBES = re.compile(r"(?:\s+[\w-]+){0,2}\s+(?:(?:based|built)\s+(?:on|around|upon)|powered\s+by)\s+"
                        r"(?:(?:the|an?)\s+)?(?:[\w-]+\s+){0,2}$", re.I)  # matched from the name's end
# A class with the hardware it stands for in parentheses ("a single-GPU (H100) evaluation"), not a baseline's.
_CLASS_IN_PARENTHESES = re.compile(rf"\b{PROCESSOR_CLASS}s?\s*\(\s*")
_CLASS_NAMED_IN_PARENTHESES = re.compile(_CLASS_IN_PARENTHESES.pattern + "$")
_COMPARED_BEFORE = re.compile(rf"\b(?:{COMPARED_WITH})\b", re.I)
# A part, then what holds it ("the Hexagon NPU of the Snapdragon X Elite"): the part is where things ran.
_PART_OF = re.compile(rf"(?:\s+{PROCESSOR_CLASS})?\s+(?:of|in|inside|within|integrated\s+(?:in|into|on))\s+(?:the|an?)\s+", re.I)
# The paper presents the hardware it names as its subject: "We present the Gaudi 3 AI accelerator",
# "This paper introduces the TPU v4".
_PRESENTS = re.compile(r"\b(?:we|this\s+(?:paper|work|article))\s+(?:present|introduce|describe|detail|unveil)s?\s+"
                       r"(?:(?:the|an?|our)\s+)?(?:(?-i:[A-Z][\w-]*)['’]s\s+)?$", re.I)
# The paper says it studies the hardware the sentence names.
_STUDIES = re.compile(
    r"\b(?:we|our|this (?:paper|work|study))\s+(?:\w+\s+){0,3}?(?:evaluat\w*|benchmark\w*|measur\w*|dissect\w*|"
    r"characteri[sz]\w*|profil\w*|microbenchmark\w*|analy[sz]\w*|test\w*|deploy\w*|port\w*|implement\w*|"
    r"demonstrat\w*|validat\w*)\b", re.I)
# A comparison: what comes after the verb, up to the clause's end, is what the paper's system
# was compared with ("..., and on the MI300X it beats CK" starts another clause).
_COMPARISON = re.compile(rf"\b{OUTPERFORMS}\w*|\b(?:than|versus|vs\.?)\b"
                         r"|\bcompetitive\s+(?:\w+\s+)?against\b", re.I)
_CLAUSE_BREAK = re.compile(r",\s*(?:and|but|while|whereas|whilst)\b|;|\s(?:but|while|whereas|whilst)\s", re.I)
# A paper about hardware itself: its title says it dissects, benchmarks or characterizes it.
_STUDY_TITLE = re.compile(r"\b(?:dissect\w*|microbenchmark\w*|benchmark\w*|characteri[sz]\w*|demystif\w*|"
                          r"anatomy|reverse.engineer\w*)\b", re.I)
# What a study paper sets out to explain: hardware whose behaviour "is mysterious", "not well understood".
_UNEXPLORED = re.compile(r"\b(?:mysterious|undocumented|unknown|unclear|opaque|little is known|"
                         r"not (?:been )?(?:well |fully |yet )?(?:explored|understood|documented|studied|known))\b", re.I)
# A sentence that builds the paper on what the sentence before says of some hardware:
# "In the light of this property, we ...", "To exploit this feature, we ...".
_BUILDS_ON = re.compile(r"^\W*(?:in (?:the )?light of|leveraging|exploiting|to (?:exploit|leverage|take advantage of)|"
                        r"taking advantage of|building on)\s+(?:this|these|such|that)\b", re.I)


def measured_in_sentence(sentence: str, mentions: list[Mention], excluded: list[tuple[int, int]] = (),
                         hardware: Hardware | None = None, paper_vendors: frozenset[str] = frozenset(),
                         about_hardware: bool = False) -> list[Mention]:
    """The mentions (of `sentence`, positions in it) the sentence says something was measured
    on; none inside an `excluded` span (a baseline's words) or right after a comparison.

    With `hardware`, a comparison between vendors is read too: once the subject ran on one
    vendor's hardware (named before the verb, else `paper_vendors`, the title's), another
    vendor's hardware after "outperforms" or "than" is what it was compared with.
    `about_hardware`: the paper studies what this sentence names (see measured_in_abstract)."""
    found: list[Mention] = []
    if not mentions or (any(not _AGAINST_OTHER_WORK.search(sentence, max(0, w.start() - 60), w.start())
                            for w in _OTHER_WORK.finditer(sentence)) and not _OWN_WORK.search(sentence)):
        return found
    studies = about_hardware or _STUDIES.search(sentence) is not None
    comparisons = list(_COMPARISON.finditer(sentence)) if hardware is not None else []
    breaks = [b.start() for b in _CLAUSE_BREAK.finditer(sentence)] if comparisons else []
    compared: list[Mention] = []  # hardware named right after a comparison's words
    contrasted = _CONTRASTED.match(sentence)
    # (A baseline's platform only in a sentence that states no figure and does not run the paper's work there too.)
    baseline_only = not any(ch.isdigit() for ch in sentence) and not _SAME_HARDWARE.search(sentence)
    for m in mentions:
        before = sentence[max(0, m.start - 60):m.start]
        builds_on = _BUILDS_ON_FEATURES.search(sentence, max(0, m.start - 160), m.start) is not None
        # A list the comparison's hardware goes on to: "faster than the Cortex-M4 and Cortex-M7 cores".
        if compared and compared[-1].end <= m.start and _COMPARED_LIST_GAP.fullmatch(sentence, compared[-1].end, m.start) \
                and _LIST_ITEM_ENDS.match(sentence, m.end):
            compared.append(m)
            continue
        # The same name going on: "than an Intel Xeon" (the maker's name, then the product's).
        if compared and _NAME_GOES_ON.fullmatch(sentence, compared[-1].end, m.start):
            compared.append(m)
            continue
        if BASELINE_BEFORE.search(before):
            compared.append(m)
        if any(start <= m.start < end for start, end in excluded) or BASELINE_BEFORE.search(before) or _SHARE_OF.search(before) \
                or _SHARE_OF_ANOTHER.search(before) or _MULTIPLIES_OF.search(before) \
                or _EARLIER_WORK_ON.search(before) or (baseline_only and _BASELINE_RAN_ON.search(sentence, max(0, m.start - 160), m.start)) \
                or _SIMULATED.search(before) \
                or (contrasted is not None and m.end <= contrasted.end()) or _MOVED_FROM.search(before) \
                or (_SUPPORTED.search(before[-30:]) and not builds_on) or _CLASS_BEFORE.search(before) \
                or (_ENABLES_ON.search(before) and not _AT_NUMBER.match(sentence, m.end)) \
                or _CLASS_AFTER.match(sentence, m.end) \
                or (_PLURAL_CLASS.fullmatch(sentence, m.start, m.end + 1) and (
                    _CLASS_LISTED_BEFORE.search(before) or _CLASS_LISTED_AFTER.match(sentence, m.end + 1))) \
                or _other_vendor(hardware, m, found, comparisons, breaks, paper_vendors):
            continue
        # What hardware named before it is built on describes that hardware, which is where things ran,
        # or not: "against an STM32L4 microcontroller based on an Arm Cortex-M4".
        if any(o.end <= m.start <= o.end + 60 and (_DESCRIBES.match(sentence, o.end, m.start)
                                                   or _PART_OF.fullmatch(sentence, o.end, m.start)) for o in mentions):
            continue
        # A name that goes on from a measured one: "on NVIDIA H100", "on the A100 and the H100".
        goes_on = found and found[-1].end <= m.start and (_GOES_ON.match(sentence[found[-1].end:m.start]) or (
            # or from its maker's name, past the line's: "on the AMD Zynq ZCU102"
            hardware is not None and hardware.nodes[found[-1].id].kind == "vendor"
            and _LINE_NAME.fullmatch(sentence, found[-1].end, m.start) is not None))
        after = sentence[m.end:m.end + 80]
        # The first of the names a verb has for its subject: "MI300 and Blackwell systems achieve 4.5x".
        listed = _SUBJECT_LIST.match(sentence, m.end)
        first_of = listed is not None and any(o.start == listed.end() and _SUBJECT_OF.match(sentence[o.end:o.end + 80])
                                              for o in mentions)
        if goes_on or studies or _MEASURED_ON.search(before) or _SUBJECT_OF.match(after) or first_of or builds_on \
                or _MOVED_TO.search(before) \
                or (_IN_AFTER_FIGURE.search(before) and hardware is not None and hardware.nodes[m.id].kind == "vendor") \
                or (_LIST_ITEM_BEFORE.search(before) and _AT_NUMBER.match(after)) \
                or (_COUNT_BEFORE.search(before) and _TIME_ON.match(after)) \
                or (_OF.search(before) and _PEAK.match(after)) or _PEAK_OF.search(before) or _PRESENTS.search(before) \
                or (_FIGURE_BEFORE.search(before) and _MEASURE_AFTER.match(after)) or _MEASURED_BY.match(after) \
                or (_CLASS_NAMED_IN_PARENTHESES.search(before) and not _COMPARED_BEFORE.search(before)  # one class so named:
                    and len(_CLASS_IN_PARENTHESES.findall(sentence)) == 1):  # not "NPU (Galaxy S25+) as well as GPU (H100)"
            found.append(m)
    return found


def _other_vendor(hardware: Hardware | None, mention: Mention, found: list[Mention], comparisons: list[re.Match[str]],
                  breaks: list[int], paper_vendors: frozenset[str]) -> bool:
    """Whether `mention`, after a comparison's verb in the same clause, is another vendor's than
    the subject's: the vendors measured on in that clause before its first comparison, else the title's."""
    verb = next((c for c in reversed(comparisons) if c.end() <= mention.start), None)
    if verb is None or any(verb.end() <= b < mention.start for b in breaks):
        return False
    clause_start = max([0, *(b for b in breaks if b < verb.start())])
    # The subject comes before the clause's first comparison: "X is 1.5x faster than cuBLAS on the
    # A100 and 1.8x faster than rocBLAS on the MI250X" names no subject's hardware.
    first = next(c for c in comparisons if c.start() >= clause_start)
    subject = {vendor_of(hardware, m.id) for m in found if clause_start <= m.start and m.end <= first.start()} \
        or paper_vendors
    return bool(subject) and vendor_of(hardware, mention.id) not in subject


def vendors_of(hardware: Hardware | None, mentions: list[Mention]) -> frozenset[str]:
    """The vendors of what `mentions` name (a title's: the vendors the paper is about)."""
    return frozenset(vendor_of(hardware, m.id) for m in mentions) if hardware is not None else frozenset()


def measured_in_abstract(abstract: str, mentions: list[Mention], spans: list[tuple[int, int]],
                         hardware: Hardware | None = None, title: str = "",
                         title_mentions: list[Mention] = ()) -> list[Mention]:
    """The `mentions` of an abstract (positions in it; `spans`: its sentences) that a sentence
    says the paper was measured on, designed for or dissected. (All of a title's are.)

    Two more ways a paper says its hardware: a study of hardware (its title says it dissects or
    benchmarks) names what it sets out to explain ("the
    numeric behaviors of Ampere Tensor Cores are mysterious"); and a sentence that builds on
    what the one before says of some hardware ("In the light of this property, we ...")."""
    found = []
    study = _STUDY_TITLE.search(title) is not None
    paper_vendors = vendors_of(hardware, title_mentions)
    for index, (start, end) in enumerate(spans):
        sentence = abstract[start:end]
        following = abstract[spans[index + 1][0]:spans[index + 1][1]] if index + 1 < len(spans) else ""
        about = (study and _UNEXPLORED.search(sentence) is not None) \
            or (_BUILDS_ON.match(following) is not None and _OWN_WORK.search(following) is not None)
        inside = [Mention(m.id, m.start - start, m.end - start, m.text) for m in mentions
                  if start <= m.start and m.end <= end]
        found += [Mention(m.id, m.start + start, m.end + start, m.text)
                  for m in measured_in_sentence(sentence, inside, (), hardware, paper_vendors, about)]
    return found
