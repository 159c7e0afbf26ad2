"""An MS MARCO-sized run (6,980 queries × 1,000 documents, 6,980,000 lines) evaluated end to end
by `python -m ndcg_core.trec -m ndcg_cut.10 -m map -m recip_rank`, beside the same evaluation by
trec_eval (the C program, where one is built), pytrec_eval, ir_measures and ranx, each in a
process of its own: wall time, CPU time (every thread's) and peak memory (the process's maximum
RSS), and every tool's `all` values side by side (they must agree to 4 decimals).

    PYTHONPATH=. .venv/bin/python bench/bench_runs.py [--queries 6980] [--trec-eval PATH]
        [--ir-measures PYTHON] [--compare N] [--rounds N] [--tools ndcg_core.trec,trec_eval]

The run is seeded and written by this script into bench/results/ (git-ignored), once: scores
fall with the rank, rounded to 4 decimals (so ties happen, broken by document id as trec_eval
breaks them), each query 1–3 relevant documents of which most are ranked somewhere. Targets
(issue 34): ≤ 5 s end to end and ≤ 1.5 GB.

`--compare N`: N runs of that size compared by `python -m ndcg_core.compare` on one measure
(target ≤ 30 s and ≤ 2 GB for 5 runs).

The baselines read the same files the way their users do: pytrec_eval and ranx from dicts built
by reading the files in Python (ranx's own `Run.from_file`), ir_measures with its
`read_trec_run` / `read_trec_qrels`, trec_eval from the files. ranx runs in its own venv
(.venv-ranx); ir_measures in a scratch venv given by `--ir-measures` (not a dependency of the
app); trec_eval is not shipped either: build it from its sources (trec_eval 9.0.8, ``make``)
and pass its path.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
DOCS = 1000
MEASURES = ("ndcg_cut.10", "map", "recip_rank")


def write_run(path: Path, queries: int, seed: int = 0, name: str = "bm25") -> None:
    """A seeded run: `queries` × 1,000 documents, ids unique within a query."""
    import pyarrow as pa
    import pyarrow.csv as pacsv

    # Every run answers the same queries (run 0's, which the qrels judge) with the same
    # documents; run `seed` > 0 is run 0 reordered by noise that grows with the seed, so the
    # runs compared differ as systems do (a few places here and there), not by ranking nothing
    # the qrels know.
    rng = np.random.default_rng(seed)
    drawn = rng.choice(np.arange(2, 1_200_000), queries, replace=False)  # run 0's, as before
    if seed:
        drawn = np.random.default_rng(0).choice(np.arange(2, 1_200_000), queries, replace=False)
    qids = np.sort(drawn)
    rank = np.tile(np.arange(1, DOCS + 1), queries)
    order = np.tile(np.arange(DOCS), (queries, 1))
    if seed:
        order = np.argsort(order + rng.normal(0, 20 * seed, order.shape), axis=1, kind="stable")
    position = (np.arange(queries, dtype=np.int64)[:, None] * DOCS + order).ravel()
    # An odd multiplier is a bijection modulo 2^23: every (query, rank) of run 0 gets its own
    # document (write_qrels names them the same way).
    doc = (position * 2_654_435_761 + 12_345) % 2**23
    score = np.sort(rng.gamma(4, 3, (queries, DOCS)), axis=1)[:, ::-1].ravel().round(4)
    table = pa.table(
        {
            "q": pa.array(np.repeat(qids, DOCS)).cast(pa.string()),
            "z": pa.array(["Q0"] * 1).take(np.zeros(rank.size, int)),
            "d": pa.array(doc).cast(pa.string()),
            "r": rank,
            "s": score,
            "n": pa.array([name]).take(np.zeros(rank.size, int)),
        }
    )
    options = pacsv.WriteOptions(include_header=False, delimiter=" ", quoting_style="none")
    pacsv.write_csv(table, path, options)


def write_qrels(path: Path, queries: int, seed: int = 0) -> None:
    """1–3 relevant documents per query (about 1.5): most ranked by run 0, some not at all."""
    rng = np.random.default_rng(seed)
    qids = np.sort(rng.choice(np.arange(2, 1_200_000), queries, replace=False))
    lines = []
    for index, q in enumerate(qids):
        for _ in range(rng.integers(1, 4)):
            if rng.random() < 0.8:
                position = index * DOCS + min(int(rng.geometric(0.02)) - 1, DOCS - 1)
                doc = (position * 2_654_435_761 + 12_345) % 2**23
            else:
                doc = int(rng.integers(2**23, 2**24))  # a document no run ranks
            lines.append(f"{q} 0 {doc} 1\n")
    path.write_text("".join(dict.fromkeys(lines)))


def files(queries: int, runs: int = 1) -> tuple[Path, list[Path]]:
    RESULTS.mkdir(parents=True, exist_ok=True)
    qrels = RESULTS / f"bench_runs_{queries}.qrels"
    if not qrels.exists():
        write_qrels(qrels, queries)
    paths = []
    for seed in range(runs):
        path = RESULTS / f"bench_runs_{queries}_{seed}.run"
        if not path.exists():
            started = time.perf_counter()
            write_run(path, queries, seed, f"system{seed}")
            print(f"wrote {path.name} in {time.perf_counter() - started:.1f} s", flush=True)
        paths.append(path)
    return qrels, paths


def timed(argv: list[str], env: dict | None = None) -> tuple[float, float, str]:
    """Wall seconds, peak RSS in MB and standard output of a command run to its end."""
    started = time.perf_counter()
    process = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT, text=True
    )
    out, err = process.communicate()
    wall = time.perf_counter() - started
    peak = _peak_of_children()
    if process.returncode:
        raise RuntimeError(f"{argv[:3]} failed: {err[-2000:]}")
    return wall, peak, out


def _cpu_of_children() -> float:
    """CPU seconds (user + system, every thread) of the children waited for so far: on a shared
    machine the wall time moves with the load, the CPU time much less."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _peak_of_children() -> float:
    """The largest RSS peak (MB) of the children waited for so far: so each tool runs as the
    only child of a fresh `python bench/bench_runs.py --one TOOL` process."""
    import resource

    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


