"""The hardware taxonomy and topic vocabulary: loading, validation, detection.

Expectations for the 52 seed papers (tests/fixtures/taxonomy/abstracts.yml)
were written from reading each abstract, not from running the detector: a
device belongs to a paper when its title or abstract names it.
"""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest
import re2
import yaml

from generator.content.model import ContentError
from generator.content.hardware import Hardware, HardwareNode, Mention
from generator.content.phrases import ignores_case
from generator.content.topics import Topic, Topics, is_regex_phrase
from generator.derive.sentences import evidence_sentence
from generator.content.topics import MAX_REGEX_CHARS
from generator.content.vocabularies import DEVICE_KINDS, load_hardware, load_topics
from support import SEED_CONTENT

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "taxonomy"


@pytest.fixture(scope="module")
def hardware() -> Hardware:
    return load_hardware((SEED_CONTENT / "hardware.yml").read_text(encoding="utf-8"), "content/hardware.yml")


@pytest.fixture(scope="module")
def topics() -> Topics:
    return load_topics((SEED_CONTENT / "topics.yml").read_text(encoding="utf-8"), "content/topics.yml")


@pytest.fixture(scope="module")
def papers() -> dict[str, str]:
    """Title -> the text detection runs on: title, line break, abstract (as the site does)."""
    abstracts = yaml.safe_load((FIXTURES / "abstracts.yml").read_text(encoding="utf-8"))
    return {title: f"{title}\n{abstract}" for title, abstract in abstracts.items()}


def found(hardware: Hardware, text: str) -> list[tuple[str, str]]:
    return [(m.id, m.text) for m in hardware.detect(text)]


def ids(hardware: Hardware, text: str) -> set[str]:
    return {m.id for m in hardware.detect(text)}


# --------------------------------------------------------------------------
# The 52 seed papers

HOPPER_DISSECTED = "Benchmarking and Dissecting the Nvidia Hopper GPU Architecture"
SNAPKV = "SnapKV: LLM Knows What You are Looking for Before Generation"
HIPKITTENS = "HipKittens: Fast and Furious AMD Kernels"
FUYOU = "Adding NVMe SSDs to Enable and Accelerate 100B Model Fine-tuning on a Single GPU"
NEURAL_GRAPHICS = "Hardware Acceleration of Neural Graphics"
FASTATTENTION = "FastAttention: Extend FlashAttention2 to NPUs and Low-resource GPUs"
ZERO_INFINITY = "ZeRO-Infinity: Breaking the GPU Memory Wall for Extreme Scale Deep Learning"
SPARSE_CONVNETS = "Fast Sparse ConvNets"
FEMTODET = "FemtoDet: An Object Detection Baseline for Energy Versus Performance Tradeoffs"
CUDA_L1 = "CUDA-L1: Improving CUDA Optimization via Contrastive Reinforcement Learning"
GPU_CORES = "Analyzing Modern NVIDIA GPU cores"
DM_VTON = "DM-VTON: Distilled Mobile Real-time Virtual Try-On"
E2GC = "E2GC: Energy-efficient Group Convolution in Deep Neural Networks"
GEMM_ADA = ("Understanding GEMM Performance and Energy on NVIDIA Ada Lovelace: "
            "A Machine Learning-Based Analytical Approach")
CUDA_MYTH = "Debunking the CUDA Myth Towards GPU-based AI Systems"
NANOFLOW = "NanoFlow: Towards Optimal Large Language Model Serving Throughput"
ECOMMERCE_SLM = "Performance Trade-offs of Optimizing Small Language Models for E-Commerce"
TENSOR_CORES = "Dissecting Tensor Cores via Microbenchmarks: Latency, Throughput and Numeric Behaviors"
FRONTIER = "Scaling Large Language Model Training on Frontier with Low-Bandwidth Partitioning"
GPUSQ_VIT = "Boost Vision Transformer with GPU-Friendly Sparsity and Quantization"
HPCTRANSCOMPILE = ("HPCTransCompile: An AI Compiler Generated Dataset for High-Performance CUDA "
                   "Transpilation and LLM Preliminary Exploration")
ONESWEEP = "Onesweep: A Faster Least Significant Digit Radix Sort for GPUs"
CNN_UTILIZATION = "A Study on the Intersection of GPU Utilization and CNN Inference"
GLM_130B = "GLM-130B: An Open Bilingual Pre-trained Model"
PROXYLESSNAS = "ProxylessNAS: Direct Neural Architecture Search on Target Task and Hardware"
MELANGE = "Mélange: Cost Efficient Large Language Model Serving by Exploiting GPU Heterogeneity"
MICROSCALING_FP4 = "Bridging the Gap Between Promise and Performance for Microscaling FP4 Quantization"
ZERO_OFFLOAD = "ZeRO-Offload: Democratizing Billion-Scale Model Training"
IM2WIN = "Im2win: An Efficient Convolution Paradigm on GPU"
FUSED_MLP = "Fully-fused Multi-Layer Perceptrons on Intel Data Center GPUs"
SPARSE_PRETRAINING = "Accelerating Transformer Pre-training with 2:4 Sparsity"
SEAWEED = "Seaweed-7B: Cost-Effective Training of Video Generation Foundation Model"
PIPO = "PIPO: Pipelined Offloading for Efficient Inference on Consumer Devices"
TRIFORCE = ("TriForce: Lossless Acceleration of Long Sequence Generation with Hierarchical "
            "Speculative Decoding")
GANQ = "GANQ: GPU-Adaptive Non-Uniform Quantization for Large Language Models"
ENERGONAI = "EnergonAI: An Inference System for 10-100 Billion Parameter Transformer Models"
HUMMINGBIRD = "AMD-Hummingbird: Towards an Efficient Text-to-Video Model"
GCN_TRAINING = "Large Graph Convolutional Network Training with GPU-Oriented Data Communication Architecture"
MEGATRON = "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM"
GPTQ = "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"
ENDOR = "Endor: Hardware-Friendly Sparse Format for Offloaded LLM Inference"
PYTORCH_DIRECT = ("PyTorch-Direct: Enabling GPU Centric Data Access for Very Large Graph Neural Network "
                  "Training with Irregular Accesses")
