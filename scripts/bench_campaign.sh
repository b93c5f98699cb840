#!/usr/bin/env bash
# Campaign throughput, side by side: the same N cases with --jobs 1 and --jobs 2 (release
# build), checks per second, the scaling ratio and the CPU time per check (the campaign
# and its JIT workers, mlir-translate and mlir-opt processes), for the campaign as users
# run it (default oracles, mlir-translate and upstream-structure sampling), without the
# upstream-structure oracle, without mlir-translate, and without JIT groups (--jit-group 1:
# each case's module compiled alone).
# Findings are written unreduced (--reduce-seconds 0) so a finding cannot stall the clock.
# Usage: scripts/bench_campaign.sh [N]
# STDLOWER_BIN=path/to/stdlower measures another build (e.g. a baseline) side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-600}
cargo build --release -q -p harness -p stdlower-front -p mlir-worker --bins
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" "$N" <<'PY'
import json, os, resource, subprocess, sys
tmp, n = sys.argv[1], sys.argv[2]
modes = [("default sampling", []), ("no upstream-structure", ["--structure-every", "0"]),
         ("no mlir-translate", ["--mlir-translate-every", "0"]),
         ("no JIT groups", ["--jit-group", "1"])]

def run(out, jobs, extra):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([os.environ.get("STDLOWER_BIN", "target/release/stdlower"), "campaign", "--count", n, "--jobs", str(jobs),
                    "--out", out, "--quiet", "--reduce-seconds", "0", *extra],
                   stdout=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    r = json.load(open(f"{out}/report.json"))
    return r, cpu

for k, (name, extra) in enumerate(modes):
    rate = {}
    for j in (1, 2):
        r, cpu = run(f"{tmp}/m{k}j{j}", j, extra)
        rate[j] = r["checks_per_second"]
        mt = r["per_oracle"].get("mlir-translate", {}).get("checked", 0)
        us = r["per_oracle"].get("upstream-structure", {}).get("checked", 0)
        print(f"{name:>21}  --jobs {j}: {r['checked']} checks in {r['seconds']:.1f} s = "
              f"{rate[j]:.0f} checks/s, {1e3 * cpu / max(r['checked'], 1):.2f} ms CPU/check "
              f"({r['agreed']} agreed, {r['findings']} findings, {r['skipped']} skipped, "
              f"{mt} through mlir-translate, {us} through upstream-structure)")
    print(f"{name:>21}  scaling --jobs 2 / --jobs 1: {rate[2] / rate[1]:.2f}x")
PY