PYTREC = """
import sys, pytrec_eval
qrel, run = {}, {}
for line in open(sys.argv[1]):
    q, _, d, r = line.split()
    qrel.setdefault(q, {})[d] = int(r)
for line in open(sys.argv[2]):
    q, _, d, _, s, _ = line.split()[:6]
    run.setdefault(q, {})[d] = float(s)
e = pytrec_eval.RelevanceEvaluator(qrel, {"ndcg_cut.10", "map", "recip_rank"})
values = e.evaluate(run)
for m in ("ndcg_cut_10", "map", "recip_rank"):
    print(m, sum(v[m] for v in values.values()) / len(values))
"""

IR_MEASURES = """
import sys, ir_measures
from ir_measures import nDCG, AP, RR
qrels = list(ir_measures.read_trec_qrels(sys.argv[1]))
run = ir_measures.read_trec_run(sys.argv[2])
values = ir_measures.calc_aggregate([nDCG @ 10, AP, RR], qrels, run)
for m, name in ((nDCG @ 10, "ndcg_cut_10"), (AP, "map"), (RR, "recip_rank")):
    print(name, values[m])
"""

RANX = """
import sys
from ranx import Qrels, Run, evaluate
qrels = Qrels.from_file(sys.argv[1], kind="trec")
run = Run.from_file(sys.argv[2], kind="trec")
values = evaluate(qrels, run, ["ndcg@10", "map", "mrr"])
for m, name in (("ndcg@10", "ndcg_cut_10"), ("map", "map"), ("mrr", "recip_rank")):
    print(name, values[m])
"""