NEIGHBORHOOD_ATTENTION = ("Generalized Neighborhood Attention: Multi-dimensional Sparse Attention at the "
                          "Speed of Light")
COMET = "COMET: Towards Partical W4A4KV4 LLMs Serving"
NETWORK_TRANSFORMATION = "Efficient Architecture Search by Network Transformation"
NASAIC = ("Co-Exploration of Neural Architectures and Heterogeneous ASIC Accelerator Designs "
          "Targeting Multiple Tasks")
GBRL = "Gradient Boosting Reinforcement Learning"
VQ4DIT = "VQ4DiT: Efficient Post-Training Vector Quantization for Diffusion Transformers"
ARBITRARY_PRECISION = "Efficient Arbitrary Precision Acceleration for Large Language Models on GPU Tensor Cores"
ELASTICVIT = ("ElasticViT: Conflict-aware Supernet Training for Deploying Fast Vision Transformer on "
              "Diverse Mobile Devices")
TURBOVIT = "TurboViT: Generating Fast Vision Transformers via Generative Architecture Search"
PC_DARTS = "PC-DARTS: Partial Channel Connections for Memory-Efficient Architecture Search"

# Every device each paper names. "Frontier" (MI250X) and "DGX-2" are not
# devices named by model; DGX-2 is kept as a device of its own (16 V100s).
DEVICES_NAMED: dict[str, set[str]] = {
    HOPPER_DISSECTED: set(),
    SNAPKV: {"a100"},  # "A100-80GB"
    HIPKITTENS: set(),  # CDNA3 and CDNA4 are architectures
    FUYOU: {"rtx-4090"},
    NEURAL_GRAPHICS: set(),
    FASTATTENTION: {"v100"},
    ZERO_INFINITY: {"v100", "dgx-2"},
    SPARSE_CONVNETS: {"snapdragon-835"},
    FEMTODET: {"snapdragon-865"},
    CUDA_L1: {"a100", "h100", "rtx-3090", "l40", "h800", "h20"},
    GPU_CORES: {"rtx-a6000"},
    DM_VTON: {"t4"},  # "Nvidia Tesla T4"
    E2GC: {"p100", "quadro-p4000"},
    GEMM_ADA: {"rtx-4070"},
    CUDA_MYTH: {"gaudi-2", "a100"},
    NANOFLOW: set(),
    ECOMMERCE_SLM: {"t4"},
    TENSOR_CORES: set(),
    FRONTIER: set(),
    GPUSQ_VIT: {"a100", "jetson-agx-orin"},
    HPCTRANSCOMPILE: set(),
    ONESWEEP: {"a100"},
    CNN_UTILIZATION: set(),
    GLM_130B: {"rtx-3090", "rtx-2080-ti"},  # "4×RTX 3090 (24G) or 8×RTX 2080 Ti (11G)"
    PROXYLESSNAS: set(),
    MELANGE: set(),
    MICROSCALING_FP4: {"b200", "rtx-5090"},  # "RTX5090"
    ZERO_OFFLOAD: {"v100", "dgx-2"},
    IM2WIN: set(),
    FUSED_MLP: {"max-1550", "h100"},
    SPARSE_PRETRAINING: set(),
    SEAWEED: {"h100"},  # "665,000 H100 GPU hours"
    PIPO: {"rtx-3060"},  # "RTX3060"
    TRIFORCE: {"a100", "rtx-4090"},
    GANQ: {"rtx-4090"},
    ENERGONAI: set(),
    HUMMINGBIRD: set(),
    GCN_TRAINING: set(),
    MEGATRON: set(),
    GPTQ: {"a100", "rtx-a6000"},  # "NVIDIA A6000"
    ENDOR: set(),
    PYTORCH_DIRECT: set(),
    NEIGHBORHOOD_ATTENTION: {"b200"},
    COMET: {"a100"},  # "A100-80G-SMX4"
    NETWORK_TRANSFORMATION: set(),
    NASAIC: set(),
    GBRL: set(),
    VQ4DIT: {"a100"},
    ARBITRARY_PRECISION: set(),
    ELASTICVIT: set(),
    TURBOVIT: set(),
    PC_DARTS: set(),
}

# Architectures each paper names itself (not through a device).
ARCHITECTURES_NAMED: dict[str, set[str]] = {
    HOPPER_DISSECTED: {"hopper", "ada-lovelace", "ampere"},  # "Hopper, Ada, and Ampere"
    HIPKITTENS: {"cdna3", "cdna4"},
    FASTATTENTION: {"ampere", "hopper", "ascend", "volta"},  # "Ascend NPUs", "Volta-based GPUs"
    GPU_CORES: {"turing"},
    GEMM_ADA: {"ada-lovelace"},
    CUDA_MYTH: {"gaudi"},  # "Gaudi NPUs"
    TENSOR_CORES: {"volta", "ampere"},
    SPARSE_PRETRAINING: {"ampere"},  # "NVIDIA Ampere GPUs"
    NEIGHBORHOOD_ATTENTION: {"blackwell"},
}

# For these, the papers whose title or abstract names the node or anything below it.
PAPERS_ON: dict[str, set[str]] = {
    "a100": {SNAPKV, CUDA_L1, CUDA_MYTH, GPUSQ_VIT, ONESWEEP, TRIFORCE, GPTQ, COMET, VQ4DIT},
    "rtx-4090": {FUYOU, TRIFORCE, GANQ},
    "v100": {FASTATTENTION, ZERO_INFINITY, ZERO_OFFLOAD},
    "h100": {CUDA_L1, FUSED_MLP, SEAWEED},
    "b200": {NEIGHBORHOOD_ATTENTION, MICROSCALING_FP4},
    "t4": {DM_VTON, ECOMMERCE_SLM},
    "gaudi-2": {CUDA_MYTH},
    "ascend": {FASTATTENTION},
    "cdna3": {HIPKITTENS},
    "max-1550": {FUSED_MLP},
    # Architectures with their devices rolled up.
    "hopper": {HOPPER_DISSECTED, FASTATTENTION, CUDA_L1, FUSED_MLP, SEAWEED},
    "ada-lovelace": {HOPPER_DISSECTED, GEMM_ADA, FUYOU, TRIFORCE, GANQ, CUDA_L1},  # CUDA-L1: L40
    "volta": {FASTATTENTION, TENSOR_CORES, ZERO_INFINITY, ZERO_OFFLOAD},
    "turing": {GPU_CORES, DM_VTON, ECOMMERCE_SLM, GLM_130B},  # T4, RTX 2080 Ti
    "blackwell": {NEIGHBORHOOD_ATTENTION, MICROSCALING_FP4},
    # Vendors other than NVIDIA, which nearly every paper names.
    "amd": {HIPKITTENS, FRONTIER, MICROSCALING_FP4, HUMMINGBIRD},
    "intel": {CUDA_MYTH, FUSED_MLP},
    "huawei": {FASTATTENTION},
    "qualcomm": {SPARSE_CONVNETS, FEMTODET},
    "arm": {SPARSE_CONVNETS},  # "sparse kernels for ARM and WebAssembly"
}


