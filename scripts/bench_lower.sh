#!/usr/bin/env bash
# Issue benchmark: `stdlower lower` (parse + convert + print) against mlir-opt 22 lowering
# the same module written in upstream syntax, side by side in one run.
# Usage: scripts/bench_lower.sh [FUNCS] [OPS_PER_FUNC] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
FUNCS=${1:-100}; OPS=${2:-500}; RUNS=${3:-5}
MLIR_OPT="$(llvm-config-22 --bindir)/mlir-opt"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 scripts/gen_bench_module.py "$FUNCS" "$OPS" "$tmp/std.mlir" "$tmp/upstream.mlir"
cargo build --release -q --bin stdlower
STDLOWER=target/release/stdlower
ops=$(grep -c ' = \|store\|br \|return' "$tmp/std.mlir")
best() { # best-of-RUNS wall time in seconds of "$@"
  local best=999999
  for _ in $(seq "$RUNS"); do
    local s e; s=$(date +%s.%N); "$@" > /dev/null; e=$(date +%s.%N)
    best=$(python3 -c "print(min($best, $e - $s))")
  done
  echo "$best"
}
ours=$(best "$STDLOWER" lower "$tmp/std.mlir")
theirs=$(best "$MLIR_OPT" --finalize-memref-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm \
  --convert-func-to-llvm --reconcile-unrealized-casts "$tmp/upstream.mlir")
python3 - "$ops" "$ours" "$theirs" <<'PY'
import sys
ops, ours, theirs = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
print(f"module: {ops} ops")
print(f"stdlower lower : {ours*1000:9.1f} ms  ({ops/ours/1e6:.2f} M ops/s)")
print(f"mlir-opt 22    : {theirs*1000:9.1f} ms  ({ops/theirs/1e6:.2f} M ops/s)")
print(f"ratio          : {theirs/ours:.1f}x faster")
PY
