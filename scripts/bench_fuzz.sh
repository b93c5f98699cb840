#!/usr/bin/env bash
# Fuzzing speed benchmark: `cargo fuzz run lowering` without sanitizer, pinned to one
# core, from the checked-in seeds (into a scratch corpus, so fuzz/seeds/ stays as it
# is), then where the time of a case goes over the inputs the run produced.
#
#   scripts/bench_fuzz.sh [--time SECONDS | --runs N] [--core C] [--target lowering|parse]
#
# Prints libFuzzer's exec/s (wall clock: on a loaded machine it counts the other
# processes' time too), runs per CPU second of the fuzzer process (what one core
# would sustain alone), how many of the inputs were modules the target had not checked
# before (it checks each distinct module once, see harness/src/fuzzing.rs), and the
# per-stage breakdown of `case_cost --corpus`.
set -euo pipefail
cd "$(dirname "$0")/.."
TIME=60
RUNS=""
CORE=0
TARGET=lowering
while [ $# -gt 0 ]; do
  case "$1" in
    --time) TIME="$2"; RUNS=""; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --core) CORE="$2"; shift 2 ;;
    --target) TARGET="$2"; shift 2 ;;
    *) echo "usage: scripts/bench_fuzz.sh [--time SECONDS | --runs N] [--core C] [--target T]" >&2; exit 2 ;;
  esac
done
cargo fuzz --version >/dev/null 2>&1 || { echo "bench_fuzz: cargo-fuzz is not installed (cargo install cargo-fuzz)" >&2; exit 1; }
cargo fuzz build --fuzz-dir fuzz --sanitizer none "$TARGET"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/corpus"
LIMIT="-max_total_time=$TIME"
[ -n "$RUNS" ] && LIMIT="-runs=$RUNS"
PIN=()
command -v taskset >/dev/null && PIN=(taskset -c "$CORE")

# Run the fuzzer and measure its CPU time (children's rusage) next to libFuzzer's figures.
STDLOWER_FUZZ_STATS=1 python3 - "$WORK" "${PIN[@]}" cargo fuzz run --fuzz-dir fuzz --sanitizer none "$TARGET" \
    "$WORK/corpus" "fuzz/seeds/$TARGET" -- "$LIMIT" -print_final_stats=1 <<'PY'
import re, resource, subprocess, sys, time
work, cmd = sys.argv[1], sys.argv[2:]
t0 = time.monotonic()
p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
wall = time.monotonic() - t0
open(f"{work}/fuzz.log", "w").write(p.stdout)
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = ru.ru_utime + ru.ru_stime
runs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", p.stdout)
eps = re.findall(r"stat::average_exec_per_sec:\s*(\d+)", p.stdout)
done = [l for l in p.stdout.splitlines() if " DONE " in l]
if p.returncode != 0 or not runs:
    print(p.stdout[-4000:])
    print(f"bench_fuzz: the fuzzer exited with status {p.returncode}")
    sys.exit(1)
n = int(runs[-1])
print(done[-1] if done else "")
print(f"runs: {n} in {wall:.1f} s wall, {cpu:.1f} s CPU (build check included)")
print(f"libFuzzer exec/s (wall): {eps[-1]}")
counters = re.findall(r"\((\d+) inline 8-bit counters\)", p.stdout)
if counters:
    print(f"coverage counters:       {counters[0]} (scripts/rustc-fuzz-scope)")
print(f"runs per CPU second:     {n / cpu:.0f}")
stats = re.findall(r"stdlower fuzz: (\d+) inputs made a module, (\d+) distinct modules checked, (\d+) of them by the JIT", p.stdout)
if stats:
    made, distinct, jitted = map(int, stats[-1])
    print(f"distinct modules checked: {distinct} of {made} inputs that made a module "
          f"({100 * distinct / made:.0f}%), {distinct / wall:.0f} per second (wall)")
    print(f"of them JIT-compiled:     {jitted}, {jitted / wall:.0f} per second (wall; "
          f"STDLOWER_FUZZ_JIT_EVERY={__import__('os').environ.get('STDLOWER_FUZZ_JIT_EVERY', 'default')})")
PY

if [ "$TARGET" = lowering ]; then
  echo "where the time goes, over the $(ls "$WORK/corpus" | wc -l) inputs of this run's corpus and the seeds:"
  cargo build --release -q -p harness --example case_cost
  "${PIN[@]}" target/release/examples/case_cost --corpus "$WORK/corpus" "fuzz/seeds/$TARGET"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
