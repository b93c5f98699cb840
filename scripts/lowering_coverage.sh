#!/usr/bin/env bash
# Which lowering code a campaign never runs: code no campaign runs is code no oracle
# judges, and a mutant there survives whatever the oracles are. This complements
# scripts/mutants.sh, which samples a dozen mutants a run: coverage looks at every line.
#
#   scripts/lowering_coverage.sh [--count N] [--jobs J] [--seed S] [--out DIR] [-- CAMPAIGN ARGS...]
#
# Builds stdlower-full with rustc's source-based coverage (-C instrument-coverage) into
# target/coverage, runs `campaign --count N` (default 3000) with it, merges the profiles
# with llvm-profdata and writes, for converter/src/lower/:
#   DIR/report.txt   llvm-cov's per-file region, function and line coverage
#   DIR/uncovered.txt   every line no case ran, by file, with the source text
#   DIR/functions.txt   the functions no case entered
# Needs llvm-profdata and llvm-cov of LLVM 22 (scripts/setup.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

count=3000
jobs=1
seed=20261125
out="out/lowering-coverage-$(date +%Y%m%d-%H%M%S)"
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --count) count="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "lowering_coverage.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

tool() {
    for t in "$1-22" "$(llvm-config-22 --bindir 2>/dev/null)/$1" "$1"; do
        if command -v "$t" >/dev/null 2>&1; then echo "$t"; return; fi
    done
    echo "lowering_coverage.sh: $1 (LLVM 22) not found; run scripts/setup.sh" >&2
    exit 1
}
profdata=$(tool llvm-profdata)
cov=$(tool llvm-cov)

mkdir -p "$out"
out=$(cd "$out" && pwd)
prof="$out/profraw"
rm -rf "$prof"
mkdir -p "$prof"

echo "coverage: building stdlower-full with -C instrument-coverage (target/coverage)" >&2
RUSTFLAGS="-C instrument-coverage" CARGO_TARGET_DIR=target/coverage \
    cargo build --release -q -p harness --bin stdlower-full
bin=target/coverage/release/stdlower-full

echo "coverage: campaign --count $count --jobs $jobs --seed $seed" >&2
LLVM_PROFILE_FILE="$prof/%p-%m.profraw" "$bin" campaign --count "$count" --jobs "$jobs" \
    --seed "$seed" --reduce-seconds 0 --out "$out/campaign" "${extra[@]}" >&2

"$profdata" merge -sparse -o "$out/merged.profdata" "$prof"/*.profraw
files=(converter/src/lower/*.rs)
"$cov" report "$bin" -instr-profile="$out/merged.profdata" "${files[@]}" > "$out/report.txt"

# Lines with an execution count of 0, with their text.
: > "$out/uncovered.txt"
for f in "${files[@]}"; do
    "$cov" show "$bin" -instr-profile="$out/merged.profdata" "$f" \
        -show-line-counts -use-color=false 2>/dev/null |
        awk -v file="$f" -F'|' '
            NF >= 3 && $2 ~ /^ *0$/ {
                gsub(/^ +| +$/, "", $1)
                text = $0; sub(/^[^|]*\|[^|]*\|/, "", text)
                if (!printed) { print "== " file; printed = 1 }
                print $1 ": " text
            }' >> "$out/uncovered.txt"
done

# Functions never entered (llvm-cov's per-function counts).
"$cov" report "$bin" -instr-profile="$out/merged.profdata" -show-functions "${files[@]}" 2>/dev/null |
    awk 'NF >= 4 && $(NF-4) ~ /^[0-9]+$/ && $0 ~ / 0\.00%/ { print }' > "$out/functions.txt" || true

tail -n 3 "$out/report.txt" >&2
echo "coverage: $(grep -c -v '^==' "$out/uncovered.txt" || true) lines never run; $out/uncovered.txt" >&2