def test_the_fixture_holds_the_52_seed_papers(papers):
    assert len(papers) == 52
    assert set(papers) == set(DEVICES_NAMED)


@pytest.mark.parametrize("title", sorted(DEVICES_NAMED))
def test_devices_named_by_each_paper(hardware, papers, title):
    detected = {i for i in ids(hardware, papers[title]) if hardware.nodes[i].kind == "device"}
    assert detected == DEVICES_NAMED[title]


@pytest.mark.parametrize("title", sorted(DEVICES_NAMED))
def test_architectures_named_by_each_paper(hardware, papers, title):
    detected = {i for i in ids(hardware, papers[title]) if hardware.nodes[i].kind == "architecture"}
    assert detected == ARCHITECTURES_NAMED.get(title, set())


@pytest.mark.parametrize("node_id", sorted(PAPERS_ON))
def test_papers_on_a_hardware_page(hardware, papers, node_id):
    on_page = {title for title, text in papers.items() if node_id in hardware.expand(ids(hardware, text))}
    assert on_page == PAPERS_ON[node_id]


# --------------------------------------------------------------------------
# Words and their boundaries


def test_h20_is_not_found_in_h200(hardware):
    assert found(hardware, "H200 GPUs") == [("h200", "H200")]
    assert found(hardware, "H20 and H200") == [("h20", "H20"), ("h200", "H200")]


def test_ada_is_not_found_in_adaboost_or_adagrad(hardware):
    assert found(hardware, "AdaBoost, AdaGrad and Adam") == []
    assert found(hardware, "Hopper, Ada, and Ampere") == [
        ("hopper", "Hopper"), ("ada-lovelace", "Ada"), ("ampere", "Ampere")]


def test_t4_is_not_found_in_w4a4kv4_or_int4(hardware):
    assert found(hardware, "W4A4KV4 serving on INT4 tensor cores") == []


def test_a100_is_found_inside_a100_80gb(hardware):
    assert found(hardware, "a single A100-80GB GPU") == [("a100", "A100-80GB")]


def test_a100_is_found_in_its_plural(hardware):
    assert found(hardware, "eight A100s and two T4s") == [("a100", "A100"), ("t4", "T4")]


def test_v100_is_not_found_in_v1000(hardware):
    assert found(hardware, "the V1000 embedded processor") == []


def test_ampere_the_unit_is_not_hardware(hardware):
    assert found(hardware, "a current of 3 ampere") == []
    assert found(hardware, "NVIDIA Ampere GPUs") == [("nvidia", "NVIDIA"), ("ampere", "Ampere")]


def test_product_codes_match_in_any_case_but_short_codes_and_words_do_not(hardware):
    assert found(hardware, "on an a100 and a GAUDI2") == [("a100", "a100"), ("gaudi-2", "GAUDI2")]
    assert found(hardware, "the t4 and h20 settings") == []
    assert found(hardware, "max 1550 tokens") == []
    assert ignores_case("A100-80GB") and ignores_case("MI300X")
    assert not ignores_case("T4") and not ignores_case("Ampere") and not ignores_case("Max 1550")


def test_a_count_glued_to_a_name(hardware):
    assert found(hardware, "8xA100 and 4×H100") == [("a100", "A100"), ("h100", "H100")]
    assert found(hardware, "on an 8XH100 node") == [("h100", "H100")]
    # A page that lost its multiplication sign; the importer repairs it, detection copes anyway.
    assert found(hardware, "4timesRTX 3090 (24G)") == [("rtx-3090", "RTX 3090")]


def test_a_list_may_leave_out_the_words_its_names_share(hardware):
    assert found(hardware, "on TPU v5p and v4") == [("tpu-v5p", "TPU v5p"), ("tpu-v4", "v4")]
    assert found(hardware, "across v5p and v4 architectures") == [("tpu-v5p", "v5p"), ("tpu-v4", "v4")]
    assert found(hardware, "TPU v2, v3, and v4") == [("tpu-v2", "TPU v2"), ("tpu-v3", "v3"), ("tpu-v4", "v4")]
    assert found(hardware, "the RTX 3090 and 4090") == [("rtx-3090", "RTX 3090"), ("rtx-4090", "4090")]
    # Not a count, a size, or the same device again.
    assert found(hardware, "on TPU v4 and 256 chips") == [("tpu-v4", "TPU v4")]
    assert found(hardware, "an A100 and 8 GPUs") == [("a100", "A100")]
    assert found(hardware, "A100 80GB and 40GB") == [("a100", "A100 80GB")]


def test_the_longest_of_overlapping_names_wins(hardware):
    assert found(hardware, "a Grace Hopper Superchip") == [("gh200", "Grace Hopper Superchip")]
    assert found(hardware, "the Jetson AGX Orin board") == [("jetson-agx-orin", "Jetson AGX Orin")]
    assert found(hardware, "Ampere Altra CPUs") == [("altra", "Ampere Altra")]
    assert found(hardware, "the RTX 3090 Ti") == [("rtx-3090-ti", "RTX 3090 Ti")]


def test_ignored_phrases_hide_the_alias_inside_them(hardware):
    assert found(hardware, "mAP on Pascal VOC and the Turing test") == []
    assert found(hardware, "Pascal GPUs and Turing GPUs") == [("pascal", "Pascal"), ("turing", "Turing")]


def test_names_inside_links_are_not_hardware(hardware):
    text = "Code: https://github.com/AMD-AIG-AIMA/AMD-Hummingbird runs on MI300X."
    assert found(hardware, text) == [("mi300x", "MI300X")]


