#!/usr/bin/env bash
# Campaign throughput, side by side: the same N cases with --jobs 1 and --jobs 2 (release
# build), checks per second and the scaling ratio. Usage: scripts/bench_campaign.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-600}
cargo build --release -q -p harness --bins
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for j in 1 2; do
  target/release/stdlower campaign --count "$N" --jobs "$j" --out "$tmp/j$j" --quiet \
    --mlir-translate-every 0 --reduce-seconds 0 > /dev/null || true
done
python3 - "$tmp" <<'PY'
import json, sys
r = {j: json.load(open(f"{sys.argv[1]}/j{j}/report.json")) for j in (1, 2)}
for j in (1, 2):
    x = r[j]
    ms = [0]
    print(f"--jobs {j}: {x['checked']} checks in {x['seconds']:.1f} s = {x['checks_per_second']:.0f} checks/s "
          f"({x['agreed']} agreed, {x['findings']} findings, {x['skipped']} skipped)")
print(f"scaling --jobs 2 / --jobs 1: {r[2]['checks_per_second'] / r[1]['checks_per_second']:.2f}x")
PY
