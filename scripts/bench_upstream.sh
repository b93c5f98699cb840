#!/usr/bin/env bash
# The upstream oracle's rate: `campaign --upstream --upstream-sample 1` against the same
# campaign without `--upstream` (the ceiling), for one or more builds side by side, in
# alternating rounds (build A, build B, ..., ceiling; again), with the median wall time,
# CPU time (the campaign and every process it started) and cases per second of each.
# Upstream's added cost is a build's time minus the ceiling's; the ratio is the first
# build's added cost over each other's (the first is the baseline). Every run's journal
# is kept (OUT/<label>-r<round>/journal.jsonl) to compare verdicts case by case.
# Findings are written unreduced (--reduce-seconds 0).
# Usage: scripts/bench_upstream.sh [--count N] [--rounds R] [--seed S] [--mlir-bin DIR]
#          [--out DIR] LABEL=path/to/stdlower ...
# The ceiling runs the last build given.
set -euo pipefail
cd "$(dirname "$0")/.."
count=5000 rounds=3 seed=7 mlir_bin="" out=""
builds=()
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --mlir-bin) mlir_bin=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *=*) builds+=("$1"); shift ;;
    *) echo "usage: $0 [--count N] [--rounds R] [--seed S] [--mlir-bin DIR] [--out DIR] LABEL=BIN ..." >&2; exit 2 ;;
  esac
done
if [ ${#builds[@]} -eq 0 ]; then
  cargo build --release -q -p harness -p stdlower-front -p mlir-worker --bins
  builds=("branch=target/release/stdlower")
fi
if [ -z "$out" ]; then
  out=$(mktemp -d)
fi
mkdir -p "$out"
python3 - "$out" "$count" "$rounds" "$seed" "$mlir_bin" "${builds[@]}" <<'PY'
import json, os, resource, statistics, subprocess, sys, time
out, count, rounds, seed, mlir_bin = sys.argv[1:6]
builds = [b.split("=", 1) for b in sys.argv[6:]]
runs = [(label, path, True) for label, path in builds] + [("ceiling", builds[-1][1], False)]
times = {label: [] for label, _, _ in runs}
cpus = {label: [] for label, _, _ in runs}
for r in range(int(rounds)):
    for label, path, upstream in runs:
        d = f"{out}/{label}-r{r}"
        subprocess.run(["rm", "-rf", d], check=True)
        args = [path, "campaign", "--count", count, "--seed", seed, "--jobs", "2",
                "--reduce-seconds", "0", "--quiet", "--out", d]
        if upstream:
            args += ["--upstream", "--upstream-sample", "1"]
            if mlir_bin:
                args += ["--mlir-bin", mlir_bin]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        subprocess.run(args, stdout=subprocess.DEVNULL, check=False)
        wall = time.monotonic() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        rep = json.load(open(f"{d}/report.json"))
        times[label].append(wall)
        cpus[label].append(cpu)
        up = rep["per_oracle"].get("upstream", {}).get("checked", 0)
        print(f"round {r} {label:>10}: {wall:7.1f} s wall, {cpu:7.1f} s CPU, "
              f"{rep['checked']} cases ({up} through upstream), {rep['findings']} findings, "
              f"{rep['known_upstream']} known-upstream", flush=True)
med = {k: statistics.median(v) for k, v in times.items()}
cmed = {k: statistics.median(v) for k, v in cpus.items()}
print(f"\nmedians of {rounds} rounds, {count} cases, seed {seed}, "
      f"{'--mlir-bin ' + mlir_bin if mlir_bin else 'MLIR 22'}:")
base = builds[0][0]
for label, _, upstream in runs:
    line = (f"{label:>10}: {med[label]:7.1f} s ({int(count) / med[label]:6.1f} cases/s), "
            f"{cmed[label]:7.1f} s CPU")
    if upstream:
        added = med[label] - med["ceiling"]
        cadded = cmed[label] - cmed["ceiling"]
        line += f"; upstream adds {added:6.1f} s wall, {cadded:6.1f} s CPU"
        if label != base:
            ratio = (med[base] - med["ceiling"]) / added if added > 0 else float("inf")
            cratio = (cmed[base] - cmed["ceiling"]) / cadded if cadded > 0 else float("inf")
            line += f" ({ratio:.1f}x less wall, {cratio:.1f}x less CPU than {base})"
    print(line)
print(f"journals: {out}/<label>-r<round>/journal.jsonl")
PY