def test_a_name_may_break_across_a_line(hardware):
    assert found(hardware, "an RTX\n4090") == [("rtx-4090", "RTX\n4090")]


def test_mentions_carry_their_span(hardware):
    text = "SnapKV runs on a single A100-80GB GPU."
    assert hardware.detect(text) == [Mention("a100", 24, 33, "A100-80GB")]
    assert text[24:33] == "A100-80GB"


# --------------------------------------------------------------------------
# Spellings a reader meets


@pytest.mark.parametrize(("spelling", "node_id"), [
    ("A100-80GB", "a100"),
    ("A100-80G-SMX4", "a100"),
    ("A100 80GB", "a100"),
    ("RTX3060", "rtx-3060"),
    ("RTX 3060", "rtx-3060"),
    ("RTX-3060", "rtx-3060"),
    ("Tesla T4", "t4"),
    ("AGX Orin", "jetson-agx-orin"),
    ("Gaudi-2", "gaudi-2"),
    ("Gaudi2", "gaudi-2"),
    ("Gaudi 2", "gaudi-2"),
    ("Intel Data Center GPU Max 1550", "max-1550"),
    ("Max 1550", "max-1550"),
    ("CDNA3", "cdna3"),
    ("CDNA 3", "cdna3"),
    ("B200", "b200"),
    ("H100", "h100"),
    ("RTX5090", "rtx-5090"),
    ("A6000", "rtx-a6000"),
    ("RTX 2080 Ti", "rtx-2080-ti"),
    ("MI300X", "mi300x"),
    ("MI250X", "mi250x"),
    ("TPU v5e", "tpu-v5e"),
    ("TPUv4", "tpu-v4"),
    ("Trillium", "tpu-v6e"),
    ("Ascend 910B", "ascend-910b"),
    ("WSE-3", "wse-3"),
    ("Snapdragon 8 Gen 3", "snapdragon-8-gen-3"),
    ("M2 Ultra", "apple-m2"),
    ("Alveo U280", "alveo-u280"),
    ("Trainium2", "trainium-2"),
])
def test_a_spelling_names_its_node(hardware, spelling, node_id):
    assert found(hardware, f"We run on {spelling} hardware.") == [(node_id, spelling)]


@pytest.mark.parametrize(("phrase", "node_id"), [
    ("Volta-based GPUs", "volta"),
    ("the Hopper architecture", "hopper"),
    ("NVIDIA Ada Lovelace", "ada-lovelace"),
    ("Ascend NPUs", "ascend"),
    ("Blackwell", "blackwell"),
    ("Gaudi NPUs", "gaudi"),
    ("Cloud TPU", "tpu"),
    ("Graphcore IPUs", "colossus"),
])
def test_an_architecture_is_found_without_a_device(hardware, phrase, node_id):
    assert node_id in ids(hardware, phrase)
    assert all(hardware.nodes[i].kind != "device" for i in ids(hardware, phrase))


# --------------------------------------------------------------------------
# The tree


def test_the_content_files_load(hardware, topics):
    kinds = [node.kind for node in hardware.nodes.values()]
    assert kinds.count("vendor") >= 20
    assert kinds.count("architecture") >= 60
    assert kinds.count("device") >= 200
    assert len(topics.topics) >= 25
    for node in hardware.nodes.values():
        if node.kind == "device":
            assert node.device_kind in DEVICE_KINDS and node.aliases, node.id


def test_vendors_come_in_file_order(hardware):
    assert [v.id for v in hardware.vendors()][:4] == ["nvidia", "amd", "intel", "google"]


def test_children_ancestors_and_path(hardware):
    assert [n.id for n in hardware.ancestors("a100")] == ["ampere", "nvidia"]
    assert [n.id for n in hardware.path("a100")] == ["nvidia", "ampere", "a100"]
    assert [n.id for n in hardware.path("nvidia")] == ["nvidia"]
    assert "a100" in [n.id for n in hardware.children("ampere")]
    assert [n.id for n in hardware.children("nvidia")][:3] == ["kepler", "maxwell", "pascal"]
    assert hardware.children("a100") == []
    with pytest.raises(KeyError):
        hardware.children("no-such-node")


def test_expand_rolls_devices_up_to_their_vendor(hardware):
    assert hardware.expand(["a100", "mi300x"]) == {"a100", "ampere", "nvidia", "mi300x", "cdna3", "amd"}
    assert hardware.expand([]) == set()


def test_a_node_records_its_data(hardware):
    a100 = hardware.nodes["a100"]
    assert a100 == HardwareNode(
        id="a100", name="NVIDIA A100", kind="device", parent="ampere",
        aliases=a100.aliases, description=None, year=2020, device_kind="datacenter-gpu", specs=a100.specs)
    assert "A100-80G-SMX4" in a100.aliases
    # Its facts, each figure as the card shows it (tests/test_device_cards.py).
    assert a100.specs.form == "gpu" and a100.specs.figure("memory") == "80 GB HBM2e"
    assert a100.specs.figure("fp16_dense") == "312 TFLOPS" and a100.specs.source.startswith("https://www.nvidia.com/")


# --------------------------------------------------------------------------
# Topics

