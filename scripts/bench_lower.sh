#!/usr/bin/env bash
# Issue benchmark: `stdlower lower` (parse + convert + print) against mlir-opt 22 lowering
# the same module written in upstream syntax, side by side in one run; stdlower runs with
# its default threads (one per core) and again with --jobs 1.
# Usage: scripts/bench_lower.sh [FUNCS] [OPS_PER_FUNC] [RUNS]
# With SCALING=1 it also lowers modules of FUNCS/2, FUNCS and FUNCS*2 functions with
# stdlower alone and prints the CPU time per 1,000 ops beyond the start-up (an empty
# module's time), which stays flat when the lowering is linear in the module size.
set -euo pipefail
cd "$(dirname "$0")/.."
FUNCS=${1:-100}; OPS=${2:-500}; RUNS=${3:-5}
MLIR_OPT="$(llvm-config-22 --bindir)/mlir-opt"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 scripts/gen_bench_module.py "$FUNCS" "$OPS" "$tmp/std.mlir" "$tmp/upstream.mlir"
cargo build --release -q -p harness -p stdlower-front -p mlir-worker --bins
STDLOWER=${STDLOWER_BIN:-target/release/stdlower}  # another build side by side: STDLOWER_BIN=path
ops=$(grep -c ' = \|store\|br \|return' "$tmp/std.mlir")
# Best of RUNS for "$@": wall seconds and CPU seconds (user + sys, all threads), so the
# comparison holds on a machine that is busy with other work.
best() {
  python3 - "$RUNS" "$@" <<'PY'
import resource, subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
wall, cpu = [], []
for _ in range(runs):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    wall.append(time.perf_counter() - t0)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu.append((r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime))
print(min(wall), min(cpu))
PY
}
read -r ours_wall ours_cpu < <(best "$STDLOWER" lower "$tmp/std.mlir")
read -r seq_wall seq_cpu < <(best "$STDLOWER" lower --jobs 1 "$tmp/std.mlir")
read -r theirs_wall theirs_cpu < <(best "$MLIR_OPT" --finalize-memref-to-llvm --convert-arith-to-llvm \
  --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts "$tmp/upstream.mlir")
python3 - "$ops" "$ours_wall" "$ours_cpu" "$theirs_wall" "$theirs_cpu" "$seq_wall" "$seq_cpu" <<'PY'
import os, sys
ops = int(sys.argv[1]); ow, oc, tw, tc, sw, sc = map(float, sys.argv[2:])
print(f"module: {ops} ops; best of runs; CPU = user + sys; {os.cpu_count()} cores, "
      f"load average {os.getloadavg()[0]:.2f}")
print(f"stdlower lower : wall {ow*1000:8.1f} ms   CPU {oc*1000:8.1f} ms")
print(f"  (--jobs 1)   : wall {sw*1000:8.1f} ms   CPU {sc*1000:8.1f} ms")
print(f"mlir-opt 22    : wall {tw*1000:8.1f} ms   CPU {tc*1000:8.1f} ms")
print(f"ratio          : {tw/ow:.1f}x faster (wall), {tc/oc:.1f}x less CPU")
print(f"  (--jobs 1)   : {tw/sw:.1f}x faster (wall), {tc/sc:.1f}x less CPU")
PY
if [[ "${SCALING:-0}" == 1 ]]; then
  echo 'module {}' > "$tmp/empty.mlir"
  read -r _ c0 < <(best "$STDLOWER" lower "$tmp/empty.mlir")
  echo "scaling (stdlower lower, best of $RUNS; start-up on an empty module: $(python3 -c "print(f'{float(\"$c0\")*1000:.1f}')") ms CPU):"
  for f in $((FUNCS / 2)) "$FUNCS" $((FUNCS * 2)); do
    python3 scripts/gen_bench_module.py "$f" "$OPS" "$tmp/s.mlir" "$tmp/s_up.mlir"
    n=$(grep -c ' = \|store\|br \|return' "$tmp/s.mlir")
    read -r w c < <(best "$STDLOWER" lower "$tmp/s.mlir")
    python3 - "$n" "$w" "$c" "$c0" <<'PY'
import sys
n, w, c, c0 = int(sys.argv[1]), *map(float, sys.argv[2:])
print(f"  {n:7d} ops: wall {w*1000:7.1f} ms  CPU {c*1000:7.1f} ms  "
      f"= {(c - c0)*1e6/n:5.3f} ms CPU per 1000 ops after start-up")
PY
  done
fi