def one(tool: str, qrels: Path, run: Path, extra: str) -> None:
    """Run one tool in a child of this process and print 'wall peak' and its values."""
    python = {"ir_measures": extra or sys.executable, "ranx": str(ROOT / ".venv-ranx/bin/python")}
    if tool == "compare":
        argv = [sys.executable, "-m", "ndcg_core.compare", str(qrels), *extra.split("|")]
        argv += ["-m", "ndcg_cut.10", "--format", "csv"]
        wall, peak, out = timed(argv, dict(os.environ, PYTHONPATH=str(ROOT)))
        print(f"{wall:.2f} {peak:.0f} cpu {_cpu_of_children():.2f} s | " + out.replace("\n", " | "))
        return
    if tool == "ndcg_core.trec":
        argv = [sys.executable, "-m", "ndcg_core.trec"]
        argv += [arg for m in MEASURES for arg in ("-m", m)] + [str(qrels), str(run)]
    elif tool == "trec_eval":
        argv = [extra] + [arg for m in MEASURES for arg in ("-m", m)] + [str(qrels), str(run)]
    else:
        code = {"pytrec_eval": PYTREC, "ir_measures": IR_MEASURES, "ranx": RANX}[tool]
        argv = [python.get(tool, sys.executable), "-c", code, str(qrels), str(run)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    wall, peak, out = timed(argv, env)
    values = {}
    for text in out.splitlines():
        parts = text.split()
        values[parts[0]] = float(parts[-1])
    print(
        f"{wall:.2f} {peak:.0f} cpu {_cpu_of_children():6.2f} s  "
        + " ".join(f"{k}={v:.4f}" for k, v in values.items())
    )


def measure(tool: str, qrels: Path, run: Path, extra: str = "") -> tuple[float, float, str]:
    argv = [sys.executable, __file__, "--one", tool, "--extra", extra, str(qrels), str(run)]
    _, _, out = timed(argv, dict(os.environ, PYTHONPATH=str(ROOT)))
    wall, peak, values = out.strip().split(" ", 2)
    return float(wall), float(peak), values


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=6980)
    parser.add_argument("--trec-eval", default="", help="a trec_eval program built from source")
    parser.add_argument("--ir-measures", default="", help="a python with ir_measures installed")
    parser.add_argument("--no-ranx", action="store_true")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--compare", type=int, default=0, help="compare N runs too")
    parser.add_argument(
        "--tools", default="", help="only these, comma-separated (e.g. ndcg_core.trec,trec_eval)"
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--extra", default="", help=argparse.SUPPRESS)
    parser.add_argument("files", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one(args.one, Path(args.files[0]), Path(args.files[1]), args.extra)
        return
    qrels, paths = files(args.queries, max(1, args.compare))
    size = paths[0].stat().st_size / 1e6
    print(
        f"run: {args.queries:,} queries × {DOCS:,} documents, {size:.1f} MB; "
        f"load average {os.getloadavg()[0]:.1f} at the start",
        flush=True,
    )
    tools = ["ndcg_core.trec", "pytrec_eval"]
    if args.trec_eval:
        tools.insert(1, "trec_eval")
    if args.ir_measures:
        tools.append("ir_measures")
    if not args.no_ranx and (ROOT / ".venv-ranx/bin/python").exists():
        tools.append("ranx")
    if args.tools:
        tools = [tool for tool in tools if tool in args.tools.split(",")]
    extra = {"trec_eval": args.trec_eval, "ir_measures": args.ir_measures}
    for round_ in range(args.rounds):
        for tool in tools:
            wall, peak, values = measure(tool, qrels, paths[0], extra.get(tool, ""))
            print(f"{round_ + 1}  {tool:<15} {wall:6.2f} s  {peak:6.0f} MB   {values}", flush=True)
    if args.compare:
        wall, peak, out = measure("compare", qrels, paths[0], "|".join(map(str, paths)))
        print(f"compare {args.compare} runs, ndcg_cut.10: {wall:.2f} s, {peak:.0f} MB")
        print(out.replace(" | ", "\n"))
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