TOPICS_EXPECTED: list[tuple[str, str]] = [
    (SNAPKV, "kv-cache"), (SNAPKV, "long-context"),
    (GPTQ, "quantization"),
    (ZERO_INFINITY, "offloading"), (ZERO_INFINITY, "parallel-training"),
    (ZERO_OFFLOAD, "offloading"), (ZERO_OFFLOAD, "parallel-training"),
    (FUYOU, "offloading"), (PIPO, "offloading"), (ENDOR, "offloading"), (TRIFORCE, "offloading"),
    (TRIFORCE, "speculative-decoding"), (TRIFORCE, "kv-cache"),
    (COMET, "quantization"), (COMET, "kv-cache"), (COMET, "llm-serving"),
    (FASTATTENTION, "attention-kernels"), (NEIGHBORHOOD_ATTENTION, "attention-kernels"),
    (HIPKITTENS, "attention-kernels"), (HIPKITTENS, "portability"),
    (MEGATRON, "parallel-training"), (FRONTIER, "parallel-training"), (FRONTIER, "communication"),
    (NANOFLOW, "llm-serving"), (NANOFLOW, "gpu-utilization"), (ENERGONAI, "llm-serving"),
    (MELANGE, "llm-serving"), (MELANGE, "cost-efficiency"),
    (HOPPER_DISSECTED, "microbenchmarking"), (HOPPER_DISSECTED, "numeric-formats"),
    (TENSOR_CORES, "microbenchmarking"), (TENSOR_CORES, "gemm-tensor-cores"),
    (TENSOR_CORES, "numeric-formats"), (GPU_CORES, "microbenchmarking"),
    (GPU_CORES, "performance-modeling"), (CUDA_MYTH, "microbenchmarking"), (CUDA_MYTH, "portability"),
    (MICROSCALING_FP4, "quantization"), (MICROSCALING_FP4, "numeric-formats"),
    (ONESWEEP, "sorting-primitives"),
    (PYTORCH_DIRECT, "graph-learning"), (GCN_TRAINING, "graph-learning"),
    (PYTORCH_DIRECT, "data-movement"), (GCN_TRAINING, "data-movement"),
    (SEAWEED, "video-generation"), (HUMMINGBIRD, "video-generation"), (VQ4DIT, "diffusion-models"),
    (PROXYLESSNAS, "nas"), (PC_DARTS, "nas"), (ELASTICVIT, "nas"), (TURBOVIT, "nas"),
    (NETWORK_TRANSFORMATION, "nas"), (NASAIC, "nas"), (CNN_UTILIZATION, "nas"),
    (NASAIC, "accelerator-design"), (NEURAL_GRAPHICS, "accelerator-design"),
    (NEURAL_GRAPHICS, "neural-graphics"), (FUSED_MLP, "neural-graphics"),
    (E2GC, "energy-efficiency"), (FEMTODET, "energy-efficiency"), (GEMM_ADA, "energy-efficiency"),
    (GEMM_ADA, "performance-modeling"), (GEMM_ADA, "gemm-tensor-cores"),
    (HPCTRANSCOMPILE, "compilers"), (CUDA_L1, "compilers"), (CUDA_L1, "gpu-kernels"),
    (IM2WIN, "vision"), (IM2WIN, "gpu-kernels"), (E2GC, "vision"), (FEMTODET, "vision"),
    (SPARSE_PRETRAINING, "sparsity"), (GPUSQ_VIT, "sparsity"), (SPARSE_CONVNETS, "sparsity"),
    (FEMTODET, "mobile-edge"), (DM_VTON, "mobile-edge"), (SPARSE_CONVNETS, "mobile-edge"),
    (GLM_130B, "quantization"), (GLM_130B, "large-model-training"),
    (ARBITRARY_PRECISION, "quantization"), (ECOMMERCE_SLM, "quantization"), (GANQ, "quantization"),
]

# Wrong topics a loose phrase would give.
TOPICS_NOT_EXPECTED: list[tuple[str, str]] = [
    (GCN_TRAINING, "vision"),  # "Graph Convolutional Networks" are not CNNs
    (GCN_TRAINING, "parallel-training"),  # "zero-copy" is not ZeRO
    (PYTORCH_DIRECT, "parallel-training"),
    (SNAPKV, "large-model-training"),  # "fine-tuning-free"
    (SPARSE_PRETRAINING, "vision"),  # "2:4 masks by convolution"
    (HIPKITTENS, "mobile-edge"),  # "C++ embedded ... languages"
    (TRIFORCE, "parallel-training"),  # "DeepSpeed-Zero-Inference"
    (CUDA_L1, "portability"),  # "portability across GPU architectures", all NVIDIA
    (GPTQ, "large-model-training"),
    (NEIGHBORHOOD_ATTENTION, "accelerator-design"),
]


@pytest.mark.parametrize(("title", "topic"), TOPICS_EXPECTED)
def test_a_paper_gets_its_topic(topics, papers, title, topic):
    assert topic in topics.detect(papers[title])


@pytest.mark.parametrize(("title", "topic"), TOPICS_NOT_EXPECTED)
def test_a_paper_does_not_get_a_wrong_topic(topics, papers, title, topic):
    assert topic not in topics.detect(papers[title])


def test_every_paper_gets_a_topic(topics, papers):
    assert [title for title, text in papers.items() if not topics.detect(text)] == []


def test_topics_come_in_file_order(topics):
    detected = topics.detect("Quantization of the KV cache for LLM serving")
    assert detected == [t for t in topics.topics if t in {"llm-serving", "kv-cache", "quantization"}]


def test_topic_phrases_are_whole_words_and_ignore_case(topics):
    assert "kv-cache" in topics.detect("the kv Cache grows")
    assert "sorting-primitives" not in topics.detect("resorting to heuristics")
    assert "llm-serving" not in topics.detect("a small model serving as the draft")
    assert "parallel-training" in topics.detect("ZeRO-3 partitions optimizer states")
    assert "parallel-training" not in topics.detect("zero-copy access to host memory")


def test_a_phrase_inside_a_longer_phrase_keeps_its_topic():
    vocabulary = Topics([
        Topic("sparsity", "Sparsity", "Zeros.", ("sparse",)),
        Topic("attention-kernels", "Attention kernels", "Attention.", ("sparse attention", "/(?-i:FMHA)/")),
    ])
    assert vocabulary.detect("block sparse attention") == ["sparsity", "attention-kernels"]
    assert vocabulary.detect("an FMHA kernel") == ["attention-kernels"]
    assert vocabulary.detect("an fmha kernel") == []


# --------------------------------------------------------------------------
# Evidence sentences


def test_evidence_is_the_sentence_naming_the_device(hardware, papers):
    text = papers[FUYOU]
    mention = [m for m in hardware.detect(text) if m.id == "rtx-4090"][-1]
    sentence = evidence_sentence(text, mention.start, mention.end)
    assert sentence.startswith("The experimental results show that 1) Fuyou is able to fine-tune")
    assert "Fuyou achieves 156 TFLOPS on an RTX 4090 GPU" in sentence
    assert sentence.endswith("ZeRO-Infinity only achieves 45 TFLOPS.")


def test_evidence_does_not_split_at_a_decimal_point(papers):
    text = papers[NEIGHBORHOOD_ATTENTION]
    start = text.index("1.3 petaFLOPs")
    assert evidence_sentence(text, start, start + 3) == (
        "Our implementation can fully realize the maximum speedup theoretically possible in many perfectly "
        "block-sparse cases, and achieves an effective utilization of 1.3 petaFLOPs/second in FP16.")


def test_evidence_does_not_split_after_vs(hardware, papers):
    text = papers[MICROSCALING_FP4]
    mention = next(m for m in hardware.detect(text) if m.id == "b200")
    sentence = evidence_sentence(text, mention.start, mention.end)
    assert sentence.startswith("This leads to speedups vs. FP16 of up to 3.6x layer-wise")
    assert sentence.endswith("and 4x end-to-end on RTX5090.")


def test_a_unit_of_one_capital_letter_after_a_number_ends_a_sentence_and_an_initial_does_not():
    text = "The models run at 112 FPS while drawing only 2.5 W. Even on a Raspberry Pi 4, they reach 9 FPS."
    assert evidence_sentence(text, text.index("Raspberry"), text.index("Raspberry") + 9).startswith("Even on")
    text = "As shown by J. Smith, it runs on an A100."
    assert evidence_sentence(text, text.index("A100"), text.index("A100") + 4) == text
    # A one-letter model name before a plain sentence opener ends its sentence.
    text = "We deploy it on a Raspberry Pi 4 Model B. The board draws 3.1 W on an A100."
    assert evidence_sentence(text, text.index("A100"), text.index("A100") + 4) == "The board draws 3.1 W on an A100."


def test_evidence_does_not_split_after_eg(papers):
    text = papers[CUDA_L1]
    start = text.index("R1, o1")
    assert evidence_sentence(text, start, start + 2) == (
        "While recent advances in LLMs show promise for code generation, current SOTA models (e.g. R1, o1) "
        "achieve low success rates in improving CUDA speed.")


def test_evidence_ends_at_a_doubled_full_stop(hardware, papers):
    text = papers[NANOFLOW]
    mention = next(m for m in hardware.detect(text) if m.id == "nvidia")
    assert evidence_sentence(text, mention.start, mention.end) == (
        "We implement NanoFlow on NVIDIA GPUs and evaluate end-to-end serving throughput on several popular "
        "models such as LLaMA-2-70B, Mixtral 8x7B, LLaMA-3-8B, etc..")


def test_evidence_in_a_title_is_the_title(hardware, papers):
    text = papers[GEMM_ADA]
    mention = next(m for m in hardware.detect(text) if m.id == "ada-lovelace")
    assert evidence_sentence(text, mention.start, mention.end) == GEMM_ADA


@pytest.mark.parametrize(("text", "name", "sentence"), [
    ("Prior work (Smith et al. 2021) used a V100. We use an H100.", "V100",
     "Prior work (Smith et al. 2021) used a V100."),
    ("We tried it. Fig. 3 shows the A100 results. Next, the rest.", "A100", "Fig. 3 shows the A100 results."),
    ("Is it fast? On an i.e. T4-class GPU, yes! Done.", "T4", "On an i.e. T4-class GPU, yes!"),
    ("The 4k res. at 60FPS is met by an L4.", "L4", "The 4k res. at 60FPS is met by an L4."),
    ("It runs on an H100", "H100", "It runs on an H100"),
    # A name that starts with a small letter starts a sentence too.
    ("We study the traces. vLLM on an A100 serves them.", "A100", "vLLM on an A100 serves them."),
    ("It fits. iPhone 15 runs it on the A16.", "A16", "iPhone 15 runs it on the A16."),
    # Or has a digit or a dot inside it; an abbreviation before it still runs on.
    ("It is 2x faster, respectively. gpt-oss-120B also runs on an H100.", "H100",
     "gpt-oss-120B also runs on an H100."),
    ("We port it to dLLMs. llada.cpp runs on an M2.", "M2", "llada.cpp runs on an M2."),
    ("We use approx. x86 cores and an A100.", "A100", "We use approx. x86 cores and an A100."),
    ("See e.g. fig. 3 for the H100.", "H100", "See e.g. fig. 3 for the H100."),
    # A short word before a stop may be an abbreviation no list holds: a name after it runs on.
    ("Gains are largest, esp. fp8-gemm kernels on the H100.", "H100", "Gains are largest, esp. fp8-gemm kernels on the H100."),
])
def test_evidence_sentence_boundaries(text, name, sentence):
    start = text.index(name)
    assert evidence_sentence(text, start, start + len(name)) == sentence


# --------------------------------------------------------------------------
# Validation


def problems_of(loader, text: str, path: str) -> list[str]:
    with pytest.raises(ContentError) as error:
        loader(text, path)
    return [str(problem) for problem in error.value.problems]


def lines(block: str) -> list[str]:
    return dedent(block).strip().splitlines()


def test_a_broken_hardware_file_reports_every_problem_at_its_line():
    text = (FIXTURES / "broken_hardware.yml").read_text(encoding="utf-8")
    assert problems_of(load_hardware, text, "content/hardware.yml") == lines(f"""
        content/hardware.yml:17: duplicate id 'a100', first used at line 13 (expected each id once in the whole file)
        content/hardware.yml:21: device 'rtx-3090' has no 'aliases', so detection never finds it (expected the spellings that name it, e.g. aliases: [A100, A100-80GB])
        content/hardware.yml:24: unknown key 'alias' in device 'rtx-3090' (expected one of: id, name, short_name, year, kind, aliases, shared_aliases, description, specs); did you mean 'aliases'?
        content/hardware.yml:25: id 'RTX_4090' is not a lowercase slug (expected lowercase letters and digits joined by single hyphens, e.g. 'rtx-4090')
        content/hardware.yml:28: 'aliases' of device 'RTX_4090' must hold text only, got 4090 (int) (expected e.g. aliases: [A100, A100-80GB]; quote spellings YAML would read as numbers or booleans)
        content/hardware.yml:29: device 'a10' has no 'name' (expected the name shown on its page, e.g. name: NVIDIA A100)
        content/hardware.yml:30: 'kind' of device 'a10' is 'gpu' (expected one of: {", ".join(DEVICE_KINDS)})
        content/hardware.yml:31: 'year' of device 'a10' must be a year, got '2021a' (str) (expected e.g. year: 2020)
        content/hardware.yml:32: alias 'a100' of device 'a10' is already used by device 'a100' at line 16 (expected each spelling to name one node; case, spaces and hyphens are ignored in this check)
        content/hardware.yml:39: 'devices' of architecture 'cdna3' must be a list, got 'MI300X' (expected items starting '- id: ...')
    """)


def test_a_broken_topics_file_reports_every_problem_at_its_line():
    text = (FIXTURES / "broken_topics.yml").read_text(encoding="utf-8")
    assert problems_of(load_topics, text, "content/topics.yml") == lines("""
        content/topics.yml:7: match pattern /KV (cache/ of topic 'kv-cache' is not a regular expression RE2 can run: missing ): KV (cache (expected RE2's syntax, e.g. /KV[- ]caches?/)
        content/topics.yml:8: duplicate id 'kv-cache', first used at line 4 (expected each id once in the whole file)
        content/topics.yml:12: topic 'quantization' has no 'description' (expected one or two sentences for the topic page)
        content/topics.yml:14: unknown key 'descripton' in topic 'quantization' (expected one of: id, name, description, match); did you mean 'description'?
        content/topics.yml:18: match phrase 'Quantization' is listed twice for topic 'quantization' (expected each phrase once)
        content/topics.yml:24: 'match' of topic 'serving' must hold text only, got a mapping (expected e.g. match: [KV cache, /KV[- ]caches?/]; quote text holding ': ', which YAML reads as a key)
    """)


def test_invalid_yaml_is_reported_at_its_line():
    problems = problems_of(load_hardware, "vendors:\n  - id: a\n   name: x\n", "content/hardware.yml")
    assert len(problems) == 1
    assert problems[0].startswith("content/hardware.yml:3: not valid YAML: ")


def test_an_empty_file_is_reported():
    assert problems_of(load_hardware, "", "content/hardware.yml") == [
        "content/hardware.yml:1: the file is empty (expected a 'vendors:' list)"]
    assert problems_of(load_topics, "topics:\n", "content/topics.yml") == [
        "content/topics.yml:1: 'topics' must be a list, got nothing (expected items starting '- id: ...')"]
    assert problems_of(load_topics, "# nothing yet\n", "content/topics.yml") == [
        "content/topics.yml:1: the file is empty (expected a 'topics:' list)"]


def test_a_repeated_key_and_an_alias_in_ignore_are_reported():
    text = (
        "ignore: [Pascal VOC]\n"
        "vendors:\n"
        "  - id: nvidia\n"
        "    name: NVIDIA\n"
        "    name: Nvidia\n"
        "    aliases: [Pascal VOC]\n"
    )
    assert problems_of(load_hardware, text, "hw.yml") == lines("""
        hw.yml:5: key 'name' appears twice in vendor 'nvidia' (expected each key once)
        hw.yml:6: alias 'Pascal VOC' of vendor 'nvidia' is already used by 'ignore' at line 1 (expected each spelling to name one node; case, spaces and hyphens are ignored in this check)
    """)


# --------------------------------------------------------------------------
# Hostile vocabularies: refused at load, at their line, before anything can hang


def topics_matching(*patterns: str) -> str:
    """A topics.yml with one topic, 'backtracking', matching the phrase `catastrophic
    backtracking` and then `patterns`, the first of them at line 7."""
    listed = "".join(f"      - '{pattern}'\n" for pattern in patterns)
    return ("topics:\n  - id: backtracking\n    name: Backtracking\n    description: Patterns.\n"
            f"    match:\n      - catastrophic backtracking\n{listed}")


# Patterns that take Python's regex engine exponential time to fail at a word: RE2 runs each
# in time linear in the text, so a curator cannot hang the build with one.
CATASTROPHIC = [r"/(a+)+$/", r"/(\w+\s?)*x/", r"/(a|aa)*b/", r"/(.*a){12}/", r"/.*.*x/", r"/[^,]+[^,]+x/",
                "/" + "a?" * 30 + "a" * 30 + "/", r"/a{0,1000}b/"]


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_a_pattern_that_backtracks_in_python_is_accepted_and_runs_on_re2(pattern):
    vocabulary = load_topics(topics_matching(pattern), "content/topics.yml")
    assert isinstance(vocabulary._matcher.regexes, re2.Set)
    # Text on which Python's engine takes minutes or forever to find no match; RE2, a moment.
    found = vocabulary.detect(" ".join(["a" * 5000 + "!", "word " * 2000, "a" * 29 + "!"]))
    assert found == (["backtracking"] if pattern == r"/(.*a){12}/" else [])  # 12 a's end a word; nothing else fits


def test_lookarounds_and_backreferences_are_refused_at_their_line_with_the_way_round():
    problems = problems_of(load_topics, topics_matching("/ok/", r"/serving(?! as\b)/", "/ok too/", r"/(a)\1/"),
                           "content/topics.yml")
    assert problems == [
        r"content/topics.yml:8: match pattern /serving(?! as\b)/ of topic 'backtracking' is not a regular "
        "expression RE2 can run: invalid perl operator: (?! (expected RE2's syntax, which has no lookaround or "
        "backreference; write the phrase plainly and list what holds it without meaning the topic under the "
        "file's 'ignore:', e.g. ignore: [serving as])",
        r"content/topics.yml:10: match pattern /(a)\1/ of topic 'backtracking' is not a regular expression RE2 "
        r"can run: invalid escape sequence: \1 (expected RE2's syntax, which has no lookaround or backreference; "
        "write the phrase plainly and list what holds it without meaning the topic under the file's 'ignore:', "
        "e.g. ignore: [serving as])"]


def test_a_pattern_that_matches_empty_text_is_refused():
    assert problems_of(load_topics, topics_matching("/x*/"), "content/topics.yml") == [
        "content/topics.yml:7: match pattern /x*/ of topic 'backtracking' matches empty text (expected a pattern "
        "that needs at least one character)"]


def test_an_overly_long_regex_is_refused():
    pattern = "/" + "|".join(f"word{i:03}" for i in range(30)) + "/"
    assert problems_of(load_topics, topics_matching(pattern), "content/topics.yml") == [
        f"content/topics.yml:7: match pattern {pattern} of topic 'backtracking' is {len(pattern) - 2} characters "
        f"long (expected at most {MAX_REGEX_CHARS}; list the variants as phrases instead)"]


def test_every_regex_of_the_real_topics_file_is_accepted(topics):
    written = yaml.safe_load((SEED_CONTENT / "topics.yml").read_text(encoding="utf-8"))
    regexes = [phrase for topic in written["topics"] for phrase in topic["match"] if is_regex_phrase(phrase)]
    assert len(regexes) >= 7 and r"/(?-i:ZeRO)/" in regexes and r"/W\d+A\d+(?:KV\d+)?/" in regexes
    assert regexes == [phrase for topic in topics.topics.values() for phrase in topic.patterns
                       if is_regex_phrase(phrase)]


def test_regexes_match_whole_words_and_keep_their_own_case_rules():
    vocabulary = load_topics(topics_matching(r"/W\d+A\d+(?:KV\d+)?/", r"/KV\s+caches?/", r"/(?-i:ZeRO)/"),
                             "content/topics.yml")
    assert vocabulary.detect("quantized to W4A16KV8") == ["backtracking"]
    assert vocabulary.detect("quantized to W4A16KV8x") == []  # not a whole word
    assert vocabulary.detect("the KV   caches grow") == ["backtracking"]
    assert vocabulary.detect("ZeRO-3 offloads") == ["backtracking"]
    assert vocabulary.detect("zero-copy transfers") == []
    assert vocabulary.detect("see https://example.com/ZeRO") == []  # not inside a link


def test_an_ignored_phrase_hides_the_phrases_inside_it():
    text = ("ignore: [serving as, graph convolutional]\n" + topics_matching("serving", "convolutional")
            + "  - id: gnn\n    name: GNN\n    description: Graphs.\n    match: [graph convolutional network]\n")
    vocabulary = load_topics(text, "content/topics.yml")
    assert vocabulary.detect("a fast LLM serving system") == ["backtracking"]
    assert vocabulary.detect("a small LLM serving as the draft") == []
    assert vocabulary.detect("graph convolutional layers") == []
    assert vocabulary.detect("convolutional networks") == ["backtracking"]
    assert vocabulary.detect("large graph convolutional network training") == ["gnn"]


@pytest.mark.parametrize(("loader", "fixture"), [
    (load_topics, "billion_laughs_topics.yml"),
    (load_hardware, "billion_laughs_hardware.yml"),
])
def test_yaml_anchors_and_aliases_are_refused_before_anything_walks_them(loader, fixture):
    text = (FIXTURES / fixture).read_text(encoding="utf-8")
    assert problems_of(loader, text, f"content/{fixture}") == [
        f"content/{fixture}:5: the file repeats a value with a YAML anchor and alias "
        "(expected every value written out; anchors and aliases are not allowed)"]


@pytest.mark.parametrize("text", [
    "topics:\n  - " + "[" * 1000 + "]" * 1000 + "\n",
    "topics:\n  - " + "[" * 1000 + "]" * 999 + "\n",  # not YAML either: read again by the Python parser
    "topics: " + "[" * 40_000 + "]" * 40_000 + "\n",  # deeper than libyaml's composer can go
])
def test_deep_nesting_is_refused_not_a_crash(text):
    problems = problems_of(load_topics, text, "content/topics.yml")
    assert problems[0].endswith(": the file nests lists or mappings more than 20 deep "
                                "(expected a few levels: fields, lists, mappings)")


# --------------------------------------------------------------------------
# Scale: one compiled pattern, one scan per text


class CountingPattern:
    """Stands in for a compiled pattern, counting the scans made with it."""

    def __init__(self, pattern):
        self.pattern = pattern
        self.scans = 0

    def finditer(self, text):
        self.scans += 1
        return self.pattern.finditer(text)

    def Match(self, text):  # an RE2 set's one scan for all regexes
        self.scans += 1
        return self.pattern.Match(text)


def synthetic_abstracts(count: int) -> list[str]:
    filler = ("We study the throughput and latency of large model inference under realistic load, "
              "with kernels tuned for the memory hierarchy and batching that keeps the GPU busy. ")
    devices = ["A100", "RTX 4090", "H100-80GB", "Gaudi-2", "MI300X", "TPU v5e", "Jetson AGX Orin"]
    return [f"System {i}: fast serving\n{filler * 8}Measured on {devices[i % len(devices)]} and a V100. {filler}"
            for i in range(count)]


def test_hardware_detection_is_one_scan_per_text_with_one_pattern():
    hardware = load_hardware((SEED_CONTENT / "hardware.yml").read_text(encoding="utf-8"), "content/hardware.yml")
    texts = synthetic_abstracts(10_000)
    pattern, owner = hardware._matcher
    counting = CountingPattern(pattern)
    hardware.__dict__["_matcher"] = (counting, owner)  # what the cached property returns from now on
    mentions = [hardware.detect(text) for text in texts]
    assert counting.scans == len(texts)
    assert all(len(found) == 2 and found[-1].id == "v100" for found in mentions)
    assert {found[0].id for found in mentions} == {
        "a100", "rtx-4090", "h100", "gaudi-2", "mi300x", "tpu-v5e", "jetson-agx-orin"}


def test_topic_detection_is_two_scans_per_text_whatever_the_vocabulary_size():
    topics = load_topics((SEED_CONTENT / "topics.yml").read_text(encoding="utf-8"), "content/topics.yml")
    matcher = topics._matcher
    phrases, regexes = CountingPattern(matcher.phrases), CountingPattern(matcher.regexes)
    topics.__dict__["_matcher"] = type(matcher)(phrases, matcher.phrase_topics, matcher.ignored, regexes,
                                                matcher.regex_topics)
    texts = synthetic_abstracts(10_000)
    detected = [topics.detect(text) for text in texts]
    assert phrases.scans == regexes.scans == len(texts)
    assert all({"llm-serving", "gpu-kernels"} <= set(found) for found in detected)


def test_three_hundred_regexes_fit_in_one_set():
    vocabulary = load_topics(topics_matching(*[f"/word{i:03}[a-z]+s?/" for i in range(300)]), "content/topics.yml")
    assert vocabulary.detect("it reads word299abc and more") == ["backtracking"]
